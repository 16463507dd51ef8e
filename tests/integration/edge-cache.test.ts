// The edge cache of signed-out public pages (ADR 0037) and the D1 session bookmark (ADR 0038).
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { beforeEach, describe, expect, it } from "vitest";
import { database } from "#db/client";
import { bookings } from "#db/schema";
import { app } from "../../workers/app";
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, sessionStart } from "../../workers/d1-sessions";
import {
  BROWSER_CACHE_CONTROL,
  bumpVersion,
  cacheKeyPath,
  edgeCache,
  edgeStore,
  forgetIsolateCopies,
  readVersion,
} from "../../workers/edge-cache";
import { runScheduled } from "../../workers/scheduled";
import { securityHeaders } from "../../workers/security-headers";
import { bearerFor, ORIGIN, sessionCookieFor } from "./auth-helpers";
import { insertCategory, insertProduct, insertUser } from "./factories";
import { bookedListing } from "./payment-fixtures";
import { testEnv } from "./test-env";

const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
let env: typeof testEnv & { EDGE_CACHE: string };

/** A request to the Worker with the edge cache on, as in production. */
function call(path: string, init: RequestInit = {}) {
  return app.request(`${ORIGIN}${path}`, { redirect: "manual", ...init }, env, ctx);
}

beforeEach(async () => {
  env = { ...testEnv, EDGE_CACHE: "on" };
  // The database starts empty for every test; so must the cache (a new version finds nothing).
  await bumpVersion();
});

async function world() {
  const category = await insertCategory({ title: "Camera Lens" });
  const seller = await insertUser({ role: "seller", name: "Sellie Lensmith", verifiedAt: new Date() });
  const buyer = await insertUser({ role: "buyer", name: "Bartholomew Privatename" });
  const product = await insertProduct({
    sellerId: seller.id,
    categoryId: category.id,
    name: "Nikkor 50mm Edgecached",
    advertised: true,
  });
  return { category, seller, buyer, product };
}

/**
 * The hashes a browser computes for a page's inline scripts (no `src`, data blocks included) or
 * styles: the test's own reading of the markup, not the Worker's.
 */
async function hashesOfInline(html: string, element: "script" | "style"): Promise<string[]> {
  const texts = [...html.matchAll(new RegExp(`<${element}\\b([^>]*)>([\\s\\S]*?)</${element}>`, "g"))]
    .filter((match) => element === "style" || !/\ssrc=/.test(match[1] ?? ""))
    .map((match) => match[2] ?? "");
  const hashes = await Promise.all(
    texts.map(async (text) => {
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
      return btoa(String.fromCharCode(...new Uint8Array(digest)));
    }),
  );
  return [...new Set(hashes)];
}

describe("the edge cache", () => {
  it("answers a signed-out home page from the cache the second time, the same page", async () => {
    await world();
    const first = await call("/");
    expect(first.status).toBe(200);
    expect(first.headers.get("X-Cache")).toBe("MISS");
    expect(first.headers.get("Cache-Control")).toBe(BROWSER_CACHE_CONTROL);
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const firstHtml = await first.text();
    expect(firstHtml).toContain("Nikkor 50mm Edgecached");

    const second = await call("/");
    expect(second.headers.get("X-Cache")).toBe("HIT");
    expect(second.headers.get("ETag")).toBe(etag);
    expect(second.headers.get("Cache-Control")).toBe(BROWSER_CACHE_CONTROL);
    expect(second.headers.get("X-Frame-Options")).toBe("DENY");
    expect(await second.text()).toBe(firstHtml);

    // Another isolate of the data centre finds the page in the Cache API, the same bytes.
    forgetIsolateCopies();
    const third = await call("/");
    expect(third.headers.get("X-Cache")).toBe("HIT");
    expect(third.headers.get("ETag")).toBe(etag);
    expect(third.headers.get("Content-Security-Policy")).toBe(second.headers.get("Content-Security-Policy"));
    expect(await third.text()).toBe(firstHtml);
  });

  it("caches the blog, a listing page, search results and the public API reads", async () => {
    const { product } = await world();
    for (const path of [
      "/blog",
      "/about",
      `/listings/${product.id}`,
      "/search?q=nikkor",
      `/api/listings/${product.id}`,
    ]) {
      expect((await call(path)).headers.get("X-Cache"), path).toBe("MISS");
      const again = await call(path);
      expect(again.status, path).toBe(200);
      expect(again.headers.get("X-Cache"), path).toBe("HIT");
    }
    expect((await call(`/api/listings/${product.id}`)).headers.get("Content-Type")).toContain("application/json");
  });

  it("never stores a signed-in page, nor serves it to anyone else, nor a stored page to a signed-in visitor", async () => {
    const { buyer } = await world();
    const cookie = await sessionCookieFor(buyer.id);
    const signedIn = await call("/", { headers: { Cookie: cookie } });
    expect(signedIn.headers.get("X-Cache")).toBe("BYPASS");
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
    // The frame of a signed-in page: a sign-out button where a visitor has the sign-in link.
    const signedInFrame = /<button[^>]*>Logout<\/button>/;
    expect(await signedIn.text()).toMatch(signedInFrame);

    const signedOut = await call("/");
    expect(signedOut.headers.get("X-Cache")).toBe("MISS");
    expect(await signedOut.text()).not.toMatch(signedInFrame);
    expect((await call("/")).headers.get("X-Cache")).toBe("HIT");

    // With the signed-out page stored, the signed-in visitor still gets their own.
    const again = await call("/", { headers: { Cookie: cookie } });
    expect(again.headers.get("X-Cache")).toBe("BYPASS");
    expect(await again.text()).toMatch(signedInFrame);
    // A bearer token, or any cookie at all, is a personal request too.
    const auth = await call("/api/search?q=nikkor", { headers: { Authorization: await bearerFor(buyer.id) } });
    expect(auth.headers.get("X-Cache")).toBe("BYPASS");
    expect((await call("/", { headers: { Cookie: "pb_toast=anything" } })).headers.get("X-Cache")).toBe("BYPASS");
    expect((await call("/", { headers: { [BOOKMARK_HEADER]: "0000abc-1" } })).headers.get("X-Cache")).toBe("BYPASS");
  });

  it("never serves a page stored by another build: its stylesheets and scripts are gone", async () => {
    const served: string[] = [];
    const probe = (release: string) =>
      new Hono<{ Bindings: Env }>()
        .use("*", edgeCache(release))
        .use("*", securityHeaders)
        .get("/about", (c) => {
          served.push(release);
          return c.html(`<link rel="stylesheet" href="/assets/frame-${release}.css"><p>about</p>`);
        });
    const before = probe("build-1");
    expect((await before.request(`${ORIGIN}/about`, {}, env, ctx)).headers.get("X-Cache")).toBe("MISS");
    expect((await before.request(`${ORIGIN}/about`, {}, env, ctx)).headers.get("X-Cache")).toBe("HIT");
    const after = await probe("build-2").request(`${ORIGIN}/about`, {}, env, ctx);
    expect(after.headers.get("X-Cache")).toBe("MISS");
    expect(await after.text()).toContain("frame-build-2.css");
    expect(served).toEqual(["build-1", "build-2"]);
  });

  it("answers from the isolate's own copy without asking the Cache API, until the copy is forgotten", async () => {
    let served = 0;
    const probe = new Hono<{ Bindings: Env }>()
      .use("*", edgeCache("isolate"))
      .use("*", securityHeaders)
      .get("/about", (c) => {
        served++;
        return c.html("<p>about</p>");
      });
    const call = () => probe.request(`${ORIGIN}/about`, {}, env, ctx);
    expect((await call()).headers.get("X-Cache")).toBe("MISS");
    // The data centre's copy is gone (evicted, or another data centre): this isolate still has one.
    const key = `${ORIGIN}/__edge-cache/isolate/${await readVersion()}/about`;
    expect(await edgeStore().delete(new Request(key))).toBe(true);
    expect((await call()).headers.get("X-Cache")).toBe("HIT");
    expect(served).toBe(1);
    forgetIsolateCopies();
    expect((await call()).headers.get("X-Cache")).toBe("MISS");
    expect(served).toBe(2);
  });

  it("never stores a response that sets a cookie or is not a 200", async () => {
    let served = 0;
    const probe = new Hono<{ Bindings: Env }>()
      .use("*", edgeCache("test"))
      .use("*", securityHeaders)
      .get("/about", (c) => {
        served++;
        c.header("Set-Cookie", "pb_toast=hello; Path=/");
        return c.html("<p>about</p>");
      });
    for (let i = 0; i < 2; i++) {
      const response = await probe.request(`${ORIGIN}/about`, {}, env, ctx);
      expect(response.headers.get("X-Cache")).toBe("BYPASS");
      expect(response.headers.get("Set-Cookie")).toContain("pb_toast");
    }
    expect(served).toBe(2);
    for (let i = 0; i < 2; i++) {
      const missing = await call("/listings/no-such-listing");
      expect(missing.status).toBe(404);
      expect(missing.headers.get("X-Cache")).toBe("BYPASS");
    }
  });

  it("shows a change on the next signed-out request after a write", async () => {
    const { seller, category } = await world();
    const hidden = await insertProduct({ sellerId: seller.id, categoryId: category.id, name: "Leica Q Versioned" });
    expect(await (await call("/")).text()).not.toContain("Leica Q Versioned");
    expect((await call("/")).headers.get("X-Cache")).toBe("HIT");

    // A refused write changes nothing, and keeps the cache.
    const refused = await call(`/api/product/${hidden.id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ isAdvertise: true }),
    });
    expect(refused.status).toBe(401);
    expect((await call("/")).headers.get("X-Cache")).toBe("HIT");

    const advertised = await call(`/api/product/${hidden.id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: await bearerFor(seller.id) },
      body: JSON.stringify({ isAdvertise: true }),
    });
    expect(advertised.status).toBe(200);
    const after = await call("/");
    expect(after.headers.get("X-Cache")).toBe("MISS");
    expect(await after.text()).toContain("Leica Q Versioned");
  });

  it("shows a price drop struck through on a stored listing page right after the edit (ADR 0063)", async () => {
    const { seller, product } = await world();
    const path = `/listings/${product.id}`;
    const was = /data-testid="was-price"/;
    expect(await (await call(path)).text()).not.toMatch(was);
    expect((await call(path)).headers.get("X-Cache")).toBe("HIT");
    const edited = await call(`/api/product/${product.id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: await bearerFor(seller.id) },
      body: JSON.stringify({
        productName: product.name,
        category: "camera lens",
        condition: product.condition,
        description: product.description,
        originalPrice: product.originalPriceCents / 100,
        resalePrice: product.resalePriceCents / 100 - 50,
        purchaseYear: product.purchaseYear,
        contact: product.contact,
        location: product.location,
      }),
    });
    expect(edited.status).toBe(200);
    const after = await call(path);
    expect(after.headers.get("X-Cache")).toBe("MISS");
    expect(await after.text()).toMatch(was);
  });

  it("shows a listing bookable again after the maintenance job ends its expired booking", async () => {
    const now = Date.now();
    const { product } = await bookedListing(45_000);
    await database(testEnv.DB)
      .update(bookings)
      .set({ expiresAt: new Date(now - 60_000) })
      .where(eq(bookings.productId, product.id));
    const before = await (await call(`/listings/${product.id}`)).text();
    expect((await call(`/listings/${product.id}`)).headers.get("X-Cache")).toBe("HIT");
    const result = await runScheduled(now, env as unknown as Record<string, unknown>);
    expect(result.productsReleased).toBe(1);
    const after = await call(`/listings/${product.id}`);
    expect(after.headers.get("X-Cache")).toBe("MISS");
    expect(await after.text()).not.toBe(before);
  });

  it("answers 304 to a matching If-None-Match, fresh or stored", async () => {
    await world();
    const first = await call("/blog");
    const etag = first.headers.get("ETag")!;
    const stored = await call("/blog", { headers: { "If-None-Match": etag } });
    expect(stored.status).toBe(304);
    expect(stored.headers.get("ETag")).toBe(etag);
    expect(await stored.text()).toBe("");
    const other = await call("/blog", { headers: { "If-None-Match": '"something-else"' } });
    expect(other.status).toBe(200);
  });

  it("allows a stored page's inline scripts and inlined stylesheet by their hashes, with no nonce anywhere", async () => {
    await world();
    await call("/");
    const hit = await call("/");
    expect(hit.headers.get("X-Cache")).toBe("HIT");
    const csp = hit.headers.get("Content-Security-Policy") ?? "";
    expect(csp).not.toContain("nonce");
    expect(csp).not.toContain("unsafe-inline");
    const html = await hit.text();
    expect(html).not.toMatch(/\snonce=/);
    for (const [element, directive] of [
      ["script", "script-src"],
      ["style", "style-src"],
    ] as const) {
      const hashes = await hashesOfInline(html, element);
      expect(hashes.length, element).toBeGreaterThan(0);
      const sources = csp.split(";").find((part) => part.trim().startsWith(directive)) ?? "";
      const allowed = [...sources.matchAll(/'sha256-([^']+)'/g)].map((match) => match[1]);
      expect(allowed.sort(), element).toEqual([...hashes].sort());
    }
  });

  it("bypasses query parameters a page does not read, and keeps apart those it reads", async () => {
    await world();
    expect(cacheKeyPath(new Request(`${ORIGIN}/search?sort=new&q=a`))).toBe("/search?q=a&sort=new");
    expect(cacheKeyPath(new Request(`${ORIGIN}/dashboard`))).toBeNull();
    expect(cacheKeyPath(new Request(`${ORIGIN}/`, { method: "POST" }))).toBeNull();
    for (const path of ["/?utm_source=x", "/?wishlist=abc", "/blog?fresh=1"]) {
      expect((await call(path)).headers.get("X-Cache"), path).toBe("BYPASS");
      expect((await call(path)).headers.get("X-Cache"), path).toBe("BYPASS");
    }
    expect((await call("/?categories=all")).headers.get("X-Cache")).toBe("MISS");
    expect((await call("/")).headers.get("X-Cache")).toBe("MISS");
    expect((await call("/?categories=all")).headers.get("X-Cache")).toBe("HIT");
  });

  it("answers HEAD from a stored page, without a body", async () => {
    await world();
    expect((await call("/about", { method: "HEAD" })).headers.get("X-Cache")).toBe("MISS");
    await call("/about");
    const head = await call("/about", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("X-Cache")).toBe("HIT");
    expect(head.headers.get("Content-Type")).toContain("text/html");
    expect(await head.text()).toBe("");
  });

  it("is off unless EDGE_CACHE is on", async () => {
    await world();
    const off = { ...testEnv, EDGE_CACHE: "off" };
    for (let i = 0; i < 2; i++) {
      const response = await app.request(`${ORIGIN}/`, {}, off, ctx);
      expect(response.headers.get("X-Cache")).toBeNull();
      expect(response.headers.get("Content-Security-Policy")).toContain("'nonce-");
    }
  });
});

describe("the D1 session", () => {
  it("starts a write at the primary, a read anywhere or at the visitor's bookmark", () => {
    expect(sessionStart(new Request(`${ORIGIN}/`, { method: "POST" })).constraint).toBe("first-primary");
    expect(sessionStart(new Request(`${ORIGIN}/`)).constraint).toBe("first-unconstrained");
    const cookie = new Request(`${ORIGIN}/`, { headers: { Cookie: `${BOOKMARK_COOKIE}=0000abc-1` } });
    expect(sessionStart(cookie).constraint).toBe("0000abc-1");
    const header = new Request(`${ORIGIN}/`, { headers: { [BOOKMARK_HEADER]: "0000abc-2" } });
    expect(sessionStart(header).constraint).toBe("0000abc-2");
    // Anything that is not a bookmark's shape is ignored.
    const junk = new Request(`${ORIGIN}/`, { headers: { Cookie: `${BOOKMARK_COOKIE}=<script>` } });
    expect(sessionStart(junk).constraint).toBe("first-unconstrained");
  });

  it("gives a visitor who wrote a bookmark cookie, and none to a visitor who only reads", async () => {
    const { seller, buyer, product } = await world();
    const read = await call("/");
    expect(read.headers.getSetCookie().join()).not.toContain(BOOKMARK_COOKIE);
    // A read that sets a cookie (here: a toast shown and cleared) may follow a write: it gets one.
    const toast = await call("/", { headers: { Cookie: "pb_toast=stale" } });
    expect(toast.headers.getSetCookie().join()).toContain(`${BOOKMARK_COOKIE}=`);
    const write = await call(`/api/product/${product.id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: await bearerFor(seller.id) },
      body: JSON.stringify({ isAdvertise: true }),
    });
    expect(write.status).toBe(200);
    const bookmark = write.headers.get(BOOKMARK_HEADER);
    expect(bookmark).toBeTruthy();
    // A form's write (signing out ends the session's row) sets it as a cookie.
    const session = await sessionCookieFor(buyer.id);
    const form = await call("/logout", { method: "POST", headers: { Origin: ORIGIN, Cookie: session } });
    const cookie = form.headers.getSetCookie().find((value) => value.startsWith(`${BOOKMARK_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=\d+/);
    // A visitor with a bookmark reads past the cache, at least as new as their write.
    const pair = cookie!.split(";")[0]!;
    const after = await call(`/listings/${product.id}`, { headers: { Cookie: pair } });
    expect(after.status).toBe(200);
    expect(after.headers.get("X-Cache")).toBe("BYPASS");
  });
});
