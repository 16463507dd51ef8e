// The listing page (/listings/:id): what it shows in each state, what it answers for a listing
// that left or never was, and the actions on it (the storefront's shared handler).

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONDITION_WORDS } from "#app/domain/catalog/conditions";
import { photoUrl } from "#app/domain/catalog/photo-keys";
import { database } from "#db/client";
import { bookings, products, reports, wishlistEntries } from "#db/schema";
import { get, ORIGIN, postForm, signedInUser } from "./auth-helpers";
import { amountsIn, insertProduct } from "./factories";
import { listingWorld, NOBODY, STATES } from "./listing-world";
import { toastText } from "./moderation-helpers";
import { countedRequest, roundTripsOf } from "./round-trips";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const BOOKING = { meetLocation: "Union Square", buyerContact: "+1 415 555 0101" };

const bookNow = (name: string) => new RegExp(`aria-label="Book Now: ${name}"`);

describe("an available listing", () => {
  it("shows photo, name, grade, prices with the saving, years of use, words, place, date and seller", async () => {
    const { rows, seller } = await listingWorld();
    const listing = rows.available;
    const response = await get(`/listings/${listing.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>Pay&amp;Buy ${listing.name}</title>`);
    expect(html).toMatch(new RegExp(`<h1 id="listing-title"[^>]*>${listing.name}</h1>`));
    expect(html).toContain(`src="${photoUrl(listing.photoKey)}"`);
    expect(html).toMatch(/data-testid="listing-state"[^>]*>Available</);
    expect(html).toContain("Excellent");
    expect(html).toContain(CONDITION_WORDS.Excellent.text);
    expect(html).toContain(amountsIn("$ 1,950.00"));
    expect(html).toContain(amountsIn("$ 3,000.00"));
    expect(html).toContain(amountsIn("You save $ 1,050.00 (35%)"));
    const years = new Date().getUTCFullYear() - 2019;
    expect(html).toContain(`2019, used for ${years} years`);
    expect(html).toContain("Temescal, Oakland");
    expect(html).toContain("2 Nov 2026");
    expect(html).toContain(seller.name);
    expect(html).toContain("Verified");
    // The seller's words as text: line breaks kept (pre-line), markup escaped.
    expect(html).toContain(
      "Shutter tested at every speed.\nLight marks on the base plate.\n&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;",
    );
    expect(html).not.toContain("<script>alert(1)</script>");
    // Signed out: Book Now opens this page's booking dialog, which sends the visitor to log in
    // and back.
    expect(html).toContain(`href="/listings/${listing.id}?book=${listing.id}"`);
    const dialog = await get(`/listings/${listing.id}?book=${listing.id}`);
    expect(dialog.status).toBe(302);
    expect(dialog.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/listings/${listing.id}?book=${listing.id}`)}`,
    );
  });

  it("lists the seller's newest four other available listings, linking to their pages", async () => {
    const { rows, others } = await listingWorld();
    const html = await (await get(`/listings/${rows.available.id}`)).text();
    const more = html.slice(html.indexOf('id="more-heading"'));
    expect(more).toContain("More from Vera Lens");
    for (const other of others.slice(1)) expect(more).toContain(`href="/listings/${other.id}"`);
    expect(more).not.toContain(others[0]!.id);
    for (const state of ["booked", "sold", "deleted", "removed"] as const) expect(more).not.toContain(rows[state].id);
    expect(more).not.toContain(`href="/listings/${rows.available.id}"`);
  });

  it("picks the large photo with ?photo=, and falls back to the first for anything else", async () => {
    const { rows } = await listingWorld();
    for (const photo of ["1", "2", "0", "-1", "abc", "1e309", "x".repeat(5000)]) {
      const response = await get(`/listings/${rows.available.id}?photo=${photo}`);
      expect(response.status, photo).toBe(200);
      const html = await response.text();
      const current = /<a [^>]*aria-current="true"[^>]*>/.exec(html)?.[0];
      expect(current, photo).toContain(`href="/listings/${rows.available.id}?photo=1"`);
      expect(html).toContain('aria-label="Show photo 1 of 1"');
    }
  });

  it("shows a listing without a photo, with no photo to pick", async () => {
    const { rows, seller } = await listingWorld();
    const bare = await insertProduct({ sellerId: seller.id, categoryId: rows.available.categoryId, photoKey: null });
    const html = await (await get(`/listings/${bare.id}`)).text();
    expect(html).toContain("Photo not found");
    expect(html).not.toContain("Show photo");
  });

  it("loads in one D1 round trip for a visitor", async () => {
    const { rows } = await listingWorld();
    const response = await countedRequest(`${ORIGIN}/listings/${rows.available.id}`);
    expect(response.status).toBe(200);
    expect(roundTripsOf(response)).toBe(1);
  });
});

describe("booked and sold listings", () => {
  it("stay visible with their state, without Book Now, to visitors, buyers and sellers", async () => {
    const { rows } = await listingWorld();
    const buyer = await signedInUser("buyer");
    const seller = await signedInUser("seller");
    for (const state of ["booked", "sold"] as const) {
      const listing = rows[state];
      for (const headers of [{}, { Cookie: buyer.cookie }, { Cookie: seller.cookie }] as Record<string, string>[]) {
        const response = await get(`/listings/${listing.id}`, headers);
        expect(response.status, state).toBe(200);
        const html = await response.text();
        expect(html).toMatch(new RegExp(`data-testid="listing-state"[^>]*>${state === "booked" ? "Booked" : "Sold"}<`));
        expect(html, state).not.toMatch(bookNow(listing.name));
        expect(html, state).toContain(`Add Wishlist: ${listing.name}`);
        expect(html, state).toContain(`Report: ${listing.name}`);
      }
    }
    const available = await (await get(`/listings/${rows.available.id}`, { Cookie: buyer.cookie })).text();
    expect(available).toMatch(bookNow(rows.available.name));
  });

  it("answer a hand-made ?book= with the dialog's 'no longer available'", async () => {
    const { rows } = await listingWorld();
    const buyer = await signedInUser("buyer");
    const html = await (await get(`/listings/${rows.sold.id}?book=${rows.sold.id}`, { Cookie: buyer.cookie })).text();
    expect(html).toContain("This product is no longer available.");
    expect(html).not.toContain('name="meetLocation"');
  });
});

describe("listings that left, and ids that never were", () => {
  it("answers 410 with the error page for a deleted or removed listing and a deleted seller's", async () => {
    const { rows } = await listingWorld();
    const buyer = await signedInUser("buyer");
    for (const state of ["deleted", "removed", "seller deleted"] as const) {
      for (const headers of [{}, { Cookie: buyer.cookie }] as Record<string, string>[]) {
        const response = await get(`/listings/${rows[state].id}`, headers);
        expect(response.status, state).toBe(410);
        const html = await response.text();
        expect(html).toContain("Oops!...");
        expect(html).toMatch(/data-testid="error-status"[^>]*>410</);
        expect(html).toContain("This listing is no longer on Pay&amp;Buy");
        expect(html, state).not.toContain(rows[state].name);
        expect(html).toContain('<meta name="robots" content="noindex"/>');
      }
    }
  });

  it("answers 404 for an unknown, malformed or oversized id", async () => {
    await listingWorld();
    for (const id of [
      NOBODY,
      "not-a-listing",
      "%00",
      "'%20or%201=1%20--",
      "%F0%9F%99%82",
      "%25",
      "x".repeat(10 * 1024),
      "a%2Fb",
    ]) {
      const response = await get(`/listings/${id}`);
      expect(response.status, id.slice(0, 20)).toBe(404);
      const html = await response.text();
      expect(html).toMatch(/data-testid="error-status"[^>]*>404</);
    }
    expect((await get("/listings/")).status).toBe(404);
    expect((await get("/listings/a/b")).status).toBe(404);
  });

  it("shows every state as the one rule says, on the page and in the API", async () => {
    const { rows } = await listingWorld();
    const expected = { available: 200, booked: 200, sold: 200, deleted: 410, removed: 410, "seller deleted": 410 };
    for (const state of STATES) {
      expect((await get(`/listings/${rows[state].id}`)).status, `page, ${state}`).toBe(expected[state]);
      expect((await get(`/api/listings/${rows[state].id}`)).status, `API, ${state}`).toBe(expected[state]);
    }
  });
});

describe("the actions on a listing page", () => {
  it("books from the page: on to its payment with the toast, then booked for everyone", async () => {
    const { rows } = await listingWorld();
    const listing = rows.available;
    const first = await signedInUser("buyer");
    const second = await signedInUser("buyer");
    const dialog = await (await get(`/listings/${listing.id}?book=${listing.id}`, { Cookie: first.cookie })).text();
    expect(dialog).toContain(`Book ${listing.name}`);
    const path = `/listings/${listing.id}?book=${listing.id}`;
    const booked = await postForm(
      path,
      { intent: "book", productId: listing.id, ...BOOKING },
      { Cookie: first.cookie },
    );
    expect(booked.status).toBe(302);
    expect(booked.headers.get("Location")).toMatch(/^\/dashboard\/payment\/[0-9a-f-]{36}$/);
    expect(await toastText(booked)).toBe("Booking Submitted Successfully");
    const again = await postForm(
      path,
      { intent: "book", productId: listing.id, ...BOOKING },
      { Cookie: second.cookie },
    );
    expect(await toastText(again)).toBe("Sorry, this product has just been booked by someone else.");
    expect(await db().select().from(bookings).where(eq(bookings.productId, listing.id))).toHaveLength(1);
    const page = await (await get(`/listings/${listing.id}`, { Cookie: second.cookie })).text();
    expect(page).toMatch(/data-testid="listing-state"[^>]*>Booked</);
    expect(page).not.toMatch(bookNow(listing.name));
  });

  it("refuses bad booking input with the dialog's messages and books nothing", async () => {
    const { rows } = await listingWorld();
    const buyer = await signedInUser("buyer");
    const path = `/listings/${rows.available.id}?book=${rows.available.id}`;
    const response = await postForm(
      path,
      { intent: "book", productId: rows.available.id, meetLocation: "", buyerContact: "1----2" },
      { Cookie: buyer.cookie },
    );
    expect(response.status).toBe(400);
    const [row] = await db().select().from(products).where(eq(products.id, rows.available.id));
    expect(row!.status).toBe("available");
  });

  it("keeps Book Now to buyers and asks visitors to log in", async () => {
    const { rows } = await listingWorld();
    const fields = { intent: "book", productId: rows.available.id, ...BOOKING };
    const anonymous = await postForm(`/listings/${rows.available.id}`, fields);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const seller = await signedInUser("seller");
    expect((await postForm(`/listings/${rows.available.id}`, fields, { Cookie: seller.cookie })).status).toBe(403);
    expect(await db().select().from(bookings).where(eq(bookings.productId, rows.available.id))).toHaveLength(0);
  });

  it("adds a sold listing to the wishlist and reports a booked one from their pages", async () => {
    const { rows } = await listingWorld();
    const buyer = await signedInUser("buyer");
    const wish = await postForm(
      `/listings/${rows.sold.id}`,
      { intent: "wishlist-add", productId: rows.sold.id },
      { Cookie: buyer.cookie },
    );
    expect(await toastText(wish)).toBe("This product has been added to your wishlist");
    expect(await db().select().from(wishlistEntries).where(eq(wishlistEntries.productId, rows.sold.id))).toHaveLength(
      1,
    );
    const report = await postForm(
      `/listings/${rows.booked.id}?report=${rows.booked.id}`,
      { intent: "report", productId: rows.booked.id, reason: "misleading" },
      { Cookie: buyer.cookie },
    );
    expect(report.headers.get("Location")).toBe(`/listings/${rows.booked.id}`);
    expect(await db().select().from(reports).where(eq(reports.productId, rows.booked.id))).toHaveLength(1);
  });

  it("refuses actions on a listing that left, from its old page", async () => {
    const { rows } = await listingWorld();
    const buyer = await signedInUser("buyer");
    const response = await postForm(
      `/listings/${rows.removed.id}`,
      { intent: "book", productId: rows.removed.id, ...BOOKING },
      { Cookie: buyer.cookie },
    );
    expect(await toastText(response)).toBe("This product is no longer available.");
    expect(await db().select().from(bookings).where(eq(bookings.productId, rows.removed.id))).toHaveLength(0);
  });
});

describe("finishing an Add Wishlist begun signed out", () => {
  it("the listing, search and category pages open the wishlist dialog their ?wishlist= asks for", async () => {
    const { rows, category } = await listingWorld();
    const { cookie } = await signedInUser("buyer");
    const id = rows.available.id;
    for (const path of [
      `/listings/${id}?wishlist=${id}`,
      `/search?q=Leica&wishlist=${id}`,
      `/products/${encodeURIComponent(category.slug)}?wishlist=${id}`,
    ]) {
      const html = await (await get(path, { Cookie: cookie })).text();
      expect(html, path).toContain("Add to your wishlist");
      expect(html, path).toContain(`name="productId" value="${id}"`);
    }
  });
});
