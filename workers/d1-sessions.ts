// D1 read replication through the Sessions API (ADR 0038). Every request runs its queries in one
// session: a write starts at the primary; a read may start at any replica, unless the visitor
// carries a bookmark (the `pb_d1` cookie, or the `x-d1-bookmark` header for programs), in which
// case it starts at a replica at least as new as that bookmark. After a write (or a read that
// sets a cookie, such as a sign-in callback), and whenever a visitor already carries one, the
// response carries the session's newest bookmark, so a visitor always reads their own writes.
import { createMiddleware } from "hono/factory";
import { readCookie } from "#app/server/cookies.server";
import { withDatabase } from "#app/server/env.server";

export const BOOKMARK_COOKIE = "pb_d1";
export const BOOKMARK_HEADER = "x-d1-bookmark";
/** Long enough for any replica to catch up with a write; it is renewed on every visit. */
export const BOOKMARK_MAX_AGE_SECONDS = 120;

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
// A bookmark is an opaque token made by D1; anything else is ignored rather than sent to D1.
const BOOKMARK = /^[A-Za-z0-9._:+/=-]{1,200}$/;

function sentBookmark(request: Request): string | null {
  const candidate = request.headers.get(BOOKMARK_HEADER) ?? readCookie(request, BOOKMARK_COOKIE);
  return candidate !== null && BOOKMARK.test(candidate) ? candidate : null;
}

export function bookmarkCookie(bookmark: string): string {
  return `${BOOKMARK_COOKIE}=${bookmark}; Path=/; Max-Age=${BOOKMARK_MAX_AGE_SECONDS}; HttpOnly; Secure; SameSite=Lax`;
}

/** Where a request's session starts: the primary for a write, the visitor's bookmark, or anywhere. */
export function sessionStart(request: Request): { constraint: string; bookmark: string | null; write: boolean } {
  const write = !READS.has(request.method);
  const bookmark = sentBookmark(request);
  if (write) return { constraint: "first-primary", bookmark, write };
  return { constraint: bookmark ?? "first-unconstrained", bookmark, write };
}

export const d1Sessions = createMiddleware<{ Bindings: Env }>(async (c, next) => {
  const binding = c.env.DB;
  if (typeof binding?.withSession !== "function") return next();
  const start = sessionStart(c.req.raw);
  let session: D1DatabaseSession;
  try {
    session = binding.withSession(start.constraint);
  } catch {
    // A bookmark D1 does not accept (too old, not ours): start anywhere, as a new visitor.
    session = binding.withSession(start.write ? "first-primary" : "first-unconstrained");
  }
  c.env = withDatabase(c.env, session as unknown as D1Database);
  await next();
  // A read that sets no cookie, by a visitor without a bookmark, adds none: the page stays
  // cacheable. A GET that sets a cookie may have written (Google's sign-in callback makes a session).
  if (!start.write && start.bookmark === null && !c.res.headers.has("Set-Cookie")) return;
  const latest = session.getBookmark();
  if (latest === null || latest === start.bookmark || !BOOKMARK.test(latest)) return;
  c.res.headers.set(BOOKMARK_HEADER, latest);
  if (c.req.header(BOOKMARK_HEADER) === undefined) c.res.headers.append("Set-Cookie", bookmarkCookie(latest));
});
