// The pages' side of sessions: the guards every loader and action calls (a redirect to log in,
// a 403 page), sign-in and sign-out responses. Reading the cookie is shared with the REST API
// (app/server/auth.server.ts); tokens and session rows live in the domain layer.
import { redirect } from "@remix-run/cloudflare";
import type { BatchItem } from "drizzle-orm/batch";
import { hasRole } from "#app/domain/accounts/permissions";
import {
  createSession,
  revokeSession,
  type SessionUser,
  sessionUserRead,
  toSessionUser,
  touchSessionStatement,
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
 * Reads a page sends with the session's read, built for the user the cookie names, the role it
 * claims (absent from cookies signed before the claim existed) and its session. The session row
 * decides: when its role is not the one claimed, the reads are built again for the row's role and
 * sent again. A write among them must decide for itself that the session is live (ADR 0046):
 * it runs before the session's read is known, and when the claim was wrong it runs again.
 */
export type SessionReads<Reads extends readonly BatchItem<"sqlite">[] = readonly BatchItem<"sqlite">[]> = (
  userId: string,
  role: Role | undefined,
  sessionId: string,
) => Reads;

/** What a batch of reads returns: each query's rows, in the order of the reads. */
export type ReadsResults<Reads extends readonly unknown[]> = {
  -readonly [K in keyof Reads]: Reads[K] extends PromiseLike<infer Rows> ? Rows : never;
};

interface Rider {
  reads: SessionReads;
  settle: (results: unknown[] | null) => void;
  fail: (error: unknown) => void;
}

/** One request's session: looked up once, with the reads of the loaders that asked in time. */
interface RequestSession {
  user: Promise<SessionUser | null>;
  /** The reads waiting for the session's batch; null once it has been sent. */
  riders: Rider[] | null;
}

// Remix hands each loader of a page its own Request, but one load context per request: the
// session is looked up once per page load, not once per loader (root, layout, route).
const sessionsOfRequest = new WeakMap<EnvContext, RequestSession>();

/**
 * The request's session (ADR 0040). The cookie's signature is checked without D1; then the
 * session row is read in one D1 batch with the reads every loader of the page asked for in the
 * meantime (the loaders of a page start together, before the signature is checked). A rider's
 * results are handed over only when the session row proves the session live for that user.
 */
function requestSession(request: Request, context: EnvContext): RequestSession {
  const known = sessionsOfRequest.get(context);
  if (known) return known;
  const riders: Rider[] = [];
  const session: RequestSession = { riders, user: Promise.resolve(null) };
  session.user = (async () => {
    let claims: Awaited<ReturnType<typeof webSessionClaims>>;
    try {
      claims = await webSessionClaims(request, context.env);
    } catch (error) {
      session.riders = null;
      for (const rider of riders) rider.fail(error);
      throw error;
    }
    session.riders = null;
    if (!claims) {
      for (const rider of riders) rider.settle(null);
      return null;
    }
    const db = database(context.env.DB);
    let reads = riders.map((rider) => rider.reads(claims.sub, claims.role, claims.sid));
    // "Last seen" rides along at most every few minutes; it guards itself (ADR 0046).
    const touch = dueForLastSeen(claims.sid) ? [touchSessionStatement(db, claims.sid, claims.sub)] : [];
    try {
      const [sessionRows, ...rest] = await db.batch([
        sessionUserRead(db, claims.sid, claims.sub),
        ...touch,
        ...(reads.flat() as BatchItem<"sqlite">[]),
      ]);
      const sent = rest.slice(touch.length);
      const user = toSessionUser(sessionRows);
      let results: unknown[] = sent;
      if (user && user.role !== claims.role && reads.some((read) => read.length > 0)) {
        // Built for a role the session does not have: read again, for the role it has.
        reads = riders.map((rider) => rider.reads(user.id, user.role, user.sessionId));
        const [first, ...rest] = reads.flat() as BatchItem<"sqlite">[];
        results = first ? await db.batch([first, ...rest]) : [];
      }
      let next = 0;
      for (const [index, rider] of riders.entries()) {
        const size = reads[index]!.length;
        rider.settle(user ? results.slice(next, next + size) : null);
        next += size;
      }
      return user;
    } catch (error) {
      for (const rider of riders) rider.fail(error);
      throw error;
    }
  })();
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
 * The signed-in user and the results of `reads` (built for that user), in one D1 round trip when
 * the session's read has not left yet, in two otherwise. Signed-out visitors go to /login.
 */
export async function requireUserWith<Reads extends readonly BatchItem<"sqlite">[]>(
  request: Request,
  context: EnvContext,
  reads: SessionReads<Reads>,
): Promise<{ user: SessionUser; results: ReadsResults<Reads> }> {
  const session = requestSession(request, context);
  if (session.riders) {
    const results = new Promise<unknown[] | null>((settle, fail) => session.riders!.push({ reads, settle, fail }));
    const user = await session.user;
    const read = await results;
    if (!user || !read) throw loginRedirect(request);
    await requireTwoFactorSetup(request, context, user);
    return { user, results: read as ReadsResults<Reads> };
  }
  const user = await requireUser(request, context);
  const [first, ...rest] = reads(user.id, user.role, user.sessionId) as readonly BatchItem<"sqlite">[];
  const db = database(context.env.DB);
  return { user, results: (first ? await db.batch([first, ...rest]) : []) as ReadsResults<Reads> };
}

/** `requireUserWith` for a role: a signed-in user without it gets a 403 page. */
export async function requireRoleWith<Reads extends readonly BatchItem<"sqlite">[]>(
  request: Request,
  context: EnvContext,
  roles: readonly Role[],
  reads: SessionReads<Reads>,
): Promise<{ user: SessionUser; results: ReadsResults<Reads> }> {
  const found = await requireUserWith(request, context, reads);
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
  const user = await getOptionalUser(request, context);
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
