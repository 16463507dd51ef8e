// Who is calling: the web session cookie and the API's bearer token, each naming a session row,
// and the client's address. Shared by the pages and the REST API; the guards that answer with a
// redirect or a 403 page live with the pages (app/utils/session.server.ts).

import { findSessionUser, type SessionUser, touchSession } from "#app/domain/accounts/sessions.server";
import { type TokenClaims, verifyToken } from "#app/domain/accounts/tokens.server";
import { database } from "#db/client";
import { readCookie } from "./cookies.server";
import type { AppEnv } from "./env.server";
import { dueForLastSeen } from "./last-seen.server";

export type { SessionUser };

export const SESSION_COOKIE = "__Host-pb_session";

export function sessionCookie(value: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAgeSeconds}`;
}

const webUsers = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The claims of the request's web session cookie once its signature is checked (no D1): the
 * user and the session it names, which the session row must still prove live.
 */
export async function webSessionClaims(request: Request, env: AppEnv): Promise<TokenClaims | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const claims = await verifyToken(token, { audience: "web", secrets: env.settings.SESSION_SECRET });
  return claims;
}

/**
 * The live session's user, recording (at most every few minutes) that the session was seen: the
 * write is read back (`returning`), so the request's read batcher sends it with the session's read.
 */
async function sessionUser(env: AppEnv, claims: TokenClaims): Promise<SessionUser | null> {
  const db = database(env.DB);
  const touch = dueForLastSeen(claims.sid) ? touchSession(db, claims.sid, claims.sub) : null;
  const [user] = await Promise.all([findSessionUser(db, claims.sid, claims.sub), touch]);
  return user;
}

async function lookUpWebUser(request: Request, env: AppEnv): Promise<SessionUser | null> {
  const claims = await webSessionClaims(request, env);
  return claims ? sessionUser(env, claims) : null;
}

/** The user of the request's web session cookie, or null (looked up once per request). */
export function webSessionUser(request: Request, env: AppEnv): Promise<SessionUser | null> {
  let pending = webUsers.get(request);
  if (!pending) {
    pending = lookUpWebUser(request, env);
    webUsers.set(request, pending);
  }
  return pending;
}

/** The user of an `Authorization: Bearer` token for the API, or null. */
export async function bearerUser(authorization: string | undefined, env: AppEnv): Promise<SessionUser | null> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? "");
  if (!match) return null;
  const claims = await verifyToken(match[1]!, { audience: "api", secrets: env.settings.SESSION_SECRET });
  return claims ? sessionUser(env, claims) : null;
}

/** An admin account that has not set up two-factor sign-in yet: admin pages and calls wait for it. */
export function needsTwoFactorSetup(user: Pick<SessionUser, "role" | "twoFactor">): boolean {
  return user.role === "admin" && !user.twoFactor;
}

/** The User-Agent a sign-in records for its session. */
export function userAgentOf(request: Request): string | null {
  return request.headers.get("User-Agent");
}

/** The client's address, for rate limiting (Cloudflare sets CF-Connecting-IP). */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}
