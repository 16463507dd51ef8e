// The database after every migration is the one the schema describes, plus what migrations add by
// hand. SQLite cannot alter a CHECK constraint, so a new value of a closed list with a CHECK
// rebuilds its table (the lists that grow have none, ADR 0094); a rebuild that forgets a trigger, a
// partial index's WHERE, a unique index or a check fails here (and in migrations-keep.test.ts).
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { testEnv as env } from "./test-env";

/** What the migrations create by hand, beside the drizzle schema: the full-text index and the triggers. */
const HAND_WRITTEN = {
  // migrations/0008_search_listed_only.sql (first made by 0004_search.sql; its triggers read the seller's verified address since 0009 and held_at since 0010).
  // And migrations/0012_offers_saved_searches_price_drops_reviews.sql: the batch a saved-search matching pass reads (ADR 0062).
  virtualTables: ["products_fts", "saved_search_batch_fts"],
  triggers: {
    // migrations/0002_product_photos.sql: the cover photo kept on the product row.
    product_photos_cover_after_insert: "product_photos",
    product_photos_cover_after_update: "product_photos",
    product_photos_cover_after_delete: "product_photos",
    // migrations/0008_search_listed_only.sql, made again by 0009_accounts.sql (the seller's
    // verified address) and 0010_gear.sql (no held listing): the index holds exactly the listed
    // listings.
    products_fts_after_insert: "products",
    products_fts_after_update: "products",
    products_fts_after_delete: "products",
    categories_fts_after_title_update: "categories",
    users_fts_after_delete: "users",
    users_fts_after_seller_update: "users",
    // migrations/0010_gear.sql: the recorded sales of listed models, kept in step with payments.
    model_sales_after_payment_insert: "payments",
    model_sales_after_payment_status: "payments",
    model_sales_after_payment_delete: "payments",
  } as Record<string, string>,
};

interface MasterRow {
  type: "table" | "index" | "trigger" | "view";
  name: string;
  tbl_name: string;
  sql: string | null;
}

async function databaseObjects(): Promise<MasterRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<MasterRow>();
  return results;
}

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is SQLiteTable => value instanceof SQLiteTable)
  .map((table) => getTableConfig(table));

/** FTS5 keeps its data in shadow tables named after the virtual table. */
const isShadowOf = (name: string, virtualTables: string[]) =>
  virtualTables.some((table) => name.startsWith(`${table}_`));

const squeeze = (sql: string | null) => (sql ?? "").replace(/\s+/g, " ");

describe("the database after all migrations", () => {
  it("has the schema's tables and the hand-written full-text table, and nothing else", async () => {
    const objects = await databaseObjects();
    const found = objects
      .filter((row) => row.type === "table" && !isShadowOf(row.name, HAND_WRITTEN.virtualTables))
      .map((row) => row.name)
      .sort();
    expect(found).toEqual([...tables.map((table) => table.name), ...HAND_WRITTEN.virtualTables].sort());
  });

  it("has every index of the schema, unique where it is unique and partial where it is partial, and no other", async () => {
    const objects = await databaseObjects();
    const found = new Map(objects.filter((row) => row.type === "index").map((row) => [row.name, row]));
    const expected = tables.flatMap((table) =>
      table.indexes.map((index) => ({ ...index.config, tableName: table.name })),
    );
    expect([...found.keys()].sort()).toEqual(expected.map((index) => index.name).sort());
    for (const index of expected) {
      const row = found.get(index.name)!;
      const sql = squeeze(row.sql);
      expect(row.tbl_name, index.name).toBe(index.tableName);
      expect(sql.startsWith(index.unique ? "CREATE UNIQUE INDEX" : "CREATE INDEX"), index.name).toBe(true);
      expect(/ WHERE /i.test(sql), `${index.name} is ${index.where ? "partial" : "whole"}`).toBe(
        index.where !== undefined,
      );
    }
  });

  it("keeps every check constraint of the schema on its table", async () => {
    const objects = await databaseObjects();
    for (const table of tables) {
      const created = squeeze(objects.find((row) => row.type === "table" && row.name === table.name)?.sql ?? "");
      for (const check of table.checks) {
        expect(created, `${table.name}: ${check.name}`).toContain(`CONSTRAINT "${check.name}" CHECK`);
      }
    }
  });

  it("has the hand-written triggers, each on its table, and no other", async () => {
    const objects = await databaseObjects();
    const triggers = Object.fromEntries(
      objects.filter((row) => row.type === "trigger").map((row) => [row.name, row.tbl_name]),
    );
    expect(triggers).toEqual(HAND_WRITTEN.triggers);
  });
});
