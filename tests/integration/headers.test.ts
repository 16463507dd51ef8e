// The headers of every page, of photos and static files, and the refusal of cross-site forms.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newPhotoStem, renditionKey } from "#app/domain/catalog/photo-keys";
import { database } from "#db/client";
import { bookings, subscribers, users } from "#db/schema";
// Static files get their headers from this file (Workers assets), not from the Worker.
import staticHeaders from "../../app/public/_headers?raw";
import { app } from "../../workers/app";
import { bearerFor, get, ORIGIN, postForm, sessionCookieFrom, signedInUser } from "./auth-helpers";
import { insertCategory, insertProduct, insertUser } from "./factories";
import { PAGES, pageFixture, pageRouteIds } from "./pages";
import { bookedListing } from "./payment-fixtures";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const HSTS = "max-age=63072000; includeSubDomains";
const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
const stripeEnv = () => ({
  ...testEnv,
  STRIPE_SECRET_KEY: "sk_test_headers",
  STRIPE_PUBLISHABLE_KEY: "pk_test_headers",
});

/** The headers every response of the Worker carries. */
function expectBaseHeaders(response: Response, { https = true } = {}) {
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  expect(response.headers.get("Permissions-Policy")).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  expect(response.headers.get("Strict-Transport-Security")).toBe(https ? HSTS : null);
  expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
  // None for browsers no one uses any more: each byte counts against a page's first round trip.
  for (const obsolete of ["X-XSS-Protection", "X-Download-Options", "X-DNS-Prefetch-Control"]) {
    expect(response.headers.get(obsolete), obsolete).toBeNull();
  }
}

/** A page's policy: scripts by this response's nonce only, and the nonce on every script tag. */
async function expectPagePolicy(response: Response, { stripe = false } = {}) {
  const csp = response.headers.get("Content-Security-Policy") ?? "";
  const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
  expect(scriptSrc).toMatch(/^\s*script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toContain("unsafe-inline");
  expect(csp).not.toContain("unsafe-eval");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'self'");
  if (stripe) {
    expect(scriptSrc).toContain("https://js.stripe.com");
    expect(csp).toContain("frame-src https://js.stripe.com https://hooks.stripe.com");
  } else {
    expect(csp).not.toContain("stripe");
    expect(csp).toContain("frame-src 'none'");
  }
  const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
  const html = await response.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
}

describe("the headers of every page", () => {
  it("names every page of app/routes.ts", () => {
    expect(Object.keys(PAGES).sort()).toEqual(pageRouteIds());
  });

  it("sends the security headers and a nonce policy on every page, for its role", async () => {
    const { requests } = await pageFixture();
    for (const { id, page, path, headers } of requests) {
      const response = await get(path, headers);
      expect(response.status, `${id} ${path}`).toBe(page.status ?? 200);
      expect(response.headers.get("Content-Type"), path).toContain("text/html");
      expectBaseHeaders(response);
      expect(response.headers.get("Cross-Origin-Resource-Policy"), path).toBe("same-origin");
      await expectPagePolicy(response);
    }
  });

  it("sends no HSTS over plain http (a local server)", async () => {
    const response = await SELF.fetch("http://localhost:8787/about");
    expectBaseHeaders(response, { https: false });
    await expectPagePolicy(response);
  });

  it("adds Stripe's origins on the payment page only, and only when Stripe is configured", async () => {
    const { buyer, booking } = await bookedListing();
    const call = (path: string) =>
      app.request(`${ORIGIN}${path}`, { headers: { Cookie: buyer.cookie } }, stripeEnv(), ctx);
    const payment = await call(`/dashboard/payment/${booking.id}`);
    expect(payment.status).toBe(200);
    expectBaseHeaders(payment);
    await expectPagePolicy(payment, { stripe: true });
    for (const path of ["/", "/dashboard/my_orders"]) {
      await expectPagePolicy(await call(path));
    }
    // The same page with the offline test provider needs nothing from Stripe.
    await expectPagePolicy(await get(`/dashboard/payment/${booking.id}`, { Cookie: buyer.cookie }));
  });

  it("lets the Payouts page's setup form end at Stripe's onboarding, only when Stripe is configured", async () => {
    const seller = await signedInUser("seller");
    const formAction = (response: Response) =>
      (response.headers.get("Content-Security-Policy") ?? "")
        .split(";")
        .find((directive) => directive.trim().startsWith("form-action"))
        ?.trim();
    const withStripe = await app.request(
      `${ORIGIN}/dashboard/payouts`,
      { headers: { Cookie: seller.cookie } },
      stripeEnv(),
      ctx,
    );
    expect(withStripe.status).toBe(200);
    expect(formAction(withStripe)).toBe("form-action 'self' https://connect.stripe.com");
    const elsewhere = await app.request(
      `${ORIGIN}/dashboard`,
      { headers: { Cookie: seller.cookie } },
      stripeEnv(),
      ctx,
    );
    expect(formAction(elsewhere)).toBe("form-action 'self'");
    expect(formAction(await get("/dashboard/payouts", { Cookie: seller.cookie }))).toBe("form-action 'self'");
  });
});

describe("caching of personal pages", () => {
  const NO_STORE = "private, no-store";

  it("tells every cache to keep no signed-in page, dashboard page or data request", async () => {
    const { requests } = await pageFixture();
    for (const { id, page, path, headers } of requests) {
      const response = await get(path, headers);
      const expected = page.as !== null || page.noStore || path.startsWith("/dashboard") ? NO_STORE : null;
      expect(response.headers.get("Cache-Control"), `${id} ${path}`).toBe(expected);
    }
    const { cookie } = await signedInUser("buyer");
    // The home page shows a signed-in buyer's name in its dialogs and its actions for that buyer.
    expect((await get("/", { Cookie: cookie })).headers.get("Cache-Control")).toBe(NO_STORE);
    // React Router's data requests (client-side navigation) too.
    const data = await get("/dashboard/my_orders.data", { Cookie: cookie });
    expect(data.status).toBe(200);
    expect(data.headers.get("Cache-Control")).toBe(NO_STORE);
    // A signed-out visit to a dashboard page is a redirect that no cache keeps either.
    expect((await get("/dashboard/my_orders")).headers.get("Cache-Control")).toBe(NO_STORE);
  }, 30_000); // every page for its role: slow on a busy machine

  it("tells every cache to keep no API answer given to a signed-in caller", async () => {
    const { user } = await signedInUser("buyer");
    const auth = await bearerFor(user.id);
    for (const path of ["/api/user", "/api/myOrders", "/api/wishlist"]) {
      const response = await get(path, { Authorization: auth });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe(NO_STORE);
    }
    const { cookie } = await signedInUser("buyer");
    expect((await get("/api/jwt", { Cookie: cookie })).headers.get("Cache-Control")).toBe(NO_STORE);
    expect((await get("/api/advertiseProduct")).headers.get("Cache-Control")).toBeNull();
  });
});

describe("the headers of other responses", () => {
  it("serves photos as inert images: nosniff, a sandboxed policy, HSTS", async () => {
    const key = renditionKey(newPhotoStem(), 640);
    await testEnv.PHOTOS.put(key, new Uint8Array([82, 73, 70, 70]), { httpMetadata: { contentType: "image/webp" } });
    const photo = await get(`/images/${key}`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("Content-Type")).toBe("image/webp");
    expect(photo.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    expect(photo.headers.get("Cache-Control")).toContain("immutable");
    // A public photo may be shown elsewhere (a shared link's preview); a page may not.
    expect(photo.headers.get("Cross-Origin-Resource-Policy")).toBe("cross-origin");
    expectBaseHeaders(photo);
    const missing = await get(`/images/${renditionKey(newPhotoStem(), 320)}`);
    expect(missing.status).toBe(404);
    expectBaseHeaders(missing);
  });

  it("sends the same headers on the API and on text resources", async () => {
    for (const path of ["/api/health", "/robots.txt", "/sitemap.xml"]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expectBaseHeaders(response);
    }
  });

  it("gives static files nosniff, no framing and a policy that runs nothing", () => {
    const [all] = staticHeaders.split(/\n\s*\n/);
    expect(all!.split("\n")[0]).toBe("/*");
    for (const header of [
      "X-Content-Type-Options: nosniff",
      "Referrer-Policy: strict-origin-when-cross-origin",
      "X-Frame-Options: DENY",
      "Permissions-Policy: camera=(), microphone=(), geolocation=()",
    ]) {
      expect(all).toContain(header);
    }
    expect(all).toMatch(/Content-Security-Policy: default-src 'none';.*frame-ancestors 'none'/);
    expect(all).not.toContain("script-src");
  });
});

describe("state-changing requests from another site", () => {
  const crossSite = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };

  it("refuses a cross-site login, registration, logout and subscription, and changes nothing", async () => {
    const { user, password, cookie } = await signedInUser("buyer");
    const login = await postForm("/login", { email: user.email, password, website_confirm: "" }, crossSite);
    expect(login.status).toBe(403);
    expect(sessionCookieFrom(login)).toBeNull();
    expectBaseHeaders(login);

    const register = await postForm(
      "/register",
      { name: "Mallory", email: "mallory@example.com", password: "long enough", role: "seller", website_confirm: "" },
      crossSite,
    );
    expect(register.status).toBe(403);
    expect(await db().select().from(users).where(eq(users.email, "mallory@example.com"))).toHaveLength(0);

    const logout = await postForm("/logout", {}, { ...crossSite, Cookie: cookie });
    expect(logout.status).toBe(403);
    expect((await get("/dashboard/my_orders", { Cookie: cookie })).status).toBe(200);

    const subscribe = await postForm("/subscribe", { email: "victim@example.com" }, crossSite);
    expect(subscribe.status).toBe(403);
    expect(await db().select().from(subscribers)).toHaveLength(0);
  });

  it("refuses a cross-site booking from a signed-in buyer's browser", async () => {
    const category = await insertCategory({ title: "Camera" });
    const seller = await insertUser({ role: "seller" });
    const product = await insertProduct({ sellerId: seller.id, categoryId: category.id });
    const { cookie } = await signedInUser("buyer");
    const fields = { intent: "book", productId: product.id, meetLocation: "Pier 39", buyerContact: "+1 415 555 0100" };
    const response = await postForm("/products/camera", fields, { ...crossSite, Cookie: cookie });
    expect(response.status).toBe(403);
    expect(await db().select().from(bookings)).toHaveLength(0);
  });

  it.each([
    ["a foreign Origin", { Origin: "https://evil.example" }],
    ["a sibling subdomain's Origin", { Origin: "https://shop.pay.test" }],
    ["the same host over http", { Origin: "http://pay.test" }],
    ["an opaque Origin (null)", { Origin: "null" }],
    ["Sec-Fetch-Site: cross-site without Origin", { Origin: "", "Sec-Fetch-Site": "cross-site" }],
    ["Sec-Fetch-Site: same-site without Origin", { Origin: "", "Sec-Fetch-Site": "same-site" }],
    ["a same-origin Origin that says cross-site", { "Sec-Fetch-Site": "cross-site" }],
  ])("refuses %s", async (_, headers) => {
    const response = await subscribeWith(headers);
    expect(response.status).toBe(403);
    expect(await db().select().from(subscribers)).toHaveLength(0);
  });

  it.each([
    ["the site's own Origin", {}],
    ["Sec-Fetch-Site: same-origin without Origin", { Origin: "", "Sec-Fetch-Site": "same-origin" }],
    ["Sec-Fetch-Site: none without Origin (typed by the user)", { Origin: "", "Sec-Fetch-Site": "none" }],
    // Old browsers and scripts: no session cookie rides along cross-site (SameSite=Lax).
    ["neither header", { Origin: "" }],
  ])("accepts %s", async (_, headers) => {
    const response = await subscribeWith(headers);
    expect(response.status).toBe(302);
    expect(await db().select().from(subscribers)).toHaveLength(1);
  });

  it("refuses every unsafe method and lets safe ones through", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const response = await SELF.fetch(`${ORIGIN}/login`, {
        method,
        headers: { Origin: "https://evil.example" },
        redirect: "manual",
      });
      expect(response.status, method).toBe(403);
    }
    const page = await SELF.fetch(`${ORIGIN}/login`, {
      headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    });
    expect(page.status).toBe(200);
  });

  it("leaves /api alone: bearer tokens, not cookies, authenticate it", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/token`, {
      method: "POST",
      headers: { ...crossSite, "Content-Type": "application/json" },
      body: JSON.stringify({ email: "nobody@example.com", password: "wrong password" }),
    });
    expect(response.status).not.toBe(403);
    expect(response.headers.get("Content-Type")).toContain("application/json");
  });
});

/** The footer's subscribe form, posted with these headers (an empty value removes a header). */
function subscribeWith(headers: Record<string, string>) {
  const init = { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN, Host: "pay.test", ...headers };
  const sent = Object.fromEntries(Object.entries(init).filter(([, value]) => value !== ""));
  return SELF.fetch(`${ORIGIN}/subscribe`, {
    method: "POST",
    headers: sent,
    body: new URLSearchParams({ email: "reader@example.com" }),
    redirect: "manual",
  });
}
