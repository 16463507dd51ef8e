// Offer spam: offers a buyer may make a day (on one listing and in all), claimed by the statement
// that writes the offer, so twenty at once write no more than the limit; and one "offer received"
// letter per buyer and listing an hour, whatever they make and withdraw meanwhile.
import { createExecutionContext, createMessageBatch, getQueueResult, SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { answerOffer } from "#app/domain/deals/offers/offer-answers.server";
import { makeOffer } from "#app/domain/deals/offers/offers.server";
import { type NotificationMessage, toNotificationMessage } from "#app/domain/notifications/messages";
import type { DomainEvent } from "#app/domain/shared/events";
import { database } from "#db/client";
import { emailOutbox, offers } from "#db/schema";
import worker from "../../workers/app";
import { bearerFor, ORIGIN, postForm, signedInUser } from "./auth-helpers";
import { insertCategory, insertProduct, USD } from "./factories";
import { toastText } from "./moderation-helpers";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const MEET = { meetLocation: "Union Square", buyerContact: "+1 415 555 0101" };
const HOUR = 3600 * 1000;
/** The limits chosen (ADR 0074), spelled out here so the test states them. */
const OFFER_LIMITS = { perListingPerDay: 5, perBuyerPerDay: 20 };
const TOO_MANY = "Too many offers: at most 5 a day on one listing and 20 a day in all. Please try again later.";

async function listings(count: number) {
  const category = await insertCategory({ title: `Camera ${crypto.randomUUID().slice(0, 6)}` });
  const seller = await signedInUser("seller", { name: "Sol Seller" });
  const products = [];
  for (let index = 0; index < count; index += 1) {
    products.push(
      await insertProduct({
        sellerId: seller.user.id,
        categoryId: category.id,
        name: `Fujifilm X-T${index}`,
        resalePriceCents: 100_000,
      }),
    );
  }
  return { seller, products };
}

function api(method: string, path: string, bearer: string, body?: unknown) {
  return SELF.fetch(`${ORIGIN}/api${path}`, {
    method,
    headers: { Authorization: bearer, ...(body ? { "Content-Type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

const offersBy = (buyerId: string, productId?: string) =>
  db()
    .select()
    .from(offers)
    .where(and(eq(offers.buyerId, buyerId), productId ? eq(offers.productId, productId) : undefined));

let nextId = 0;
/** Delivers the events through the Worker's queue consumer, into the outbox. */
async function deliver(events: DomainEvent[]) {
  const batch = createMessageBatch<NotificationMessage>(
    "pay-and-buy-notifications",
    events.map((event) => ({
      id: `offer-message-${++nextId}`,
      timestamp: new Date(),
      attempts: 1,
      body: toNotificationMessage(event),
    })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch, testEnv as unknown as Env, ctx);
  await getQueueResult(batch as MessageBatch, ctx);
}

const received = (email: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toEmail, email), eq(emailOutbox.kind, "offer_received")));

describe("offers a day", () => {
  it("stops a make-and-withdraw loop on one listing at the limit, with a 429 and Retry-After on the API", async () => {
    const { products } = await listings(1);
    const product = products[0]!;
    const buyer = await signedInUser("buyer");
    const bearer = await bearerFor(buyer.user.id);
    const statuses: number[] = [];
    let refusal: Response | null = null;
    for (let round = 0; round < 10; round += 1) {
      const made = await api("POST", "/offers", bearer, { productId: product.id, amount: 700, ...MEET });
      statuses.push(made.status);
      if (made.status !== 201) {
        refusal ??= made;
        continue;
      }
      const { offer } = (await made.json()) as { offer: { _id: string } };
      expect((await api("POST", `/offers/${offer._id}/withdraw`, bearer)).status).toBe(200);
    }
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(5).fill(429)]);
    expect(refusal!.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(Number(refusal!.headers.get("Retry-After"))).toBeGreaterThan(23 * 3600);
    expect(await refusal!.json()).toMatchObject({ error: { status: 429, message: TOO_MANY } });
    expect(await offersBy(buyer.user.id, product.id)).toHaveLength(OFFER_LIMITS.perListingPerDay);
    // A day later there is room again.
    const later = await makeOffer(
      db(),
      buyer.user,
      { productId: product.id, amount: 70_000, ...MEET },
      crypto.randomUUID(),
      USD,
      Date.now() + 25 * HOUR,
    );
    expect(later).toMatchObject({ ok: true });
  });

  it("writes no more than the limit when 20 make-and-withdraw loops on one listing run at once", async () => {
    const { products } = await listings(1);
    const product = products[0]!;
    const buyer = await signedInUser("buyer");
    const results = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const made = await makeOffer(
          db(),
          buyer.user,
          { productId: product.id, amount: 70_000, ...MEET },
          crypto.randomUUID(),
          USD,
        );
        if (made.ok) await answerOffer(db(), buyer.user, made.offerId, "withdraw", { currency: USD });
        return made;
      }),
    );
    const written = await offersBy(buyer.user.id, product.id);
    expect(written.length).toBeLessThanOrEqual(OFFER_LIMITS.perListingPerDay);
    expect(results.filter((result) => result.ok)).toHaveLength(written.length);
    // Whatever the order, going on until refused stops at the limit with its message.
    for (let round = 0; round < 10; round += 1) {
      const made = await makeOffer(
        db(),
        buyer.user,
        { productId: product.id, amount: 70_000, ...MEET },
        crypto.randomUUID(),
        USD,
      );
      if (!made.ok) {
        expect(made).toMatchObject({ status: 429, message: TOO_MANY });
        break;
      }
      await answerOffer(db(), buyer.user, made.offerId, "withdraw", { currency: USD });
    }
    expect(await offersBy(buyer.user.id, product.id)).toHaveLength(OFFER_LIMITS.perListingPerDay);
  });

  it("writes no more than the buyer's day limit when 25 offers on 25 listings are sent at once", async () => {
    const { products } = await listings(25);
    const buyer = await signedInUser("buyer");
    const bearer = await bearerFor(buyer.user.id);
    const answers = await Promise.all(
      products.map((product) => api("POST", "/offers", bearer, { productId: product.id, amount: 700, ...MEET })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([
      ...Array(OFFER_LIMITS.perBuyerPerDay).fill(201),
      ...Array(25 - OFFER_LIMITS.perBuyerPerDay).fill(429),
    ]);
    expect(await offersBy(buyer.user.id)).toHaveLength(OFFER_LIMITS.perBuyerPerDay);
  });

  it("says so on the listing page", async () => {
    const { products } = await listings(1);
    const product = products[0]!;
    const buyer = await signedInUser("buyer");
    for (let round = 0; round < OFFER_LIMITS.perListingPerDay; round += 1) {
      const made = await makeOffer(
        db(),
        buyer.user,
        { productId: product.id, amount: 70_000, ...MEET },
        crypto.randomUUID(),
        USD,
      );
      if (!made.ok) throw new Error(made.message);
      await answerOffer(db(), buyer.user, made.offerId, "withdraw", { currency: USD });
    }
    const fields = { intent: "offer", productId: product.id, offerKey: "page-key", amount: "800", ...MEET };
    const refused = await postForm(`/listings/${product.id}`, fields, { Cookie: buyer.cookie });
    expect(await toastText(refused)).toBe(TOO_MANY);
    expect(await offersBy(buyer.user.id, product.id)).toHaveLength(OFFER_LIMITS.perListingPerDay);
  });
});

describe("the offer received letter", () => {
  it("tells the seller once an hour per buyer and listing, however often the buyer makes and withdraws", async () => {
    const { products, seller } = await listings(2);
    const [first, second] = products as [(typeof products)[0], (typeof products)[0]];
    const buyer = await signedInUser("buyer", { name: "Bea Buyer" });
    const other = await signedInUser("buyer", { name: "Oli Other" });
    const events: DomainEvent[] = [];
    for (let round = 0; round < 4; round += 1) {
      const made = await makeOffer(
        db(),
        buyer.user,
        { productId: first.id, amount: 70_000 + round * 100, ...MEET },
        crypto.randomUUID(),
        USD,
      );
      if (!made.ok) throw new Error(made.message);
      events.push(...made.events);
      // Delivered one by one, as a loop of requests would be.
      await deliver(made.events);
      await answerOffer(db(), buyer.user, made.offerId, "withdraw", { currency: USD });
    }
    expect(events).toHaveLength(4);
    expect(await received(seller.user.email)).toHaveLength(1);
    // All of them again at once (a redelivery): still one.
    await deliver(events);
    expect(await received(seller.user.email)).toHaveLength(1);
    // Every offer is still on the seller's Offers.
    expect(await offersBy(buyer.user.id, first.id)).toHaveLength(4);
    // Another buyer, and the same buyer on another listing, are letters of their own.
    const theirs = await makeOffer(db(), other.user, { productId: first.id, amount: 80_000, ...MEET }, "k-other", USD);
    const elsewhere = await makeOffer(db(), buyer.user, { productId: second.id, amount: 80_000, ...MEET }, "k-2", USD);
    if (!theirs.ok || !elsewhere.ok) throw new Error("offers refused");
    await deliver([...theirs.events, ...elsewhere.events]);
    expect(await received(seller.user.email)).toHaveLength(3);
  });

  it("sends one letter when the offers' events are delivered at the same moment", async () => {
    const { products, seller } = await listings(1);
    const product = products[0]!;
    const buyer = await signedInUser("buyer");
    const events: DomainEvent[] = [];
    for (let round = 0; round < 3; round += 1) {
      const made = await makeOffer(
        db(),
        buyer.user,
        { productId: product.id, amount: 70_000, ...MEET },
        crypto.randomUUID(),
        USD,
      );
      if (!made.ok) throw new Error(made.message);
      events.push(...made.events);
      await answerOffer(db(), buyer.user, made.offerId, "withdraw", { currency: USD });
    }
    await Promise.all(events.map((event) => deliver([event])));
    expect(await received(seller.user.email)).toHaveLength(1);
  });
});
