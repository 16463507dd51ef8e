// INSERT … SELECT with drizzle's types: every column of the table gets a value by name, so a
// column added to or moved in the schema is a type error or a loud failure, never a value
// written into the wrong column.
import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

export type InsertSelection<T extends SQLiteTable> = {
  [K in keyof T["$inferSelect"]]: SQLiteColumn | SQL | SQL.Aliased;
};

/**
 * A value whose columns keep their table's name. drizzle writes the columns at the top of a
 * single-table SELECT's fields without it, so a correlated subquery in a field
 * (`exists (select 1 from shipments where shipments.booking_id = payments.booking_id)`) would
 * read `booking_id = booking_id`, both the inner table's. Nested one level down, drizzle leaves
 * them qualified. Every field of a single-table SELECT (or of RETURNING) that names another
 * table's columns goes through it.
 */
export function qualified(value: SQLiteColumn | SQL | SQL.Aliased): SQL | SQL.Aliased {
  if (is(value, SQL.Aliased)) return sql`${value.sql}`.as(value.fieldAlias);
  if (is(value, SQL)) return sql`${value}`;
  return sql`${sql`${value}`}`.mapWith(value);
}

/**
 * The selection of an `insert(table).select(…)`: a value for each column, put in the table's
 * column order (drizzle pairs the selected fields with the columns by position and checks
 * their names), each with its columns' tables named.
 */
export function intoColumns<T extends SQLiteTable>(table: T, values: InsertSelection<T>): InsertSelection<T> {
  const byName = values as Record<string, SQLiteColumn | SQL | SQL.Aliased>;
  return Object.fromEntries(
    Object.keys(getTableColumns(table)).map((key) => [key, qualified(byName[key] as SQLiteColumn)]),
  ) as InsertSelection<T>;
}
