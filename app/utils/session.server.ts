// The pages' side of sessions: the guards every loader and action calls (a redirect to log in,
// a 403 page), sign-in and sign-out responses. Reading the cookie is shared with the REST API
// (app/server/auth.server.ts); tokens and session rows live in the domain layer.
import { redirect } from "react-router";
import { hasRole } from "#app/domain/accounts/permissions";
import {
  createSession,
  findSessionUser,
  revokeSession,
  type SessionUser,
  touchSession,
} from "#app/domain/accounts/sessions.server";
import { signPendingSignIn, signToken } from "#app/domain/accounts/tokens.server";
import { TWO_FACTOR_MESSAGES } from "#app/domain/accounts/two-factor.server";
import { needsTwoFactorSetup, sessionCookie, userAgentOf, webSessionClaims } from "#app/server/auth.server";
import type { EnvContext } from "#app/server/env.server";
import { dueForLastSeen } from "#app/server/last-seen.server";
import { database } from "#db/client";
import type { Role } from "#db/closed-lists";
import { TWO_FACTOR_SETUP_PATH } from "./dashboard-tabs";
import { redirectWithToast, type Toast } from "./toast.server";

export type { SessionUser };

/**
 * Who the session cookie says is asking, before D1 has confirmed it: the cookie's signature is
 * checked, the session row is not read yet. A loader reads for this viewer while the session's own
 * read is on its way, so both travel in one D1 batch (db/read-batcher.ts, ADR 0069); what it read
 * is handed over only once the session row proves the session live for that user.
 */
export interface ClaimedViewer {
  id: string;
  /** The role the cookie claims (absent from cookies signed before the claim existed). */
  role: Role | undefined;
  sessionId: string;
}

/** One request's session: its cookie's claims, then its user, each looked up once. */
interface RequestSession {
  claims: Promise<ClaimedViewer | null>;
  user: Promise<SessionUser | null>;
}

// React Router hands each loader of a page its own Request, but one load context per request: the
// session is looked up once per page load, not once per loader (root, layout, route).
const sessionsOfRequest = new WeakMap<EnvContext, RequestSession>();

/**
 * The request's session (ADR 0040). The cookie's signature is checked without D1; then the
 * session row is read as an ordinary read, which the request's read batcher sends with every
 * other read the page's loaders start in the same turn. "Last seen" rides along at most every
 * few minutes; the write guards itself (ADR 0046).
 */
function requestSession(request: Request, context: EnvContext): RequestSession {
  const known = sessionsOfRequest.get(context);
  if (known) return known;
  const claims = webSessionClaims(request, context.env).then((verified) =>
    verified ? { id: verified.sub, role: verified.role, sessionId: verified.sid } : null,
  );
  const user = claims.then(async (viewer) => {
    if (!viewer) return null;
    const db = database(context.env.DB);
    const touch = dueForLastSeen(viewer.sessionId) ? touchSession(db, viewer.sessionId, viewer.id) : null;
    const [user] = await Promise.all([findSessionUser(db, viewer.sessionId, viewer.id), touch]);
    return user;
  });
  const session = { claims, user };
  sessionsOfRequest.set(context, session);
  return session;
}

/** The signed-in user of this request, or null (looked up once per request). */
export function getOptionalUser(request: Request, context: EnvContext): Promise<SessionUser | null> {
  return requestSession(request, context).user;
}

/** The pages an admin without two-factor sign-in may still open (the setup is among them). */
const OPEN_BEFORE_SETUP = ["/dashboard/settings", "/logout"];

function mayOpenBeforeSetup(request: Request): boolean {
  const path = new URL(request.url).pathname;
  return OPEN_BEFORE_SETUP.some((open) => path === open || path.startsWith(`${open}/`));
}

/** An admin without two-factor sign-in sees the setup before any other signed-in page. */
async function requireTwoFactorSetup(request: Request, context: EnvContext, user: SessionUser) {
  if (needsTwoFactorSetup(user) && !mayOpenBeforeSetup(request)) {
    throw await redirectWithToast(context, TWO_FACTOR_SETUP_PATH, {
      type: "info",
      message: TWO_FACTOR_MESSAGES.setupRequired,
    });
  }
}

/**
 * The signed-in user, or null, with a way to what `read` found for them: `read` starts as soon as
 * the cookie's signature is checked, with the session's read in the same batch, and its result is
 * handed over only when the session row confirms the viewer. A read built for a role the session
 * no longer has is done again for the role it has.
 */
async function confirmedRead<Data>(
  request: Request,
  context: EnvContext,
  read: (viewer: ClaimedViewer) => Promise<Data>,
): Promise<{ user: SessionUser; data: () => Promise<Data> } | null> {
  const session = requestSession(request, context);
  const viewer = await session.claims;
  if (!viewer) return null;
  const reading = read(viewer);
  // Settled either way: a read refused for a session that is not live never surfaces its error.
  reading.catch(() => {});
  const user = await session.user;
  if (!user) return null;
  if (user.role === viewer.role) return { user, data: () => reading };
  return { user, data: () => read({ id: user.id, role: user.role, sessionId: user.sessionId }) };
}

/**
 * The signed-in user and what `read` found for them, in one D1 round trip (`confirmedRead`).
 * Signed-out visitors go to /login.
 */
export async function requireUserWith<Data>(
  request: Request,
  context: EnvContext,
  read: (viewer: ClaimedViewer) => Promise<Data>,
): Promise<{ user: SessionUser; data: Data }> {
  const found = await confirmedRead(request, context, read);
  if (!found) throw loginRedirect(request);
  await requireTwoFactorSetup(request, context, found.user);
  return { user: found.user, data: await found.data() };
}

/**
 * `requireUserWith` for a page that signed-out visitors see too: the signed-in user and what
 * `read` found for them in one D1 round trip, or no user and nothing read (`read` is not called
 * for a visitor without a session cookie, and what it found for a session that is not live is
 * dropped).
 */
export async function getOptionalUserWith<Data>(
  request: Request,
  context: EnvContext,
  read: (viewer: ClaimedViewer) => Promise<Data>,
): Promise<{ user: SessionUser; data: Data } | { user: null; data: null }> {
  const found = await confirmedRead(request, context, read);
  return found ? { user: found.user, data: await found.data() } : { user: null, data: null };
}

/** `requireUserWith` for a role: a signed-in user without it gets a 403 page. */
export async function requireRoleWith<Data>(
  request: Request,
  context: EnvContext,
  roles: readonly Role[],
  read: (viewer: ClaimedViewer) => Promise<Data>,
): Promise<{ user: SessionUser; data: Data }> {
  const found = await requireUserWith(request, context, read);
  if (!hasRole(found.user, roles)) throw forbidden();
  return found;
}

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
  return redirect(`/login?${params}`);
}

/**
 * Signed-out visitors go to /login and come back afterwards; an admin without two-factor
 * sign-in goes to set it up first (only the settings pages and Logout are open until then).
 */
export async function requireUser(request: Request, context: EnvContext): Promise<SessionUser> {
  return requireSignedIn(request, context, await getOptionalUser(request, context));
}

/** `requireUser` for a viewer the page has read already (`getOptionalUser`). */
export async function requireSignedIn(
  request: Request,
  context: EnvContext,
  user: SessionUser | null,
): Promise<SessionUser> {
  if (!user) throw loginRedirect(request);
  await requireTwoFactorSetup(request, context, user);
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

/** The cookie of a sign-in waiting for its second factor (10 minutes). */
export const PENDING_SIGN_IN_COOKIE = "__Host-pb_2fa";
export const TWO_FACTOR_SIGN_IN_PATH = "/login/two-factor";

export function pendingSignInCookie(value: string, maxAgeSeconds: number): string {
  return `${PENDING_SIGN_IN_COOKIE}=${value}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAgeSeconds}`;
}

/**
 * The end of a first factor (a password, Google): a session at once, or, for an account with
 * two-factor sign-in, the page that asks for its code, with the pending sign-in in a short-lived
 * signed cookie.
 */
export async function completeSignIn(
  request: Request,
  context: EnvContext,
  user: { id: string; role: Role; twoFactor: boolean },
  redirectTo: string,
  toast: Toast,
): Promise<Response> {
  if (!user.twoFactor) return signInResponse(request, context, user, redirectTo, toast);
  const token = await signPendingSignIn({ userId: user.id, redirectTo }, context.env.settings.SESSION_SECRET);
  return redirect(TWO_FACTOR_SIGN_IN_PATH, { headers: { "Set-Cookie": pendingSignInCookie(token, 600) } });
}

/** A fresh session at every sign-in: a new row, a new token, the cookie, a toast. */
export async function signInResponse(
  request: Request,
  context: EnvContext,
  user: { id: string; role: Role },
  redirectTo: string,
  toast: Toast,
  extraCookies: readonly string[] = [],
): Promise<Response> {
  const db = database(context.env.DB);
  const session = await createSession(db, user.id, "web", { userAgent: userAgentOf(request) });
  const token = await signToken(
    { sub: user.id, sid: session.id, role: user.role },
    { audience: "web", expiresAt: session.expiresAt, secrets: context.env.settings.SESSION_SECRET },
  );
  const maxAge = Math.floor((session.expiresAt.getTime() - Date.now()) / 1000);
  const headers = new Headers({ "Set-Cookie": sessionCookie(token, maxAge) });
  for (const cookie of extraCookies) headers.append("Set-Cookie", cookie);
  return redirectWithToast(context, redirectTo, toast, { headers });
}

/** Ends the session on the server and clears the cookie. */
export async function signOutResponse(request: Request, context: EnvContext, redirectTo: string) {
  const user = await getOptionalUser(request, context);
  if (user) await revokeSession(database(context.env.DB), user.sessionId);
  sessionsOfRequest.delete(context);
  return redirect(redirectTo, { headers: { "Set-Cookie": sessionCookie("", 0) } });
}
