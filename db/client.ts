import { drizzle } from "drizzle-orm/d1";

/**
 * The one way the app talks to D1: a drizzle client over the binding. Queries are built from the
 * schema's tables; the client is given no schema, since nothing uses drizzle's relational queries
 * and extracting their configuration from the schema cost about a millisecond on every call.
 */
export function database(d1: D1Database) {
  return drizzle(d1);
}

export type Database = ReturnType<typeof database>;

/** How many rows a write changed, from what D1 answers (a batch's entry included). */
export function rowsChanged(result: unknown): number {
  return (result as D1Result).meta?.changes ?? 0;
}
