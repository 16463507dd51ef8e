// Seller profiles: the public page /sellers/<id> and GET /api/sellers/:id (name, member since,
// badge, rating with written reviews, completed sales, response time, live listings); the
// seller's one answer to a review; reports of reviews and the admin's decisions.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { NOT_ENOUGH_MESSAGES, typicalResponseMs } from "#app/domain/catalog/seller-profiles.server";
import { REVIEW_MESSAGES } from "#app/domain/deals/ratings/reviews.server";
import { REVIEW_REPORT_MESSAGES } from "#app/domain/moderation/review-reports.server";
import { database } from "#db/client";
import { deals, messages, ratings, reviewReports } from "#db/schema";
import { bearerFor, get, ORIGIN, postForm, signedInUser } from "./auth-helpers";
import { insertCategory, insertProduct, insertSale, insertUser } from "./factories";
import { api, toastText } from "./moderation-helpers";
import { countedRequest, roundTripsOf } from "./round-trips";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);

/** A seller with one available listing and `sales` paid purchases, each by a new buyer. */
async function sellerWithSales(sales = 1, name = "Maya Lens") {
  const seller = await signedInUser("seller", { name, verifiedAt: new Date() });
  const category = await insertCategory({ title: `Lenses ${crypto.randomUUID().slice(0, 6)}` });
  const live = await insertProduct({ sellerId: seller.user.id, categoryId: category.id, name: "Sigma 35mm Art" });
  const purchases = [];
  for (let i = 0; i < sales; i++) {
    const buyer = await signedInUser("buyer", { name: `Bea Buyer${i}` });
    const product = await insertProduct({ sellerId: seller.user.id, categoryId: category.id, name: `Sold ${i}` });
    const sale = await insertSale({ productId: product.id, buyerId: buyer.user.id, sellerId: seller.user.id });
    purchases.push({ buyer, product, ...sale });
  }
  return { seller, category, live, purchases };
}

/** A rating with text, written as the rating form writes it. */
async function review(
  purchase: { buyer: { user: { id: string } }; payment: { id: string } },
  sellerId: string,
  stars: number,
  comment: string,
) {
  const [row] = await db()
    .insert(ratings)
    .values({ paymentId: purchase.payment.id, buyerId: purchase.buyer.user.id, sellerId, stars, comment })
    .returning();
  return row!;
}

const answerForm = (cookie: string, sellerId: string, fields: Record<string, string>) =>
  postForm(`/sellers/${sellerId}`, { intent: "answer", ...fields }, { Cookie: cookie });
const reportForm = (cookie: string, sellerId: string, fields: Record<string, string>) =>
  postForm(`/sellers/${sellerId}`, { intent: "report-review", ...fields }, { Cookie: cookie });

describe("a seller's public profile", () => {
  it("shows name, member since, badge, rating, escaped reviews, completed sales and live listings", async () => {
    const { seller, live, purchases } = await sellerWithSales(3);
    await review(purchases[0]!, seller.user.id, 5, "<script>alert(1)</script> Great & fast");
    await review(purchases[1]!, seller.user.id, 4, "");
    // Only money that reached the seller counts: one released, one settled outside, one still held.
    await db().update(deals).set({ state: "released" }).where(eq(deals.paymentId, purchases[0]!.payment.id));
    await db().update(deals).set({ state: "settled_outside" }).where(eq(deals.paymentId, purchases[1]!.payment.id));
    const response = await get(`/sellers/${seller.user.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Maya Lens");
    expect(html).toContain("Member since");
    expect(html).toContain('title="Verified seller"');
    expect(html).toContain("Rated 4.5 out of 5 by 2 buyers");
    // Written reviews only; the text escaped, never markup; the author by first name and initial.
    expect(html).toContain("Reviews (1)");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Great &amp; fast");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("Bea B.");
    expect(html).toMatch(/Completed sales<\/dt><dd[^>]*>2</);
    expect(html).toContain(NOT_ENOUGH_MESSAGES);
    // Its live listings as cards; sold ones are not live.
    expect(html).toContain("Listings (1)");
    expect(html).toContain(live.name);
    expect(html).not.toContain("Sold 0");
    // The same by the API.
    const body = await (await api(`/sellers/${seller.user.id}`)).json<Record<string, unknown>>();
    expect(body).toMatchObject({
      _id: seller.user.id,
      name: "Maya Lens",
      isSellerVerification: true,
      rating: { average: 4.5, count: 2 },
      completedSales: 2,
      responseTime: { medianMinutes: null, text: NOT_ENOUGH_MESSAGES },
      reviews: { total: 1, rows: [{ stars: 5, text: "<script>alert(1)</script> Great & fast", answer: null }] },
      listings: { total: 1, rows: [{ _id: live.id, sellerId: seller.user.id }] },
    });
    expect(JSON.stringify(body)).not.toContain(seller.user.email);
  });

  it("gives the typical response time: the lower median of the latest conversations, from 3 on", async () => {
    const { seller, purchases } = await sellerWithSales(4);
    const t0 = Date.UTC(2026, 5, 1);
    const minutes = [10, 30, 240, 5];
    const say = (bookingId: string, senderId: string, at: number, body: string) =>
      db()
        .insert(messages)
        .values({ bookingId, senderId, body, idempotencyKey: crypto.randomUUID(), createdAt: new Date(at) });
    const converse = async (index: number) => {
      const { booking, buyer } = purchases[index]!;
      const start = t0 + index * 86_400_000;
      // The seller's message before the buyer's first does not count as a reply.
      await say(booking.id, seller.user.id, start - 60_000, "Hello");
      await say(booking.id, buyer.user.id, start, "Is it still available?");
      await say(booking.id, buyer.user.id, start + 60_000, "Hello?");
      await say(booking.id, seller.user.id, start + minutes[index]! * 60_000, "Yes");
    };
    await converse(0);
    await converse(1);
    const two = await (await api(`/sellers/${seller.user.id}`)).json<Record<string, unknown>>();
    expect(two.responseTime).toEqual({ medianMinutes: null, text: NOT_ENOUGH_MESSAGES });
    await converse(2);
    // 10, 30, 240: the median is 30 minutes.
    const three = await (await api(`/sellers/${seller.user.id}`)).json<Record<string, unknown>>();
    expect(three.responseTime).toEqual({ medianMinutes: 30, text: "Usually answers within 30 minutes" });
    await converse(3);
    // 5, 10, 30, 240: the lower median is 10.
    const four = await (await get(`/sellers/${seller.user.id}`)).text();
    expect(four).toContain("Usually answers within 10 minutes");
    expect(typicalResponseMs([4, 1, 3, 2])).toBe(2);
    expect(typicalResponseMs([1, 2])).toBeNull();
  });

  it("loads in one D1 round trip for a visitor", async () => {
    const { seller, purchases } = await sellerWithSales(1);
    await review(purchases[0]!, seller.user.id, 5, "Lovely lens");
    const response = await countedRequest(`${ORIGIN}/sellers/${seller.user.id}`);
    expect(response.status).toBe(200);
    expect(roundTripsOf(response)).toBe(1);
  });

  it("is 410 for a seller who left and 404 for an unknown id, a buyer, an admin or an unconfirmed seller", async () => {
    const gone = await insertUser({ role: "seller", deletedAt: new Date() });
    expect((await get(`/sellers/${gone.id}`)).status).toBe(410);
    expect((await api(`/sellers/${gone.id}`)).status).toBe(410);
    const buyer = await insertUser({ role: "buyer" });
    const admin = await insertUser({ role: "admin" });
    const unconfirmed = await insertUser({ role: "seller", emailVerifiedAt: null });
    for (const id of [crypto.randomUUID(), buyer.id, admin.id, unconfirmed.id, "x".repeat(300)]) {
      expect((await get(`/sellers/${id}`)).status, id).toBe(404);
      expect((await api(`/sellers/${id}`)).status, id).toBe(404);
    }
  });

  it("is linked from every card, the listing page and My Orders", async () => {
    const { seller, category, live, purchases } = await sellerWithSales(1);
    const link = `href="/sellers/${seller.user.id}"`;
    expect(await (await get(`/listings/${live.id}`)).text()).toContain(link);
    const viewer = await signedInUser("buyer");
    expect(await (await get(`/products/${category.slug}`, { Cookie: viewer.cookie })).text()).toContain(link);
    expect(await (await get("/dashboard/my_orders", { Cookie: purchases[0]!.buyer.cookie })).text()).toContain(link);
  });
});

describe("the seller's answer to a review", () => {
  it("is written once, by the review's seller only, and shows on the profile", async () => {
    const { seller, purchases } = await sellerWithSales(1);
    const row = await review(purchases[0]!, seller.user.id, 4, "Good lens, slow post");
    const page = await (await get(`/sellers/${seller.user.id}`, { Cookie: seller.cookie })).text();
    expect(page).toContain('name="answer"');
    // Nobody else sees the form.
    expect(await (await get(`/sellers/${seller.user.id}`)).text()).not.toContain('name="answer"');
    const other = await signedInUser("seller");
    const notMine = await answerForm(other.cookie, seller.user.id, { ratingId: row.id, answer: "Not mine" });
    expect(await toastText(notMine)).toBe(REVIEW_MESSAGES.notFound);
    const buyer = purchases[0]!.buyer;
    const asBuyer = await answerForm(buyer.cookie, seller.user.id, { ratingId: row.id, answer: "Me" });
    expect(await toastText(asBuyer)).toBe(REVIEW_MESSAGES.notSeller);
    const empty = await answerForm(seller.cookie, seller.user.id, { ratingId: row.id, answer: "  " });
    expect(await toastText(empty)).toBe("Write an answer.");
    const control = await answerForm(seller.cookie, seller.user.id, { ratingId: row.id, answer: "Hi\u0007" });
    expect(await toastText(control)).toBe("The answer contains characters we cannot show.");
    expect((await db().select().from(ratings))[0]!.answer).toBeNull();
    const first = await answerForm(seller.cookie, seller.user.id, { ratingId: row.id, answer: "Thanks <b>Bea</b>!" });
    expect(first.status).toBe(302);
    expect(await toastText(first)).toBe(REVIEW_MESSAGES.answered);
    // A double submit changes nothing.
    const again = await answerForm(seller.cookie, seller.user.id, { ratingId: row.id, answer: "Second" });
    expect(await toastText(again)).toBe(REVIEW_MESSAGES.twice);
    const [stored] = await db().select().from(ratings);
    expect(stored!.answer).toBe("Thanks <b>Bea</b>!");
    const after = await (await get(`/sellers/${seller.user.id}`)).text();
    expect(after).toContain("Thanks &lt;b&gt;Bea&lt;/b&gt;!");
    expect(await (await get(`/sellers/${seller.user.id}`, { Cookie: seller.cookie })).text()).not.toContain(
      'name="answer"',
    );
  });

  it("by PUT /api/reviews/:id/answer: 200 once, then 409; 403 for a buyer, 404 for another seller, 422 for bad text", async () => {
    const { seller, purchases } = await sellerWithSales(1);
    const row = await review(purchases[0]!, seller.user.id, 3, "Fine");
    const put = (auth: string, json: unknown) => api(`/reviews/${row.id}/answer`, { method: "PUT", auth, json });
    expect((await put(await bearerFor(purchases[0]!.buyer.user.id), { answer: "x" })).status).toBe(403);
    const other = await insertUser({ role: "seller" });
    expect((await put(await bearerFor(other.id), { answer: "x" })).status).toBe(404);
    const mine = await bearerFor(seller.user.id);
    expect((await put(mine, { answer: "y".repeat(501) })).status).toBe(422);
    expect((await put(mine, { answer: 5 })).status).toBe(422);
    expect((await put(mine, { answer: "Thank you" })).status).toBe(200);
    const twice = await put(mine, { answer: "Again" });
    expect(twice.status).toBe(409);
    expect((await db().select().from(ratings))[0]!.answer).toBe("Thank you");
  });
});

describe("reporting a review", () => {
  it("anyone signed in but its author reports it once; the admin dismisses or removes its text", async () => {
    const { seller, purchases } = await sellerWithSales(2);
    const first = await review(purchases[0]!, seller.user.id, 1, "Rude words here");
    const second = await review(purchases[1]!, seller.user.id, 2, "Meh");
    const reporter = await signedInUser("buyer");
    const page = await (await get(`/sellers/${seller.user.id}?report=${first.id}`, { Cookie: reporter.cookie })).text();
    expect(page).toContain('name="reason"');
    // The author sees no report link on their own review, and is refused.
    const author = purchases[0]!.buyer;
    const own = await reportForm(author.cookie, seller.user.id, { ratingId: first.id, reason: "offensive" });
    expect(await toastText(own)).toBe(REVIEW_REPORT_MESSAGES.ownReview);
    const signedOut = await postForm(`/sellers/${seller.user.id}`, {
      intent: "report-review",
      ratingId: first.id,
      reason: "offensive",
    });
    expect(signedOut.headers.get("Location")).toMatch(/^\/login/);
    const bad = await reportForm(reporter.cookie, seller.user.id, { ratingId: first.id, reason: "nonsense" });
    expect(await toastText(bad)).toBe("Choose a reason.");
    const other = await reportForm(reporter.cookie, seller.user.id, { ratingId: first.id, reason: "other" });
    expect(await toastText(other)).toBe("Tell us what is wrong with this review.");
    expect(await db().select().from(reviewReports)).toHaveLength(0);
    const done = await reportForm(reporter.cookie, seller.user.id, { ratingId: first.id, reason: "offensive" });
    expect(await toastText(done)).toBe(REVIEW_REPORT_MESSAGES.reported);
    const twice = await reportForm(reporter.cookie, seller.user.id, { ratingId: first.id, reason: "offensive" });
    expect(await toastText(twice)).toBe(REVIEW_REPORT_MESSAGES.duplicate);
    // By the API too: the seller may report a review of them.
    const bySeller = await api(`/reviews/${second.id}/reports`, {
      method: "POST",
      auth: await bearerFor(seller.user.id),
      json: { reason: "misleading" },
    });
    expect(bySeller.status).toBe(201);
    const ownApi = await api(`/reviews/${second.id}/reports`, {
      method: "POST",
      auth: await bearerFor(purchases[1]!.buyer.user.id),
      json: { reason: "misleading" },
    });
    expect(ownApi.status).toBe(403);
    expect(await db().select().from(reviewReports)).toHaveLength(2);

    // The admin sees both on Reported Items.
    const admin = await signedInUser("admin");
    const items = await (await get("/dashboard/reported_items", { Cookie: admin.cookie })).text();
    expect(items).toContain("Reported reviews (2)");
    expect(items).toContain("Rude words here");
    // Non-admins may not decide.
    const notAdmin = await api(`/reviews/${first.id}/decision`, {
      method: "PUT",
      auth: await bearerFor(reporter.user.id),
      json: { action: "remove" },
    });
    expect(notAdmin.status).toBe(403);
    const removed = await postForm(
      "/dashboard/reported_items/reviews/remove",
      { ratingId: first.id },
      { Cookie: admin.cookie },
    );
    expect(await toastText(removed)).toBe(REVIEW_REPORT_MESSAGES.removed);
    const [gone] = await db().select().from(ratings).where(eq(ratings.id, first.id));
    expect(gone).toMatchObject({ comment: "", stars: 1 });
    expect(gone!.textRemovedAt).not.toBeNull();
    const profile = await (await get(`/sellers/${seller.user.id}`)).text();
    expect(profile).not.toContain("Rude words here");
    // The stars stay in the rating.
    expect(profile).toContain("Rated 1.5 out of 5 by 2 buyers");
    // Dismissed by the API; a second decision finds no open report.
    const dismiss = () =>
      bearerFor(admin.user.id).then((auth) =>
        api(`/reviews/${second.id}/decision`, { method: "PUT", auth, json: { action: "dismiss" } }),
      );
    expect((await dismiss()).status).toBe(200);
    expect((await dismiss()).status).toBe(404);
    const statuses = (await db().select().from(reviewReports)).map((row) => row.status).sort();
    expect(statuses).toEqual(["actioned", "dismissed"]);
    const list = await api("/review-reports", { auth: await bearerFor(admin.user.id) });
    expect(await list.json()).toEqual([]);
  });

  it("refuses a review text with control characters when rating", async () => {
    const { seller, purchases } = await sellerWithSales(1);
    const response = await api("/ratings", {
      method: "POST",
      auth: await bearerFor(purchases[0]!.buyer.user.id),
      json: { bookingId: purchases[0]!.booking.id, stars: 5, comment: "Nice\u0000lens" },
    });
    expect(response.status).toBe(422);
    expect(await db().select().from(ratings).where(eq(ratings.sellerId, seller.user.id))).toHaveLength(0);
    // Line breaks are text.
    const ok = await api("/ratings", {
      method: "POST",
      auth: await bearerFor(purchases[0]!.buyer.user.id),
      json: { bookingId: purchases[0]!.booking.id, stars: 5, comment: "Nice\r\nlens" },
    });
    expect(ok.status).toBe(201);
    expect((await db().select().from(ratings))[0]!.comment).toBe("Nice\nlens");
  });
});
