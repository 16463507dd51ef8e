import { createMiddleware } from "hono/factory";
import { paymentProviderName } from "#app/domain/deals/payments/checkout.server";
import { createNonce } from "#app/load-context";
import { parseEnv } from "#app/server/env.server";

export type WorkerVariables = {
  /** The request's CSP nonce, made when first asked for: a page the edge cache answers needs none. */
  nonce: () => string;
};

/** A page's inline elements as its policy allows them: by the request's nonce, or by hashes. */
export type InlineSources = string | { hashes: string[]; styleHashes?: string[] };

const sources = (hashes: string[] | undefined) => (hashes ?? []).map((hash) => ` 'sha256-${hash}'`).join("");

/**
 * The Content-Security-Policy for HTML: only our own origin, inline scripts and the inlined
 * stylesheet (ADR 0045) by nonce (or, for a page the edge cache stores, by their hashes: ADR
 * 0037). Stripe's origins are added on the payment page only, and only when Stripe is the
 * provider.
 */
export function contentSecurityPolicy(nonce: InlineSources, options: { stripe?: boolean } = {}): string {
  const stripe = options.stripe === true;
  const scripts = typeof nonce === "string" ? ` 'nonce-${nonce}'` : sources(nonce.hashes);
  const styles = typeof nonce === "string" ? ` 'nonce-${nonce}'` : sources(nonce.styleHashes);
  return [
    "default-src 'self'",
    `script-src 'self'${scripts}${stripe ? " https://js.stripe.com" : ""}`,
    // The Payment Element sets inline styles inside its own frames, not on our page; style
    // attributes stay forbidden.
    `style-src 'self'${styles}`,
    `img-src 'self' data: blob:${stripe ? " https://*.stripe.com" : ""}`,
    "font-src 'self'",
    `connect-src 'self'${stripe ? " https://api.stripe.com" : ""}`,
    `frame-src ${stripe ? "https://js.stripe.com https://hooks.stripe.com" : "'none'"}`,
    `form-action 'self'${stripe ? " https://checkout.stripe.com" : ""}`,
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const PAYMENT_PAGE = /^\/dashboard\/payment\/[^/]+\/?$/;

const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/**
 * HSTS only over https, and never for a local host: browsers ignore it over http, and a
 * developer's https://localhost pinned to https for two years breaks every other local server.
 */
function wantsHsts(url: URL): boolean {
  return url.protocol === "https:" && !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/** Security headers on every response the Worker produces (static assets get _headers). */
export const securityHeaders = createMiddleware<{ Bindings: Env; Variables: WorkerVariables }>(async (c, next) => {
  let nonce: string | undefined;
  const nonceOf = () => {
    nonce ??= createNonce();
    return nonce;
  };
  c.set("nonce", nonceOf);
  await next();
  const headers = c.res.headers;
  const url = new URL(c.req.url);
  if (wantsHsts(url)) headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
  if (!headers.has("Content-Security-Policy")) {
    const stripe =
      PAYMENT_PAGE.test(url.pathname) &&
      paymentProviderName(parseEnv(c.env as unknown as Record<string, unknown>).settings) === "stripe";
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonceOf(), { stripe }));
  }
});
