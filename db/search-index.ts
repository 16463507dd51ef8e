// The full-text index of the listings: an FTS5 virtual table made and kept in step by
// migrations/0004_search.sql and 0008_search_listed_only.sql. drizzle-kit cannot describe a
// virtual table, so it is declared here, outside db/schema.ts, only to build queries;
// drizzle-kit never sees it.
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** One row per listing a buyer may find (isListed(["available"]), ADR 0042), keyed by its rowid. */
export const productsFts = sqliteTable("products_fts", {
  rowid: integer("rowid").notNull(),
  name: text("name"),
  description: text("description"),
  category: text("category"),
  location: text("location"),
});

/**
 * The listings one saved-search matching pass reads (migrations/0012_offers_saved_searches_price_drops_reviews.sql, ADR 0062): filled
 * and emptied by the pass, a few rows at a time, keyed by the listings' rowids.
 */
export const savedSearchBatchFts = sqliteTable("saved_search_batch_fts", {
  rowid: integer("rowid").notNull(),
  name: text("name"),
  description: text("description"),
  category: text("category"),
  location: text("location"),
});
