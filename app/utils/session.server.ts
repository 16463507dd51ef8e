// The HTTP side of sessions: the cookie, the guards every loader and action calls, sign-in and
// sign-out responses. Tokens and session rows live in the domain layer.
import { redirect } from "@remix-run/cloudflare";
import { database } from "../../db/client";
import type { Role } from "../../db/schema";
import { createSession, findSessionUser, revokeSession, type SessionUser } from "../domain/sessions.server";
import { signToken, verifyToken } from "../domain/tokens.server";
import { readCookie } from "./cookies.server";
import type { EnvContext } from "./env.server";
import { redirectWithToast, type Toast } from "./toast.server";

export type { SessionUser };

export const SESSION_COOKIE = "__Host-pb_session";

function sessionCookie(value: string, maxAgeSeconds: number): string {
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAgeSeconds}`;
}

const cache = new WeakMap<Request, Promise<SessionUser | null>>();

async function lookUpUser(request: Request, context: EnvContext): Promise<SessionUser | null> {
  const token = readCookie(request, SESSION_COOKIE);
  if (!token) return null;
  const claims = await verifyToken(token, {
    audience: "web",
    secrets: context.env.settings.SESSION_SECRET,
  });
  if (!claims) return null;
  return findSessionUser(database(context.env.DB), claims.sid, claims.sub);
}

/** The signed-in user of this request, or null (looked up once per request). */
export function getOptionalUser(request: Request, context: EnvContext): Promise<SessionUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = lookUpUser(request, context);
    cache.set(request, pending);
  }
  return pending;
}

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
  return redirect(`/login?${params}`);
}

/** Signed-out visitors go to /login and come back afterwards. */
export async function requireUser(request: Request, context: EnvContext): Promise<SessionUser> {
  const user = await getOptionalUser(request, context);
  if (!user) throw loginRedirect(request);
  return user;
}

export function forbidden(): Response {
  return new Response(null, { status: 403, statusText: "Forbidden" });
}

/** A signed-in user without the role gets a 403 page, never a login loop. */
export async function requireRole(request: Request, context: EnvContext, roles: readonly Role[]): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}

export const requireAdmin = (request: Request, context: EnvContext) => requireRole(request, context, ["admin"]);
export const requireSeller = (request: Request, context: EnvContext) => requireRole(request, context, ["seller"]);
export const requireBuyer = (request: Request, context: EnvContext) => requireRole(request, context, ["buyer"]);

/** Signed-in visitors of /login and /register go where they were heading. */
export async function requireAnonymous(request: Request, context: EnvContext, redirectTo: string) {
  if (await getOptionalUser(request, context)) throw redirect(redirectTo);
}

/** A fresh session at every sign-in: a new row, a new token, the cookie, a toast. */
export async function signInResponse(
  context: EnvContext,
  userId: string,
  redirectTo: string,
  toast: Toast,
): Promise<Response> {
  const db = database(context.env.DB);
  const session = await createSession(db, userId, "web");
  const token = await signToken(
    { sub: userId, sid: session.id },
    { audience: "web", expiresAt: session.expiresAt, secrets: context.env.settings.SESSION_SECRET },
  );
  const maxAge = Math.floor((session.expiresAt.getTime() - Date.now()) / 1000);
  return redirectWithToast(context, redirectTo, toast, {
    headers: { "Set-Cookie": sessionCookie(token, maxAge) },
  });
}

/** Ends the session on the server and clears the cookie. */
export async function signOutResponse(request: Request, context: EnvContext, redirectTo: string) {
  const user = await getOptionalUser(request, context);
  if (user) await revokeSession(database(context.env.DB), user.sessionId);
  return redirect(redirectTo, { headers: { "Set-Cookie": sessionCookie("", 0) } });
}

/** The client's address, for rate limiting (Cloudflare sets CF-Connecting-IP). */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}
