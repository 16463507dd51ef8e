import { createMiddleware } from "hono/factory";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const TRUSTED_FETCH_SITES = new Set(["same-origin", "none"]);

/**
 * Whether a state-changing request comes from another site, as the browser tells it (Origin,
 * Sec-Fetch-Site: a page of another site can forge neither). A request with neither header (an
 * old browser, curl) is let through: it cannot carry a victim's session cookie cross-site,
 * because that cookie is SameSite=Lax.
 */
export function isCrossSiteWrite(request: Request): boolean {
  if (!UNSAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== new URL(request.url).origin) return true;
  const site = request.headers.get("Sec-Fetch-Site");
  return site !== null && !TRUSTED_FETCH_SITES.has(site);
}

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");

/**
 * Forms of the HTML site accept only submissions from the site itself (defence in depth beside
 * SameSite=Lax). /api is exempt: it authenticates with bearer tokens, never cookies (GET /api/jwt
 * reads the cookie but is a GET), and the Stripe webhook is signed.
 */
export const sameOriginForms = createMiddleware(async (c, next) => {
  if (!isApi(c.req.path) && isCrossSiteWrite(c.req.raw)) {
    return c.text("This form was sent from another site, so it was refused. Please send it again from Pay&Buy.", 403);
  }
  await next();
});
