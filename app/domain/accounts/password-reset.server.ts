// Forgotten passwords: a one-time link by letter (account-links.server.ts), then a new password.
// Asking answers the same whether or not an account has the address, after the same work: the
// link's INSERT … SELECT finds the account (or nothing) and the queue message is sent either way;
// the letter is written only for a link that exists. A new password ends every session of the
// account, clears its sign-in lock, proves its address, and uses up its other reset links.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AccountEvent } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import { sessions, signInAttempts, users } from "#db/schema";
import {
  endLinksStatement,
  hashLinkToken,
  inspectLink,
  isReplay,
  issueLinkStatement,
  linkEvent,
  linkedAccount,
  linkedAddress,
  prepareLink,
} from "./account-links.server";
import { RESET_MESSAGES } from "./account-messages";
import { emailMatches } from "./emails";
import { claimSubjectsStatement } from "./sign-in-limits.server";

export { RESET_MESSAGES };

import { hashPassword, verifyPassword } from "./passwords.server";

/** Requests from one client address in RESET_WINDOW_MS before it is told to wait. */
export const RESET_REQUESTS_PER_ADDRESS = 10;
export const RESET_WINDOW_MS = 15 * 60 * 1000;

export function resetRetryMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many requests from your network. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

const addressSubject = (address: string) => `reset-ip:${address}`;

export type ResetRequestResult =
  | { ok: true; events: AccountEvent[] }
  | { ok: false; reason: "rate_limited"; message: string; retryAfterSeconds: number };

/**
 * "Forgot your password?": a reset link for the live account with this address, if there is one
 * and it is under its limits. The answer and the work are the same either way; only the client
 * address's limit is told (it says nothing about any account).
 */
export async function requestPasswordReset(
  db: Database,
  input: { email: string; clientAddress: string; origin: string; now?: number },
): Promise<ResetRequestResult> {
  const now = input.now ?? Date.now();
  const claim = claimSubjectsStatement(
    db,
    [{ subject: addressSubject(input.clientAddress), max: RESET_REQUESTS_PER_ADDRESS, windowMs: RESET_WINDOW_MS }],
    now,
  );
  const link = await prepareLink("reset_password");
  // One batch: the request claims its place under the address's limit (ADR 0072), and the link
  // is issued only beside a claim that was written.
  const [claimed] = await db.batch([
    claim.statement,
    issueLinkStatement(db, link, and(emailMatches(users.email, input.email), claim.written), { now }),
  ]);
  if (claimed.length === 0) {
    const retryAfterSeconds = await claim.secondsUntilRoom();
    return { ok: false, reason: "rate_limited", message: resetRetryMessage(retryAfterSeconds), retryAfterSeconds };
  }
  // Sent whether or not a row was inserted: the consumer finds no link and writes no letter.
  return { ok: true, events: [linkEvent(link, input.origin)] };
}

export type ResetResult =
  | { ok: true; userId: string; events: AccountEvent[] }
  | { ok: false; state: "expired" | "used" | "invalid"; message: string };

/**
 * Sets the password a reset link names, in one batch that decides for itself: only while the link
 * is unused, unexpired, of this purpose, and its account live at the address the link was sent
 * to. A link used a moment ago by the same password (a double submit) is the same success.
 */
export async function resetPassword(
  db: Database,
  input: { token: string; password: string; origin: string; now?: number },
): Promise<ResetResult> {
  const now = input.now ?? Date.now();
  // Read first: a link that cannot be used costs no password hashing.
  const link = await inspectLink(db, input.token, ["reset_password"], now);
  if (link.state === "used" && isReplay(link, now) && (await passwordIs(db, link.userId, input.password))) {
    return { ok: true, userId: link.userId, events: [] };
  }
  if (link.state !== "valid") return { ok: false, state: link.state, message: RESET_MESSAGES[link.state] };
  const tokenHash = await hashLinkToken(input.token);
  const passwordHash = await hashPassword(input.password);
  const owner = linkedAccount(tokenHash, "reset_password", now);
  // The batch decides again for itself: the link may have been used in between.
  const atAddress = sql`(select ${users.id} from ${users} where ${users.id} = ${owner} and ${users.deletedAt} is null and lower(${users.email}) = lower(${linkedAddress(tokenHash)}))`;
  const [, , changed] = await db.batch([
    db
      .update(sessions)
      .set({ revokedAt: new Date(now) })
      .where(and(sql`${sessions.userId} = ${atAddress}`, isNull(sessions.revokedAt))),
    // The sign-in lock of the address (sign-in-limits.server.ts counts failures per address).
    db
      .delete(signInAttempts)
      .where(
        sql`${signInAttempts.subject} = (select 'email:' || lower(${users.email}) from ${users} where ${users.id} = ${atAddress})`,
      ),
    db
      .update(users)
      .set({
        passwordHash,
        updatedAt: new Date(now),
        // The letter reached its owner: the address is proven. An address that was not proven
        // until now loses its Google link too, since Google had not proven it either.
        googleSubject: sql`case when ${users.emailVerifiedAt} is null then null else ${users.googleSubject} end`,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`,
      })
      .where(sql`${users.id} = ${atAddress}`)
      .returning({ id: users.id }),
    endLinksStatement(db, owner, ["reset_password", "verify_email"], now),
  ]);
  const userId = changed[0]?.id;
  if (!userId) {
    // Used by another request between the read and the batch.
    const again = await inspectLink(db, input.token, ["reset_password"], now);
    const state = again.state === "valid" ? "invalid" : again.state;
    return { ok: false, state, message: RESET_MESSAGES[state] };
  }
  return {
    ok: true,
    userId,
    events: [{ kind: "password_changed", userId, changeId: crypto.randomUUID(), origin: input.origin }],
  };
}

/** Whether the account's password is this one now. */
async function passwordIs(db: Database, userId: string, password: string): Promise<boolean> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return verifyPassword(password, row?.hash);
}
