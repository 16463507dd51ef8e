import { createMiddleware } from "hono/factory";
import { SESSION_COOKIE } from "#app/server/auth.server";
import { readCookie } from "#app/server/cookies.server";

export const PRIVATE_NO_STORE = "private, no-store";

/** A request made as someone (a session cookie or a bearer token), or for a dashboard page. */
function isPersonal(request: Request): boolean {
  return (
    readCookie(request, SESSION_COOKIE) !== null ||
    request.headers.has("Authorization") ||
    new URL(request.url).pathname.startsWith("/dashboard")
  );
}

/**
 * Pages, data requests, redirects and API answers for a signed-in caller carry that person's data:
 * no cache, shared or the browser's own, may keep them (a proxy, the back button of a shared
 * computer). A response that chose its own caching (a photo, the sitemap) keeps its choice.
 */
export const privateCache = createMiddleware(async (c, next) => {
  await next();
  if (isPersonal(c.req.raw) && !c.res.headers.has("Cache-Control")) {
    c.res.headers.set("Cache-Control", PRIVATE_NO_STORE);
  }
});
