// Ratings: a buyer rates the seller of a paid purchase once; everyone else, and every bad
// value, is refused with a clear message and writes nothing.
import { createExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sellerRatingSummaries } from "#app/domain/catalog/seller-ratings.server";
import { RATING_MESSAGES } from "#app/domain/deals/ratings/ratings.server";
import { database } from "#db/client";
import { payments, ratings, users } from "#db/schema";
import worker from "../../workers/app";
import { bearerFor, get, postForm, signedInUser } from "./auth-helpers";
import { insertCategory, insertProduct, insertSale, insertUser } from "./factories";
import { toastText } from "./moderation-helpers";
import { bookedListing } from "./payment-fixtures";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);

/** A paid purchase by a signed-in buyer. */
async function paidPurchase() {
  const category = await insertCategory({ title: `Lens ${crypto.randomUUID().slice(0, 6)}` });
  const seller = await insertUser({ role: "seller", name: "Maya Lens" });
  const buyer = await signedInUser("buyer");
  const product = await insertProduct({ sellerId: seller.id, categoryId: category.id, name: "Sigma 35mm Art" });
  const { booking } = await insertSale({ productId: product.id, buyerId: buyer.user.id, sellerId: seller.id });
  return { seller, buyer, product, booking, category };
}

const rateForm = (cookie: string, fields: Record<string, string>) =>
  postForm("/dashboard/my_orders", { intent: "rate", ...fields }, { Cookie: cookie });

async function rateApi(userId: string, body: unknown) {
  return worker.fetch(
    new Request("https://pay.test/api/ratings", {
      method: "POST",
      headers: { Authorization: await bearerFor(userId), "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
    testEnv,
    createExecutionContext(),
  );
}

const toast = async (response: Response, _cookie: string) => {
  expect(response.status).toBe(302);
  return (await toastText(response)) ?? "";
};

describe("rating the seller of a paid purchase", () => {
  it("from My Orders: a Rate the seller dialog with radio stars, saved once, shown on the order and the cards", async () => {
    const { buyer, booking, seller, category } = await paidPurchase();
    const orders = await (await get("/dashboard/my_orders", { Cookie: buyer.cookie })).text();
    expect(orders).toContain("Rate the seller");
    const dialog = await (await get(`/dashboard/my_orders?rate=${booking.id}`, { Cookie: buyer.cookie })).text();
    expect(dialog).toContain('type="radio"');
    expect(dialog).toContain('name="stars"');
    const response = await rateForm(buyer.cookie, { bookingId: booking.id, stars: "4", comment: "<b>Great</b> lens" });
    expect(response.status).toBe(302);
    expect(await toast(response, buyer.cookie)).toContain(RATING_MESSAGES.rated);
    const [row] = await db().select().from(ratings);
    expect(row).toMatchObject({ buyerId: buyer.user.id, sellerId: seller.id, stars: 4, comment: "<b>Great</b> lens" });
    const after = await (await get("/dashboard/my_orders", { Cookie: buyer.cookie })).text();
    expect(after).toContain("You rated the seller 4/5");
    // Twice: the database refuses, the buyer is told.
    const again = await rateForm(buyer.cookie, { bookingId: booking.id, stars: "1" });
    expect(await toast(again, buyer.cookie)).toContain(RATING_MESSAGES.twice);
    expect(await db().select().from(ratings)).toHaveLength(1);
    // The summary on another listing of the same seller's card.
    const other = await insertProduct({ sellerId: seller.id, categoryId: category.id, name: "Nikon 50mm" });
    const page = await (await get(`/products/${encodeURIComponent(category.slug)}`, { Cookie: buyer.cookie })).text();
    expect(page).toContain("★ 4.0 (1)");
    expect(page).toContain("Rated 4.0 out of 5 by 1 buyer");
    expect(page).not.toContain("<b>Great</b>");
    // And beside the seller on that listing's own page, for anyone.
    const listingPage = await (await get(`/listings/${other.id}`)).text();
    expect(listingPage).toContain("Rated 4.0 out of 5 by 1 buyer");
  });

  it("by POST /api/ratings: 201 once, 409 twice", async () => {
    const { buyer, booking, seller } = await paidPurchase();
    const first = await rateApi(buyer.user.id, { bookingId: booking.id, stars: 5, comment: "Smooth" });
    expect(first.status).toBe(201);
    const second = await rateApi(buyer.user.id, { bookingId: booking.id, stars: 5 });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ error: { message: RATING_MESSAGES.twice } });
    const summary = await worker.fetch(
      new Request(`https://pay.test/api/sellers/${seller.id}/ratings`),
      testEnv,
      createExecutionContext(),
    );
    expect(await summary.json()).toEqual({ sellerId: seller.id, average: 5, count: 1 });
  });

  it("refuses another buyer, an unpaid booking, a seller and bad values, writing nothing", async () => {
    const { booking } = await paidPurchase();
    const other = await signedInUser("buyer");
    const notMine = await rateApi(other.user.id, { bookingId: booking.id, stars: 5 });
    expect(notMine.status).toBe(404);
    const unpaid = await bookedListing();
    const notPaid = await rateApi(unpaid.buyer.user.id, { bookingId: unpaid.booking.id, stars: 5 });
    expect(notPaid.status).toBe(409);
    expect(await notPaid.json()).toMatchObject({ error: { message: RATING_MESSAGES.notPaid } });
    const seller = await signedInUser("seller");
    expect((await rateApi(seller.user.id, { bookingId: booking.id, stars: 5 })).status).toBe(403);
    const { buyer, booking: mine } = await paidPurchase();
    for (const stars of [0, 6, 2.5, "2.5", "five", null, -1]) {
      const response = await rateApi(buyer.user.id, { bookingId: mine.id, stars });
      expect(response.status, `stars ${stars}`).toBe(422);
    }
    const long = await rateApi(buyer.user.id, { bookingId: mine.id, stars: 3, comment: "x".repeat(501) });
    expect(long.status).toBe(422);
    for (const stars of ["0", "6", "2.5", ""]) {
      const response = await rateForm(buyer.cookie, { bookingId: mine.id, stars });
      expect(await toast(response, buyer.cookie)).toContain("Choose from 1 to 5 stars.");
    }
    expect(await db().select().from(ratings)).toHaveLength(0);
  });

  it("refuses rating a seller who left, and hides a gone seller's summary", async () => {
    const { buyer, booking, seller } = await paidPurchase();
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, seller.id));
    const response = await rateApi(buyer.user.id, { bookingId: booking.id, stars: 5 });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: { message: RATING_MESSAGES.sellerGone } });
    const summary = await worker.fetch(
      new Request(`https://pay.test/api/sellers/${seller.id}/ratings`),
      testEnv,
      createExecutionContext(),
    );
    expect(summary.status).toBe(404);
  });

  it("the database itself refuses stars outside 1–5 and a second rating of one payment", async () => {
    const { buyer, booking, seller } = await paidPurchase();
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, booking.id));
    const row = { paymentId: payment!.id, buyerId: buyer.user.id, sellerId: seller.id };
    await expect(
      db()
        .insert(ratings)
        .values({ ...row, stars: 6 }),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(ratings)
        .values({ ...row, stars: 0 }),
    ).rejects.toThrow();
    await db()
      .insert(ratings)
      .values({ ...row, stars: 3 });
    await expect(
      db()
        .insert(ratings)
        .values({ ...row, stars: 4 }),
    ).rejects.toThrow();
  });

  it("sellerRatingSummaries: one decimal per seller, zero for the unrated", async () => {
    const a = await paidPurchase();
    const b = await paidPurchase();
    await rateApi(a.buyer.user.id, { bookingId: a.booking.id, stars: 4 });
    const second = await insertSale({
      productId: (await insertProduct({ sellerId: a.seller.id, categoryId: a.category.id })).id,
      buyerId: a.buyer.user.id,
      sellerId: a.seller.id,
    });
    await rateApi(a.buyer.user.id, { bookingId: second.booking.id, stars: 5 });
    const summaries = await sellerRatingSummaries(db(), [a.seller.id, b.seller.id]);
    expect(summaries.get(a.seller.id)).toEqual({ average: 4.5, count: 2 });
    expect(summaries.get(b.seller.id)).toEqual({ average: null, count: 0 });
  });

  it("All Sellers shows each seller's summary to the admin", async () => {
    const { buyer, booking, seller } = await paidPurchase();
    expect((await rateApi(buyer.user.id, { bookingId: booking.id, stars: 3 })).status).toBe(201);
    const admin = await signedInUser("admin");
    const html = await (await get("/dashboard/all_sellers", { Cookie: admin.cookie })).text();
    expect(html).toContain(seller.name);
    const at = html.indexOf(seller.name);
    expect(html.slice(at, at + 400)).toContain("★ 3.0 (1)");
  });
});
