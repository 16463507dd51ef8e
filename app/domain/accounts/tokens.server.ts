// The session cookie and the REST API's bearer tokens, and a sign-in waiting for its second
// factor, signed as every token is (domain/shared/signed-tokens). Sessions and API tokens name
// a session row (`sid`) that D1 checks on every request, so revocation is immediate.
import { readClaims, signClaims } from "#app/domain/shared/signed-tokens.server";
import { ROLES, type Role } from "#db/closed-lists";

export const AUDIENCE = { web: "pay-and-buy:web", api: "pay-and-buy:api" } as const;
export type Audience = keyof typeof AUDIENCE;

export interface TokenClaims {
  sub: string;
  sid: string;
  /**
   * The user's role when the session began: a hint that lets a page read for that role in the
   * same D1 batch as the session row, which stays the authority (a role change revokes sessions).
   */
  role?: Role;
}

/** Signs with the first secret: a list of secrets allows rotation. */
export function signToken(
  claims: TokenClaims,
  options: { audience: Audience; expiresAt: Date; secrets: string[] },
): Promise<string> {
  return signClaims(claims.role ? { sid: claims.sid, role: claims.role } : { sid: claims.sid }, {
    audience: AUDIENCE[options.audience],
    subject: claims.sub,
    expiresAt: options.expiresAt,
    secrets: options.secrets,
  });
}

/** Accepts a token signed with any of the secrets; anything else (alg, aud, exp) is null. */
export async function verifyToken(
  token: string,
  options: { audience: Audience; secrets: string[] },
): Promise<TokenClaims | null> {
  const read = await readClaims(token, {
    audience: AUDIENCE[options.audience],
    secrets: options.secrets,
    required: ["iat"],
    maxLength: 4096,
  });
  if (!read.ok || typeof read.claims.sid !== "string") return null;
  const { sub, sid } = read.claims;
  const role = ROLES.find((known) => known === read.claims.role);
  return role ? { sub, sid, role } : { sub, sid };
}

const PENDING_AUDIENCE = "pay-and-buy:two-factor";
/** How long a password (or Google) sign-in waits for its second factor. */
export const PENDING_SIGN_IN_TTL_MS = 10 * 60 * 1000;

/**
 * A sign-in whose first factor passed and whose code is still to come: its own id (it is used
 * once: the second step claims it, accounts.server.ts), who, and where they were going.
 */
export interface PendingSignIn {
  id: string;
  userId: string;
  redirectTo: string;
}

export function signPendingSignIn(
  pending: Omit<PendingSignIn, "id"> & { id?: string },
  secrets: readonly string[],
  now = Date.now(),
) {
  return signClaims(
    { to: pending.redirectTo, jti: pending.id ?? crypto.randomUUID() },
    {
      audience: PENDING_AUDIENCE,
      subject: pending.userId,
      expiresAt: new Date(now + PENDING_SIGN_IN_TTL_MS),
      secrets,
      now,
    },
  );
}

/** A pending sign-in's claims; one without its id (made before ids were given) is none. */
export async function verifyPendingSignIn(token: string, secrets: readonly string[]): Promise<PendingSignIn | null> {
  const read = await readClaims(token, { audience: PENDING_AUDIENCE, secrets, required: ["iat"], maxLength: 4096 });
  if (!read.ok || typeof read.claims.to !== "string") return null;
  const { jti } = read.claims;
  if (typeof jti !== "string" || jti.length === 0 || jti.length > 100) return null;
  return { id: jti, userId: read.claims.sub, redirectTo: read.claims.to };
}
