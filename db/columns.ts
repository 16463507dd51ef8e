// Column helpers shared by every table: random text ids and millisecond timestamps.
import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";

/** A random, non-guessable primary key (ids show up in URLs). */
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** A nullable point in time, stored as epoch milliseconds. */
export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });

/** When the row was written, set by the database if the caller does not. */
export const createdAt = (name = "created_at") =>
  timestamp(name).notNull().default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);
