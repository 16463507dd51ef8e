// One rule decides what a buyer may see, book, wishlist or report (PRODUCT.md): a listing in
// the statuses the page needs, not deleted, not removed, its seller not deleted and their email
// address verified. Every entry
// point, through the pages and through the REST API, refuses a listing for each reason.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listAdvertisedProducts } from "#app/domain/catalog/catalog.server";
import { database } from "#db/client";
import { bookings, products, reports, wishlistEntries } from "#db/schema";
import { bearerFor, get, postForm, signedInUser } from "./auth-helpers";
import { insertCategory, insertProduct, insertUser } from "./factories";
import { api } from "./moderation-helpers";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);

const CASES = ["available", "deleted", "removed", "seller deleted", "seller unverified", "booked", "sold"] as const;
type Case = (typeof CASES)[number];

/** Booking and the storefront lists need an available listing; wishlist and report do not. */
const BOOKABLE: Record<Case, boolean> = {
  available: true,
  deleted: false,
  removed: false,
  "seller deleted": false,
  "seller unverified": false,
  booked: false,
  sold: false,
};
const KEEPABLE: Record<Case, boolean> = { ...BOOKABLE, booked: true, sold: true };

/** One advertised listing per case, each with its own seller, in one new category. */
async function listings() {
  const slug = `vis${crypto.randomUUID().slice(0, 8)}`;
  const category = await insertCategory({ title: slug });
  const rows = {} as Record<Case, { id: string; name: string }>;
  for (const which of CASES) {
    const seller = await insertUser({
      role: "seller",
      deletedAt: which === "seller deleted" ? new Date() : null,
      ...(which === "seller unverified" ? { emailVerifiedAt: null } : {}),
    });
    rows[which] = await insertProduct({
      sellerId: seller.id,
      categoryId: category.id,
      name: `Gear ${which} ${slug}`,
      advertised: true,
      status: which === "booked" || which === "sold" ? which : "available",
      deletedAt: which === "deleted" ? new Date() : null,
      removedAt: which === "removed" ? new Date() : null,
    });
  }
  return { slug, rows };
}

async function buyer() {
  const signedIn = await signedInUser("buyer");
  return { ...signedIn, bearer: await bearerFor(signedIn.user.id) };
}

type Visit = { channel: "form" | "api"; which: Case; id: string; name: string; cookie: string; bearer: string };

/** Every case, through the pages' forms and through the REST API, each on a fresh set of listings. */
async function eachListing(visit: (v: Visit) => Promise<void>) {
  for (const channel of ["form", "api"] as const) {
    const { rows } = await listings();
    const { cookie, bearer } = await buyer();
    for (const which of CASES) await visit({ channel, which, ...rows[which], cookie, bearer });
  }
}

const count = async (table: typeof bookings | typeof wishlistEntries | typeof reports, productId: string) =>
  (await db().select().from(table).where(eq(table.productId, productId))).length;

describe("what the storefront lists", () => {
  it("shows only available listings of live sellers on the home page and a category page", async () => {
    const { slug, rows } = await listings();
    const { cookie, bearer } = await buyer();
    const home = await (await get("/")).text();
    const category = await (await get(`/products/${slug}`, { Cookie: cookie })).text();
    const advertised = (await (await api("/advertiseProduct")).json()) as { _id: string }[];
    const categoryApi = (await (await api(`/products?path=${slug}`, { auth: bearer })).json()) as { _id: string }[];
    for (const which of CASES) {
      const { id, name } = rows[which];
      const shown = BOOKABLE[which];
      expect(home.includes(name), `home, ${which}`).toBe(shown);
      expect(category.includes(name), `category page, ${which}`).toBe(shown);
      expect(
        advertised.some((p) => p._id === id),
        `GET /api/advertiseProduct, ${which}`,
      ).toBe(shown);
      expect(
        categoryApi.some((p) => p._id === id),
        `GET /api/products, ${which}`,
      ).toBe(shown);
    }
  });

  it("reads the home page's listings through the storefront's partial index", async () => {
    const query = listAdvertisedProducts(db()).toSQL();
    const plan = await testEnv.DB.prepare(`explain query plan ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const details = plan.results.map((row) => row.detail).join("\n");
    expect(details).toMatch(/(SCAN|SEARCH) products USING INDEX products_storefront_advertised/);
  });
});

describe("booking", () => {
  it("books only an available listing of a live seller, by form and by API", async () => {
    await eachListing(async ({ channel, which, id, name, cookie, bearer }) => {
      if (channel === "form") {
        const dialog = await (await get(`/?book=${id}`, { Cookie: cookie })).text();
        expect(dialog.includes(`Book ${name}`), `booking dialog, ${which}`).toBe(BOOKABLE[which]);
      }
      const before = await db().select({ status: products.status }).from(products).where(eq(products.id, id));
      const fields = { productId: id, meetLocation: "Union Square", buyerContact: "+1 415 555 0101" };
      const response =
        channel === "form"
          ? await postForm(`/?index`, { intent: "book", ...fields }, { Cookie: cookie })
          : await api("/booking", { method: "POST", json: fields, auth: bearer });
      if (channel === "form") expect(response.status, `${channel}, ${which}`).toBe(302);
      else if (BOOKABLE[which]) expect(response.status, `${channel}, ${which}`).toBe(201);
      else expect([404, 409], `${channel}, ${which}`).toContain(response.status);
      expect(await count(bookings, id), `${channel}, ${which}`).toBe(BOOKABLE[which] ? 1 : 0);
      const after = await db().select({ status: products.status }).from(products).where(eq(products.id, id));
      expect(after[0]!.status, `${channel}, ${which}`).toBe(BOOKABLE[which] ? "booked" : before[0]!.status);
    });
  });
});

describe("wishlist and report", () => {
  it("keep booked and sold listings, and refuse deleted, removed and deleted sellers' ones", async () => {
    await eachListing(async ({ channel, which, id, name, cookie, bearer }) => {
      if (channel === "form") {
        const dialog = await (await get(`/?report=${id}`, { Cookie: cookie })).text();
        expect(dialog.includes(`Report ${name}`), `report dialog, ${which}`).toBe(KEEPABLE[which]);
      }
      const wishlisted =
        channel === "form"
          ? await postForm(`/?index`, { intent: "wishlist-add", productId: id }, { Cookie: cookie })
          : await api("/wishlist", { method: "POST", json: { productId: id }, auth: bearer });
      const reported =
        channel === "form"
          ? await postForm(`/?index`, { intent: "report", productId: id, reason: "misleading" }, { Cookie: cookie })
          : await api("/report", { method: "POST", json: { productId: id, reason: "misleading" }, auth: bearer });
      if (channel === "api") {
        expect(wishlisted.status, `wishlist ${channel}, ${which}`).toBe(KEEPABLE[which] ? 201 : 404);
        expect(reported.status, `report ${channel}, ${which}`).toBe(KEEPABLE[which] ? 201 : 404);
      }
      expect(await count(wishlistEntries, id), `wishlist ${channel}, ${which}`).toBe(KEEPABLE[which] ? 1 : 0);
      expect(await count(reports, id), `report ${channel}, ${which}`).toBe(KEEPABLE[which] ? 1 : 0);
    });
  });
});

describe("the wishlist page", () => {
  it("offers Book Now only for a listing that can be booked, and says why the others cannot", async () => {
    const { rows } = await listings();
    const { user, cookie } = await buyer();
    // As if each was added while it was still listed.
    await db()
      .insert(wishlistEntries)
      .values(CASES.map((which) => ({ buyerId: user.id, productId: rows[which].id })));
    const html = await (await get("/dashboard/wishlist", { Cookie: cookie })).text();
    for (const which of CASES) {
      expect(html.includes(`Book Now: ${rows[which].name}`), which).toBe(BOOKABLE[which]);
    }
    expect(html.match(/No longer listed/g)).toHaveLength(4);
    expect(html.match(/Booked by someone else/g)).toHaveLength(1);
  });
});
