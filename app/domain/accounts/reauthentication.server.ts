// "Confirm it is you" before a change that hands the account to someone else or ends it: a new
// email address, deleting the account, turning two-factor sign-in on or off, new recovery codes
// (ADR 0075). A signed-in session is not enough (it may be a borrowed
// computer): the password, or a code from the authenticator app; an account with neither (signed
// up with Google, no app) types its own email address. Wrong passwords count as failed sign-ins,
// wrong codes as wrong codes: the same limits stop guessing here as at the login page.
import { eq } from "drizzle-orm";
import type { Database } from "#db/client";
import { users } from "#db/schema";
import { sameEmail } from "./emails";
import { verifyPassword } from "./passwords.server";
import { claimSignInAttempt, signInSucceeded, tooManyGuesses } from "./sign-in-limits.server";
import { twoFactorStatus, verifySecondFactor } from "./two-factor.server";

export const REAUTH_MESSAGES = {
  wrongPassword: "That is not your current password.",
  passwordRequired: "Enter your current password.",
  codeRequired: "Enter your current password or a code from your authenticator app.",
  emailRequired: "Type your email address to confirm.",
  emailMismatch: "That is not your account's email address.",
} as const;

/** What an account can confirm itself with, for the form that asks. */
export interface ConfirmationMethods {
  password: boolean;
  code: boolean;
  /** Neither: the account's email address, typed. */
  email: boolean;
}

export async function confirmationMethods(db: Database, userId: string): Promise<ConfirmationMethods> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  const password = Boolean(row?.hash);
  const code = (await twoFactorStatus(db, userId)).enabled;
  return { password, code, email: !password && !code };
}

export type ReauthResult =
  | { ok: true }
  | {
      ok: false;
      status: 400 | 429;
      field: "currentPassword" | "code" | "confirmEmail" | null;
      message: string;
      retryAfterSeconds?: number;
    };

/**
 * Whether the signed-in owner confirmed themselves: with `currentPassword` when the account has a
 * password, else with `code` when it has two-factor sign-in (either works when it has both), else
 * with `confirmEmail`.
 */
export async function confirmIdentity(
  db: Database,
  user: { id: string; email: string },
  input: { currentPassword?: string; code?: string; confirmEmail?: string },
  options: { secrets: readonly string[]; clientAddress: string },
): Promise<ReauthResult> {
  const methods = await confirmationMethods(db, user.id);
  if (methods.password && input.currentPassword) {
    const claim = await claimSignInAttempt(db, user.email, options.clientAddress);
    if (!claim.ok) {
      return tooManyGuesses(claim.retryAfterSeconds);
    }
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id)).limit(1);
    if (await verifyPassword(input.currentPassword, row?.hash)) {
      await signInSucceeded(db, claim, user.email);
      return { ok: true };
    }
    // A wrong password keeps its claimed slot: it counts as a failed sign-in.
    return { ok: false, status: 400, field: "currentPassword", message: REAUTH_MESSAGES.wrongPassword };
  }
  if (methods.code && input.code) {
    const proved = await verifySecondFactor(db, user.id, { code: input.code, secrets: options.secrets });
    if (proved.ok) return { ok: true };
    return {
      ok: false,
      status: proved.status,
      field: "code",
      message: proved.message,
      retryAfterSeconds: proved.retryAfterSeconds,
    };
  }
  if (methods.email) {
    if (!input.confirmEmail)
      return { ok: false, status: 400, field: "confirmEmail", message: REAUTH_MESSAGES.emailRequired };
    if (sameEmail(input.confirmEmail, user.email)) return { ok: true };
    return { ok: false, status: 400, field: "confirmEmail", message: REAUTH_MESSAGES.emailMismatch };
  }
  return methods.code
    ? {
        ok: false,
        status: 400,
        field: methods.password ? "currentPassword" : "code",
        message: REAUTH_MESSAGES.codeRequired,
      }
    : { ok: false, status: 400, field: "currentPassword", message: REAUTH_MESSAGES.passwordRequired };
}
