// Two-factor sign-in with an authenticator app (TOTP, RFC 6238, through @epic-web/totp on
// WebCrypto), required for admins. The secret is stored encrypted (AES-GCM, with a key derived
// by HKDF from SESSION_SECRET and bound to the account), so a copy of the database cannot make
// codes; a code works once (the time step of the last accepted code is kept); wrong codes are
// counted like failed sign-ins. Recovery codes are shown once and stored as SHA-256 hashes.
// (docs/decisions, "Two-factor sign-in".)
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import base32Encode from "base32-encode";
import { and, eq, isNotNull, isNull, lt, type SQL, sql } from "drizzle-orm";
import { base64url } from "jose";
import type { Database } from "#db/client";
import { recoveryCodes, twoFactorCredentials } from "#db/schema";
import { TWO_FACTOR_MESSAGES } from "./account-messages";
import { type Claimed, claimSubjects, clearSubjectStatement, retryMessage } from "./sign-in-limits.server";

/** What authenticator apps expect by default: 6 digits every 30 seconds, HMAC-SHA-1. */
export const TOTP_SETTINGS = { period: 30, digits: 6, algorithm: "SHA-1" } as const;
/** A code of the step before or after the current one is accepted too (clocks drift). */
const TOTP_WINDOW = 1;
/** 160 bits, as RFC 4226 recommends. */
const SECRET_BYTES = 20;
/** Wrong codes of an account in 15 minutes before codes are refused for a while. */
export const CODE_FAILURES_MAX = 5;
export const RECOVERY_CODE_COUNT = 10;

export { TWO_FACTOR_MESSAGES };

const encoder = new TextEncoder();
const stepAt = (ms: number) => Math.floor(ms / 1000 / TOTP_SETTINGS.period);
export const failureSubject = (userId: string) => `two-factor:${userId}`;

/** A new random secret, in base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)), "RFC4648", { padding: false });
}

/** The otpauth:// address a QR code carries to the app. */
export function totpUri(secret: string, accountName: string, issuer: string): string {
  return getTOTPAuthUri({ ...TOTP_SETTINGS, secret, accountName, issuer });
}

/** The current code of a secret (the seed's and the tests' way to sign in as an enrolled admin). */
export async function currentTotpCode(secret: string): Promise<string> {
  return (await generateTOTP({ ...TOTP_SETTINGS, secret })).otp;
}

async function sealingKey(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode("pay-and-buy"), info: encoder.encode("two-factor secret") },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/** The stored form of a TOTP secret: encrypted with the first session secret, bound to the account. */
export async function sealSecret(plain: string, userId: string, secrets: readonly string[]): Promise<string> {
  const [secret] = secrets;
  if (!secret) throw new Error("No session secret to seal a two-factor secret with");
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(userId) },
    await sealingKey(secret),
    encoder.encode(plain),
  );
  return `v1.${base64url.encode(iv)}.${base64url.encode(new Uint8Array(sealed))}`;
}

/**
 * A stored secret opened with whichever session secret sealed it (`current` when it was the
 * first: otherwise it is sealed again with the first at its next use). Null when none opens it.
 */
export async function openSecret(
  stored: string,
  userId: string,
  secrets: readonly string[],
): Promise<{ secret: string; current: boolean } | null> {
  const [version, iv, body] = stored.split(".");
  if (version !== "v1" || !iv || !body) return null;
  for (const [index, secret] of secrets.entries()) {
    try {
      const plain = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: base64url.decode(iv) as BufferSource, additionalData: encoder.encode(userId) },
        await sealingKey(secret),
        base64url.decode(body) as BufferSource,
      );
      return { secret: new TextDecoder().decode(plain), current: index === 0 };
    } catch {
      // sealed with another secret, or not ours
    }
  }
  return null;
}

/** The time step of a code the secret makes now (or a step away), or null. */
export async function acceptedStep(secret: string, code: string): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  // The library reads the clock itself: a step boundary crossed during the check is checked again.
  for (let attempt = 0; attempt < 2; attempt++) {
    const before = stepAt(Date.now());
    const result = await verifyTOTP({ otp: code, secret, ...TOTP_SETTINGS, window: TOTP_WINDOW });
    if (stepAt(Date.now()) === before) return result ? before + result.delta : null;
  }
  return null;
}

/** A recovery code as it is compared: lower case, without spaces or dashes. */
function normalizeRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, "").toLowerCase();
}

export async function hashRecoveryCode(code: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(normalizeRecoveryCode(code)));
  return base64url.encode(new Uint8Array(digest));
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten codes of ten characters ("xxxxx-xxxxx"), about 49 bits each. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = crypto.getRandomValues(new Uint32Array(10));
    const code = [...bytes].map((value) => RECOVERY_ALPHABET[value % RECOVERY_ALPHABET.length]).join("");
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/**
 * The statement that writes recovery codes (their hashes) for the account, all of them or none,
 * only while `condition` holds as it runs: one INSERT … SELECT from a VALUES list (few bound
 * parameters: D1 takes at most 100), whose whole selection SQLite computes before it writes.
 * Returns the ids written.
 */
export function insertRecoveryCodesStatement(db: Database, userId: string, hashes: readonly string[], condition: SQL) {
  const rows = sql.join(
    hashes.map((codeHash) => sql`(${crypto.randomUUID()}, ${codeHash})`),
    sql`, `,
  );
  // The table's columns in order: id, user_id, code_hash, created_at, used_at.
  return db
    .insert(recoveryCodes)
    .select(
      sql`select v.column1, ${userId}, v.column2, ${Date.now()}, null from (values ${rows}) as v where ${condition}`,
    )
    .returning({ id: recoveryCodes.id });
}

export interface TwoFactorStatus {
  enabled: boolean;
  /** A secret was made and waits for its first code. */
  pending: boolean;
  recoveryCodesLeft: number;
}

/** The account's two-factor state: on or not, a setup waiting for its first code, recovery codes left. */
export async function twoFactorStatus(db: Database, userId: string): Promise<TwoFactorStatus> {
  const [row] = await db
    .select({
      enabledAt: twoFactorCredentials.enabledAt,
      left: sql<number>`(select count(*) from ${recoveryCodes} where ${recoveryCodes.userId} = ${userId} and ${recoveryCodes.usedAt} is null)`,
    })
    .from(twoFactorCredentials)
    .where(eq(twoFactorCredentials.userId, userId))
    .limit(1);
  return {
    enabled: Boolean(row?.enabledAt),
    pending: Boolean(row && !row.enabledAt),
    recoveryCodesLeft: row?.enabledAt ? Number(row.left) : 0,
  };
}

export type Refusal = { ok: false; status: 400 | 409 | 429; message: string; retryAfterSeconds?: number };

/** Makes a new secret for the account to set up (replacing one that was never confirmed). */
export async function startTwoFactorSetup(
  db: Database,
  userId: string,
  secrets: readonly string[],
): Promise<{ ok: true } | Refusal> {
  const sealed = await sealSecret(newTotpSecret(), userId, secrets);
  const now = new Date();
  const written = await db
    .insert(twoFactorCredentials)
    .values({ userId, secret: sealed, createdAt: now, enabledAt: null, lastStep: 0 })
    .onConflictDoUpdate({
      target: twoFactorCredentials.userId,
      set: { secret: sealed, createdAt: now, lastStep: 0 },
      setWhere: isNull(twoFactorCredentials.enabledAt),
    })
    .returning({ userId: twoFactorCredentials.userId });
  if (written.length === 0) return { ok: false, status: 409, message: TWO_FACTOR_MESSAGES.alreadyEnabled };
  return { ok: true };
}

/** The secret being set up, with the address its QR code carries; null when none is. */
export async function pendingTwoFactorSetup(
  db: Database,
  user: { id: string; email: string },
  options: { secrets: readonly string[]; issuer: string },
): Promise<{ secret: string; uri: string } | null> {
  const [row] = await db
    .select({ secret: twoFactorCredentials.secret })
    .from(twoFactorCredentials)
    .where(and(eq(twoFactorCredentials.userId, user.id), isNull(twoFactorCredentials.enabledAt)))
    .limit(1);
  const opened = row ? await openSecret(row.secret, user.id, options.secrets) : null;
  if (!opened) return null;
  return { secret: opened.secret, uri: totpUri(opened.secret, user.email, options.issuer) };
}

/**
 * A code is a guess: it claims its slot before it is judged (ADR 0072). A wrong code keeps the
 * slot; a right one clears the account's failures; an answer that judged no code gives it back.
 */
export async function claimCodeAttempt(db: Database, userId: string): Promise<{ ok: true; claim: Claimed } | Refusal> {
  const claim = await claimSubjects(db, [{ subject: failureSubject(userId), max: CODE_FAILURES_MAX }]);
  if (claim.ok) return { ok: true, claim };
  return {
    ok: false,
    status: 429,
    message: retryMessage(claim.retryAfterSeconds).replace("sign-in attempts", "codes"),
    retryAfterSeconds: claim.retryAfterSeconds,
  };
}

export type SecondFactorResult =
  | { ok: true; method: "app" | "recovery_code"; recoveryCodesLeft?: number }
  | {
      ok: false;
      status: 400 | 429;
      reason: "wrong_code" | "code_used" | "rate_limited";
      message: string;
      retryAfterSeconds?: number;
    };

/**
 * Checks the second factor of an account with two-factor sign-in on: a code from the app (once
 * per time step, never a step already used) or an unused recovery code (used up by it). Wrong
 * codes are counted: after CODE_FAILURES_MAX in 15 minutes codes are refused for a while.
 */
export async function verifySecondFactor(
  db: Database,
  userId: string,
  input: { code: string; secrets: readonly string[] },
): Promise<SecondFactorResult> {
  const claimed = await claimCodeAttempt(db, userId);
  if (!claimed.ok) return { ...claimed, status: 429, reason: "rate_limited" };
  const code = normalizeRecoveryCode(input.code);
  const [row] = await db
    .select({ secret: twoFactorCredentials.secret, lastStep: twoFactorCredentials.lastStep })
    .from(twoFactorCredentials)
    .where(and(eq(twoFactorCredentials.userId, userId), isNotNull(twoFactorCredentials.enabledAt)))
    .limit(1);
  if (row && /^\d{6}$/.test(code)) {
    const opened = await openSecret(row.secret, userId, input.secrets);
    const step = opened ? await acceptedStep(opened.secret, code) : null;
    if (opened && step !== null) {
      const resealed = opened.current ? undefined : await sealSecret(opened.secret, userId, input.secrets);
      const taken = await db
        .update(twoFactorCredentials)
        .set({ lastStep: step, ...(resealed ? { secret: resealed } : {}) })
        .where(and(eq(twoFactorCredentials.userId, userId), lt(twoFactorCredentials.lastStep, step)))
        .returning({ userId: twoFactorCredentials.userId });
      if (taken.length === 1) {
        // Only the request that took the step clears the failures: a code used already clears nothing.
        await clearSubjectStatement(db, failureSubject(userId));
        return { ok: true, method: "app" };
      }
      // A code already used counts as a wrong one: its claimed slot stays.
      return { ok: false, status: 400, reason: "code_used", message: TWO_FACTOR_MESSAGES.codeUsed };
    }
  } else if (row && /^[a-z0-9]{10}$/.test(code)) {
    const [used, left] = await db.batch([
      db
        .update(recoveryCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(recoveryCodes.userId, userId),
            eq(recoveryCodes.codeHash, await hashRecoveryCode(code)),
            isNull(recoveryCodes.usedAt),
          ),
        )
        .returning({ id: recoveryCodes.id }),
      db
        .select({ count: sql<number>`count(*)` })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
    ]);
    if (used.length === 1) {
      await clearSubjectStatement(db, failureSubject(userId));
      return { ok: true, method: "recovery_code", recoveryCodesLeft: Number(left[0]?.count ?? 0) };
    }
  }
  // A wrong code keeps its claimed slot.
  return { ok: false, status: 400, reason: "wrong_code", message: TWO_FACTOR_MESSAGES.wrongCode };
}

/**
 * Statements that remove an account's two-factor sign-in entirely (the account is deleted), when
 * `condition` holds as they run.
 */
export function forgetTwoFactorStatements(db: Database, userId: string, condition?: SQL) {
  return [
    db.delete(twoFactorCredentials).where(and(eq(twoFactorCredentials.userId, userId), condition)),
    db.delete(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), condition)),
  ] as const;
}
