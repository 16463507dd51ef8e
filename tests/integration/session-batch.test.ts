// A signed-in page reads its session row in the same D1 batch as its own reads (ADR 0040): one
// round trip for the category page and My Orders, and a revoked session, a deleted account or
// the wrong role still gets nothing of what was read.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findSessionUser } from "#app/domain/accounts/sessions.server";
import { database } from "#db/client";
import { offerRow } from "#db/factories";
import { batchingReads } from "#db/read-batcher";
import { bookings, messageReads, messages, offers, savedSearches, sessions, users, wishlistEntries } from "#db/schema";
import { sessionCookieFor } from "./auth-helpers";
import { insertBooking, insertCategory, insertProduct, insertReport, insertSale, insertUser } from "./factories";
import { countedRequest, roundTripsOf } from "./round-trips";
import { testEnv } from "./test-env";

async function page(path: string, cookie: string) {
  const response = await countedRequest(`https://pay.test${path}`, { headers: { Cookie: cookie } });
  return { response, html: await response.text(), trips: roundTripsOf(response) };
}

async function buyerWithAnOrder() {
  const seller = await insertUser({ role: "seller" });
  const category = await insertCategory({ title: `Batch ${crypto.randomUUID().slice(0, 8)}` });
  const product = await insertProduct({
    sellerId: seller.id,
    categoryId: category.id,
    name: `Batched lens ${crypto.randomUUID().slice(0, 8)}`,
  });
  const buyer = await insertUser({ role: "buyer" });
  await insertBooking(product, buyer.id);
  return { buyer, product, category };
}

/** A buyer's order whose seller has written to them. */
async function buyerWithAMessage(body: string) {
  const { buyer, product } = await buyerWithAnOrder();
  const db = database(testEnv.DB);
  const [booking] = await db.select().from(bookings).where(eq(bookings.buyerId, buyer.id));
  await db
    .insert(messages)
    .values({ bookingId: booking!.id, senderId: product.sellerId, body, idempotencyKey: crypto.randomUUID() });
  return { buyer, product, booking: booking!, db };
}

describe("a signed-in page and its session in one D1 batch", () => {
  it("costs one round trip on a category page and on My Orders, and shows what it read", async () => {
    const { buyer, product, category } = await buyerWithAnOrder();
    const cookie = await sessionCookieFor(buyer.id);
    const categoryPage = await page(`/products/${encodeURIComponent(category.slug)}`, cookie);
    expect(categoryPage.response.status).toBe(200);
    expect(categoryPage.trips).toBe(1);
    const orders = await page("/dashboard/my_orders", cookie);
    expect(orders.response.status).toBe(200);
    expect(orders.trips).toBe(1);
    expect(orders.html).toContain(product.name);
  });

  it("costs one round trip on Wishlist, My Products and My Buyers, and shows what it read", async () => {
    const { buyer, product, category } = await buyerWithAnOrder();
    const sold = await insertProduct({
      sellerId: product.sellerId,
      categoryId: category.id,
      name: `Sold ${product.name}`,
    });
    await insertSale({ productId: sold.id, buyerId: buyer.id, sellerId: product.sellerId });
    await database(testEnv.DB).insert(wishlistEntries).values({ buyerId: buyer.id, productId: product.id });
    const wishlist = await page("/dashboard/wishlist", await sessionCookieFor(buyer.id));
    expect([wishlist.response.status, wishlist.trips]).toEqual([200, 1]);
    expect(wishlist.html).toContain(product.name);
    const sellerCookie = await sessionCookieFor(product.sellerId);
    const mine = await page("/dashboard/my_product", sellerCookie);
    expect([mine.response.status, mine.trips]).toEqual([200, 1]);
    expect(mine.html).toContain(product.name);
    const sales = await page("/dashboard/my_buyer", sellerCookie);
    expect([sales.response.status, sales.trips]).toEqual([200, 1]);
    expect(sales.html).toContain(buyer.name);
  });

  it("costs one round trip on the payment page and Add Product; another buyer's booking is a 404", async () => {
    const { buyer, product, category } = await buyerWithAnOrder();
    const [booking] = await database(testEnv.DB).select().from(bookings).where(eq(bookings.buyerId, buyer.id));
    const cookie = await sessionCookieFor(buyer.id);
    const payment = await page(`/dashboard/payment/${booking!.id}`, cookie);
    expect([payment.response.status, payment.trips]).toEqual([200, 1]);
    expect(payment.html).toContain(product.name);
    const stranger = await page(`/dashboard/payment/${booking!.id}`, await sessionCookieFor((await insertUser()).id));
    expect(stranger.response.status).toBe(404);
    expect(stranger.html).not.toContain(product.name);
    expect((await page("/dashboard/payment/not-an-id", cookie)).response.status).toBe(404);
    const sellerCookie = await sessionCookieFor(product.sellerId);
    expect((await page(`/dashboard/payment/${booking!.id}`, sellerCookie)).response.status).toBe(403);
    const add = await page("/dashboard/add_product", sellerCookie);
    expect([add.response.status, add.trips]).toEqual([200, 1]);
    expect(add.html).toContain(category.title);
    expect((await page("/dashboard/add_product", cookie)).response.status).toBe(403);
  });

  it("costs one round trip on the edit page; another seller's listing is a 404 with nothing of it", async () => {
    const { product } = await buyerWithAnOrder();
    const edit = await page(`/dashboard/my_product/${product.id}/edit`, await sessionCookieFor(product.sellerId));
    expect([edit.response.status, edit.trips]).toEqual([200, 1]);
    expect(edit.html).toContain(product.name);
    // The guidance of another model and grade (what the form asks for as it changes), and a form's
    // own URL (ADR 0071), each still one round trip.
    const sellerCookie = await sessionCookieFor(product.sellerId);
    for (const path of ["edit?model=canon-eos-r6&condition=Good", "edit/details", "edit/photos/add"]) {
      const shown = await page(`/dashboard/my_product/${product.id}/${path}`, sellerCookie);
      expect([shown.response.status, shown.trips], path).toEqual([200, 1]);
      expect(shown.html, path).toContain(product.name);
    }
    const other = await insertUser({ role: "seller" });
    const stranger = await page(`/dashboard/my_product/${product.id}/edit`, await sessionCookieFor(other.id));
    expect(stranger.response.status).toBe(404);
    expect(stranger.html).not.toContain(product.name);
  });

  it("gives another role a 403 page on Wishlist, My Products and My Buyers, with nothing it read", async () => {
    const { buyer, product } = await buyerWithAnOrder();
    await database(testEnv.DB).insert(wishlistEntries).values({ buyerId: buyer.id, productId: product.id });
    const asSeller = await sessionCookieFor(product.sellerId);
    const wishlist = await page("/dashboard/wishlist", asSeller);
    expect(wishlist.response.status).toBe(403);
    expect(wishlist.html).not.toContain(product.name);
    const asBuyer = await sessionCookieFor(buyer.id);
    for (const path of ["/dashboard/my_product", "/dashboard/my_buyer"]) {
      const refused = await page(path, asBuyer);
      expect(refused.response.status, path).toBe(403);
      expect(refused.html, path).not.toContain(product.name);
    }
  });

  it("costs one round trip on the admin's lists and on Settings", async () => {
    const { buyer, product } = await buyerWithAnOrder();
    await insertReport({ productId: product.id, reporterId: buyer.id });
    const admin = await insertUser({ role: "admin" });
    const asAdmin = await sessionCookieFor(admin.id);
    for (const [path, shows] of [
      ["/dashboard/all_buyers", buyer.name],
      ["/dashboard/all_sellers", "Seller"],
      ["/dashboard/reported_items", product.name],
      ["/dashboard/settings", "Email notifications"],
    ] as const) {
      const found = await page(path, asAdmin);
      expect([found.response.status, found.trips], path).toEqual([200, 1]);
      expect(found.html, path).toContain(shows);
    }
    const settings = await page("/dashboard/settings", await sessionCookieFor(buyer.id));
    expect([settings.response.status, settings.trips]).toEqual([200, 1]);
    expect(settings.html).toContain("Booking");
    // Reported Items' confirmation, with the listing it asks about, is one round trip too.
    const confirming = await page(`/dashboard/reported_items?confirm=remove&id=${product.id}`, asAdmin);
    expect([confirming.response.status, confirming.trips]).toEqual([200, 1]);
    expect(confirming.html).toContain("Remove Confirmation");
    for (const path of ["/dashboard/all_buyers", "/dashboard/reported_items"]) {
      const refused = await page(path, await sessionCookieFor(buyer.id));
      expect(refused.response.status, path).toBe(403);
      expect(refused.html, path).not.toContain(product.name);
    }
  });

  it("costs one round trip on Settings, with the account, its sessions, two-factor sign-in and saved searches", async () => {
    const seller = await insertUser({ role: "seller", twoFactor: true });
    const name = `Batched search ${crypto.randomUUID().slice(0, 8)}`;
    await database(testEnv.DB).insert(savedSearches).values({ userId: seller.id, name, query: "q=batched" });
    const cookie = await sessionCookieFor(seller.id);
    await sessionCookieFor(seller.id);
    const settings = await page("/dashboard/settings", cookie);
    expect([settings.response.status, settings.trips]).toEqual([200, 1]);
    expect(settings.html).toContain(seller.email);
    expect(settings.html).toContain(name);
    expect(settings.html).toContain("On: signing in asks for a code");
    // Both sessions: this one, and the other with its own Sign out.
    expect(settings.html).toContain("This session");
    expect(settings.html).toMatch(/aria-label="Sign out [^"]*, signed in /);
  });

  it("costs one round trip on a listing that takes offers, for a visitor, a buyer and its seller", async () => {
    const { product } = await buyerWithAnOrder();
    const listing = await insertProduct({
      sellerId: product.sellerId,
      categoryId: product.categoryId,
      name: `Offered lens ${crypto.randomUUID().slice(0, 8)}`,
      offersAccepted: true,
    });
    const path = `/listings/${listing.id}`;
    const visitor = await countedRequest(`https://pay.test${path}`);
    const visitorHtml = await visitor.text();
    expect([visitor.status, roundTripsOf(visitor)]).toEqual([200, 1]);
    expect(visitorHtml).toContain("Sign in as a buyer");

    // A buyer without an offer gets the form; one with a live offer sees theirs, never another's.
    const buyer = await insertUser({ role: "buyer" });
    const withoutOffer = await page(path, await sessionCookieFor(buyer.id));
    expect([withoutOffer.response.status, withoutOffer.trips]).toEqual([200, 1]);
    expect(withoutOffer.html).toContain('name="offerKey"');
    const offerer = await insertUser({ role: "buyer" });
    await database(testEnv.DB)
      .insert(offers)
      .values(offerRow(listing, offerer.id, { amountCents: 43_210 }));
    const withOffer = await page(path, await sessionCookieFor(offerer.id));
    expect([withOffer.response.status, withOffer.trips]).toEqual([200, 1]);
    expect(withOffer.html).toMatch(/Your offer: \$\s?432\.10/);
    expect(withOffer.html).not.toContain('name="offerKey"');
    const other = await page(path, await sessionCookieFor(buyer.id));
    expect(other.html).not.toContain("432.10");
    expect(other.html).toContain('name="offerKey"');

    const seller = await page(path, await sessionCookieFor(listing.sellerId));
    expect([seller.response.status, seller.trips]).toEqual([200, 1]);
    expect(seller.html).toContain(listing.name);
    expect(seller.html).not.toContain("Make an offer");
  });

  it("costs one round trip on the money, offer and stolen-gear pages, and on a confirmation of an account list", async () => {
    const { buyer, product } = await buyerWithAnOrder();
    const admin = await insertUser({ role: "admin" });
    const asAdmin = await sessionCookieFor(admin.id);
    const pages = [
      [product.sellerId, "/dashboard/payouts", "Payouts"],
      [product.sellerId, "/dashboard/offers", "Offers"],
      [buyer.id, "/dashboard/my_offers", "Offers"],
      [buyer.id, "/dashboard/stolen_gear", "Stolen Gear"],
      [admin.id, "/dashboard/claims", "Claims"],
      [admin.id, "/dashboard/serial_holds", "Held"],
      [admin.id, "/dashboard/serial_holds?serial=SN-BATCH-1", "SNBATCH1"],
      [admin.id, `/dashboard/all_buyers?confirm=delete&id=${buyer.id}`, buyer.name],
    ] as const;
    for (const [userId, path, shows] of pages) {
      const found = await page(path, userId === admin.id ? asAdmin : await sessionCookieFor(userId));
      expect([found.response.status, found.trips], path).toEqual([200, 1]);
      expect(found.html, path).toContain(shows);
    }
  });

  it("costs one round trip on Offers and My Offers, and shows the offer to its two parties only", async () => {
    const { buyer, product } = await buyerWithAnOrder();
    await database(testEnv.DB)
      .insert(offers)
      .values({
        productId: product.id,
        buyerId: buyer.id,
        sellerId: product.sellerId,
        askingCents: 100_000,
        amountCents: 90_000,
        meetLocation: "Union Square",
        buyerContact: "+1 415 555 0101",
        respondBy: new Date(Date.now() + 3600 * 1000),
      });
    for (const [userId, path] of [
      [product.sellerId, "/dashboard/offers"],
      [buyer.id, "/dashboard/my_offers"],
    ] as const) {
      const found = await page(path, await sessionCookieFor(userId));
      expect([found.response.status, found.trips], path).toEqual([200, 1]);
      expect(found.html, path).toContain(product.name);
    }
    const other = await insertUser({ role: "seller" });
    const elsewhere = await page("/dashboard/offers", await sessionCookieFor(other.id));
    expect([elsewhere.response.status, elsewhere.trips]).toEqual([200, 1]);
    expect(elsewhere.html).not.toContain(product.name);
  });

  it("costs one round trip on Messages and on a conversation, whose read mark travels in the batch", async () => {
    const { buyer, product, booking, db } = await buyerWithAMessage("Still available, collect any evening.");
    const buyerCookie = await sessionCookieFor(buyer.id);
    const list = await page("/dashboard/messages", buyerCookie);
    expect([list.response.status, list.trips]).toEqual([200, 1]);
    expect(list.html).toContain(product.name);
    expect(list.html).toContain("1 unread");
    const sellerList = await page("/dashboard/messages", await sessionCookieFor(product.sellerId));
    expect([sellerList.response.status, sellerList.trips]).toEqual([200, 1]);
    expect(sellerList.html).toContain(`${buyer.name} (buyer)`);

    const thread = await page(`/dashboard/messages/${booking!.id}`, buyerCookie);
    expect([thread.response.status, thread.trips]).toEqual([200, 1]);
    expect(thread.html).toContain("Still available, collect any evening.");
    expect(await db.select().from(messageReads).where(eq(messageReads.userId, buyer.id))).toHaveLength(1);
    expect((await page("/dashboard/messages", buyerCookie)).html).not.toContain("1 unread");

    // Someone else's conversation: a 404 with nothing of it, read or written.
    const stranger = await insertUser({ role: "buyer" });
    const refused = await page(`/dashboard/messages/${booking!.id}`, await sessionCookieFor(stranger.id));
    expect(refused.response.status).toBe(404);
    expect(refused.html).not.toContain("Still available");
    expect(await db.select().from(messageReads).where(eq(messageReads.userId, stranger.id))).toHaveLength(0);

    // The other party marks it read for themselves; an admin looking into a reported listing does not.
    const sellerThread = await page(`/dashboard/messages/${booking!.id}`, await sessionCookieFor(product.sellerId));
    expect([sellerThread.response.status, sellerThread.trips]).toEqual([200, 1]);
    expect(await db.select().from(messageReads).where(eq(messageReads.userId, product.sellerId))).toHaveLength(1);
    const admin = await insertUser({ role: "admin" });
    await insertReport({ productId: product.id, reporterId: stranger.id });
    const adminThread = await page(`/dashboard/messages/${booking!.id}`, await sessionCookieFor(admin.id));
    expect([adminThread.response.status, adminThread.trips]).toEqual([200, 1]);
    expect(adminThread.html).toContain("Still available");
    expect(await db.select().from(messageReads).where(eq(messageReads.userId, admin.id))).toHaveLength(0);
  });

  it("marks nothing read for a revoked session or a deleted account, which go to log in", async () => {
    const { buyer, product, booking, db } = await buyerWithAMessage("Offer stands until Friday.");
    const path = `/dashboard/messages/${booking!.id}`;
    const readMarks = async (userId: string) => db.select().from(messageReads).where(eq(messageReads.userId, userId));

    const revokedCookie = await sessionCookieFor(buyer.id);
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, buyer.id));
    const revoked = await page(path, revokedCookie);
    expect(revoked.response.status).toBe(302);
    expect(revoked.response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(revoked.html).not.toContain("Offer stands");
    expect(await readMarks(buyer.id)).toHaveLength(0);

    const sellerCookie = await sessionCookieFor(product.sellerId);
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, product.sellerId));
    const deleted = await page(path, sellerCookie);
    expect(deleted.response.status).toBe(302);
    expect(await readMarks(product.sellerId)).toHaveLength(0);

    // A live session of the same buyer marks it, once, however often the page is read.
    const fresh = await sessionCookieFor(buyer.id);
    expect((await page(path, fresh)).response.status).toBe(200);
    expect((await page(path, fresh)).response.status).toBe(200);
    expect(await readMarks(buyer.id)).toHaveLength(1);
  });

  it("reads for the role the session row has, whatever role the cookie claims", async () => {
    const { buyer, product } = await buyerWithAnOrder();
    // A seller's cookie claiming "buyer", and one signed before the claim existed.
    for (const role of ["buyer", null] as const) {
      const claimed = await page("/dashboard/messages", await sessionCookieFor(product.sellerId, { role }));
      expect(claimed.response.status).toBe(200);
      // The seller's conversations (the buyer of the booking on the other side), read again: two trips.
      expect(claimed.html).toContain(`${buyer.name} (buyer)`);
      expect(claimed.trips).toBe(2);
    }
    // A buyer's cookie claiming "admin" sees no reported listing's conversations.
    const admin = await page("/dashboard/messages", await sessionCookieFor(buyer.id, { role: "admin" }));
    expect(admin.html).not.toContain("read-only");
    expect(admin.html).toContain(product.name);
  });

  it("sends a revoked session or a deleted account to log in, with nothing of the page", async () => {
    const { buyer, product, category } = await buyerWithAnOrder();
    const cookie = await sessionCookieFor(buyer.id);
    const db = database(testEnv.DB);
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, buyer.id));
    for (const path of ["/dashboard/my_orders", `/products/${encodeURIComponent(category.slug)}`]) {
      const revoked = await page(path, cookie);
      expect(revoked.response.status, path).toBe(302);
      expect(revoked.response.headers.get("Location"), path).toMatch(/^\/login\?redirectTo=/);
      expect(revoked.html, path).not.toContain(product.name);
    }
    const fresh = await sessionCookieFor(buyer.id);
    expect((await page("/dashboard/my_orders", fresh)).response.status).toBe(200);
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, buyer.id));
    const deleted = await page("/dashboard/my_orders", fresh);
    expect(deleted.response.status).toBe(302);
    expect(deleted.html).not.toContain(product.name);
  });

  it("gives another role a 403 page without the orders it read", async () => {
    const { product } = await buyerWithAnOrder();
    const seller = await insertUser({ role: "seller" });
    const response = await page("/dashboard/my_orders", await sessionCookieFor(seller.id));
    expect(response.response.status).toBe(403);
    expect(response.html).not.toContain(product.name);
  });

  it("never hands a forged cookie's reads over", async () => {
    const { buyer } = await buyerWithAnOrder();
    const cookie = await sessionCookieFor(buyer.id);
    const forged = `${cookie.slice(0, -4)}AAAA`;
    const response = await page("/dashboard/my_orders", forged);
    expect(response.response.status).toBe(302);
    // The signature fails before D1 is asked anything about the session.
    expect(response.trips).toBe(0);
  });
});

describe("the session's read", () => {
  it("names the user and the session apart when it travels in a batch", async () => {
    const { buyer } = await buyerWithAnOrder();
    const cookie = await sessionCookieFor(buyer.id);
    const orders = await page("/dashboard/my_orders", cookie);
    expect(orders.html).toMatch(new RegExp(`Signed in as (<!-- -->)?${buyer.name}<`));
    const [session] = await database(testEnv.DB).select().from(sessions).where(eq(sessions.userId, buyer.id));
    // With another read of the same turn, so that both travel in one batch.
    const db = database(batchingReads(testEnv.DB, { checkColumns: true }));
    const [user] = await Promise.all([
      findSessionUser(db, session!.id, buyer.id),
      db.select({ id: users.id }).from(users).where(eq(users.id, buyer.id)),
    ]);
    expect(user).toMatchObject({ id: buyer.id, sessionId: session!.id, role: "buyer" });
  });
});
