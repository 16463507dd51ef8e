// Walks the authorization matrix (tests/integration/matrix/table.ts) against the running
// Worker, and fails when a route exists that the table does not name.
import { describe, expect, it } from "vitest";
// @ts-expect-error -- the server build exists once `npm run build` has run.
import * as build from "../../build/server/index.js";
import app from "../../workers/app";
import { classify, type Outcome } from "./matrix/outcome";
import { ROWS } from "./matrix/table";
import { buildWorld, CALLERS, type Caller } from "./matrix/world";

describe("the authorization matrix", () => {
  // One walk over the whole table (the database is reset per test, and once is enough: every
  // row that changes data gets new objects for each caller). A failure lists every cell that
  // differs.
  it("answers every caller as the table says", async () => {
    const differences: Array<{ row: string; caller: Caller; expected: Outcome; actual: Outcome }> = [];
    const shared = await buildWorld();
    for (const row of ROWS) {
      for (const caller of CALLERS) {
        const world = row.mutates ? await buildWorld() : shared;
        const actual = await classify(await row.send(world, caller));
        if (actual !== row.expect[caller])
          differences.push({ row: row.name, caller, expected: row.expect[caller], actual });
      }
    }
    expect(differences).toEqual([]);
  }, 480_000);

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
