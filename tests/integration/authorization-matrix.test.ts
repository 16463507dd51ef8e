// Walks the authorization matrix (tests/integration/matrix/table.ts) against the running
// Worker, and fails when a route exists that the table does not name, or when a call the table
// expects to be refused changed a row of any table or an R2 photo.
import { describe, expect, it } from "vitest";
// @ts-expect-error -- the server build exists once `npm run build` has run.
import * as build from "../../build/server/index.js";
import { app } from "../../workers/app";
import { classify, type Outcome, REFUSALS } from "./matrix/outcome";
import { changes, emptyStorage, restoreWorld, saveWorld, snapshot } from "./matrix/snapshot";
import { ROWS } from "./matrix/table";
import { buildWorld, CALLERS, type Caller } from "./matrix/world";

describe("the authorization matrix", () => {
  // One walk over the whole table in one world, built once in emptied storage (so a snapshot reads
  // only that world) and saved: the rows that only read share it; before every row that changes
  // data, for each caller, the saved world is put back. A failure lists every cell that differs.
  it("answers every caller as the table says, and a refusal changes nothing", async () => {
    const differences: Array<{ row: string; caller: Caller; expected: Outcome; actual: Outcome; changed?: string[] }> =
      [];
    await emptyStorage();
    const world = await buildWorld();
    await saveWorld();
    const reading = ROWS.filter((row) => !row.mutates);
    const writing = ROWS.filter((row) => row.mutates);
    for (const row of [...reading, ...writing]) {
      for (const caller of CALLERS) {
        if (row.mutates) await restoreWorld();
        const expected = row.expect[caller];
        const before = REFUSALS.has(expected) ? await snapshot() : null;
        const response = await row.send(world, caller);
        const changed = before ? changes(before, await snapshot(), row.refusalRecords) : [];
        const actual = await classify(response);
        if (actual !== expected || changed.length)
          differences.push({ row: row.name, caller, expected, actual, ...(changed.length ? { changed } : {}) });
      }
    }
    expect(differences).toEqual([]);
    // 54 s alone when last measured; many times that when the machine runs other suites at once.
  }, 900_000);

  it("names every page, action and API route", () => {
    const covered = new Set(ROWS.map((row) => row.covers));
    const remixRoutes = Object.values(build.routes as Record<string, { id: string }>)
      .map((route) => route.id)
      .filter((id) => id !== "root" && id !== "routes/dashboard");
    const apiRoutes = app.routes
      .filter((route) => route.path.startsWith("/api/") && route.method !== "ALL")
      .map((route) => `${route.method} ${route.path}`);
    const missing = [...remixRoutes, ...apiRoutes].filter((route) => !covered.has(route));
    expect(missing).toEqual([]);
  });
});
