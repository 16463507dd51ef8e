// Forms of the HTML site accept only submissions from the site itself, as the browser tells it
// (defence in depth beside SameSite=Lax cookies; ADR 0015, ADR 0050): Hono's csrf middleware.
import type { Context } from "hono";
import { csrf } from "hono/csrf";
import { createMiddleware } from "hono/factory";
import { HTTPException } from "hono/http-exception";

export const CROSS_SITE_REFUSAL =
  "This form was sent from another site, so it was refused. Please send it again from Pay&Buy.";

/** What Sec-Fetch-Site says of a request a person made on this site, or typed in. */
const OUR_SITE = new Set(["same-origin", "none"]);

const originIsOurs = (c: Context) => {
  const origin = c.req.header("Origin");
  return origin === undefined || origin === new URL(c.req.url).origin;
};
const siteIsOurs = (c: Context) => {
  const site = c.req.header("Sec-Fetch-Site");
  return site === undefined || OUR_SITE.has(site);
};

/**
 * Each header the browser sends must name this site: `Origin` exactly the request's origin (not a
 * subdomain, not http, not `null`), `Sec-Fetch-Site` `same-origin` or `none`. (csrf alone lets a
 * request through when either one does.)
 */
const formsFromThisSite = csrf({
  origin: (origin, c) => origin === new URL(c.req.url).origin && siteIsOurs(c),
  secFetchSite: (site, c) => OUR_SITE.has(site) && originIsOurs(c),
});

const isApi = (path: string) => path === "/api" || path.startsWith("/api/");
/**
 * A letter's one-click unsubscribe (RFC 8058): the mail client POSTs from its own origin. The
 * signed token in the path is the authority, no cookie is read, and all it can do is turn off
 * one kind of email for its recipient (ADR 0062).
 */
const isOneClickUnsubscribe = (path: string) => /^\/unsubscribe\/[^/]+$/.test(path);

/**
 * /api is exempt: it authenticates with bearer tokens, never cookies (GET /api/jwt reads the
 * cookie but is a GET), and the Stripe webhook is signed. A request with neither header (curl, a
 * script, a browser too old for either) is let through: it cannot carry a victim's session cookie
 * cross-site, which is SameSite=Lax; csrf would refuse it.
 */
export const sameOriginForms = createMiddleware(async (c, next) => {
  if (isOneClickUnsubscribe(c.req.path)) {
    // The mail client's origin is expected here and says nothing: it is left out of the request
    // React Router sees (which would refuse an Origin that is not a URL).
    if (c.req.header("Origin") !== undefined) {
      const headers = new Headers(c.req.raw.headers);
      headers.delete("Origin");
      c.req.raw = new Request(c.req.raw, { headers });
    }
    return next();
  }
  if (isApi(c.req.path) || (c.req.header("Origin") === undefined && c.req.header("Sec-Fetch-Site") === undefined)) {
    return next();
  }
  try {
    await formsFromThisSite(c, next);
  } catch (error) {
    // csrf's own refusal (downstream errors never reach here: Hono answers them where they occur).
    if (error instanceof HTTPException && error.status === 403) return c.text(CROSS_SITE_REFUSAL, 403);
    throw error;
  }
});
