// INSERT … SELECT with drizzle's types: every column of the table gets a value by name, so a
// column added to or moved in the schema is a type error or a loud failure, never a value
// written into the wrong column.
import { getTableColumns, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

export type InsertSelection<T extends SQLiteTable> = {
  [K in keyof T["$inferSelect"]]: SQLiteColumn | SQL | SQL.Aliased;
};

/**
 * The selection of an `insert(table).select(…)`: a value for each column, put in the table's
 * column order (drizzle pairs the selected fields with the columns by position and checks
 * their names).
 */
export function intoColumns<T extends SQLiteTable>(table: T, values: InsertSelection<T>): InsertSelection<T> {
  const byName = values as Record<string, SQLiteColumn | SQL | SQL.Aliased>;
  return Object.fromEntries(Object.keys(getTableColumns(table)).map((key) => [key, byName[key]])) as InsertSelection<T>;
}
