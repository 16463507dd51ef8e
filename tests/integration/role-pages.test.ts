// Signed-in pages shared by everyone of a role (ADR 0048): what is kept, who may get it, and when
// it is no longer given.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { database } from "../../db/client";
import { sessions } from "../../db/schema";
import { app } from "../../workers/app";
import { BOOKMARK_COOKIE } from "../../workers/d1-sessions";
import { bumpVersion } from "../../workers/edge-cache";
import { forgetRolePages, ROLE_PAGE_HEADER, SESSION_PROOF_MS } from "../../workers/role-pages";
import { bearerFor, ORIGIN, sessionCookieFor } from "./auth-helpers";
import { insertCategory, insertProduct, insertUser } from "./factories";
import { testEnv } from "./test-env";

const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
let env: Omit<typeof testEnv, "EDGE_CACHE"> & { EDGE_CACHE: string; BENCH_COUNT_D1: string };

function call(path: string, init: RequestInit = {}) {
  return app.request(`${ORIGIN}${path}`, { redirect: "manual", ...init }, env, ctx);
}

const as = (cookie: string, path = "/products/lenses") => call(path, { headers: { Cookie: cookie } });

/** The page with its nonces taken out: what two visitors of a role must get alike. */
const withoutNonces = (html: string) => html.replaceAll(/nonce="[^"]+"/g, 'nonce=""');

beforeEach(async () => {
  env = { ...testEnv, EDGE_CACHE: "on", BENCH_COUNT_D1: "true" };
  await bumpVersion();
  forgetRolePages();
});

afterEach(() => {
  vi.useRealTimers();
});

async function world() {
  const category = await insertCategory({ title: "Lenses" });
  const seller = await insertUser({ role: "seller", name: "Sellie Rolepage", verifiedAt: new Date() });
  const buyer = await insertUser({ role: "buyer", name: "Bertha Firstbuyer" });
  const other = await insertUser({ role: "buyer", name: "Oskar Secondbuyer" });
  await insertProduct({ sellerId: seller.id, categoryId: category.id, name: "Zeiss Planar Shared" });
  return { category, seller, buyer, other };
}

describe("pages shared by the buyers", () => {
  it("is rendered for the first buyer and given to the next, with their own nonce and no one's name", async () => {
    const { buyer, other } = await world();
    const first = await as(await sessionCookieFor(buyer.id));
    expect(first.status).toBe(200);
    expect(first.headers.get(ROLE_PAGE_HEADER)).toBe("MISS");
    const firstHtml = await first.text();
    expect(firstHtml).toContain("Zeiss Planar Shared");
    expect(firstHtml).not.toContain(buyer.name);

    const second = await as(await sessionCookieFor(other.id));
    expect(second.status).toBe(200);
    expect(second.headers.get(ROLE_PAGE_HEADER)).toBe("HIT");
    // The session's read, and nothing else.
    expect(second.headers.get("X-D1-Round-Trips")).toBe("1");
    expect(second.headers.get("Cache-Control")).toBe("private, no-store");
    const secondHtml = await second.text();
    expect(withoutNonces(secondHtml)).toBe(withoutNonces(firstHtml));
    expect(secondHtml).not.toContain(buyer.name);
    expect(secondHtml).not.toContain(other.name);
    // The policy names the nonce the page carries, not the first render's.
    const nonce = /'nonce-([^']+)'/.exec(second.headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const nonces = new Set([...secondHtml.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
    expect([...nonces]).toEqual([nonce]);
    expect(firstHtml).not.toContain(nonce);
  });

  it("is never given to a seller, nor to a seller whose cookie claims the buyer's role", async () => {
    const { buyer, seller } = await world();
    expect((await as(await sessionCookieFor(buyer.id))).headers.get(ROLE_PAGE_HEADER)).toBe("MISS");
    const sellers = await as(await sessionCookieFor(seller.id));
    expect(sellers.headers.get(ROLE_PAGE_HEADER)).toBe("MISS");
    // A claim the session row contradicts: rendered for the row's role, and not kept.
    const claimed = await as(await sessionCookieFor(seller.id, { role: "buyer" }));
    expect(claimed.status).toBe(200);
    expect(claimed.headers.get(ROLE_PAGE_HEADER)).toBeNull();
  });

  it("is never given to a signed-out visitor, an ended session or a removed user", async () => {
    const { buyer, other } = await world();
    const cookie = await sessionCookieFor(buyer.id);
    expect((await as(cookie)).headers.get(ROLE_PAGE_HEADER)).toBe("MISS");
    expect((await as(cookie)).headers.get(ROLE_PAGE_HEADER)).toBe("HIT");

    const signedOut = await call("/products/lenses");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login/);

    // Signing out here forgets at once what this isolate knew of the session.
    const logout = await call("/logout", { method: "POST", headers: { Cookie: cookie, Origin: ORIGIN } });
    expect(logout.status).toBe(302);
    const ended = await as(cookie);
    expect(ended.status).toBe(302);
    expect(ended.headers.get(ROLE_PAGE_HEADER)).toBeNull();

    // Ended elsewhere (another isolate, a moderator): refused once the proof's time is over.
    const otherCookie = await sessionCookieFor(other.id);
    expect((await as(otherCookie)).headers.get(ROLE_PAGE_HEADER)).toBe("HIT");
    await database(testEnv.DB).delete(sessions).where(eq(sessions.userId, other.id));
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + SESSION_PROOF_MS + 1 });
    const removed = await as(otherCookie);
    expect(removed.status).toBe(302);
    expect(removed.headers.get(ROLE_PAGE_HEADER)).toBeNull();
  });

  it("shows a change on the next page after a write", async () => {
    const { buyer, seller, category } = await world();
    const cookie = await sessionCookieFor(buyer.id);
    await as(cookie);
    const hidden = await insertProduct({ sellerId: seller.id, categoryId: category.id, name: "Voigtlander Late" });
    // Written past the Worker: the kept page does not know it.
    expect(await (await as(cookie)).text()).not.toContain("Voigtlander Late");

    const refused = await call(`/api/product/${hidden.id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: await bearerFor(buyer.id) },
      body: JSON.stringify({ isAdvertise: true }),
    });
    expect(refused.status).toBe(403);
    expect((await as(cookie)).headers.get(ROLE_PAGE_HEADER)).toBe("HIT");

    const advertised = await call(`/api/product/${hidden.id}`, {
      method: "PUT",
      headers: { "Content-Type": "application/json", Authorization: await bearerFor(seller.id) },
      body: JSON.stringify({ isAdvertise: true }),
    });
    expect(advertised.status).toBe(200);
    const after = await as(cookie);
    expect(after.headers.get(ROLE_PAGE_HEADER)).toBe("MISS");
    expect(await after.text()).toContain("Voigtlander Late");
  });

  it("renders, and keeps nothing, for a visitor with a toast, a D1 bookmark, a dialog or a parameter the page does not read", async () => {
    const { buyer } = await world();
    const cookie = await sessionCookieFor(buyer.id);
    expect((await as(cookie)).headers.get(ROLE_PAGE_HEADER)).toBe("MISS");
    for (const [label, response] of [
      ["toast", await as(`${cookie}; pb_toast=anything`)],
      ["bookmark cookie", await as(`${cookie}; ${BOOKMARK_COOKIE}=0000abc-1`)],
      [
        "bookmark header",
        await call("/products/lenses", { headers: { Cookie: cookie, "x-d1-bookmark": "0000abc-1" } }),
      ],
      ["dialog", await as(cookie, "/products/lenses?report=someone")],
      ["unknown parameter", await as(cookie, "/products/lenses?utm_source=mail")],
    ] as const) {
      expect(response.headers.get(ROLE_PAGE_HEADER), label).toBeNull();
    }
    // Parameters the page reads, in any order, are one page.
    expect((await as(cookie, "/products/lenses?sort=price-asc&q=zeiss")).headers.get(ROLE_PAGE_HEADER)).toBe("MISS");
    expect((await as(cookie, "/products/lenses?q=zeiss&sort=price-asc")).headers.get(ROLE_PAGE_HEADER)).toBe("HIT");
  });

  it("shares the home page, search results and a listing by role too, and never a signed-out render", async () => {
    const { buyer, other, seller, category } = await world();
    const cookies = [await sessionCookieFor(buyer.id), await sessionCookieFor(other.id)];
    const listing = await insertProduct({ sellerId: seller.id, categoryId: category.id, name: "Zeiss Sonnar Listed" });
    for (const path of ["/", "/home?categories=all", "/search?q=zeiss", `/listings/${listing.id}?photo=1`]) {
      expect((await as(cookies[0]!, path)).headers.get(ROLE_PAGE_HEADER), path).toBe("MISS");
      const shared = await as(cookies[1]!, path);
      expect(shared.headers.get(ROLE_PAGE_HEADER), path).toBe("HIT");
      const html = await shared.text();
      expect(html, path).toMatch(/<button[^>]*>Logout<\/button>/);
      expect(html, path).not.toContain(buyer.name);
      expect(html, path).not.toContain(other.name);
      expect((await as(await sessionCookieFor(seller.id), path)).headers.get(ROLE_PAGE_HEADER), path).toBe("MISS");
    }
    // An ended session renders the signed-out home page: neither given a kept page nor kept.
    const ended = await sessionCookieFor(buyer.id);
    await database(testEnv.DB).delete(sessions).where(eq(sessions.userId, buyer.id));
    for (let i = 0; i < 2; i++) {
      const home = await as(ended, "/");
      expect(home.status).toBe(200);
      expect(home.headers.get(ROLE_PAGE_HEADER)).toBeNull();
      expect(await home.text()).not.toMatch(/<button[^>]*>Logout<\/button>/);
    }
  });

  it("keeps no error page, and nothing at all unless EDGE_CACHE is on", async () => {
    const { buyer } = await world();
    const cookie = await sessionCookieFor(buyer.id);
    for (let i = 0; i < 2; i++) {
      const missing = await as(cookie, "/products/no-such-category");
      expect(missing.status).toBe(404);
      expect(missing.headers.get(ROLE_PAGE_HEADER)).toBeNull();
    }
    env = { ...env, EDGE_CACHE: "off" };
    for (let i = 0; i < 2; i++) {
      const page = await as(cookie);
      expect(page.status).toBe(200);
      expect(page.headers.get(ROLE_PAGE_HEADER)).toBeNull();
    }
  });
});
