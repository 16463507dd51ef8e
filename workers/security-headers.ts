// The security headers of every response the Worker makes (static files get app/public/_headers):
// Hono's secureHeaders, configured, plus HSTS, which depends on the request (ADR 0050).
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { paymentProviderName } from "#app/domain/deals/payments/checkout.server";
import { parseEnv } from "#app/server/env.server";

const PAYMENT_PAGE = /^\/dashboard\/payment\/[^/]+\/?$/;

/** The payment page, when Stripe is the provider: the only page that loads anything of Stripe's. */
function stripePage(c: Context): boolean {
  return (
    PAYMENT_PAGE.test(c.req.path) &&
    paymentProviderName(parseEnv(c.env as unknown as Record<string, unknown>).settings) === "stripe"
  );
}

/** Sources a directive adds on Stripe's payment page (and `otherwise` anywhere else). */
const onStripePage =
  (sources: string, otherwise = "") =>
  (c: Context) =>
    stripePage(c) ? sources : otherwise;

const PAYOUTS_PAGE = /^\/dashboard\/payouts\/?$/;

/**
 * The seller's Payouts page, when Stripe is the provider: its setup form is answered with a
 * redirect to Stripe's hosted onboarding, which the browser checks against form-action.
 */
const onStripePayoutsPage = (sources: string) => (c: Context) =>
  PAYOUTS_PAGE.test(c.req.path) &&
  paymentProviderName(parseEnv(c.env as unknown as Record<string, unknown>).settings) === "stripe"
    ? sources
    : "";

/**
 * Only our own origin; inline scripts and the inlined stylesheets (ADR 0045) by the request's
 * nonce (a page the edge cache stores trades it for their hashes, ADR 0037); Stripe's origins on
 * the payment page only (and Stripe's onboarding as a form's end on the Payouts page), and only
 * when Stripe is the provider. Style attributes stay forbidden:
 * the Payment Element styles its own frames, not our page. Fonts fall back to default-src, which
 * says the same as a font-src would.
 */
const headers = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", NONCE, onStripePage("https://js.stripe.com")],
    styleSrc: ["'self'", NONCE],
    imgSrc: ["'self'", "data:", "blob:", onStripePage("https://*.stripe.com")],
    connectSrc: ["'self'", onStripePage("https://api.stripe.com")],
    frameSrc: [onStripePage("https://js.stripe.com https://hooks.stripe.com", "'none'")],
    formAction: [
      "'self'",
      (c) => onStripePage("https://checkout.stripe.com")(c) || onStripePayoutsPage("https://connect.stripe.com")(c),
    ],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
  },
  referrerPolicy: "strict-origin-when-cross-origin",
  xFrameOptions: "DENY",
  // Headers for browsers no one uses any more: X-XSS-Protection switched off an auditor no current
  // browser has (the CSP does its work), X-Download-Options spoke to Internet Explorer 8, and
  // X-DNS-Prefetch-Control only stops a browser looking up the hosts of links ahead of time.
  // A page's headers count against its first round trip (ADR 0067).
  xXssProtection: false,
  xDownloadOptions: false,
  xDnsPrefetchControl: false,
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: ["self"] },
  // Set below, for https and a public host only.
  strictTransportSecurity: false,
  // A response that chose a header keeps it (a photo's own sandboxed policy and its
  // cross-origin resource policy, a stored page's hashed policy).
  overwrite: false,
});

const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/**
 * HSTS only over https, and never for a local host: browsers ignore it over http, and a
 * developer's https://localhost pinned to https for two years breaks every other local server.
 * (secureHeaders sets one value for every request.)
 */
function wantsHsts(url: URL): boolean {
  return url.protocol === "https:" && !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/** Security headers on every response the Worker produces; `secureHeadersNonce` is the CSP nonce. */
export const securityHeaders = createMiddleware<{ Bindings: Env }>(async (c, next) => {
  await headers(c, next);
  if (wantsHsts(new URL(c.req.url))) c.res.headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
});
