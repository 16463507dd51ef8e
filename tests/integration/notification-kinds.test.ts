// A notification kind is defined once: its event's fields and schema in the shared room
// (app/domain/shared/events.ts), its words, roles and letters in the notifications room
// (kinds.server.ts). The type checks below fail to compile when the two drift apart; the tests
// run every kind through the queue's parser, and write every kind's letters from real rows (the
// users, listing, booking, deal, offer, parcel… it is about): each letter's recipient, subject
// and the words that carry it (the amount, the product's name, the link) are checked.

import { describe, expect, expectTypeOf, it } from "vitest";
import type * as z from "zod";
import { linkEvent, prepareLink } from "#app/domain/accounts/account-links.server";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { NOTIFICATIONS } from "#app/domain/notifications/kinds.server";
import { plannedLetters } from "#app/domain/notifications/letters.server";
import { parseNotificationMessage, toNotificationMessage } from "#app/domain/notifications/messages";
import { LETTER_LABELS, NOTIFICATION_LABELS } from "#app/domain/notifications/preferences.server";
import { formatMoment } from "#app/domain/shared/dates";
import {
  type AccountEventKind,
  type DomainEvent,
  type DomainEventKind,
  type domainEventSchema,
  type EventOf,
  eventKey,
  type NotificationEvent,
} from "#app/domain/shared/events";
import { formatMoney } from "#app/domain/shared/money";
import { database } from "#db/client";
import { NOTIFICATION_KINDS, type NotificationKind } from "#db/closed-lists";
import { offerRow } from "#db/factories";
import {
  accountTokens,
  claims,
  dealOperations,
  disputes,
  ledgerEntries,
  messages,
  offers,
  payouts,
  type products,
  reconciliationRuns,
  returns,
  savedSearches,
  savedSearchLetters,
  savedSearchMatches,
  shipments,
  wishlistEntries,
} from "#db/schema";
import { insertBooking, insertCategory, insertPayment, insertProduct, insertUser, USD } from "./factories";
import { testEnv } from "./test-env";

const ORIGIN = "https://pay-and-buy.example";

/** One event of every kind the domain can return: a kind without its sample does not compile. */
const SAMPLES: { [K in DomainEventKind]: EventOf<K> } = {
  booking_made: { kind: "booking_made", bookingId: "b1" },
  booking_cancelled: { kind: "booking_cancelled", bookingId: "b1" },
  booking_expired: { kind: "booking_expired", bookingId: "b1" },
  payment_received: { kind: "payment_received", bookingId: "b1" },
  message_received: { kind: "message_received", messageId: "m1" },
  seller_verified: { kind: "seller_verified", sellerId: "u1" },
  listing_removed: { kind: "listing_removed", productId: "p1" },
  payment_released: { kind: "payment_released", operationId: "o1" },
  payment_refunded: { kind: "payment_refunded", operationId: "o1" },
  claim_opened: { kind: "claim_opened", claimId: "c1" },
  claim_answered: { kind: "claim_answered", claimId: "c1" },
  claim_decided: { kind: "claim_decided", claimId: "c1" },
  payout_paid: { kind: "payout_paid", payoutId: "po1" },
  payout_failed: { kind: "payout_failed", payoutId: "po1" },
  price_dropped: { kind: "price_dropped", productId: "p1", day: "2026-11-28" },
  offer_received: { kind: "offer_received", offerId: "of1" },
  offer_countered: { kind: "offer_countered", offerId: "of1" },
  offer_accepted: { kind: "offer_accepted", offerId: "of1" },
  offer_declined: { kind: "offer_declined", offerId: "of1" },
  offer_expired: { kind: "offer_expired", offerId: "of1" },
  saved_search_matches: { kind: "saved_search_matches", letterId: "l1" },
  parcel_sent: { kind: "parcel_sent", bookingId: "b1" },
  parcel_delivered: { kind: "parcel_delivered", bookingId: "b1" },
  ship_reminder: { kind: "ship_reminder", bookingId: "b1" },
  unshipped_cancelled: { kind: "unshipped_cancelled", bookingId: "b1" },
  parcel_release_due: { kind: "parcel_release_due", bookingId: "b1" },
  seller_debt: { kind: "seller_debt", entryId: "le1" },
  dispute_opened: { kind: "dispute_opened", disputeId: "d1" },
  reconciliation_differences: { kind: "reconciliation_differences", runId: "r1" },
  return_requested: { kind: "return_requested", returnId: "rt1" },
  return_answered: { kind: "return_answered", returnId: "rt1" },
  return_label_ready: { kind: "return_label_ready", returnId: "rt1" },
  return_delivered: { kind: "return_delivered", returnId: "rt1" },
  return_refunded: { kind: "return_refunded", returnId: "rt1" },
  return_to_admin: { kind: "return_to_admin", returnId: "rt1" },
  account_link: { kind: "account_link", linkId: "k1", token: "t".repeat(43), origin: ORIGIN },
  email_changed: {
    kind: "email_changed",
    userId: "u1",
    linkId: "k1",
    previousEmail: "old@example.com",
    origin: ORIGIN,
  },
  password_changed: { kind: "password_changed", userId: "u1", changeId: "ch1", origin: ORIGIN },
  two_factor_changed: { kind: "two_factor_changed", userId: "u1", changeId: "ch1", enabled: true, origin: ORIGIN },
  recovery_codes_replaced: { kind: "recovery_codes_replaced", userId: "u1", changeId: "ch1", origin: ORIGIN },
};

describe("a notification kind, defined once", () => {
  it("has one type: the queue schema's, the domain's events, the closed list's kinds", () => {
    expectTypeOf<z.infer<typeof domainEventSchema>>().toEqualTypeOf<DomainEvent>();
    expectTypeOf<NotificationEvent["kind"]>().toEqualTypeOf<NotificationKind>();
    expectTypeOf<DomainEventKind>().toEqualTypeOf<NotificationKind | AccountEventKind>();
    // Each table entry's schema is of its own kind (the key and the literal cannot differ).
    expectTypeOf<{ [K in DomainEventKind]: EventOf<K>["kind"] }>().toEqualTypeOf<{ [K in DomainEventKind]: K }>();
    // Each kind's letters take that kind's event.
    expectTypeOf<Parameters<(typeof NOTIFICATIONS)["price_dropped"]["letters"]>[1]>().toEqualTypeOf<
      EventOf<"price_dropped">
    >();
  });

  it("every kind of the closed list has its words, its roles and its letters", () => {
    expect(Object.keys(NOTIFICATIONS).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    for (const kind of NOTIFICATION_KINDS) {
      const entry = NOTIFICATIONS[kind];
      expect(entry.label, kind).not.toBe("");
      expect(entry.description, kind).toMatch(/\.$/);
      expect(entry.roles.length, kind).toBeGreaterThan(0);
      expect(entry.letters, kind).toBeTypeOf("function");
      expect(NOTIFICATION_LABELS[kind]).toEqual({ label: entry.label, description: entry.description });
      expect(LETTER_LABELS[kind]).toBe(entry.label);
    }
  });

  it("the queue's parser reads back every event the domain can return, as it was sent", () => {
    for (const event of Object.values(SAMPLES) as DomainEvent[]) {
      expect(parseNotificationMessage(toNotificationMessage(event)), event.kind).toEqual(event);
    }
  });

  it("the queue's parser refuses unknown kinds and events missing their fields", () => {
    expect(parseNotificationMessage({ kind: "listing_sold", productId: "p1", key: "listing_sold:p1" })).toBeNull();
    expect(parseNotificationMessage({ kind: "booking_made", key: "booking_made:" })).toBeNull();
    expect(parseNotificationMessage({ kind: "booking_made", productId: "p1" })).toBeNull();
    expect(parseNotificationMessage({ kind: "price_dropped", productId: "p1", day: "yesterday" })).toBeNull();
    expect(parseNotificationMessage({ kind: "account_link", linkId: "k1", token: "t", origin: "ftp://x" })).toBeNull();
    expect(parseNotificationMessage(null)).toBeNull();
    expect(parseNotificationMessage("booking_made")).toBeNull();
  });

  it("keys each event by its kind and the thing it is about", () => {
    expect(eventKey(SAMPLES.booking_made)).toBe("booking_made:b1");
    expect(eventKey(SAMPLES.price_dropped)).toBe("price_dropped:p1:2026-11-28");
    expect(eventKey(SAMPLES.email_changed)).toBe("email_changed:k1");
    expect(eventKey(SAMPLES.two_factor_changed)).toBe("two_factor_changed:ch1");
  });

  it("every kind's letters write none when what the event is about is gone", async () => {
    const db = database(testEnv.DB);
    for (const event of Object.values(SAMPLES) as DomainEvent[]) {
      expect(await plannedLetters(db, event, { appName: "Pay&Buy", currency: USD }), event.kind).toEqual([]);
    }
  });
});

const APP_URL = "https://pay.test";
const OPTIONS = { appName: "Pay&Buy", currency: USD, appUrl: APP_URL };
const PRICE = 123_456;
const SHIPPING = 1_550;
const db = () => database(testEnv.DB);

/** What one letter must say: to whom, its subject, and the words it cannot lose. */
type Expected = { to: string; subject: string; says: readonly string[] };
type Case = { event: DomainEvent; letters: Expected[] };

/**
 * The rows every kind's letters are read from, made as the product makes them: a verified
 * seller with payouts, a buyer, an admin, a listing booked and paid (a held deal), a shipped sale
 * with its parcel, and the offers, claim, payouts, disputes… that the kinds are about.
 */
async function world() {
  const seller = await insertUser({ role: "seller", name: "Sam Seller", email: "sam@example.com" });
  const buyer = await insertUser({ role: "buyer", name: "Bea Buyer", email: "bea@example.com" });
  const admin = await insertUser({ role: "admin", name: "Ada Admin", email: "ada@example.com" });
  const category = await insertCategory({ title: "Rangefinders" });
  const listing = (name: string, columns: Partial<typeof products.$inferInsert> = {}) =>
    insertProduct({ sellerId: seller.id, categoryId: category.id, name, resalePriceCents: PRICE, ...columns });

  // A meetup booking, paid: its deal is held.
  const product = await listing("Leica M6 TTL", { status: "booked" });
  const booking = await insertBooking(product, buyer.id, { meetLocation: "Ferry Building, San Francisco" });
  const payment = await insertPayment({ ...booking, priceCents: PRICE }, seller.id, { transactionId: "txn_leica_m6" });

  // A shipped sale, paid, its parcel sent and delivered.
  const shippedProduct = await listing("Nikon FM2", { status: "sold" });
  const shippedBooking = await insertBooking(shippedProduct, buyer.id, {
    status: "paid",
    paidAt: new Date(),
    delivery: "ship",
    shippingCents: SHIPPING,
  });
  const releaseDueAt = new Date(Date.UTC(2026, 11, 9, 12, 0));
  const shippedPayment = await insertPayment(
    shippedBooking,
    seller.id,
    { amountCents: PRICE + SHIPPING },
    { releaseDueAt },
  );
  const shipBy = new Date(Date.UTC(2026, 11, 4, 17, 0));
  const shippedAt = new Date(Date.UTC(2026, 11, 2, 9, 30));
  const deliveredAt = new Date(Date.UTC(2026, 11, 5, 14, 15));
  await db().insert(shipments).values({
    bookingId: shippedBooking.id,
    recipient: "Bea Buyer",
    line1: "1 Market Street",
    city: "San Francisco",
    region: "CA",
    postalCode: "94105",
    country: "US",
    parcel: "small",
    status: "delivered",
    shipBy,
    carrier: "UPS",
    trackingNumber: "1Z999AA10123456784",
    shippedAt,
    deliveredAt,
  });

  return {
    seller,
    buyer,
    admin,
    listing,
    product,
    booking,
    payment,
    shippedBooking,
    shippedPayment,
    releaseDueAt,
    shipBy,
    shippedAt,
    deliveredAt,
  };
}

type World = Awaited<ReturnType<typeof world>>;

const money = (cents: number) => formatMoney(cents, USD);
const at = (path: string) => `${APP_URL}${path}`;
const utcText = (date: Date) => formatMoment(date) ?? "";

async function offerOn(w: World, name: string, columns: Partial<typeof offers.$inferInsert>) {
  const product = await w.listing(name);
  const [offer] = await db()
    .insert(offers)
    .values(offerRow(product, w.buyer.id, { amountCents: 100_000, ...columns }))
    .returning();
  return offer!;
}

/** The shipped sale's return, in `state`, with `columns` (ADR 0107). */
async function returnOf(w: World, columns: Partial<typeof returns.$inferInsert>) {
  const [row] = await db()
    .insert(returns)
    .values({
      bookingId: w.shippedBooking.id,
      paymentId: w.shippedPayment.id,
      buyerId: w.buyer.id,
      sellerId: w.seller.id,
      reason: "does_not_work",
      details: "The shutter sticks at 1/1000.",
      answerDueAt: new Date(Date.UTC(2026, 11, 8, 12, 0)),
      ...columns,
    })
    .returning();
  return row!;
}

const DEAL_PAGE = (w: World) => at(shipmentPath(w.shippedBooking.id));

/** Every kind, with the rows it is about and the letters they make: a kind without one does not compile. */
const CASES: { [K in DomainEventKind]: (w: World) => Promise<Case> } = {
  booking_made: async (w) => ({
    event: { kind: "booking_made", bookingId: w.booking.id },
    letters: [
      {
        to: w.seller.email,
        subject: "Booking made: Leica M6 TTL",
        says: ["Bea Buyer booked", money(PRICE), "Ferry Building, San Francisco", at("/dashboard/my_product")],
      },
    ],
  }),
  booking_cancelled: async (w) => ({
    event: { kind: "booking_cancelled", bookingId: w.booking.id },
    letters: [
      {
        to: w.buyer.email,
        subject: "Booking cancelled: Leica M6 TTL",
        says: ['Your booking of "Leica M6 TTL" is cancelled', at("/dashboard/my_orders")],
      },
      {
        to: w.seller.email,
        subject: "Booking cancelled: Leica M6 TTL",
        says: ['Bea Buyer cancelled the booking of "Leica M6 TTL"', at("/dashboard/my_product")],
      },
    ],
  }),
  booking_expired: async (w) => ({
    event: { kind: "booking_expired", bookingId: w.booking.id },
    letters: [
      {
        to: w.buyer.email,
        subject: "Booking expired: Leica M6 TTL",
        says: ["was not paid by", utcText(w.booking.expiresAt!), at("/dashboard/my_orders")],
      },
      {
        to: w.seller.email,
        subject: "Booking expired: Leica M6 TTL",
        says: ["by Bea Buyer was not paid in time", at("/dashboard/my_product")],
      },
    ],
  }),
  payment_received: async (w) => ({
    event: { kind: "payment_received", bookingId: w.booking.id },
    letters: [
      {
        to: w.buyer.email,
        subject: "Payment received: Leica M6 TTL",
        says: [`payment of ${money(PRICE)}`, "Transaction ID: txn_leica_m6", at("/dashboard/my_orders")],
      },
      {
        to: w.seller.email,
        subject: "Payment received: Leica M6 TTL",
        says: [`Bea Buyer paid ${money(PRICE)}`, "Transaction ID: txn_leica_m6", at("/dashboard/my_buyer")],
      },
    ],
  }),
  message_received: async (w) => {
    const [message] = await db()
      .insert(messages)
      .values({
        bookingId: w.booking.id,
        senderId: w.buyer.id,
        body: "Does the meter still work?",
        idempotencyKey: "message-1",
      })
      .returning();
    return {
      event: { kind: "message_received", messageId: message!.id },
      letters: [
        {
          to: w.seller.email,
          subject: "New message about Leica M6 TTL",
          says: ["Bea Buyer wrote", "Does the meter still work?", at(`/dashboard/messages/${w.booking.id}`)],
        },
      ],
    };
  },
  seller_verified: async (w) => ({
    event: { kind: "seller_verified", sellerId: w.seller.id },
    letters: [
      {
        to: w.seller.email,
        subject: "Your seller account is verified",
        says: ["Verified badge", at("/dashboard/my_product")],
      },
    ],
  }),
  listing_removed: async (w) => ({
    event: { kind: "listing_removed", productId: w.product.id },
    letters: [
      {
        to: w.seller.email,
        subject: "Listing removed: Leica M6 TTL",
        says: ['removed your listing "Leica M6 TTL"', at("/dashboard/my_product")],
      },
    ],
  }),
  payment_released: async (w) => {
    const [operation] = await db()
      .insert(dealOperations)
      .values({
        paymentId: w.payment.id,
        seq: 1,
        kind: "release",
        origin: "buyer_confirmed",
        amountCents: 113_580,
        feeCents: 9_876,
        nextAttemptAt: new Date(),
      })
      .returning();
    return {
      event: { kind: "payment_released", operationId: operation!.id },
      letters: [
        {
          to: w.seller.email,
          subject: "Payment released: Leica M6 TTL",
          says: [`You receive ${money(113_580)} of ${money(PRICE)}`, money(9_876), at("/dashboard/payouts")],
        },
        {
          to: w.buyer.email,
          subject: "Payment released: Leica M6 TTL",
          says: ["The buyer confirmed receiving it", "is now the seller's", at("/dashboard/my_orders")],
        },
      ],
    };
  },
  payment_refunded: async (w) => {
    const [operation] = await db()
      .insert(dealOperations)
      .values({
        paymentId: w.payment.id,
        seq: 1,
        kind: "refund",
        origin: "claim_decision",
        amountCents: 20_000,
        nextAttemptAt: new Date(),
      })
      .returning();
    return {
      event: { kind: "payment_refunded", operationId: operation!.id },
      letters: [
        {
          to: w.buyer.email,
          subject: "Payment refunded: Leica M6 TTL",
          says: [`${money(20_000)} of your payment`, at("/dashboard/my_orders")],
        },
        {
          to: w.seller.email,
          subject: "Payment refunded: Leica M6 TTL",
          says: [`${money(20_000)} of the sale of "Leica M6 TTL" went back`, at("/dashboard/payouts")],
        },
      ],
    };
  },
  claim_opened: async (w) => {
    const claim = await claimOf(w);
    return {
      event: { kind: "claim_opened", claimId: claim.id },
      letters: [
        {
          to: w.seller.email,
          subject: "Claim opened: Leica M6 TTL",
          says: ["Bea Buyer opened a claim", '"The rangefinder patch is faint."', at("/dashboard/payouts")],
        },
        {
          to: w.admin.email,
          subject: "Claim to decide: Leica M6 TTL",
          says: ["sold by Sam Seller", money(PRICE), '"The rangefinder patch is faint."', at("/dashboard/claims")],
        },
      ],
    };
  },
  claim_answered: async (w) => {
    const claim = await claimOf(w);
    return {
      event: { kind: "claim_answered", claimId: claim.id },
      letters: [
        {
          to: w.buyer.email,
          subject: "The seller answered your claim: Leica M6 TTL",
          says: ["Sam Seller answered", '"It was bright when I sent it."', at("/dashboard/my_orders")],
        },
      ],
    };
  },
  claim_decided: async (w) => {
    const claim = await claimOf(w);
    const says = [
      `${money(20_000)} goes back to the buyer`,
      "the rest goes to the seller",
      '"Half the patch is gone."',
    ];
    return {
      event: { kind: "claim_decided", claimId: claim.id },
      letters: [
        { to: w.buyer.email, subject: "Claim decided: Leica M6 TTL", says: [...says, at("/dashboard/my_orders")] },
        { to: w.seller.email, subject: "Claim decided: Leica M6 TTL", says: [...says, at("/dashboard/payouts")] },
      ],
    };
  },
  payout_paid: async (w) => {
    const payout = await payoutOf(w, "paid", null);
    return {
      event: { kind: "payout_paid", payoutId: payout.id },
      letters: [
        {
          to: w.seller.email,
          subject: `Payout paid: ${money(87_654)}`,
          says: [`${money(87_654)} of your sales reached your bank account`, at("/dashboard/payouts")],
        },
      ],
    };
  },
  payout_failed: async (w) => {
    const payout = await payoutOf(w, "failed", "The bank account is closed");
    return {
      event: { kind: "payout_failed", payoutId: payout.id },
      letters: [
        {
          to: w.seller.email,
          subject: `Payout failed: ${money(87_654)}`,
          says: [`A payout of ${money(87_654)}`, "(The bank account is closed)", at("/dashboard/payouts")],
        },
      ],
    };
  },
  price_dropped: async (w) => {
    const now = Date.now();
    const product = await w.listing("Canon P", {
      resalePriceCents: 90_000,
      previousPriceCents: PRICE,
      previousPriceUntil: new Date(now - 60_000),
      priceDroppedAt: new Date(now - 60_000),
    });
    await db().insert(wishlistEntries).values({ buyerId: w.buyer.id, productId: product.id });
    return {
      event: { kind: "price_dropped", productId: product.id, day: new Date(now).toISOString().slice(0, 10) },
      letters: [
        {
          to: w.buyer.email,
          subject: "Price drop: Canon P",
          says: [`now costs ${money(90_000)}, down from ${money(PRICE)}`, at(`/listings/${product.id}`)],
        },
      ],
    };
  },
  offer_received: async (w) => {
    const offer = await offerOn(w, "Contax G2", {});
    return {
      event: { kind: "offer_received", offerId: offer.id },
      letters: [
        {
          to: w.seller.email,
          subject: "Offer received: Contax G2",
          says: [`Bea Buyer offers ${money(100_000)}`, utcText(offer.respondBy), at("/dashboard/offers")],
        },
      ],
    };
  },
  offer_countered: async (w) => {
    const offer = await offerOn(w, "Contax G2", { status: "countered", counterCents: 110_000 });
    return {
      event: { kind: "offer_countered", offerId: offer.id },
      letters: [
        {
          to: w.buyer.email,
          subject: "Counter to your offer: Contax G2",
          says: [`your offer of ${money(100_000)}`, `with ${money(110_000)}`, at("/dashboard/my_offers")],
        },
      ],
    };
  },
  offer_accepted: async (w) => {
    const product = await w.listing("Contax G2", { status: "booked" });
    const booking = await insertBooking({ id: product.id, resalePriceCents: 100_000 }, w.buyer.id);
    const [offer] = await db()
      .insert(offers)
      .values(offerRow(product, w.buyer.id, { amountCents: 100_000, status: "accepted", bookingId: booking.id }))
      .returning();
    return {
      event: { kind: "offer_accepted", offerId: offer!.id },
      letters: [
        {
          to: w.buyer.email,
          subject: "Offer accepted: Contax G2",
          says: [`Sam Seller accepted your offer of ${money(100_000)}`, at(`/dashboard/payment/${booking.id}`)],
        },
      ],
    };
  },
  offer_declined: async (w) => {
    const offer = await offerOn(w, "Contax G2", { status: "declined", declineReason: "seller_declined" });
    return {
      event: { kind: "offer_declined", offerId: offer.id },
      letters: [
        {
          to: w.buyer.email,
          subject: "Offer declined: Contax G2",
          says: [`Your offer of ${money(100_000)} for "Contax G2" was declined`, at("/dashboard/my_offers")],
        },
      ],
    };
  },
  offer_expired: async (w) => {
    const offer = await offerOn(w, "Contax G2", { status: "expired" });
    return {
      event: { kind: "offer_expired", offerId: offer.id },
      letters: [
        {
          to: w.buyer.email,
          subject: "Offer expired: Contax G2",
          says: [`Your offer of ${money(100_000)}`, "has expired", at("/dashboard/my_offers")],
        },
        {
          to: w.seller.email,
          subject: "Offer expired: Contax G2",
          says: [`The offer of ${money(100_000)} by Bea Buyer`, at("/dashboard/offers")],
        },
      ],
    };
  },
  saved_search_matches: async (w) => {
    const product = await w.listing("Voigtländer Bessa R2", { resalePriceCents: 45_000 });
    const [search] = await db()
      .insert(savedSearches)
      .values({ userId: w.buyer.id, name: "Bessa bodies", query: "q=bessa" })
      .returning();
    const [letter] = await db().insert(savedSearchLetters).values({ userId: w.buyer.id }).returning();
    await db()
      .insert(savedSearchMatches)
      .values({ savedSearchId: search!.id, productId: product.id, letterId: letter!.id });
    return {
      event: { kind: "saved_search_matches", letterId: letter!.id },
      letters: [
        {
          to: w.buyer.email,
          subject: "New matches for your saved search “Bessa bodies”",
          says: [`Voigtländer Bessa R2, ${money(45_000)}`, at(`/listings/${product.id}`), at("/dashboard/settings")],
        },
      ],
    };
  },
  parcel_sent: async (w) => ({
    event: { kind: "parcel_sent", bookingId: w.shippedBooking.id },
    letters: [
      {
        to: w.buyer.email,
        subject: "Sent: Nikon FM2",
        says: ["with UPS, tracking number 1Z999AA10123456784", at(shipmentPath(w.shippedBooking.id))],
      },
    ],
  }),
  parcel_delivered: async (w) => ({
    event: { kind: "parcel_delivered", bookingId: w.shippedBooking.id },
    letters: [
      {
        to: w.buyer.email,
        subject: "Delivered: Nikon FM2",
        says: [`delivered "Nikon FM2" on ${utcText(w.deliveredAt)}`, at("/dashboard/my_orders")],
      },
      {
        to: w.seller.email,
        subject: "Delivered: Nikon FM2",
        says: [`to the buyer on ${utcText(w.deliveredAt)}`, at(shipmentPath(w.shippedBooking.id))],
      },
    ],
  }),
  ship_reminder: async (w) => ({
    event: { kind: "ship_reminder", bookingId: w.shippedBooking.id },
    letters: [
      {
        to: w.seller.email,
        subject: `Send it by ${utcText(w.shipBy)}: Nikon FM2`,
        says: ['"Nikon FM2" is paid and waiting to be sent', at(shipmentPath(w.shippedBooking.id))],
      },
    ],
  }),
  parcel_release_due: async (w) => ({
    event: { kind: "parcel_release_due", bookingId: w.shippedBooking.id },
    letters: [
      {
        to: w.buyer.email,
        subject: "Has it arrived? Nikon FM2",
        says: [
          `tracking number 1Z999AA10123456784, on ${utcText(w.shippedAt)}`,
          `before ${utcText(w.releaseDueAt)}`,
          at("/dashboard/my_orders"),
        ],
      },
    ],
  }),
  unshipped_cancelled: async (w) => ({
    event: { kind: "unshipped_cancelled", bookingId: w.shippedBooking.id },
    letters: [
      {
        to: w.buyer.email,
        subject: "Cancelled and refunded: Nikon FM2",
        says: [`${money(PRICE + SHIPPING)} is refunded to you`, at("/dashboard/my_orders")],
      },
      {
        to: w.seller.email,
        subject: "Cancelled, not sent: Nikon FM2",
        says: [`was not sent by ${utcText(w.shipBy)}`, at(shipmentPath(w.shippedBooking.id))],
      },
    ],
  }),
  seller_debt: async (w) => {
    const [entry] = await db()
      .insert(ledgerEntries)
      .values({
        kind: "seller_debt",
        amountCents: 4_321,
        currency: "usd",
        provider: "test",
        providerRef: "debt_1",
        sellerId: w.seller.id,
        paymentId: w.payment.id,
      })
      .returning();
    return {
      event: { kind: "seller_debt", entryId: entry!.id },
      letters: [
        {
          to: w.seller.email,
          subject: "Money owed: Leica M6 TTL",
          says: [`${money(4_321)} of it could not be taken back`, at("/dashboard/payouts")],
        },
      ],
    };
  },
  dispute_opened: async (w) => {
    const evidenceDueAt = new Date(Date.UTC(2026, 11, 20, 23, 59));
    const [dispute] = await db()
      .insert(disputes)
      .values({
        provider: "test",
        providerDisputeId: "dp_1",
        paymentId: w.payment.id,
        amountCents: PRICE,
        currency: "usd",
        reason: "fraudulent",
        status: "needs_response",
        evidenceDueAt,
        stateAt: new Date(),
      })
      .returning();
    return {
      event: { kind: "dispute_opened", disputeId: dispute!.id },
      letters: [
        {
          to: w.admin.email,
          subject: "Chargeback: Leica M6 TTL",
          says: [
            `payment of ${money(PRICE)}`,
            "(reason: fraudulent)",
            utcText(evidenceDueAt),
            at("/dashboard/claims#disputes"),
          ],
        },
      ],
    };
  },
  return_requested: async (w) => {
    const row = await returnOf(w, {});
    return {
      event: { kind: "return_requested", returnId: row.id },
      letters: [
        {
          to: w.seller.email,
          subject: "Return asked: Nikon FM2",
          says: [
            "Bea Buyer asks to send",
            "Does not work",
            "The shutter sticks at 1/1000.",
            "within 3 days",
            DEAL_PAGE(w),
          ],
        },
      ],
    };
  },
  return_answered: async (w) => {
    const row = await returnOf(w, { state: "offered", offerCents: 5_000, sellerAnswer: "Keep it for $ 50 back." });
    return {
      event: { kind: "return_answered", returnId: row.id },
      letters: [
        {
          to: w.buyer.email,
          subject: "Return answered: Nikon FM2",
          says: ["Sam Seller offers", money(5_000), "Keep it for $ 50 back.", DEAL_PAGE(w)],
        },
      ],
    };
  },
  return_label_ready: async (w) => {
    const sendBy = new Date(Date.UTC(2026, 11, 12, 9, 0));
    const row = await returnOf(w, { state: "accepted", sendBy });
    return {
      event: { kind: "return_label_ready", returnId: row.id },
      letters: [
        {
          to: w.buyer.email,
          subject: "Return label ready: Nikon FM2",
          says: ["accepted the return", "prepaid label", utcText(sendBy), DEAL_PAGE(w)],
        },
      ],
    };
  },
  return_delivered: async (w) => {
    const checkDueAt = new Date(Date.UTC(2026, 11, 14, 9, 0));
    const row = await returnOf(w, { state: "delivered", checkDueAt });
    return {
      event: { kind: "return_delivered", returnId: row.id },
      letters: [
        {
          to: w.seller.email,
          subject: "Return delivered: Nikon FM2",
          says: ["delivered the return", utcText(checkDueAt), "serial number", DEAL_PAGE(w)],
        },
      ],
    };
  },
  return_refunded: async (w) => {
    const row = await returnOf(w, {
      state: "refunded",
      outcome: "refund_full",
      refundCents: PRICE + SHIPPING,
      labelCostCents: 1_255,
    });
    return {
      event: { kind: "return_refunded", returnId: row.id },
      letters: [
        {
          to: w.buyer.email,
          subject: "Refunded: Nikon FM2",
          says: [money(PRICE + SHIPPING), "refunded to your card", DEAL_PAGE(w)],
        },
        {
          to: w.seller.email,
          subject: "Return complete: Nikon FM2",
          says: [money(PRICE + SHIPPING), `The return label, ${money(1_255)}, is yours`, at("/dashboard/payouts")],
        },
      ],
    };
  },
  return_to_admin: async (w) => {
    const row = await returnOf(w, { state: "to_admin", toAdminReason: "declined", sellerAnswer: "It worked." });
    return {
      event: { kind: "return_to_admin", returnId: row.id },
      letters: [
        {
          to: w.admin.email,
          subject: "Return to decide: Nikon FM2",
          says: ["The seller declined the return", "Bea Buyer", "Sam Seller", at("/dashboard/claims")],
        },
      ],
    };
  },
  reconciliation_differences: async (w) => {
    const [run] = await db()
      .insert(reconciliationRuns)
      .values({ provider: "test", day: "2026-12-01", status: "done", checked: 12, differences: 2 })
      .returning();
    return {
      event: { kind: "reconciliation_differences", runId: run!.id },
      letters: [
        {
          to: w.admin.email,
          subject: "Reconciliation of 2026-12-01: 2 differences",
          says: ["against the test provider's records", "found 2 differences", at("/dashboard/reconciliation")],
        },
      ],
    };
  },
  account_link: async (w) => {
    const link = await prepareLink("reset_password");
    await db()
      .insert(accountTokens)
      .values({
        id: link.id,
        userId: w.buyer.id,
        purpose: link.purpose,
        tokenHash: link.tokenHash,
        email: w.buyer.email,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
    return {
      event: linkEvent(link, ORIGIN),
      letters: [
        {
          to: w.buyer.email,
          subject: "Reset your Pay&Buy password",
          says: ["within 1 hour", `${APP_URL}/reset-password?token=${link.token}`],
        },
      ],
    };
  },
  email_changed: async (w) => ({
    event: {
      kind: "email_changed",
      userId: w.buyer.id,
      linkId: "k1",
      previousEmail: "old-bea@example.com",
      origin: ORIGIN,
    },
    letters: [
      {
        // Told at the address it had.
        to: "old-bea@example.com",
        subject: "Your Pay&Buy email address was changed",
        says: ["from old-bea@example.com to bea@example.com", `${APP_URL}/contact`],
      },
    ],
  }),
  password_changed: async (w) => ({
    event: { kind: "password_changed", userId: w.buyer.id, changeId: "ch1", origin: ORIGIN },
    letters: [
      {
        to: w.buyer.email,
        subject: "Your Pay&Buy password was changed",
        says: ["your other sessions were signed out", `${APP_URL}/forgot-password`],
      },
    ],
  }),
  two_factor_changed: async (w) => ({
    event: { kind: "two_factor_changed", userId: w.buyer.id, changeId: "ch1", enabled: false, origin: ORIGIN },
    letters: [
      {
        to: w.buyer.email,
        subject: "Two-factor sign-in is off",
        says: ["no longer asks for a code", `${APP_URL}/forgot-password`],
      },
    ],
  }),
  recovery_codes_replaced: async (w) => ({
    event: { kind: "recovery_codes_replaced", userId: w.buyer.id, changeId: "ch1", origin: ORIGIN },
    letters: [
      {
        to: w.buyer.email,
        subject: "New Pay&Buy recovery codes were made",
        says: ["the old ones no longer work", `${APP_URL}/forgot-password`],
      },
    ],
  }),
};

/** The claim about the paid deal, answered and decided in part (one claim a deal). */
async function claimOf(w: World) {
  const [claim] = await db()
    .insert(claims)
    .values({
      paymentId: w.payment.id,
      bookingId: w.booking.id,
      buyerId: w.buyer.id,
      sellerId: w.seller.id,
      reason: "not_as_described",
      details: "The rangefinder patch is faint.",
      sellerAnswer: "It was bright when I sent it.",
      answeredAt: new Date(),
      status: "decided",
      outcome: "refund_partial",
      refundCents: 20_000,
      decisionNote: "Half the patch is gone.",
      decidedBy: w.admin.id,
      decidedAt: new Date(),
    })
    .returning();
  return claim!;
}

async function payoutOf(w: World, status: "paid" | "failed", failureMessage: string | null) {
  const [payout] = await db()
    .insert(payouts)
    .values({
      sellerId: w.seller.id,
      provider: "test",
      providerPayoutId: `po_${status}`,
      amountCents: 87_654,
      currency: "usd",
      status,
      failureMessage,
    })
    .returning();
  return payout!;
}

describe("every kind's letters, from real rows", () => {
  it("has a case for every kind the domain can return", () => {
    expect(Object.keys(CASES).sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  for (const kind of Object.keys(CASES) as DomainEventKind[]) {
    it(`${kind}: each recipient reads its subject, the amount, the names and the link`, async () => {
      const w = await world();
      const { event, letters: expected } = await CASES[kind](w);
      const letters = await plannedLetters(db(), event, OPTIONS);
      expect(
        letters.map((letter) => ({ to: letter.recipient.email, subject: letter.subject })),
        kind,
      ).toEqual(expected.map(({ to, subject }) => ({ to, subject })));
      for (const [index, letter] of letters.entries()) {
        const { to, says } = expected[index]!;
        expect(letter.kind === event.kind || event.kind === "account_link", `${kind} to ${to}`).toBe(true);
        expect(letter.text, `${kind} to ${to}`).toMatch(new RegExp(`^Hello ${letter.recipient.name},\\n\\n`));
        expect(letter.text.endsWith("\n\nPay&Buy"), `${kind} to ${to}`).toBe(true);
        for (const words of says) expect(letter.text, `${kind} to ${to}`).toContain(words);
      }
    });
  }
});
