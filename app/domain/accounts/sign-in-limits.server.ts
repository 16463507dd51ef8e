// Failed sign-ins are limited per account and per client address: after too many failures in
// the window, sign-in is refused for a while with a clear message. Each guess claims its slot
// before the password is judged (shared/attempt-limits.server.ts, ADR 0072), so guesses sent at
// the same moment are judged at most as many times as the limit allows; a wrong guess keeps its
// slot, a right one clears the account's failures and gives the address's slot back.
import { eq, inArray, lte, sql } from "drizzle-orm";
import {
  type AttemptLimit,
  type Claim,
  claimAttempt,
  claimStatement,
  releaseAttempt,
  releaseStatement,
  secondsUntilRoom,
} from "#app/domain/shared/attempt-limits.server";
import type { Database } from "#db/client";
import { signInAttempts } from "#db/schema";
import { normalizeEmail } from "./emails";

export const WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_ADDRESS = 50;

const emailSubject = (email: string) => `email:${normalizeEmail(email)}`;
const addressSubject = (address: string) => `ip:${address}`;

/** The limit of attempts of one counted subject (an account, an address, a code) in the window. */
export function subjectLimit(subject: string, max: number, windowMs = WINDOW_MS): AttemptLimit {
  return {
    table: signInAttempts,
    owner: eq(signInAttempts.subject, subject),
    at: signInAttempts.attemptedAt,
    windowMs,
    max,
  };
}

type SubjectClaim = { subject: string; max: number; windowMs?: number };

/** The claim of one attempt of each subject, with the ids its rows get. */
function subjectsClaim(claims: readonly SubjectClaim[], now: number) {
  const ids = claims.map(() => crypto.randomUUID());
  return {
    ids,
    table: signInAttempts,
    id: signInAttempts.id,
    rows: claims.map((claim, index) => ({
      id: sql`${ids[index]}`,
      subject: sql`${claim.subject}`,
      attemptedAt: sql`${now}`,
    })),
    limits: claims.map((claim) => subjectLimit(claim.subject, claim.max, claim.windowMs)),
    now,
  };
}

/** Claims one attempt of each subject, together, while every limit has room. */
export function claimSubjects(db: Database, claims: readonly SubjectClaim[], now = Date.now()): Promise<Claim> {
  return claimAttempt(db, subjectsClaim(claims, now));
}

/**
 * The same claim as a statement for a batch whose other statements hang on it: `written` is a
 * condition that holds after it only if it was written.
 */
export function claimSubjectsStatement(db: Database, claims: readonly SubjectClaim[], now: number) {
  const claim = subjectsClaim(claims, now);
  return {
    statement: claimStatement(db, claim),
    written: sql`exists (select 1 from ${signInAttempts} where ${inArray(signInAttempts.id, claim.ids)})`,
    secondsUntilRoom: () => secondsUntilRoom(db, claim.limits, now),
  };
}

/** A password guess for this account from this address, claimed before it is judged. */
export function claimSignInAttempt(db: Database, email: string, address: string, now = Date.now()): Promise<Claim> {
  return claimSubjects(
    db,
    [
      { subject: emailSubject(email), max: MAX_FAILURES_PER_EMAIL },
      { subject: addressSubject(address), max: MAX_FAILURES_PER_ADDRESS },
    ],
    now,
  );
}

export type Claimed = Extract<Claim, { ok: true }>;

/** The password was right: the account's failures are cleared, and the guess's slots given back. */
export async function signInSucceeded(db: Database, claim: Claimed, email: string) {
  await db.batch([clearSignInFailuresStatement(db, email), releaseClaimStatement(db, claim)]);
}

/** The statement that clears an account's failed sign-ins (its password was right, or is new). */
export function clearSignInFailuresStatement(db: Database, email: string) {
  return db.delete(signInAttempts).where(eq(signInAttempts.subject, emailSubject(email)));
}

/** The guess was not judged (or was no guess): its slots are given back. */
export function releaseClaim(db: Database, claim: Claimed) {
  return releaseAttempt(db, signInAttempts, signInAttempts.id, claim.ids);
}

/** Gives back the slots of a claim in a batch that does something else too. */
export function releaseClaimStatement(db: Database, claim: Claimed) {
  return releaseStatement(db, signInAttempts, signInAttempts.id, claim.ids);
}

export function clearSubjectStatement(db: Database, subject: string) {
  return db.delete(signInAttempts).where(eq(signInAttempts.subject, subject));
}

export function retryMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** The refusal of a password guess whose slot could not be claimed: 429, with when to try again. */
export function tooManyGuesses(retryAfterSeconds: number) {
  return {
    ok: false as const,
    status: 429 as const,
    field: null,
    message: retryMessage(retryAfterSeconds),
    retryAfterSeconds,
  };
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
