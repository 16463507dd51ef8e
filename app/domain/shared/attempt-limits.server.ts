// Limits on attempts (failed sign-ins, codes, reset requests, serial numbers a day), claimed
// atomically (ADR 0072): an attempt is a row, and it is written by the same statement that counts
// the earlier ones, an INSERT … SELECT … WHERE (SELECT count(*) …) < max. D1 runs one statement at
// a time, so requests sent at the same moment are counted one after another: at most `max` rows
// are ever written in a window, and a request whose row was not written is refused. A limit on
// failures claims its slot before the guess is judged and gives it back (or clears the lot) on
// success, so at most `max` guesses are ever judged per window.
import { and, inArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/client";
import { type InsertSelection, intoColumns } from "#db/insert-select";

/** A limit: at most `max` rows of `table` that `owner` picks, written within the last `windowMs`. */
export interface AttemptLimit {
  table: SQLiteTable;
  /** Which rows are this limit's (an account's, an address's). */
  owner: SQL;
  /** When each row was written (epoch milliseconds). */
  at: SQLiteColumn;
  windowMs: number;
  max: number;
}

/** The rows a limit counts at `now`. */
const counted = (limit: AttemptLimit, now: number) => and(limit.owner, sql`${limit.at} > ${now - limit.windowMs}`);

/** Whether the limit has room at `now`, as a condition of the statement that claims. */
export function hasRoom(limit: AttemptLimit, now: number): SQL {
  return sql`(select count(*) from ${limit.table} where ${counted(limit, now)}) < ${limit.max}`;
}

/**
 * The statement that claims an attempt: writes `rows` into `table` only while every one of
 * `limits` has room (and `also` holds), in one statement; it returns the ids written, none when
 * refused. For a caller's batch; `claimAttempt` runs it alone.
 */
export function claimStatement<T extends SQLiteTable>(
  db: Database,
  claim: {
    table: T;
    id: SQLiteColumn;
    rows: readonly InsertSelection<T>[];
    limits: readonly AttemptLimit[];
    now: number;
    also?: SQL;
  },
) {
  const allowed = and(...claim.limits.map((limit) => hasRoom(limit, claim.now)), claim.also);
  // Every row is selected under the same condition: SQLite computes the whole selection before it
  // writes, so the rows are claimed together or not at all.
  const parts = claim.rows.map((row) => db.select(intoColumns(claim.table, row)).from(sql`(select 1)`).where(allowed));
  if (parts.length === 0) throw new Error("A claim writes at least one row");
  // Each part names every column in the table's order (intoColumns), so their union fits it too.
  const selection = sql.join(
    parts.map((part) => part.getSQL()),
    sql` union all `,
  );
  return db.insert(claim.table).select(selection).returning({ id: claim.id });
}

export type Claim = { ok: true; ids: string[] } | { ok: false; retryAfterSeconds: number };

/** Claims an attempt (see `claimStatement`); refused, it says when the fullest limit has room again. */
export async function claimAttempt<T extends SQLiteTable>(
  db: Database,
  claim: Parameters<typeof claimStatement<T>>[1],
): Promise<Claim> {
  const written = (await claimStatement(db, claim)) as Array<{ id: string }>;
  if (written.length > 0) return { ok: true, ids: written.map((row) => row.id) };
  return { ok: false, retryAfterSeconds: await secondsUntilRoom(db, claim.limits, claim.now) };
}

/** The statement that gives claimed rows back (the attempt was not one the limit counts). */
export function releaseStatement(db: Database, table: SQLiteTable, id: SQLiteColumn, ids: readonly string[]) {
  return db.delete(table).where(inArray(id, [...ids]));
}

/** Gives claimed rows back. */
export async function releaseAttempt(db: Database, table: SQLiteTable, id: SQLiteColumn, ids: readonly string[]) {
  if (ids.length > 0) await releaseStatement(db, table, id, ids);
}

/** Whether any of `limits` is full at `now` (why a claim written by another statement was refused). */
export async function anyFull(db: Database, limits: readonly AttemptLimit[], now: number): Promise<boolean> {
  const rows = await Promise.all(
    limits.map((limit) => db.select({ count: sql<number>`count(*)` }).from(limit.table).where(counted(limit, now))),
  );
  return rows.some(([row], index) => Number(row?.count ?? 0) >= limits[index]!.max);
}

/**
 * How long until every full limit has room: its oldest counted row leaves the window. At least
 * a second (a limit that has room again by now was full a moment ago).
 */
export async function secondsUntilRoom(db: Database, limits: readonly AttemptLimit[], now: number): Promise<number> {
  const rows = await Promise.all(
    limits.map((limit) =>
      db
        .select({ count: sql<number>`count(*)`, oldest: sql<number | null>`min(${limit.at})` })
        .from(limit.table)
        .where(counted(limit, now)),
    ),
  );
  let waitMs = 0;
  for (const [index, [row]] of rows.entries()) {
    const limit = limits[index]!;
    if (row && Number(row.count) >= limit.max && row.oldest !== null) {
      waitMs = Math.max(waitMs, Number(row.oldest) + limit.windowMs - now);
    }
  }
  return Math.max(1, Math.ceil(waitMs / 1000));
}
