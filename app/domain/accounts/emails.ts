// Emails are stored as typed and compared without case, the way the unique index on
// lower(email) compares them. SQLite's lower() folds the ASCII letters only, so the same folding
// is done here: one rule, in JavaScript and in SQL.
import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** The form of an email that comparisons use: trimmed, ASCII letters in lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

export function sameEmail(a: string, b: string): boolean {
  return normalizeEmail(a) === normalizeEmail(b);
}

/** SQL: the column holds this email (served by an index on lower(column)). */
export function emailMatches(column: SQLiteColumn, email: string): SQL {
  return sql`lower(${column}) = ${normalizeEmail(email)}`;
}
