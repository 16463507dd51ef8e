// Accounts: registration, sign-in with a password or Google, and lookups by email.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { AccountEvent } from "#app/domain/shared/events";
import { toOneLine } from "#app/domain/shared/schemas";
import type { Database } from "#db/client";
import type { Role } from "#db/closed-lists";
import { isUniqueViolation } from "#db/errors";
import { qualified } from "#db/insert-select";
import { twoFactorCredentials, users } from "#db/schema";
import { issueLinkStatement, linkEvent, prepareLink } from "./account-links.server";
import { NAME_MAX, nameSchema } from "./account-schema";
import { emailMatches, sameEmail } from "./emails";
import { hashPassword, verifyPassword } from "./passwords.server";
import { claimSignInAttempt, claimSubjects, retryMessage, signInSucceeded } from "./sign-in-limits.server";
import { PENDING_SIGN_IN_TTL_MS } from "./tokens.server";
import { type SecondFactorResult, verifySecondFactor } from "./two-factor.server";

export const MESSAGES = {
  emailTaken: "This email is already registered",
  unknownEmail: "this account not exist.",
  wrongPassword: "email and password didn't match",
  googleUnverified:
    "Google has not verified this email address, so it cannot sign in to the account that already uses it. Log in with your password instead.",
  accountUnverified:
    "An account with this email address exists, but its address is not verified yet. Log in with its password (or reset it from the login page) to verify it; Google sign-in then links to it.",
  otherGoogleAccount: "This account is linked to another Google account.",
} as const;

/** An account as sign-in knows it: who, which role, and whether a code from an app is asked for. */
export type AccountUser = { id: string; name: string; email: string; role: Role; twoFactor: boolean };

const accountFields = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  // Read by single-table SELECTs and RETURNING: the subquery keeps its tables' names (qualified).
  twoFactor: sql<boolean>`${qualified(
    sql`exists (select 1 from ${twoFactorCredentials} where ${twoFactorCredentials.userId} = ${users.id} and ${twoFactorCredentials.enabledAt} is not null)`,
  )}`
    .mapWith(Boolean)
    .as("two_factor"),
};

const byEmail = (email: string) => emailMatches(users.email, email);

/** Any account with this email, deleted or not (emails of deleted accounts stay reserved). */
export async function findAccountByEmail(db: Database, email: string) {
  const [row] = await db
    .select({
      ...accountFields,
      verifiedAt: users.verifiedAt,
      emailVerifiedAt: users.emailVerifiedAt,
      googleSubject: users.googleSubject,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(byEmail(email))
    .limit(1);
  return row ?? null;
}

export type RegisterResult =
  | { ok: true; user: AccountUser; events: AccountEvent[] }
  | { ok: false; field: "email"; message: string };

/**
 * A new buyer or seller, and the link that verifies their address, in one batch: the letter is
 * sent by the events. `origin` is the site's address the letter's link starts with.
 */
export async function registerAccount(
  db: Database,
  input: { name: string; email: string; password: string; role: "buyer" | "seller" },
  options: { origin: string; now?: number },
): Promise<RegisterResult> {
  if (await findAccountByEmail(db, input.email)) {
    return { ok: false, field: "email", message: MESSAGES.emailTaken };
  }
  const passwordHash = await hashPassword(input.password);
  const id = crypto.randomUUID();
  const link = await prepareLink("verify_email");
  try {
    const [inserted] = await db.batch([
      db
        .insert(users)
        .values({ id, name: input.name, email: input.email.trim(), role: input.role, passwordHash })
        .returning(accountFields),
      issueLinkStatement(db, link, eq(users.id, id), { now: options.now }),
    ]);
    return { ok: true, user: inserted[0]!, events: [linkEvent(link, options.origin)] };
  } catch (error) {
    // Two registrations of one email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) return { ok: false, field: "email", message: MESSAGES.emailTaken };
    throw error;
  }
}

export type SignInResult =
  | { ok: true; user: AccountUser }
  | { ok: false; reason: "unknown_email" | "wrong_password"; field: "email" | "password"; message: string }
  | { ok: false; reason: "rate_limited"; field: null; message: string; retryAfterSeconds: number };

export async function signInWithPassword(
  db: Database,
  input: { email: string; password: string; clientAddress: string },
): Promise<SignInResult> {
  // The guess claims its slot before it is judged: a wrong one keeps it (ADR 0072).
  const claim = await claimSignInAttempt(db, input.email, input.clientAddress);
  if (!claim.ok) {
    return {
      ok: false,
      reason: "rate_limited",
      field: null,
      message: retryMessage(claim.retryAfterSeconds),
      retryAfterSeconds: claim.retryAfterSeconds,
    };
  }
  const [account] = await db
    .select({ ...accountFields, passwordHash: users.passwordHash })
    .from(users)
    .where(and(byEmail(input.email), isNull(users.deletedAt)))
    .limit(1);
  if (!account) {
    return { ok: false, reason: "unknown_email", field: "email", message: MESSAGES.unknownEmail };
  }
  if (!(await verifyPassword(input.password, account.passwordHash))) {
    return { ok: false, reason: "wrong_password", field: "password", message: MESSAGES.wrongPassword };
  }
  await signInSucceeded(db, claim, input.email);
  const { passwordHash: _hash, ...user } = account;
  return { ok: true, user };
}

export interface GoogleProfile {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export type GoogleSignInResult =
  | { ok: true; user: AccountUser; created: boolean; events: AccountEvent[] }
  | { ok: false; message: string };

/** A Google profile's name as an account's, or the address's local part when it is unusable. */
function googleName(profile: GoogleProfile): string {
  const parsed = nameSchema.safeParse(toOneLine(profile.name).trim().slice(0, NAME_MAX));
  return parsed.success ? parsed.data : profile.email.split("@")[0]!.slice(0, NAME_MAX) || "Google user";
}

/**
 * A Google account signs in the user with that Google subject. Otherwise it is linked to the
 * account with the same email only when both sides proved the address: Google says it is
 * verified, and the account's own address is verified (so nobody who registered someone else's
 * address can wait for its owner to arrive through Google). Otherwise a new buyer is created,
 * whose address counts as verified only if Google says so; if not, a verification letter goes out.
 */
export async function signInWithGoogle(
  db: Database,
  profile: GoogleProfile,
  options: { origin: string; now?: number },
): Promise<GoogleSignInResult> {
  const now = options.now ?? Date.now();
  const [linked] = await db
    .select({ ...accountFields, deletedAt: users.deletedAt, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.googleSubject, profile.subject))
    .limit(1);
  if (linked) {
    if (linked.deletedAt) return { ok: false, message: MESSAGES.unknownEmail };
    if (!linked.emailVerifiedAt && profile.emailVerified && sameEmail(linked.email, profile.email)) {
      // Google proves the address this account uses.
      await db
        .update(users)
        .set({ emailVerifiedAt: new Date(now), updatedAt: new Date(now) })
        .where(and(eq(users.id, linked.id), isNull(users.emailVerifiedAt)));
    }
    const { deletedAt: _deleted, emailVerifiedAt: _verified, ...user } = linked;
    return { ok: true, user, created: false, events: [] };
  }
  const existing = await findAccountByEmail(db, profile.email);
  if (existing) {
    if (existing.deletedAt) return { ok: false, message: MESSAGES.unknownEmail };
    if (!profile.emailVerified) return { ok: false, message: MESSAGES.googleUnverified };
    if (!existing.emailVerifiedAt) return { ok: false, message: MESSAGES.accountUnverified };
    if (existing.googleSubject) return { ok: false, message: MESSAGES.otherGoogleAccount };
    const updated = await db
      .update(users)
      .set({ googleSubject: profile.subject, updatedAt: new Date(now) })
      .where(and(eq(users.id, existing.id), isNull(users.googleSubject), isNull(users.deletedAt)))
      .returning({ id: users.id });
    // Linked to another Google account a moment ago: not this one.
    if (updated.length === 0) return { ok: false, message: MESSAGES.otherGoogleAccount };
    const { id, name, email, role, twoFactor } = existing;
    return { ok: true, user: { id, name, email, role, twoFactor }, created: false, events: [] };
  }
  const id = crypto.randomUUID();
  const link = profile.emailVerified ? null : await prepareLink("verify_email");
  try {
    const [inserted] = await db.batch([
      db
        .insert(users)
        .values({
          id,
          name: googleName(profile),
          email: profile.email.trim(),
          role: "buyer",
          googleSubject: profile.subject,
          emailVerifiedAt: profile.emailVerified ? new Date(now) : null,
        })
        .returning(accountFields),
      ...(link ? [issueLinkStatement(db, link, eq(users.id, id), { now })] : []),
    ]);
    return {
      ok: true,
      user: inserted[0]!,
      created: true,
      events: link ? [linkEvent(link, options.origin)] : [],
    };
  } catch (error) {
    // The same Google account or address a moment ago, in another request: decide again.
    if (isUniqueViolation(error)) return signInWithGoogle(db, profile, options);
    throw error;
  }
}

export type SecondStepResult =
  | { ok: true; user: AccountUser; recoveryCodesLeft?: number }
  | { ok: false; reason: "no_account" | "already_used" }
  | Extract<SecondFactorResult, { ok: false }>;

const pendingSubject = (id: string) => `pending-sign-in:${id}`;

/**
 * The second step of a sign-in whose first factor passed: the live account and its code (from
 * the app, or a recovery code). A pending sign-in makes one session at most: once its code is
 * right, the step claims the pending sign-in's id in the statement that checks it was never
 * claimed (ADR 0072's pattern; ADR 0075), and only the request whose claim was written goes on.
 * So the same pending cookie sent again, from anywhere, with any other good code, makes no second
 * session. Wrong codes never touch the claim: they meet the code lock, as before. The claim
 * outlives the pending sign-in (rows are kept as long as failed sign-ins are).
 */
export async function signInWithSecondFactor(
  db: Database,
  pending: { id: string; userId: string },
  input: { code: string; secrets: readonly string[] },
): Promise<SecondStepResult> {
  const [account] = await db
    .select(accountFields)
    .from(users)
    .where(and(eq(users.id, pending.userId), isNull(users.deletedAt)))
    .limit(1);
  if (!account) return { ok: false, reason: "no_account" };
  const proved = await verifySecondFactor(db, account.id, input);
  if (!proved.ok) return proved;
  const claim = await claimSubjects(db, [
    { subject: pendingSubject(pending.id), max: 1, windowMs: PENDING_SIGN_IN_TTL_MS },
  ]);
  if (!claim.ok) return { ok: false, reason: "already_used" };
  return { ok: true, user: account, recoveryCodesLeft: proved.recoveryCodesLeft };
}

/** The user record of spec section 3, for the REST API. */
export async function getUserRecord(db: Database, email: string) {
  const account = await findAccountByEmail(db, email);
  if (!account || account.deletedAt) return null;
  return {
    _id: account.id,
    email: account.email,
    name: account.name,
    displayName: account.name,
    role: account.role,
    isAdmin: account.role === "admin",
    isSeller: account.role === "seller",
    isBuyer: account.role === "buyer",
    isVerify: account.verifiedAt !== null,
  };
}
