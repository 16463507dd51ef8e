// The pages' side of sessions: the guards every loader and action calls (a redirect to log in,
// a 403 page), sign-in and sign-out responses. Reading the cookie is shared with the REST API
// (app/server/auth.server.ts); tokens and session rows live in the domain layer.
import { redirect } from "@remix-run/cloudflare";
import { database } from "../../db/client";
import type { Role } from "../../db/schema";
import { hasRole } from "../domain/permissions";
import { createSession, revokeSession, type SessionUser } from "../domain/sessions.server";
import { signToken } from "../domain/tokens.server";
import { sessionCookie, webSessionUser } from "../server/auth.server";
import type { EnvContext } from "../server/env.server";
import { redirectWithToast, type Toast } from "./toast.server";

export type { SessionUser };

/** The signed-in user of this request, or null (looked up once per request). */
export function getOptionalUser(request: Request, context: EnvContext): Promise<SessionUser | null> {
  return webSessionUser(request, context.env);
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
  if (!hasRole(user, roles)) throw forbidden();
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
