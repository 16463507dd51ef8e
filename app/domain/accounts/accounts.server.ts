// Accounts: registration, sign-in with a password or Google, and lookups by email.
import { and, eq, isNull } from "drizzle-orm";
import { toOneLine } from "#app/domain/shared/schemas";
import type { Database } from "#db/client";
import type { Role } from "#db/closed-lists";
import { isUniqueViolation } from "#db/errors";
import { users } from "#db/schema";
import { NAME_MAX } from "./account-schema";
import { emailMatches } from "./emails";
import { hashPassword, verifyPassword } from "./passwords.server";
import { checkSignInLimit, clearSignInFailures, recordSignInFailure, retryMessage } from "./sign-in-limits.server";

export const MESSAGES = {
  emailTaken: "This email is already registered",
  unknownEmail: "this account not exist.",
  wrongPassword: "email and password didn't match",
} as const;

export type AccountUser = { id: string; name: string; email: string; role: Role };

const accountFields = { id: users.id, name: users.name, email: users.email, role: users.role };

const byEmail = (email: string) => emailMatches(users.email, email);

/** Any account with this email, deleted or not (emails of deleted accounts stay reserved). */
export async function findAccountByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ ...accountFields, verifiedAt: users.verifiedAt, deletedAt: users.deletedAt })
    .from(users)
    .where(byEmail(email))
    .limit(1);
  return row ?? null;
}

export type RegisterResult = { ok: true; user: AccountUser } | { ok: false; field: "email"; message: string };

export async function registerAccount(
  db: Database,
  input: { name: string; email: string; password: string; role: "buyer" | "seller" },
): Promise<RegisterResult> {
  if (await findAccountByEmail(db, input.email)) {
    return { ok: false, field: "email", message: MESSAGES.emailTaken };
  }
  const passwordHash = await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({ name: input.name, email: input.email.trim(), role: input.role, passwordHash })
      .returning(accountFields);
    return { ok: true, user: user! };
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
  const limit = await checkSignInLimit(db, input.email, input.clientAddress);
  if (limit.limited) {
    return {
      ok: false,
      reason: "rate_limited",
      field: null,
      message: retryMessage(limit.retryAfterSeconds),
      retryAfterSeconds: limit.retryAfterSeconds,
    };
  }
  const [account] = await db
    .select({ ...accountFields, passwordHash: users.passwordHash })
    .from(users)
    .where(and(byEmail(input.email), isNull(users.deletedAt)))
    .limit(1);
  if (!account) {
    await recordSignInFailure(db, input.email, input.clientAddress);
    return { ok: false, reason: "unknown_email", field: "email", message: MESSAGES.unknownEmail };
  }
  if (!(await verifyPassword(input.password, account.passwordHash))) {
    await recordSignInFailure(db, input.email, input.clientAddress);
    return { ok: false, reason: "wrong_password", field: "password", message: MESSAGES.wrongPassword };
  }
  await clearSignInFailures(db, input.email);
  const { passwordHash: _hash, ...user } = account;
  return { ok: true, user };
}

export interface GoogleProfile {
  subject: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export type GoogleSignInResult = { ok: true; user: AccountUser; created: boolean } | { ok: false; message: string };

/**
 * A Google account signs in the user with that Google subject; otherwise it is linked to the
 * account with the same (verified) email; otherwise a new buyer is created.
 */
export async function signInWithGoogle(db: Database, profile: GoogleProfile): Promise<GoogleSignInResult> {
  if (!profile.emailVerified) {
    return { ok: false, message: "Your Google email address is not verified." };
  }
  const [linked] = await db
    .select({ ...accountFields, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.googleSubject, profile.subject))
    .limit(1);
  if (linked) {
    if (linked.deletedAt) return { ok: false, message: MESSAGES.unknownEmail };
    const { deletedAt: _deleted, ...user } = linked;
    return { ok: true, user, created: false };
  }
  const existing = await findAccountByEmail(db, profile.email);
  if (existing) {
    if (existing.deletedAt) return { ok: false, message: MESSAGES.unknownEmail };
    await db
      .update(users)
      .set({ googleSubject: profile.subject, updatedAt: new Date() })
      .where(and(eq(users.id, existing.id), isNull(users.googleSubject)));
    const { deletedAt: _deleted, verifiedAt: _verified, ...user } = existing;
    return { ok: true, user, created: false };
  }
  const name = toOneLine(profile.name).trim().slice(0, NAME_MAX) || profile.email.split("@")[0]!;
  try {
    const [user] = await db
      .insert(users)
      .values({ name, email: profile.email, role: "buyer", googleSubject: profile.subject })
      .returning(accountFields);
    return { ok: true, user: user!, created: true };
  } catch (error) {
    if (isUniqueViolation(error)) return signInWithGoogle(db, profile);
    throw error;
  }
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
