// Every column whose values come from a closed list (db/closed-lists.ts), read from the schema's
// typed columns (`text(name, { enum: LIST })`), and one query that finds the stored values no list
// knows. The lists that grow (ledger kinds, deal operations, notification kinds, claim reasons)
// have no CHECK in the database (ADR 0094): the domain writes them typed, and this query is how a
// value written past the types (by hand, by a raw SQL statement, by an old Worker) is found. The
// ledger's invariant runs it after every money test and every fuzzed action, and the seed after
// it fills a database.
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

export interface ListColumn {
  table: string;
  column: string;
  values: readonly string[];
}

/** Every column of the schema typed by a closed list, checked in the database or not. */
export const LIST_COLUMNS: readonly ListColumn[] = (Object.values(schema) as unknown[])
  .filter((value): value is SQLiteTable => value instanceof SQLiteTable)
  .flatMap((table) => {
    const config = getTableConfig(table);
    return config.columns.flatMap((column) => {
      const values = (column as { enumValues?: readonly string[] }).enumValues;
      return values && values.length > 0 ? [{ table: config.name, column: column.name, values }] : [];
    });
  });

const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * One statement per column: a row per unknown value, its `id` naming it as `table.column =
 * 'value'` and `rows` how many rows hold it. No row when every stored value is in its list. (D1
 * takes few terms in a compound SELECT: the statements go in one batch, not one UNION.)
 */
export const UNKNOWN_LIST_VALUE_QUERIES: readonly string[] = LIST_COLUMNS.map(
  ({ table, column, values }) =>
    `select ${literal(`${table}.${column} = `)} || quote(${identifier(column)}) as id, count(*) as rows from ${identifier(table)} where ${identifier(column)} is not null and ${identifier(column)} not in (${values.map(literal).join(", ")}) group by ${identifier(column)}`,
);

/** The stored values outside their closed list, each as `table.column = 'value' (n rows)`, in one round trip. */
export async function unknownListValues(db: D1Database): Promise<string[]> {
  const results = await db.batch<{ id: string; rows: number }>(
    UNKNOWN_LIST_VALUE_QUERIES.map((query) => db.prepare(query)),
  );
  return results.flatMap((result) => result.results.map((row) => `${row.id} (${row.rows} rows)`));
}
