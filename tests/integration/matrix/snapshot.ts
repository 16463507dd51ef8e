// What the database and the photo bucket hold, in a form cheap to compare: a hash of every
// table's rows and the list of R2 keys. The matrix takes one before and one after each call it
// expects to be refused, so a refusal that still wrote something fails the test.
import { testEnv } from "../test-env";

export interface Snapshot {
  /** Table name → row count and a SHA-256 of its rows in rowid order. */
  tables: Map<string, string>;
  photos: string[];
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The prefix of the saved world's copies of the tables (see saveWorld). */
const SAVED = "saved_world__";

let tableList: Promise<string[]> | undefined;
/** Every table of the schema (read once: the walk does not migrate), not the saved world's copies. */
function tableNames(): Promise<string[]> {
  tableList ??= testEnv.DB.prepare(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' AND name NOT GLOB '*_fts_*' AND name NOT GLOB '${SAVED}*' ORDER BY name`,
  )
    .all<{ name: string }>()
    .then(({ results }) => results.map((row) => row.name));
  return tableList;
}

async function photoKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await testEnv.PHOTOS.list({ cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

export async function snapshot(): Promise<Snapshot> {
  const names = await tableNames();
  // One round trip for every table's rows.
  const results = await testEnv.DB.batch(
    names.map((name) => testEnv.DB.prepare(`SELECT * FROM "${name}" ORDER BY rowid`)),
  );
  const tables = new Map<string, string>();
  for (const [index, name] of names.entries()) {
    const rows = results[index]!.results;
    tables.set(name, `${rows.length} rows, ${await sha256(JSON.stringify(rows))}`);
  }
  return { tables, photos: await photoKeys() };
}

/**
 * Deletes every row of every table and every photo (the migrations stay), so the next world
 * starts alone and a snapshot reads only its rows.
 */
export async function emptyStorage() {
  const names = await tableNames();
  await testEnv.DB.batch([
    // Foreign keys are checked when the batch commits, when nothing is left to point anywhere.
    testEnv.DB.prepare("PRAGMA defer_foreign_keys = ON"),
    ...names.map((name) => testEnv.DB.prepare(`DELETE FROM "${name}"`)),
  ]);
  const keys = await photoKeys();
  if (keys.length) await testEnv.PHOTOS.delete(keys);
}

/**
 * Keeps a copy of every table's rows inside the database (CREATE TABLE … AS SELECT), so that
 * restoreWorld can put the world back after a call that wrote, in one batch, instead of building
 * it again row by row (its payments, claims and sessions).
 */
export async function saveWorld() {
  const names = await tableNames();
  await testEnv.DB.batch(
    names.flatMap((name) => [
      testEnv.DB.prepare(`DROP TABLE IF EXISTS "${SAVED}${name}"`),
      testEnv.DB.prepare(`CREATE TABLE "${SAVED}${name}" AS SELECT * FROM "${name}"`),
    ]),
  );
}

/**
 * Puts back the world saveWorld kept: every table emptied and refilled from its copy in one
 * transaction (the full-text indexes follow by their triggers), every photo deleted.
 */
export async function restoreWorld() {
  const names = await tableNames();
  await testEnv.DB.batch([
    testEnv.DB.prepare("PRAGMA defer_foreign_keys = ON"),
    ...names.map((name) => testEnv.DB.prepare(`DELETE FROM "${name}"`)),
    ...names.map((name) => testEnv.DB.prepare(`INSERT INTO "${name}" SELECT * FROM "${SAVED}${name}"`)),
  ]);
  const keys = await photoKeys();
  if (keys.length) await testEnv.PHOTOS.delete(keys);
}

/** What differs between two snapshots, ignoring the tables named in `allowed`. */
export function changes(before: Snapshot, after: Snapshot, allowed: readonly string[] = []): string[] {
  const changed: string[] = [];
  for (const name of new Set([...before.tables.keys(), ...after.tables.keys()])) {
    if (allowed.includes(name)) continue;
    if (before.tables.get(name) !== after.tables.get(name)) changed.push(name);
  }
  if (before.photos.join("\n") !== after.photos.join("\n")) changed.push("R2 photos");
  return changed;
}
