// Browsing (ADR 0099): a seller's contact number only for signed-in visitors, on the pages and in
// the REST reads, with the edge-cached pages one page for every signed-out visitor; the search's
// filters folded behind "Filters" and fitted to the category; the buyer's protection where the
// buyer decides; Reconciliation's days never checked.
import { beforeEach, describe, expect, it } from "vitest";
import { CONTACT_HIDDEN_TEXT } from "#app/domain/catalog/seller-contact";
import { gearFiltersFor } from "#app/domain/gear/categories";
import { app } from "../../workers/app";
import { bumpVersion } from "../../workers/edge-cache";
import { bearerFor, get, ORIGIN, sessionCookieFor } from "./auth-helpers";
import { insertCategory, insertProduct, insertUser } from "./factories";
import { testEnv } from "./test-env";

const PHONE = "+1 415 555 0142";
const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

async function world() {
  const lens = await insertCategory({ title: "Camera Lens" });
  const camera = await insertCategory({ title: "Camera" });
  const tripod = await insertCategory({ title: "Tripod" });
  const seller = await insertUser({ role: "seller", name: "Phoebe Numbers", verifiedAt: new Date() });
  const product = await insertProduct({
    sellerId: seller.id,
    categoryId: lens.id,
    name: "Summicron Contactless 50mm",
    contact: PHONE,
    advertised: true,
  });
  await insertProduct({ sellerId: seller.id, categoryId: lens.id, name: "Elmarit Sibling 28mm", contact: PHONE });
  const buyer = await insertUser({ role: "buyer" });
  const admin = await insertUser({ role: "admin" });
  return { lens, camera, tripod, seller, product, buyer, admin };
}

/** The pages that show sellers' contact numbers, signed out (the category page asks to sign in). */
const PUBLIC_PAGES = (id: string, sellerId: string) => [
  "/",
  `/listings/${id}`,
  "/search?q=summicron",
  `/sellers/${sellerId}`,
];

describe("a seller's contact number", () => {
  it("is not on any page a signed-out visitor gets: they are asked to sign in to see it", async () => {
    const { product, seller } = await world();
    for (const path of PUBLIC_PAGES(product.id, seller.id)) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).not.toContain(PHONE);
      // The hydration data carries none either: the number is nowhere in the document.
      expect(html, path).not.toContain(PHONE.replaceAll(" ", "\\u0020"));
      if (path !== `/sellers/${seller.id}`) expect(html, path).toContain(CONTACT_HIDDEN_TEXT);
    }
    // The link to sign in comes back to the listing.
    const listing = await (await get(`/listings/${product.id}`)).text();
    expect(listing).toContain(`href="/login?redirectTo=%2Flistings%2F${product.id}"`);
  });

  it("is shown to every signed-in visitor: buyer, seller and admin, the category page too", async () => {
    const { product, seller, buyer, admin } = await world();
    for (const user of [buyer, seller, admin]) {
      const cookie = await sessionCookieFor(user.id);
      for (const path of [...PUBLIC_PAGES(product.id, seller.id), "/products/camera%20lens"]) {
        const response = await get(path, { Cookie: cookie });
        // An admin without two-factor sign-in is sent to set it up; this one has it.
        expect(response.status, `${user.role} ${path}`).toBe(200);
        const html = await response.text();
        expect(html, `${user.role} ${path}`).toContain(PHONE);
        expect(html, `${user.role} ${path}`).not.toContain(CONTACT_HIDDEN_TEXT);
      }
    }
  });

  it("is in no signed-out REST read, and in the same reads with a bearer token", async () => {
    const { product, seller, buyer } = await world();
    const reads = [
      "/api/advertiseProduct",
      `/api/listings/${product.id}`,
      "/api/search?q=summicron",
      `/api/sellers/${seller.id}`,
    ];
    const auth = await bearerFor(buyer.id);
    for (const path of reads) {
      const signedOut = await get(path);
      expect(signedOut.status, path).toBe(200);
      expect(await signedOut.text(), path).not.toContain(PHONE);
      // A token that is not one signs nobody in.
      const forged = await get(path, { Authorization: "Bearer not-a-token" });
      expect(await forged.text(), path).not.toContain(PHONE);
      const signedIn = await get(path, { Authorization: auth });
      expect(signedIn.status, path).toBe(200);
      expect(await signedIn.text(), path).toContain(PHONE);
    }
    const listing = await (await get(`/api/listings/${product.id}`)).json<{ contact: unknown }>();
    expect(listing.contact).toBeNull();
    // The category list for programs needs a token, and shows it then.
    const category = await get("/api/products?path=camera%20lens", { Authorization: auth });
    expect(await category.text()).toContain(PHONE);
  });
});

describe("the edge-cached pages", () => {
  let env: typeof testEnv & { EDGE_CACHE: string };
  const call = (path: string, headers: Record<string, string> = {}) =>
    app.request(`${ORIGIN}${path}`, { redirect: "manual", headers }, env, ctx);

  beforeEach(async () => {
    env = { ...testEnv, EDGE_CACHE: "on" };
    await bumpVersion();
  });

  it("are one page for every signed-out visitor, without the number, whoever came before", async () => {
    const { product, buyer } = await world();
    for (const path of ["/", `/listings/${product.id}`, "/search?q=summicron"]) {
      // A signed-in visit first: never stored, and never what a signed-out visitor gets.
      const signedIn = await call(path, { Cookie: await sessionCookieFor(buyer.id) });
      expect(signedIn.headers.get("X-Cache"), path).toBe("BYPASS");
      expect(await signedIn.text(), path).toContain(PHONE);
      const first = await call(path, { "User-Agent": "Visitor one", "CF-Connecting-IP": "203.0.113.1" });
      const second = await call(path, { "User-Agent": "Visitor two", "CF-Connecting-IP": "198.51.100.7" });
      expect(first.headers.get("X-Cache"), path).toBe("MISS");
      expect(second.headers.get("X-Cache"), path).toBe("HIT");
      const [one, two] = [await first.text(), await second.text()];
      expect(two, path).toBe(one);
      expect(one, path).not.toContain(PHONE);
      expect(one, path).toContain(CONTACT_HIDDEN_TEXT);
    }
    const api = await call(`/api/listings/${product.id}`);
    const again = await call(`/api/listings/${product.id}`);
    expect(again.headers.get("X-Cache")).toBe("HIT");
    expect(await again.text()).toBe(await api.text());
  });
});

describe("the search's filters", () => {
  /** The names of the form's fields in a page's HTML. */
  const fieldNames = (html: string) => new Set([...html.matchAll(/\sname="([a-z_]+)"/g)].map((match) => match[1]));

  it("offer only the gear filters of the category: no body filters for lenses, none for tripods", async () => {
    const { buyer } = await world();
    const cookie = await sessionCookieFor(buyer.id);
    const lens = fieldNames(await (await get("/products/camera%20lens", { Cookie: cookie })).text());
    for (const name of ["brand", "mount", "focal_min", "focal_max", "fits"]) expect(lens, name).toContain(name);
    for (const name of ["sensor", "shutter_max"]) expect(lens, name).not.toContain(name);
    const camera = fieldNames(await (await get("/products/camera", { Cookie: cookie })).text());
    for (const name of ["brand", "mount", "sensor", "shutter_max"]) expect(camera, name).toContain(name);
    for (const name of ["focal_min", "focal_max", "fits"]) expect(camera, name).not.toContain(name);
    const tripodHtml = await (await get("/products/tripod", { Cookie: cookie })).text();
    const tripod = fieldNames(tripodHtml);
    for (const name of ["brand", "mount", "sensor", "shutter_max", "focal_min", "fits"])
      expect(tripod).not.toContain(name);
    expect(tripodHtml).not.toContain("Camera gear");
    // The filters every category has stay.
    for (const names of [lens, camera, tripod])
      for (const name of ["q", "condition", "min", "max", "sort"]) expect(names).toContain(name);
  });

  it("follow the category chosen on the search page, and offer them all without one", async () => {
    await world();
    const all = fieldNames(await (await get("/search")).text());
    for (const name of ["brand", "mount", "sensor", "shutter_max", "focal_min", "fits"])
      expect(all, name).toContain(name);
    const lenses = fieldNames(await (await get("/search?category=camera+lens")).text());
    expect(lenses).toContain("focal_min");
    expect(lenses).not.toContain("sensor");
    expect(lenses).not.toContain("shutter_max");
    expect(gearFiltersFor("not a category").size).toBe(0);
    expect([...gearFiltersFor("  Camera Lens ")]).toEqual(["brand", "mount", "focal", "fits"]);
  });

  it("fold behind Filters, closed, and open at the message of a bad parameter", async () => {
    await world();
    const html = await (await get("/search?q=summicron")).text();
    expect(html).toMatch(/<details[^>]*data-testid="search-filters"[^>]*><summary[^>]*>Filters/);
    expect(html).not.toMatch(/<details[^>]*open[^>]*data-testid="search-filters"/);
    // A bad parameter: the page says so (never a 500), with the filters open at its message.
    const bad = await get("/search?min=cheap");
    expect(bad.status).toBeLessThan(500);
    const badHtml = await bad.text();
    expect(badHtml).toMatch(/<details[^>]*open=""[^>]*data-testid="search-filters"/);
    expect(badHtml).toContain('aria-invalid="true"');
    // Active filters are counted on the Filters line.
    expect(await (await get("/search?q=summicron&verified=1&condition=Good")).text()).toContain("(2 on)");
  });
});

describe("the buyer's protection", () => {
  it("is said under Book Now and in the booking dialog, linked to the page, with the configured window", async () => {
    const { product, buyer } = await world();
    const listing = await (await get(`/listings/${product.id}`)).text();
    expect(listing).toContain('data-testid="protection-note"');
    expect(listing).toContain("3 days after delivery");
    expect(listing).toContain('href="/buyer-protection"');
    const dialog = await (
      await get(`/listings/${product.id}?book=${product.id}`, { Cookie: await sessionCookieFor(buyer.id) })
    ).text();
    expect(dialog.slice(dialog.indexOf("<dialog"))).toContain('data-testid="protection-note"');
    const configured = { ...testEnv, BUYER_PROTECTION_DAYS: "7", BOOKING_HOLD_HOURS: "24" };
    const page = await (await app.request(`${ORIGIN}/buyer-protection`, {}, configured, ctx)).text();
    expect(page).toContain("7 days after delivery");
    expect(page).toContain("for at most 24 hours");
    expect(page).not.toContain("{{");
    for (const words of ["Parcels: tracked", "Claims: when something is wrong", "Meetups: look at the item"]) {
      expect(page).toContain(words);
    }
    const home = await (await app.request(`${ORIGIN}/`, {}, configured, ctx)).text();
    expect(home).toContain("7 days after delivery");
  });
});

describe("Reconciliation", () => {
  it("says a day never checked was never checked, and is in the admin's menu", async () => {
    const { admin, buyer } = await world();
    const response = await get("/dashboard/reconciliation", { Cookie: await sessionCookieFor(admin.id) });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toContain("No difference to look into");
    expect(html).toContain("No day has been checked yet");
    expect(html).toContain("Never checked");
    expect(html).toMatch(/<nav[^>]*aria-label="Dashboard"[\s\S]*href="\/dashboard\/reconciliation"/);
    // Only the admin's.
    const refused = await get("/dashboard/reconciliation", { Cookie: await sessionCookieFor(buyer.id) });
    expect(refused.status).toBe(403);
  });
});
