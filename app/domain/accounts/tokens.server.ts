// Signed tokens (jose, HS256): the session cookie and the REST API's bearer tokens. Both name
// a session row (`sid`) that D1 checks on every request, so revocation is immediate.
import { jwtVerify, SignJWT } from "jose";
import { ROLES, type Role } from "#db/closed-lists";

export const ISSUER = "pay-and-buy";
export const AUDIENCE = { web: "pay-and-buy:web", api: "pay-and-buy:api" } as const;
export type Audience = keyof typeof AUDIENCE;

const encoder = new TextEncoder();

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
export async function signToken(
  claims: TokenClaims,
  options: { audience: Audience; expiresAt: Date; secrets: string[] },
): Promise<string> {
  const [secret] = options.secrets;
  if (!secret) throw new Error("No signing secret");
  return new SignJWT(claims.role ? { sid: claims.sid, role: claims.role } : { sid: claims.sid })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE[options.audience])
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(options.expiresAt.getTime() / 1000))
    .sign(encoder.encode(secret));
}

/** Accepts a token signed with any of the secrets; anything else (alg, aud, exp) is null. */
export async function verifyToken(
  token: string,
  options: { audience: Audience; secrets: string[] },
): Promise<TokenClaims | null> {
  if (token.length > 4096) return null;
  for (const secret of options.secrets) {
    try {
      const { payload } = await jwtVerify(token, encoder.encode(secret), {
        issuer: ISSUER,
        audience: AUDIENCE[options.audience],
        algorithms: ["HS256"],
        requiredClaims: ["sub", "exp", "iat"],
      });
      if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
      const role = ROLES.find((known) => known === payload.role);
      return role ? { sub: payload.sub, sid: payload.sid, role } : { sub: payload.sub, sid: payload.sid };
    } catch {
      // try the next secret
    }
  }
  return null;
}

const PENDING_AUDIENCE = "pay-and-buy:two-factor";
/** How long a password (or Google) sign-in waits for its second factor. */
export const PENDING_SIGN_IN_TTL_MS = 10 * 60 * 1000;

/** A sign-in whose first factor passed and whose code is still to come: who, and where they were going. */
export interface PendingSignIn {
  userId: string;
  redirectTo: string;
}

export async function signPendingSignIn(pending: PendingSignIn, secrets: readonly string[], now = Date.now()) {
  const [secret] = secrets;
  if (!secret) throw new Error("No signing secret");
  return new SignJWT({ to: pending.redirectTo })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(PENDING_AUDIENCE)
    .setSubject(pending.userId)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor((now + PENDING_SIGN_IN_TTL_MS) / 1000))
    .sign(encoder.encode(secret));
}

export async function verifyPendingSignIn(token: string, secrets: readonly string[]): Promise<PendingSignIn | null> {
  if (token.length > 4096) return null;
  for (const secret of secrets) {
    try {
      const { payload } = await jwtVerify(token, encoder.encode(secret), {
        issuer: ISSUER,
        audience: PENDING_AUDIENCE,
        algorithms: ["HS256"],
        requiredClaims: ["sub", "exp", "iat"],
      });
      if (typeof payload.sub !== "string" || typeof payload.to !== "string") return null;
      return { userId: payload.sub, redirectTo: payload.to };
    } catch {
      // try the next secret
    }
  }
  return null;
}
