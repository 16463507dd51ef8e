// The account's own settings: its name, its phone number (a seller's contact for new listings),
// and its password. A new password needs the current one, and ends every other session.
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { AccountEvent } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import { accountTokens, users } from "#db/schema";
import { endLinksStatement } from "./account-links.server";
import { hashPassword, verifyPassword } from "./passwords.server";
import { revokeUserSessionsStatement } from "./sessions.server";
import {
  claimSignInAttempt,
  clearSignInFailuresStatement,
  releaseClaim,
  releaseClaimStatement,
  signInSucceeded,
  tooManyGuesses,
} from "./sign-in-limits.server";

export const SETTINGS_MESSAGES = {
  profileSaved: "Your details are saved.",
  passwordChanged: "Your password is changed, and your other sessions are signed out.",
  wrongPassword: "That is not your current password.",
  noPassword:
    "Your account signs in with Google and has no password yet. To add one, ask for a link on the Forgot your password page.",
  samePassword: "Choose a password other than your current one.",
} as const;

export interface AccountSettings {
  id: string;
  name: string;
  email: string;
  role: string;
  phone: string | null;
  emailVerified: boolean;
  hasPassword: boolean;
  google: boolean;
  createdAt: Date;
  pendingEmail: string | null;
}

/** The account as its settings page and GET /api/account show it; null for no such account. */
export async function accountSettings(db: Database, userId: string, now = Date.now()): Promise<AccountSettings | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      phone: users.phone,
      emailVerifiedAt: users.emailVerifiedAt,
      hasPassword: users.passwordHash,
      googleSubject: users.googleSubject,
      createdAt: users.createdAt,
      // Aliased: in a D1 batch, rows are keyed by column name, and the two "email" would collide.
      pendingEmail: sql<string | null>`${accountTokens.email}`.as("pending_email"),
    })
    .from(users)
    // The newest change of address still waiting for its link to be opened.
    .leftJoin(
      accountTokens,
      and(
        eq(accountTokens.userId, users.id),
        eq(accountTokens.purpose, "change_email"),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date(now)),
      ),
    )
    .where(eq(users.id, userId))
    .orderBy(desc(accountTokens.createdAt))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    phone: row.phone,
    emailVerified: row.emailVerifiedAt !== null,
    hasPassword: row.hasPassword !== null,
    google: row.googleSubject !== null,
    createdAt: row.createdAt,
    pendingEmail: row.pendingEmail,
  };
}

/** The account's phone number, or "" (Add Product starts its contact with it). */
export async function accountPhone(db: Database, userId: string): Promise<string> {
  const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.phone ?? "";
}

/** The name and phone number; saving the same values again changes nothing else. */
export async function updateProfile(db: Database, userId: string, input: { name: string; phone: string | null }) {
  await db
    .update(users)
    .set({ name: input.name, phone: input.phone, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return { ok: true as const, message: SETTINGS_MESSAGES.profileSaved };
}

export type ChangePasswordResult =
  | { ok: true; message: string; events: AccountEvent[] }
  | {
      ok: false;
      status: 400 | 409 | 429;
      field: "currentPassword" | "newPassword" | null;
      message: string;
      retryAfterSeconds?: number;
    };

/**
 * A new password, with the current one: every other session of the account ends, its
 * outstanding reset links are used up, and its sign-in lock is cleared. Wrong current passwords count as failed sign-ins. Sent again a moment
 * later (a double submit), the current password no longer matches but the new one does: the
 * same success, nothing done twice.
 */
export async function changePassword(
  db: Database,
  user: { id: string; email: string; sessionId: string },
  input: { currentPassword: string; newPassword: string; clientAddress: string; origin: string },
): Promise<ChangePasswordResult> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id)).limit(1);
  if (!row?.hash) return { ok: false, status: 409, field: "currentPassword", message: SETTINGS_MESSAGES.noPassword };
  // The current password is a guess like a sign-in's: it claims its slot before it is judged.
  const claim = await claimSignInAttempt(db, user.email, input.clientAddress);
  if (!claim.ok) {
    return tooManyGuesses(claim.retryAfterSeconds);
  }
  if (!(await verifyPassword(input.currentPassword, row.hash))) {
    if (await verifyPassword(input.newPassword, row.hash)) {
      // A double submit, already done: no failure.
      await releaseClaim(db, claim);
      return { ok: true, message: SETTINGS_MESSAGES.passwordChanged, events: [] };
    }
    return { ok: false, status: 400, field: "currentPassword", message: SETTINGS_MESSAGES.wrongPassword };
  }
  if (input.currentPassword === input.newPassword) {
    await signInSucceeded(db, claim, user.email);
    return { ok: false, status: 400, field: "newPassword", message: SETTINGS_MESSAGES.samePassword };
  }
  const now = new Date();
  await db.batch([
    db
      .update(users)
      .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: now })
      .where(eq(users.id, user.id)),
    revokeUserSessionsStatement(db, user.id, user.sessionId),
    // A new password uses up every reset link still out (ADR 0053): one asked for before the
    // change, perhaps by someone else, no longer sets another.
    endLinksStatement(db, user.id, ["reset_password"], now.getTime()),
    clearSignInFailuresStatement(db, user.email),
    releaseClaimStatement(db, claim),
  ]);
  return {
    ok: true,
    message: SETTINGS_MESSAGES.passwordChanged,
    events: [{ kind: "password_changed", userId: user.id, changeId: crypto.randomUUID(), origin: input.origin }],
  };
}
