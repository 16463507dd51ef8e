// Every token the marketplace signs (jose, HS256): sessions and API tokens, a sign-in waiting for
// its second factor, an Add Product page's one-time token, an unsubscribe link. One way to sign
// (the first secret; a list of secrets allows rotation) and one way to read (any of the secrets,
// this issuer and audience, HS256 only, the claims a kind of token needs).
import { errors, type JWTPayload, jwtVerify, SignJWT } from "jose";

export const ISSUER = "pay-and-buy";

const encoder = new TextEncoder();

/** Signs `claims` for `audience` and `subject` with the first secret, valid until `expiresAt`. */
export async function signClaims(
  claims: JWTPayload,
  options: { audience: string; subject: string; expiresAt: Date; secrets: readonly string[]; now?: number },
): Promise<string> {
  const [secret] = options.secrets;
  if (!secret) throw new Error("No signing secret");
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setAudience(options.audience)
    .setSubject(options.subject)
    .setIssuedAt(Math.floor((options.now ?? Date.now()) / 1000))
    .setExpirationTime(Math.floor(options.expiresAt.getTime() / 1000))
    .sign(encoder.encode(secret));
}

/** A token's claims, or why not: `expired` only for a token whose signature checked out. */
export type ClaimsRead = { ok: true; claims: JWTPayload & { sub: string } } | { ok: false; expired: boolean };

/**
 * The claims of a token signed with any of the secrets for `audience`: HS256 only, with `sub`,
 * `exp` and the `required` claims, no longer than `maxLength`.
 */
export async function readClaims(
  token: string,
  options: { audience: string; secrets: readonly string[]; required: string[]; maxLength: number; now?: number },
): Promise<ClaimsRead> {
  if (token.length === 0 || token.length > options.maxLength) return { ok: false, expired: false };
  for (const secret of options.secrets) {
    try {
      const { payload } = await jwtVerify(token, encoder.encode(secret), {
        issuer: ISSUER,
        audience: options.audience,
        algorithms: ["HS256"],
        requiredClaims: ["sub", "exp", ...options.required],
        currentDate: options.now === undefined ? undefined : new Date(options.now),
      });
      if (typeof payload.sub !== "string") return { ok: false, expired: false };
      return { ok: true, claims: payload as JWTPayload & { sub: string } };
    } catch (error) {
      // A genuine token past its time: say so, whichever secret signed it.
      if (error instanceof errors.JWTExpired) return { ok: false, expired: true };
      // Otherwise try the next secret (rotation).
    }
  }
  return { ok: false, expired: false };
}
