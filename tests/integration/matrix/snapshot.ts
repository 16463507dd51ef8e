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

let tableList: Promise<string[]> | undefined;
/** Every table of the schema (read once: the walk does not migrate). */
function tableNames(): Promise<string[]> {
  tableList ??= testEnv.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' AND name NOT GLOB '*_fts_*' ORDER BY name",
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
