// A test's storage as the migrations leave it. `freshStorage` is the slow, sure way: every
// binding's data deleted, then every migration applied (about half a second, more on a busy
// machine). `emptyStorage` is the quick way between the tests of a file: every row of every
// table deleted in one batch and the rows the migrations themselves insert put back, and every
// photo deleted. The Cache API keeps its pages: the edge cache's tests start each test on a new
// cache version (`bumpVersion`), which finds none of them.
import { applyD1Migrations, reset } from "cloudflare:test";
import { testEnv as env } from "./test-env";

interface TableRows {
  table: string;
  rows: Record<string, unknown>[];
}

/** The tables a test can write (not D1's own, not the migrations' log, not FTS5's shadow tables). */
let tables: string[] | undefined;
/** The rows the migrations leave (a table's single row of state, say). */
let migratedRows: TableRows[] = [];
/** The schema the migrations leave: a test that changed it (a trigger that fails writes) gets a fresh storage after it. */
let migratedSchema: string | undefined;

const SCHEMA =
  "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY type, name";

async function schemaNow(): Promise<string> {
  return JSON.stringify((await env.DB.prepare(SCHEMA).all()).results);
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function freshStorage() {
  await reset();
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  if (tables) return;
  migratedSchema = await schemaNow();
  const { results } = await env.DB.prepare(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string; sql: string | null }>();
  const virtual = results.filter((row) => /^CREATE VIRTUAL TABLE/i.test(row.sql ?? "")).map((row) => row.name);
  tables = results.map((row) => row.name).filter((name) => !virtual.some((table) => name.startsWith(`${table}_`)));
  const read = await env.DB.batch(tables.map((table) => env.DB.prepare(`SELECT * FROM ${quote(table)}`)));
  migratedRows = read
    .map((result, index) => ({ table: tables![index]!, rows: result.results as Record<string, unknown>[] }))
    .filter((entry) => entry.rows.length > 0);
}

export async function emptyStorage() {
  if (!tables || (await schemaNow()) !== migratedSchema) return freshStorage();
  const restore = migratedRows.flatMap(({ table, rows }) =>
    rows.map((row) => {
      const columns = Object.keys(row);
      return env.DB.prepare(
        `INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      ).bind(...columns.map((column) => row[column]));
    }),
  );
  await env.DB.batch([
    // Rows that point at each other go in one transaction, whatever the order.
    env.DB.prepare("PRAGMA defer_foreign_keys = on"),
    ...tables.map((table) => env.DB.prepare(`DELETE FROM ${quote(table)}`)),
    ...restore,
  ]);
  await emptyBucket(env.PHOTOS);
}

async function emptyBucket(bucket: R2Bucket) {
  for (;;) {
    const listed = await bucket.list({ limit: 1000 });
    if (listed.objects.length === 0) return;
    await bucket.delete(listed.objects.map((object) => object.key));
  }
}
