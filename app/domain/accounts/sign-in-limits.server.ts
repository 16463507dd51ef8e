// Failed sign-ins are limited per account and per client address: after too many failures in
// the window, sign-in is refused for a while with a clear message. Success clears the account.
import { and, eq, gt, inArray, lt, lte, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { signInAttempts } from "#db/schema";
import { normalizeEmail } from "./emails";

export const WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 50;

const emailSubject = (email: string) => `email:${normalizeEmail(email)}`;
const addressSubject = (address: string) => `ip:${address}`;

export interface LimitState {
  limited: boolean;
  retryAfterSeconds: number;
}

export async function checkSignInLimit(
  db: Database,
  email: string,
  address: string,
  now = Date.now(),
): Promise<LimitState> {
  const since = new Date(now - WINDOW_MS);
  const rows = await db
    .select({
      subject: signInAttempts.subject,
      failures: sql<number>`count(*)`,
      oldest: sql<number>`min(${signInAttempts.attemptedAt})`,
    })
    .from(signInAttempts)
    .where(
      and(
        inArray(signInAttempts.subject, [emailSubject(email), addressSubject(address)]),
        gt(signInAttempts.attemptedAt, since),
      ),
    )
    .groupBy(signInAttempts.subject);
  for (const row of rows) {
    const max = row.subject.startsWith("email:") ? MAX_FAILURES_PER_EMAIL : MAX_FAILURES_PER_ADDRESS;
    if (row.failures >= max) {
      const retryAt = Number(row.oldest) + WINDOW_MS;
      return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now) / 1000)) };
    }
  }
  return { limited: false, retryAfterSeconds: 0 };
}

export async function recordSignInFailure(db: Database, email: string, address: string, now = Date.now()) {
  await db.batch([
    db.insert(signInAttempts).values([
      { subject: emailSubject(email), attemptedAt: new Date(now) },
      { subject: addressSubject(address), attemptedAt: new Date(now) },
    ]),
    db.delete(signInAttempts).where(lt(signInAttempts.attemptedAt, new Date(now - 24 * 3600 * 1000))),
  ]);
}

export async function clearSignInFailures(db: Database, email: string) {
  await db.delete(signInAttempts).where(eq(signInAttempts.subject, emailSubject(email)));
}

/** Failures of any other counted subject (a code, a password asked again) in the window. */
export async function checkSubjectLimit(
  db: Database,
  subject: string,
  max: number,
  now = Date.now(),
): Promise<LimitState> {
  const [row] = await db
    .select({ failures: sql<number>`count(*)`, oldest: sql<number>`min(${signInAttempts.attemptedAt})` })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.subject, subject), gt(signInAttempts.attemptedAt, new Date(now - WINDOW_MS))));
  if ((row?.failures ?? 0) < max) return { limited: false, retryAfterSeconds: 0 };
  const retryAt = Number(row!.oldest) + WINDOW_MS;
  return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil((retryAt - now) / 1000)) };
}

export function recordSubjectFailureStatement(db: Database, subject: string, now = Date.now()) {
  return db.insert(signInAttempts).values({ subject, attemptedAt: new Date(now) });
}

export function clearSubjectStatement(db: Database, subject: string) {
  return db.delete(signInAttempts).where(eq(signInAttempts.subject, subject));
}

export function retryMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * Deletes failed attempts older than the window (the longest the limits ever look back), at
 * most `limit` per run.
 */
export function purgeOldSignInAttemptsStatement(db: Database, now: number, limit: number) {
  return db.delete(signInAttempts).where(
    inArray(
      signInAttempts.id,
      db
        .select({ id: signInAttempts.id })
        .from(signInAttempts)
        .where(lte(signInAttempts.attemptedAt, new Date(now - WINDOW_MS)))
        .limit(limit),
    ),
  );
}
