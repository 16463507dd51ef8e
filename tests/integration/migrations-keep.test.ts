// No migration loses a trigger or an index. SQLite rebuilds a table to change a CHECK, and
// dropping the old table drops its indexes and triggers with it: drizzle-kit writes the indexes
// again, never the triggers, and nothing says so. Every index and trigger any migration creates
// is here at the end, with the SQL of its latest CREATE, unless a later migration dropped it on
// purpose (DROP INDEX, DROP TRIGGER, or its table dropped for good).
import { applyD1Migrations, reset } from "cloudflare:test";
import type { D1Migration } from "@cloudflare/vitest-plugin";
import { describe, expect, it } from "vitest";
import { freshStorage } from "./storage";
import { testEnv as env } from "./test-env";

interface Made {
  type: "index" | "trigger";
  name: string;
  table: string;
  sql: string;
  /** The migration that created it last. */
  by: string;
}

const name = String.raw`[\`"\[]?([\w]+)[\`"\]]?`;
const CREATE = new RegExp(String.raw`^CREATE\s+(?:UNIQUE\s+)?(INDEX|TRIGGER)\s+(?:IF\s+NOT\s+EXISTS\s+)?${name}`, "i");
const ON_TABLE = new RegExp(String.raw`\sON\s+${name}`, "i");
const DROP = new RegExp(String.raw`^DROP\s+(INDEX|TRIGGER)\s+(?:IF\s+EXISTS\s+)?${name}`, "i");
const RENAME = new RegExp(String.raw`^ALTER\s+TABLE\s+${name}\s+RENAME\s+TO\s+${name}`, "i");

/** A statement as SQLite keeps it in sqlite_master: no leading comments, no final semicolon. */
function statement(query: string): string {
  return query
    .replace(/^(\s*--[^\n]*\n)*/, "")
    .trim()
    .replace(/;\s*(--[^\n]*)?$/, "")
    .trim();
}

const squeeze = (sql: string) => sql.replace(/\s+/g, " ").trim();

/**
 * What the migrations mean to keep: each index and trigger at its latest CREATE, less those a
 * later statement dropped by name. A table dropped and made again (a rebuild) takes its objects
 * with it without meaning to: they stay expected, and the migration must create them again.
 */
function expectedObjects(migrations: D1Migration[]): Map<string, Made> {
  const made = new Map<string, Made>();
  for (const migration of migrations) {
    for (const query of migration.queries) {
      const sql = statement(query);
      const create = CREATE.exec(sql);
      if (create) {
        const type = create[1]!.toLowerCase() as Made["type"];
        const table = ON_TABLE.exec(sql.slice(create[0].length))?.[1] ?? "";
        made.set(create[2]!, { type, name: create[2]!, table, sql, by: migration.name });
        continue;
      }
      const drop = DROP.exec(sql);
      if (drop) {
        made.delete(drop[2]!);
        continue;
      }
      const rename = RENAME.exec(sql);
      if (rename) {
        for (const object of made.values()) if (object.table === rename[1]) object.table = rename[2]!;
      }
    }
  }
  return made;
}

interface MasterRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** What the database lacks or has changed of what the migrations made, as readable lines. */
async function lostOrChanged(migrations: D1Migration[]): Promise<string[]> {
  const { results } = await env.DB.prepare(
    "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('index', 'trigger', 'table')",
  ).all<MasterRow>();
  const tables = new Set(results.filter((row) => row.type === "table").map((row) => row.name));
  const present = new Map(results.filter((row) => row.type !== "table").map((row) => [row.name, row]));
  const problems: string[] = [];
  for (const object of expectedObjects(migrations).values()) {
    // Its table dropped for good (not made again): the object went with it on purpose.
    if (!tables.has(object.table)) continue;
    const row = present.get(object.name);
    if (!row) {
      problems.push(`${object.type} ${object.name} on ${object.table} (made by ${object.by}) is missing`);
    } else if (
      row.type !== object.type ||
      row.tbl_name !== object.table ||
      squeeze(row.sql ?? "") !== squeeze(object.sql)
    ) {
      problems.push(`${object.type} ${object.name} (made by ${object.by}) is not as created: ${row.sql}`);
    }
  }
  return problems;
}

describe("the migrations, applied one after another", () => {
  it("keep every index and trigger they create, each with its SQL, unless one drops it by name", async () => {
    const expected = expectedObjects(env.TEST_MIGRATIONS);
    // The reading of the migrations finds what they make: the hand-written triggers among them.
    expect([...expected.values()].filter((object) => object.type === "trigger").length).toBeGreaterThanOrEqual(12);
    expect(expected.get("ledger_entries_debts")?.by).toMatch(/^0020_/);
    expect(await lostOrChanged(env.TEST_MIGRATIONS)).toEqual([]);
  });

  it("and a rebuild that forgets a trigger or an index fails the check", async () => {
    const made: D1Migration = {
      name: "0001_made",
      queries: [
        "CREATE TABLE `things` (`id` text PRIMARY KEY NOT NULL, `kind` text NOT NULL, CHECK(`kind` in ('a')));",
        "CREATE INDEX `things_kind` ON `things` (`kind`);",
        "CREATE TABLE `counts` (`n` integer NOT NULL);",
        "CREATE TRIGGER things_counted AFTER INSERT ON things\nBEGIN\n  INSERT INTO counts (n) VALUES (1);\nEND;",
      ],
    };
    const rebuilt: D1Migration = {
      name: "0002_rebuilt",
      queries: [
        "CREATE TABLE `__new_things` (`id` text PRIMARY KEY NOT NULL, `kind` text NOT NULL);",
        "INSERT INTO `__new_things` SELECT * FROM `things`;",
        "DROP TABLE `things`;",
        "ALTER TABLE `__new_things` RENAME TO `things`;",
      ],
    };
    await reset();
    await applyD1Migrations(env.DB, [made, rebuilt]);
    expect(await lostOrChanged([made, rebuilt])).toEqual([
      "index things_kind on things (made by 0001_made) is missing",
      "trigger things_counted on things (made by 0001_made) is missing",
    ]);
    // The storage every other test starts on.
    await freshStorage();
  });
});
