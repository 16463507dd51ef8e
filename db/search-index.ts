// The full-text index of the listings: an FTS5 virtual table made and kept in step by
// migrations/0004_search.sql. drizzle-kit cannot describe a virtual table, so it is declared
// here, outside db/schema.ts, only to build queries; drizzle-kit never sees it.
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** One row per listing that is neither deleted nor removed; its rowid is the listing's rowid. */
export const productsFts = sqliteTable("products_fts", {
  rowid: integer("rowid").notNull(),
  name: text("name"),
  description: text("description"),
  category: text("category"),
  location: text("location"),
});
