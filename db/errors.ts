// What a failed statement means. D1 (and drizzle, which wraps its errors) report SQLite's
// constraint failures only as text, in the error or in its cause.

/** A unique index refused the write: someone else was first, or the row exists already. */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return /UNIQUE constraint failed/i.test(`${String(error)} ${String(cause ?? "")}`);
}
