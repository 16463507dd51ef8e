// Offers (ADR 0061): the price rule, one live offer per buyer and listing, each step once by
// compare-and-set, the deadline (before and by the scheduled job), acceptance as one batch that
// books at the agreed price, concurrency, the pages, the REST API and the letters.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { answerOffer } from "#app/domain/deals/offers/offer-answers.server";
import { makeOffer } from "#app/domain/deals/offers/offers.server";
import { plannedLetters } from "#app/domain/notifications/letters.server";
import { runMaintenance } from "#app/server/maintenance.server";
import { database } from "#db/client";
import type { Role } from "#db/closed-lists";
import { bookings, offers, payments, products, users } from "#db/schema";
import { bearerFor, get, ORIGIN, postForm, signedInUser } from "./auth-helpers";
import { amountsIn, insertBooking, insertCategory, insertProduct, insertUser, USD } from "./factories";
import { toastText } from "./moderation-helpers";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const HOUR = 3600 * 1000;
const MEET = { meetLocation: "Union Square", buyerContact: "+1 415 555 0101" };

async function listing(overrides: Partial<Parameters<typeof insertProduct>[0]> = {}) {
  const category = await insertCategory({ title: `Camera ${crypto.randomUUID().slice(0, 6)}` });
  const seller = await signedInUser("seller", { name: "Sol Seller" });
  const product = await insertProduct({
    sellerId: seller.user.id,
    categoryId: category.id,
    name: "Fujifilm X-T3",
    resalePriceCents: 100_000,
    ...overrides,
  });
  return { seller, product };
}

const offerOf = async (id: string) => (await db().select().from(offers).where(eq(offers.id, id)))[0]!;
const productOf = async (id: string) => (await db().select().from(products).where(eq(products.id, id)))[0]!;
const bookingsOf = (productId: string) => db().select().from(bookings).where(eq(bookings.productId, productId));

async function offer(buyer: { id: string; role: Role }, productId: string, amount: number, now?: number) {
  const result = await makeOffer(db(), buyer, { productId, amount, ...MEET }, crypto.randomUUID(), USD, now);
  if (!result.ok) throw new Error(result.message);
  return result.offerId;
}

function api(method: string, path: string, bearer: string, body?: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}/api${path}`, {
    method,
    headers: { Authorization: bearer, ...(body ? { "Content-Type": "application/json" } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
}

describe("making an offer", () => {
  it("takes 50 to 100 % of the asking price in whole cents, and refuses anything else", async () => {
    const { product } = await listing({ resalePriceCents: 100_001 });
    const { user } = await signedInUser("buyer");
    const at = (amount: number) =>
      makeOffer(db(), user, { productId: product.id, amount, ...MEET }, crypto.randomUUID(), USD);
    expect(await at(50_000)).toMatchObject({
      ok: false,
      status: 422,
      message: amountsIn("Offer at least $ 500.01, half the asking price."),
    });
    expect(await at(100_002)).toMatchObject({
      ok: false,
      status: 422,
      message: amountsIn("Offer at most the asking price, $ 1,000.01."),
    });
    expect(await at(50_001)).toMatchObject({ ok: true });
    expect(await db().select().from(offers)).toHaveLength(1);
  });

  it("keeps one live offer per buyer and listing; the same key again is the same offer", async () => {
    const { product } = await listing();
    const { user } = await signedInUser("buyer");
    const input = { productId: product.id, amount: 80_000, ...MEET };
    const first = await makeOffer(db(), user, input, "key-1", USD);
    const again = await makeOffer(db(), user, input, "key-1", USD);
    expect(first).toMatchObject({ ok: true, replayed: false, events: [{ kind: "offer_received" }] });
    expect(again).toMatchObject({ ok: true, replayed: true, events: [] });
    expect(await makeOffer(db(), user, { ...input, amount: 90_000 }, "key-1", USD)).toMatchObject({ status: 422 });
    expect(await makeOffer(db(), user, input, "key-2", USD)).toMatchObject({ ok: false, status: 409 });
    expect(await db().select().from(offers)).toHaveLength(1);
  });

  it("refuses sellers, listings with offers off, booked listings and sellers who cannot be paid", async () => {
    const { product, seller } = await listing();
    const { user } = await signedInUser("buyer");
    const input = { productId: product.id, amount: 80_000, ...MEET };
    expect(await makeOffer(db(), seller.user, input, "k", USD)).toMatchObject({ status: 403 });
    await db().update(products).set({ offersAccepted: false }).where(eq(products.id, product.id));
    expect(await makeOffer(db(), user, input, "k", USD)).toMatchObject({
      status: 409,
      message: "The seller does not take offers on this listing.",
    });
    const booked = await listing({ status: "booked" });
    expect(await makeOffer(db(), user, { ...input, productId: booked.product.id }, "k", USD)).toMatchObject({
      status: 409,
    });
    const category = await insertCategory({ title: "Unpaid" });
    const unpaid = await insertUser({ role: "seller" }, { payouts: false });
    const waiting = await insertProduct({ sellerId: unpaid.id, categoryId: category.id, resalePriceCents: 100_000 });
    expect(await makeOffer(db(), user, { ...input, productId: waiting.id }, "k", USD)).toMatchObject({ status: 409 });
    expect(await db().select().from(offers)).toHaveLength(0);
  });
});

describe("answering an offer", () => {
  it("counters once and books at the counter when the buyer accepts it, declining the listing's other offers", async () => {
    const { product, seller } = await listing();
    const buyer = await signedInUser("buyer");
    const other = await signedInUser("buyer");
    const offerId = await offer(buyer.user, product.id, 70_000);
    const otherId = await offer(other.user, product.id, 60_000);
    // Not the buyer's turn yet; not another seller's offer.
    expect(await answerOffer(db(), buyer.user, offerId, "accept", { currency: USD })).toMatchObject({
      ok: false,
      status: 409,
    });
    const stranger = await insertUser({ role: "seller" });
    expect(await answerOffer(db(), stranger, offerId, "accept", { currency: USD })).toMatchObject({
      ok: false,
      status: 404,
    });
    // A counter must be above the offer and at most the asking price.
    expect(
      await answerOffer(db(), seller.user, offerId, "counter", { currency: USD, counterCents: 70_000 }),
    ).toMatchObject({
      status: 422,
    });
    expect(
      await answerOffer(db(), seller.user, offerId, "counter", { currency: USD, counterCents: 100_001 }),
    ).toMatchObject({
      status: 422,
    });
    const countered = await answerOffer(db(), seller.user, offerId, "counter", { currency: USD, counterCents: 85_000 });
    expect(countered).toMatchObject({ ok: true, events: [{ kind: "offer_countered", offerId }] });
    // A double submit is one counter; a second, different counter is refused.
    expect(
      await answerOffer(db(), seller.user, offerId, "counter", { currency: USD, counterCents: 85_000 }),
    ).toMatchObject({
      ok: true,
      replayed: true,
      events: [],
    });
    expect(
      await answerOffer(db(), seller.user, offerId, "counter", { currency: USD, counterCents: 90_000 }),
    ).toMatchObject({
      ok: false,
      status: 409,
    });
    const accepted = await answerOffer(db(), buyer.user, offerId, "accept", { currency: USD, holdHours: 48 });
    expect(accepted).toMatchObject({
      ok: true,
      events: [
        { kind: "offer_accepted", offerId },
        { kind: "offer_declined", offerId: otherId },
      ],
    });
    const [booking] = await bookingsOf(product.id);
    expect(booking).toMatchObject({ buyerId: buyer.user.id, priceCents: 85_000, status: "active", ...MEET });
    expect(booking!.expiresAt!.getTime() - booking!.createdAt.getTime()).toBe(48 * HOUR);
    expect((await productOf(product.id)).status).toBe("booked");
    expect(await offerOf(offerId)).toMatchObject({ status: "accepted", bookingId: booking!.id });
    expect(await offerOf(otherId)).toMatchObject({ status: "declined", declineReason: "listing_booked" });
    // Accepting again does nothing more.
    expect(await answerOffer(db(), buyer.user, offerId, "accept", { currency: USD })).toMatchObject({
      ok: true,
      replayed: true,
      events: [],
    });
    expect(await answerOffer(db(), seller.user, otherId, "accept", { currency: USD })).toMatchObject({
      ok: false,
      message: "The listing was booked meanwhile.",
    });
    expect(await bookingsOf(product.id)).toHaveLength(1);
  });

  it("declines, and lets the buyer decline a counter or withdraw, each once", async () => {
    const { product, seller } = await listing();
    const a = await signedInUser("buyer");
    const b = await signedInUser("buyer");
    const c = await signedInUser("buyer");
    const declined = await offer(a.user, product.id, 70_000);
    expect(await answerOffer(db(), seller.user, declined, "decline", { currency: USD })).toMatchObject({
      ok: true,
      events: [{ kind: "offer_declined" }],
    });
    expect(await answerOffer(db(), seller.user, declined, "decline", { currency: USD })).toMatchObject({
      ok: true,
      replayed: true,
      events: [],
    });
    expect(await answerOffer(db(), seller.user, declined, "accept", { currency: USD })).toMatchObject({
      ok: false,
      status: 409,
    });
    const counter = await offer(b.user, product.id, 70_000);
    await answerOffer(db(), seller.user, counter, "counter", { currency: USD, counterCents: 95_000 });
    expect(await answerOffer(db(), a.user, counter, "decline", { currency: USD })).toMatchObject({ status: 404 });
    expect(await answerOffer(db(), b.user, counter, "decline", { currency: USD })).toMatchObject({ ok: true });
    expect(await offerOf(counter)).toMatchObject({ status: "declined", declineReason: "buyer_declined" });
    const withdrawn = await offer(c.user, product.id, 70_000);
    expect(await answerOffer(db(), c.user, withdrawn, "withdraw", { currency: USD })).toMatchObject({
      ok: true,
      events: [],
    });
    expect(await answerOffer(db(), seller.user, withdrawn, "accept", { currency: USD })).toMatchObject({
      ok: false,
      status: 409,
    });
    // A new offer after the old one ended.
    expect(
      await makeOffer(db(), c.user, { productId: product.id, amount: 75_000, ...MEET }, "again", USD),
    ).toMatchObject({
      ok: true,
    });
    expect(await bookingsOf(product.id)).toHaveLength(0);
  });

  it("refuses every step from the deadline on, and the scheduled job expires the offer and tells both sides", async () => {
    const { product, seller } = await listing();
    const buyer = await signedInUser("buyer");
    const start = Date.now();
    const offerId = await offer(buyer.user, product.id, 70_000, start);
    const late = start + 48 * HOUR;
    expect(await answerOffer(db(), seller.user, offerId, "accept", { currency: USD, now: late })).toMatchObject({
      ok: false,
      message: "This offer has expired: it was not answered in time.",
    });
    expect(
      await answerOffer(db(), seller.user, offerId, "counter", { currency: USD, now: late, counterCents: 80_000 }),
    ).toMatchObject({ status: 409 });
    expect(await bookingsOf(product.id)).toHaveLength(0);
    // A counter restarts the clock.
    const second = await signedInUser("buyer");
    const countered = await offer(second.user, product.id, 70_000, start);
    await answerOffer(db(), seller.user, countered, "counter", {
      currency: USD,
      counterCents: 90_000,
      now: start + 47 * HOUR,
    });
    const before = await runMaintenance(db(), start + 47 * HOUR);
    expect(before.expiredOfferIds).toEqual([]);
    const run = await runMaintenance(db(), late);
    expect(run.expiredOfferIds).toEqual([offerId]);
    expect(run.events).toContainEqual({ kind: "offer_expired", offerId });
    expect(await offerOf(offerId)).toMatchObject({ status: "expired" });
    expect(await offerOf(countered)).toMatchObject({ status: "countered" });
    const letters = await plannedLetters(
      db(),
      { kind: "offer_expired", offerId },
      { appName: "Pay&Buy", currency: USD },
    );
    expect(letters.map((letter) => letter.recipient.id).sort()).toEqual([buyer.user.id, seller.user.id].sort());
  });

  it("fails cleanly when the listing was booked meanwhile, and the offer says why", async () => {
    const { product, seller } = await listing();
    const buyer = await signedInUser("buyer");
    const offerId = await offer(buyer.user, product.id, 70_000);
    const someone = await insertUser({ role: "buyer" });
    await insertBooking(product, someone.id);
    await db().update(products).set({ status: "booked" }).where(eq(products.id, product.id));
    const result = await answerOffer(db(), seller.user, offerId, "accept", { currency: USD });
    expect(result).toMatchObject({ ok: false, status: 409, message: "The listing was booked meanwhile." });
    expect(await bookingsOf(product.id)).toHaveLength(1);
    expect(await offerOf(offerId)).toMatchObject({
      status: "declined",
      declineReason: "listing_booked",
      bookingId: null,
    });
  });

  it("books nothing for a buyer who has left", async () => {
    const { product, seller } = await listing();
    const buyer = await signedInUser("buyer");
    const offerId = await offer(buyer.user, product.id, 70_000);
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, buyer.user.id));
    expect(await answerOffer(db(), seller.user, offerId, "accept", { currency: USD })).toMatchObject({
      ok: false,
      message: "The buyer of this offer has left Pay&Buy.",
    });
    expect(await bookingsOf(product.id)).toHaveLength(0);
    expect((await productOf(product.id)).status).toBe("available");
  });

  it("books exactly once when 10 offers of 10 buyers on one listing are accepted at the same time", async () => {
    const { product, seller } = await listing();
    const buyers = await Promise.all(Array.from({ length: 10 }, () => insertUser({ role: "buyer" })));
    const ids = await Promise.all(
      buyers.map((buyer, index) => offer({ id: buyer.id, role: "buyer" }, product.id, 60_000 + index)),
    );
    const results = await Promise.all(ids.map((id) => answerOffer(db(), seller.user, id, "accept", { currency: USD })));
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.status === 409)).toHaveLength(9);
    const rows = await bookingsOf(product.id);
    expect(rows).toHaveLength(1);
    const all = await db().select().from(offers).where(eq(offers.productId, product.id));
    const winner = all.find((row) => row.status === "accepted")!;
    expect(rows[0]!.priceCents).toBe(winner.amountCents);
    expect(all.filter((row) => row.status === "declined" && row.declineReason === "listing_booked")).toHaveLength(9);
    expect((await productOf(product.id)).status).toBe("booked");
  });
});

describe("the pages", () => {
  it("shows the form to buyers, a sign-in to visitors, and makes one offer however often it is sent", async () => {
    const { product } = await listing();
    const buyer = await signedInUser("buyer");
    const visitor = await (await get(`/listings/${product.id}`)).text();
    expect(visitor).toContain("Make an offer");
    expect(visitor).toContain("to offer the seller a price");
    const page = await (await get(`/listings/${product.id}`, { Cookie: buyer.cookie })).text();
    expect(page).toContain(amountsIn("Offer from $ 500.00 to $ 1,000.00"));
    const fields = { intent: "offer", productId: product.id, offerKey: "page-key", amount: "800", ...MEET };
    const first = await postForm(`/listings/${product.id}`, fields, { Cookie: buyer.cookie });
    const second = await postForm(`/listings/${product.id}`, fields, { Cookie: buyer.cookie });
    expect(await toastText(first)).toBe("Offer sent: the seller has 48 hours to answer");
    expect(await toastText(second)).toBe("Offer sent: the seller has 48 hours to answer");
    const rows = await db().select().from(offers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 80_000, askingCents: 100_000, buyerId: buyer.user.id });
    const after = await (await get(`/listings/${product.id}`, { Cookie: buyer.cookie })).text();
    expect(after).toContain(amountsIn("Your offer: $ 800.00"));
    const low = await postForm(
      `/listings/${product.id}`,
      { ...fields, offerKey: "other", amount: "abc" },
      { Cookie: buyer.cookie },
    );
    expect(await toastText(low)).toBe("Enter your offer in US dollars, such as 800 or 799.50");
  });

  it("lets the seller counter on Offers and the buyer accept on My Offers, then pay the agreed price after a raise", async () => {
    const { product, seller } = await listing();
    const buyer = await signedInUser("buyer");
    const offerId = await offer(buyer.user, product.id, 70_000);
    const sellerPage = await (await get("/dashboard/offers", { Cookie: seller.cookie })).text();
    expect(sellerPage).toContain("Fujifilm X-T3");
    expect(await (await get("/dashboard/offers", { Cookie: buyer.cookie })).status).toBe(403);
    // Another buyer cannot answer it; the seller counters.
    const other = await signedInUser("buyer");
    const refused = await postForm("/dashboard/my_offers", { intent: "accept", offerId }, { Cookie: other.cookie });
    expect(await toastText(refused)).toBe("There is no such offer.");
    const counter = await postForm(
      "/dashboard/offers",
      { intent: "counter", offerId, amount: "850" },
      { Cookie: seller.cookie },
    );
    expect(await toastText(counter)).toBe("Counter sent: the buyer has 48 hours to answer");
    const mine = await (await get("/dashboard/my_offers", { Cookie: buyer.cookie })).text();
    expect(mine).toContain(amountsIn("$ 850.00"));
    const accept = await postForm("/dashboard/my_offers", { intent: "accept", offerId }, { Cookie: buyer.cookie });
    expect(await toastText(accept)).toBe("Offer accepted: the item is booked at the agreed price");
    const { bookingId } = await offerOf(offerId);
    // The listing's price goes up afterwards: the payment charges what was agreed.
    await db().update(products).set({ resalePriceCents: 120_000 }).where(eq(products.id, product.id));
    const payPage = await (await get(`/dashboard/payment/${bookingId}`, { Cookie: buyer.cookie })).text();
    expect(payPage).toContain(amountsIn("$ 850.00"));
    const paid = await postForm(
      `/dashboard/payment/${bookingId}`,
      { intent: "pay-test", cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123", amount: "1" },
      { Cookie: buyer.cookie },
    );
    expect(paid.status).toBe(302);
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, bookingId!));
    expect(payment!.amountCents).toBe(85_000);
  });

  it("turns offers off and on from Edit Product", async () => {
    const { product, seller } = await listing();
    const off = await postForm(`/dashboard/my_product/${product.id}/edit/offers`, {}, { Cookie: seller.cookie });
    expect(await toastText(off)).toBe("This listing takes no offers");
    expect((await productOf(product.id)).offersAccepted).toBe(false);
    const buyer = await signedInUser("buyer");
    expect(await (await get(`/listings/${product.id}`, { Cookie: buyer.cookie })).text()).not.toContain(
      "Make an offer",
    );
    const stranger = await signedInUser("seller");
    const notMine = await postForm(
      `/dashboard/my_product/${product.id}/edit/offers`,
      { offersAccepted: "on" },
      { Cookie: stranger.cookie },
    );
    expect(notMine.status).toBe(404);
    await postForm(
      `/dashboard/my_product/${product.id}/edit/offers`,
      { offersAccepted: "on" },
      { Cookie: seller.cookie },
    );
    expect((await productOf(product.id)).offersAccepted).toBe(true);
  });
});

describe("the REST API", () => {
  it("makes an offer once per Idempotency-Key, lists it on both sides, and steps through it", async () => {
    const { product, seller } = await listing();
    const buyer = await signedInUser("buyer");
    const buyerBearer = await bearerFor(buyer.user.id);
    const sellerBearer = await bearerFor(seller.user.id);
    const body = { productId: product.id, amount: 700, ...MEET };
    const created = await api("POST", "/offers", buyerBearer, body, { "Idempotency-Key": "api-1" });
    expect(created.status).toBe(201);
    const { offer: made } = (await created.json()) as { offer: { _id: string; amountCents: number; status: string } };
    expect(made).toMatchObject({ amountCents: 70_000, status: "open" });
    const replay = await api("POST", "/offers", buyerBearer, body, { "Idempotency-Key": "api-1" });
    expect(replay.status).toBe(200);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await db().select().from(offers)).toHaveLength(1);
    expect((await api("POST", "/offers", buyerBearer, { ...body, amount: 1 })).status).toBe(422);
    expect((await api("POST", "/offers", sellerBearer, body)).status).toBe(403);
    const listed = (await (await api("GET", "/offers?as=seller", sellerBearer)).json()) as { _id: string }[];
    expect(listed.map((row) => row._id)).toEqual([made._id]);
    expect((await api("GET", "/offers?as=seller", buyerBearer)).status).toBe(403);
    const stranger = await bearerFor((await insertUser({ role: "buyer" })).id);
    expect((await api("GET", `/offers/${made._id}`, stranger)).status).toBe(404);
    expect((await api("POST", `/offers/${made._id}/counter`, sellerBearer, { amount: "nope" })).status).toBe(422);
    expect((await api("POST", `/offers/${made._id}/counter`, sellerBearer, { amount: 900 })).status).toBe(200);
    expect((await api("POST", `/offers/${made._id}/accept`, stranger)).status).toBe(404);
    const accepted = await api("POST", `/offers/${made._id}/accept`, buyerBearer);
    expect(accepted.status).toBe(200);
    const shown = (await accepted.json()) as { offer: { status: string; bookingId: string } };
    expect(shown.offer.status).toBe("accepted");
    const [booking] = await bookingsOf(product.id);
    expect(booking).toMatchObject({ id: shown.offer.bookingId, priceCents: 90_000 });
  });

  it("turns offers off through PUT /api/product/:id, only on the seller's own listing", async () => {
    const { product, seller } = await listing();
    const sellerBearer = await bearerFor(seller.user.id);
    const other = await bearerFor((await insertUser({ role: "seller" })).id);
    expect((await api("PUT", `/product/${product.id}`, other, { offersAccepted: false })).status).toBe(404);
    expect((await api("PUT", `/product/${product.id}`, sellerBearer, { offersAccepted: "no" })).status).toBe(422);
    expect((await api("PUT", `/product/${product.id}`, sellerBearer, { offersAccepted: false })).status).toBe(200);
    expect((await productOf(product.id)).offersAccepted).toBe(false);
    const buyer = await bearerFor((await insertUser({ role: "buyer" })).id);
    const refused = await api("POST", "/offers", buyer, { productId: product.id, amount: 800, ...MEET });
    expect(refused.status).toBe(409);
  });
});

describe("the letters", () => {
  it("tells the seller of an offer and the buyer of a counter and of an acceptance", async () => {
    const { product, seller } = await listing();
    const buyer = await signedInUser("buyer");
    const options = { appName: "Pay&Buy", currency: USD };
    const offerId = await offer(buyer.user, product.id, 70_000);
    const [received] = await plannedLetters(db(), { kind: "offer_received", offerId }, options);
    expect(received).toMatchObject({ kind: "offer_received", recipient: { id: seller.user.id } });
    expect(received!.text).toContain(amountsIn("offers $ 700.00"));
    await answerOffer(db(), seller.user, offerId, "accept", { currency: USD });
    const [accepted] = await plannedLetters(db(), { kind: "offer_accepted", offerId }, options);
    expect(accepted).toMatchObject({ kind: "offer_accepted", recipient: { id: buyer.user.id } });
  });
});
