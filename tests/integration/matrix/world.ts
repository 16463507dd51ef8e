// The world the authorization matrix is played in: six callers and objects that belong to A,
// to B and to nobody.

import { eq } from "drizzle-orm";
import { createSession } from "#app/domain/accounts/sessions.server";
import { sealSecret } from "#app/domain/accounts/two-factor.server";
import { RENDITION_WIDTHS, renditionKey } from "#app/domain/catalog/photo-keys";
import { openClaim } from "#app/domain/deals/claims/claims.server";
import { choosePaymentProvider, findPayableBooking, payBooking } from "#app/domain/deals/payments/checkout.server";
import { answerReturn, requestReturn } from "#app/domain/deals/returns/returns.server";
import { chooseCarrier } from "#app/domain/deals/shipping/choose.server";
import { advanceOfflineReturn } from "#app/domain/deals/shipping/return-parcels.server";
import { applyTrackingEvent } from "#app/domain/deals/shipping/tracking-events.server";
import { enterTracking } from "#app/domain/deals/shipping/tracking-numbers.server";
import { signUnsubscribe } from "#app/domain/notifications/unsubscribe-links.server";
import { parseEnv } from "#app/server/env.server";
import { database } from "#db/client";
import { bookingRow, categoryRow, offerRow, payoutAccountRow, productRow, reportRow, userRow } from "#db/factories";
import {
  bookings,
  categories,
  offers,
  payments,
  payoutAccounts,
  productPhotos,
  products,
  ratings,
  reconciliationDifferences,
  reconciliationRuns,
  reports,
  returnPhotos,
  returns,
  reviewReports,
  savedAddresses,
  savedSearches,
  serialMatches,
  shipments,
  stolenSerials,
  twoFactorCredentials,
  users as usersTable,
} from "#db/schema";
import { bearerFor, sessionCookieFor } from "../auth-helpers";
import { TEST_TOTP_SECRET } from "../factories";
import { testEnv } from "../test-env";

export const CALLERS = ["anon", "buyerA", "buyerB", "sellerA", "sellerB", "admin"] as const;
export type Caller = (typeof CALLERS)[number];

export const NOBODY = "00000000-0000-4000-8000-000000000000";

const withId = <T extends object>(row: T) => ({ ...row, id: crypto.randomUUID() });

/** A world in emptied storage (its rows written in one batch), every caller signed in. */
export async function buildWorld() {
  const db = database(testEnv.DB);
  const category = withId(categoryRow({ title: "Camera", position: 1 }));
  const user = (role: "buyer" | "seller" | "admin", name: string) =>
    withId(userRow({ role, name, email: `${name.toLowerCase().replace(/ /g, ".")}@example.com` }));
  const users = {
    buyerA: user("buyer", "Buyer A"),
    buyerB: user("buyer", "Buyer B"),
    sellerA: user("seller", "Seller A"),
    sellerB: user("seller", "Seller B"),
    admin: user("admin", "Admin"),
  };
  const product = (sellerId: string, name: string, status: "available" | "booked" = "available") =>
    withId(productRow({ sellerId, categoryId: category.id, name, advertised: true, status }));
  const listingA = product(users.sellerA.id, "Listing of A");
  const listingB = product(users.sellerB.id, "Listing of B");
  const bookedA = product(users.sellerA.id, "Booked from A", "booked");
  const bookedB = product(users.sellerB.id, "Booked from B", "booked");
  const bookingA = withId(bookingRow(bookedA, users.buyerA.id));
  const bookingB = withId(bookingRow(bookedB, users.buyerB.id));
  // Paid bookings (their payments held for the buyer's protection, each with an open claim):
  // A's is buyer A's of seller A's listing, B's the same of B.
  const soldA = product(users.sellerA.id, "Sold by A", "booked");
  const soldB = product(users.sellerB.id, "Sold by B", "booked");
  const paidBookingA = withId(bookingRow(soldA, users.buyerA.id));
  const paidBookingB = withId(bookingRow(soldB, users.buyerB.id));
  // Two photos on each available listing, for the edit page's photo intents and calls.
  const photosOf = (productId: string) =>
    [0, 1].map((position) => withId({ productId, position, key: `${productId.slice(0, 8)}-${position}` }));
  const photosA = photosOf(listingA.id);
  const photosB = photosOf(listingB.id);
  // Open reports: A's is buyer A's report of seller B's listing, and the other way round.
  const reportA = withId(reportRow({ productId: listingB.id, reporterId: users.buyerA.id, reason: "misleading" }));
  const reportB = withId(reportRow({ productId: listingA.id, reporterId: users.buyerB.id, reason: "offensive" }));
  // Stolen gear: buyer A registered a serial that seller A's held listing has, buyer B one of
  // seller B's (ADR 0056).
  const heldAt = new Date();
  const held = (sellerId: string, name: string, serialNumber: string) =>
    withId(productRow({ sellerId, categoryId: category.id, name, serialNumber, heldAt }));
  const heldA = held(users.sellerA.id, "Held listing of A", "HELDA1234");
  const heldB = held(users.sellerB.id, "Held listing of B", "HELDB5678");
  const registration = (reporterId: string, serial: string) =>
    withId({ reporterId, brand: "other", brandOther: "Any", serial, stolenOn: "2026-01-02", policeReference: "PR 1" });
  // Open offers (ADR 0061): buyer A's on seller A's listing, buyer B's on seller B's.
  const offerA = withId(offerRow(listingA, users.buyerA.id));
  const offerB = withId(offerRow(listingB, users.buyerB.id));
  const registrationA = registration(users.buyerA.id, "HELDA1234");
  const registrationB = registration(users.buyerB.id, "HELDB5678");
  // A saved search of buyer A and of buyer B (ADR 0062).
  const savedSearch = (userId: string, name: string) =>
    withId({ userId, name, query: "q=lens", matchQuery: '"lens"*', emails: true });
  const savedSearchA = savedSearch(users.buyerA.id, "Lenses of A");
  const savedSearchB = savedSearch(users.buyerB.id, "Lenses of B");
  await db.batch([
    db.insert(categories).values(category),
    db.insert(usersTable).values(Object.values(users)),
    // Both sellers have set up payouts (test mode): their listings can be booked.
    db.insert(payoutAccounts).values([payoutAccountRow(users.sellerA.id), payoutAccountRow(users.sellerB.id)]),
    // Four rows a statement: with the gear columns, eight would pass D1's 100 bound parameters.
    db.insert(products).values([listingA, listingB, bookedA, bookedB]),
    db.insert(products).values([soldA, soldB, heldA, heldB]),
    db.insert(productPhotos).values([...photosA, ...photosB]),
    db.insert(bookings).values([bookingA, bookingB, paidBookingA, paidBookingB]),
    db.insert(reports).values([reportA, reportB]),
    db.insert(offers).values([offerA, offerB]),
    db.insert(stolenSerials).values([registrationA, registrationB]),
    db.insert(savedSearches).values([savedSearchA, savedSearchB]),
    db.insert(serialMatches).values([
      { productId: heldA.id, stolenSerialId: registrationA.id, matchedAt: heldAt },
      { productId: heldB.id, stolenSerialId: registrationB.id, matchedAt: heldAt },
    ]),
    // Every admin has two-factor sign-in.
    db.insert(twoFactorCredentials).values({
      userId: users.admin.id,
      secret: await sealSecret(TEST_TOTP_SECRET, users.admin.id, [testEnv.SESSION_SECRET]),
      enabledAt: new Date(),
    }),
  ]);
  const env = parseEnv(testEnv as unknown as Record<string, unknown>);
  const provider = choosePaymentProvider(db, env.settings);
  const payAndClaim = async (booking: { id: string }, buyerId: string) => {
    const payable = await findPayableBooking(db, { id: buyerId }, booking.id);
    const paid = await payBooking(provider, payable!, { method: "card", cardNumber: "4242424242424242" });
    if (!paid.ok) throw new Error(`The world's payment failed: ${paid.message}`);
    const claim = { bookingId: booking.id, reason: "not_as_described", details: "The lens has a scratch." } as const;
    const opened = await openClaim(db, { id: buyerId }, claim);
    if (!opened.ok) throw new Error(`The world's claim failed: ${opened.message}`);
    return opened.claimId;
  };
  // Shipped deals (ADR 0086), paid and waiting for their seller to send the parcel: A's is buyer
  // A's of seller A's listing, B's the same of B.
  const shipped = (sellerId: string, buyerId: string, name: string) => {
    const listing = withId(
      productRow({
        sellerId,
        categoryId: category.id,
        name,
        status: "booked",
        delivery: "ship",
        shipsFromCountry: "US",
        shipsFromPostalCode: "11201",
        parcel: "small",
        shippingPriceCents: 1_000,
        handlingDays: 2,
      }),
    );
    const booking = withId({
      ...bookingRow(listing, buyerId),
      delivery: "ship" as const,
      shippingCents: 1_000,
      meetLocation: "",
    });
    const shipment = {
      bookingId: booking.id,
      recipient: "Dana Buyer",
      line1: "1550 Wewatta St",
      city: "Denver",
      region: "CO",
      postalCode: "80202",
      country: "US" as const,
      parcel: "small" as const,
    };
    return { listing, booking, shipment };
  };
  const shippedA = shipped(users.sellerA.id, users.buyerA.id, "Shipped by A");
  const shippedB = shipped(users.sellerB.id, users.buyerB.id, "Shipped by B");
  await db.batch([
    db.insert(products).values([shippedA.listing, shippedB.listing]),
    db.insert(bookings).values([shippedA.booking, shippedB.booking]),
    db.insert(shipments).values([shippedA.shipment, shippedB.shipment]),
  ]);
  for (const [{ booking }, buyerId] of [
    [shippedA, users.buyerA.id],
    [shippedB, users.buyerB.id],
  ] as const) {
    const payable = await findPayableBooking(db, { id: buyerId }, booking.id);
    const paid = await payBooking(provider, payable!, { method: "card", cardNumber: "4242424242424242" });
    if (!paid.ok) throw new Error(`The world's shipped payment failed: ${paid.message}`);
  }
  const returned = await buildReturns(db, env, users, shipped);
  const claimA = await payAndClaim(paidBookingA, users.buyerA.id);
  const claimB = await payAndClaim(paidBookingB, users.buyerB.id);
  // Reviews: A's is buyer A's of seller A (its paid purchase), B's the same of B; each reported
  // by the other buyer (an open report).
  const reviewOf = async (booking: { id: string }, buyerId: string, sellerId: string, comment: string) => {
    const [payment] = await db.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, booking.id));
    const [row] = await db
      .insert(ratings)
      .values({ paymentId: payment!.id, buyerId, sellerId, stars: 4, comment })
      .returning({ id: ratings.id });
    return row!.id;
  };
  const reviewA = await reviewOf(paidBookingA, users.buyerA.id, users.sellerA.id, "Review of seller A");
  const reviewB = await reviewOf(paidBookingB, users.buyerB.id, users.sellerB.id, "Review of seller B");
  await db.insert(reviewReports).values([
    { ratingId: reviewA, reporterId: users.buyerB.id, reason: "offensive" },
    { ratingId: reviewB, reporterId: users.buyerA.id, reason: "misleading" },
  ]);
  // A day's reconciliation that found a transfer the ledger does not hold (ADR 0089).
  const [run] = await db
    .insert(reconciliationRuns)
    .values({ provider: "test", day: "2026-01-05", status: "done", checked: 12, differences: 1 })
    .returning({ id: reconciliationRuns.id });
  const [difference] = await db
    .insert(reconciliationDifferences)
    .values({
      runId: run!.id,
      provider: "test",
      kind: "missing_ours",
      providerRef: "tr_test_not_in_the_ledger",
      ledgerKind: "transfer",
      theirCents: 5_000,
      currency: "usd",
    })
    .returning({ id: reconciliationDifferences.id });
  // Another live session of buyer A and of buyer B (a phone beside the caller's browser), for the
  // calls that end one session of one's own.
  const spareA = await createSession(db, users.buyerA.id, "web");
  const spareB = await createSession(db, users.buyerB.id, "web");
  const cookies: Record<Caller, string | null> = { anon: null } as Record<Caller, string | null>;
  const bearers: Record<Caller, string | null> = { anon: null } as Record<Caller, string | null>;
  for (const [caller, { id }] of Object.entries(users) as Array<[Exclude<Caller, "anon">, { id: string }]>) {
    cookies[caller] = await sessionCookieFor(id);
    bearers[caller] = await bearerFor(id);
  }
  return {
    users,
    /** Objects that belong to A, to B, and to nobody (an id that does not exist). */
    listing: { A: listingA.id, B: listingB.id, nobody: NOBODY },
    /** The photos of A's and B's listing, in order; nobody's is an id that does not exist. */
    photos: { A: photosA.map((photo) => photo.id), B: photosB.map((photo) => photo.id), nobody: [NOBODY, NOBODY] },
    booking: { A: bookingA.id, B: bookingB.id, nobody: NOBODY },
    /** Paid bookings, their payments held, each with an open claim by its buyer. */
    paidBooking: { A: paidBookingA.id, B: paidBookingB.id, nobody: NOBODY },
    claim: { A: claimA, B: claimB, nobody: NOBODY },
    /** Shipped deals, paid, their parcels waiting for their sellers (ADR 0086). */
    shippedBooking: { A: shippedA.booking.id, B: shippedB.booking.id, nobody: NOBODY },
    /**
     * Shipped deals delivered to their buyers (buyer A's of seller A, B's of B), one for each step
     * of a return (ADR 0107): `ask` has none yet; the others have one requested (with a photo of
     * the buyer's), offered a part back, accepted (the test carrier's label, not sent yet),
     * delivered back to the seller, or declined and waiting for the admin.
     */
    returnBooking: returned.bookings,
    /** The returns' own ids (the admin's Claims form names a return, not its deal). */
    returnId: returned.ids,
    /** The buyer's photo of the requested return of A and of B; nobody's a key of the right shape no photo has. */
    returnPhoto: returned.photo,
    /** Open offers: buyer A's on seller A's listing, buyer B's on seller B's. */
    offer: { A: offerA.id, B: offerB.id, nobody: NOBODY },
    sellerId: { A: users.sellerA.id, B: users.sellerB.id, nobody: NOBODY },
    buyerId: { A: users.buyerA.id, B: users.buyerB.id, nobody: NOBODY },
    report: { A: reportA.id, B: reportB.id, nobody: NOBODY },
    /** Written reviews of seller A by buyer A and of seller B by buyer B, each with an open report by the other buyer. */
    review: { A: reviewA, B: reviewB, nobody: NOBODY },
    /** A session of buyer A and of buyer B other than the one each calls with. */
    session: { A: spareA.id, B: spareB.id, nobody: NOBODY },
    /** The listings those reports are about (the admin decides on a listing). */
    reportedListing: { A: listingB.id, B: listingA.id, nobody: NOBODY },
    /** A's and B's listings held for review, and the stolen-gear registrations of buyer A and B that hold them. */
    heldListing: { A: heldA.id, B: heldB.id, nobody: NOBODY },
    registration: { A: registrationA.id, B: registrationB.id, nobody: NOBODY },
    savedSearch: { A: savedSearchA.id, B: savedSearchB.id, nobody: NOBODY },
    /** Buyer A's link to stop the emails of saved searches' matches (what a letter carries). */
    /** The open difference of the world's one reconciliation run. */
    difference: difference!.id,
    unsubscribeToken: await signUnsubscribe(users.buyerA.id, "saved_search_matches", [testEnv.SESSION_SECRET]),
    cookies,
    bearers,
  };
}

/** The steps of a return the world holds a deal at (ADR 0107), in the order a return takes them. */
const RETURN_STEPS = ["ask", "requested", "offered", "accepted", "delivered", "toAdmin"] as const;
type ReturnStep = (typeof RETURN_STEPS)[number];
type Owned = { A: string; B: string; nobody: string };

const FAULT = { reason: "does_not_work", details: "The autofocus hunts and never locks." } as const;
/** A return photo's stem nobody's photo has (the shape the product gives return photos). */
const NO_RETURN_PHOTO = `r-${"0".repeat(32)}`;

/**
 * Shipped deals of buyer A with seller A and of B with B, paid and delivered (the seller's own
 * tracking), each taken by the product's own steps to one step of its return; both sellers keep a
 * sender address, where return labels go (ADR 0103).
 */
async function buildReturns(
  db: ReturnType<typeof database>,
  env: ReturnType<typeof parseEnv>,
  users: Record<"buyerA" | "buyerB" | "sellerA" | "sellerB", { id: string }>,
  shipped: (
    sellerId: string,
    buyerId: string,
    name: string,
  ) => {
    listing: typeof products.$inferInsert & { id: string };
    booking: typeof bookings.$inferInsert & { id: string };
    shipment: typeof shipments.$inferInsert;
  },
) {
  const provider = choosePaymentProvider(db, env.settings);
  const carrier = chooseCarrier(env.settings);
  const store = { photos: testEnv.PHOTOS, images: testEnv.IMAGES };
  const parties = {
    A: { buyer: { id: users.buyerA.id, role: "buyer" }, seller: { id: users.sellerA.id, role: "seller" } },
    B: { buyer: { id: users.buyerB.id, role: "buyer" }, seller: { id: users.sellerB.id, role: "seller" } },
  } as const;
  const deals = (["A", "B"] as const).flatMap((owner) =>
    RETURN_STEPS.map((step) => ({
      owner,
      step,
      ...shipped(parties[owner].seller.id, parties[owner].buyer.id, `Returned to ${owner} (${step})`),
    })),
  );
  const sender = (userId: string) => ({
    userId,
    kind: "sender" as const,
    isDefault: true,
    recipient: "Sam Seller",
    line1: "100 Court St",
    city: "Brooklyn",
    region: "NY",
    postalCode: "11201",
    country: "US" as const,
  });
  const fours = <T>(rows: T[]) =>
    Array.from({ length: Math.ceil(rows.length / 4) }, (_, i) => rows.slice(i * 4, i * 4 + 4));
  await db.batch([
    db.insert(savedAddresses).values([sender(users.sellerA.id), sender(users.sellerB.id)]),
    ...fours(deals).map((rows) => db.insert(products).values(rows.map((deal) => deal.listing))),
    ...fours(deals).map((rows) => db.insert(bookings).values(rows.map((deal) => deal.booking))),
    ...fours(deals).map((rows) => db.insert(shipments).values(rows.map((deal) => deal.shipment))),
  ]);
  const must = <T extends { ok: boolean }>(result: T, what: string) => {
    if (!result.ok) throw new Error(`The world's ${what} failed: ${JSON.stringify(result)}`);
    return result;
  };
  for (const [index, { owner, step, booking }] of deals.entries()) {
    const { buyer, seller } = parties[owner];
    const payable = await findPayableBooking(db, buyer, booking.id);
    must(await payBooking(provider, payable!, { method: "card", cardNumber: "4242424242424242" }), "return payment");
    const trackingNumber = `9400111${String(index).padStart(15, "0")}`;
    must(
      await enterTracking(
        db,
        seller,
        booking.id,
        { carrier: "USPS", trackingNumber },
        env.settings.BUYER_PROTECTION_DAYS,
      ),
      "tracking",
    );
    const delivered = await applyTrackingEvent(
      db,
      { carrier: "USPS", trackingNumber, status: "delivered", at: new Date(), detail: "" },
      env.settings.BUYER_PROTECTION_DAYS,
    );
    if (delivered !== "applied") throw new Error(`The world's delivery was ${delivered}`);
    if (step === "ask") continue;
    must(await requestReturn(db, store, buyer, booking.id, FAULT, []), "return request");
    if (step === "offered") {
      const offer = { answer: "offer", amountCents: 5_000, note: "Keep it for $ 50 back." } as const;
      must(await answerReturn(db, carrier, seller, booking.id, offer, env.currency), "return offer");
    }
    if (step === "toAdmin") {
      const decline = { answer: "decline", note: "It worked when it left." } as const;
      must(await answerReturn(db, carrier, seller, booking.id, decline, env.currency), "return decline");
    }
    if (step === "accepted" || step === "delivered") {
      must(await answerReturn(db, carrier, seller, booking.id, { answer: "accept" }, env.currency), "return label");
    }
    if (step === "delivered") {
      for (let move = 0; move < 2; move++)
        must(await advanceOfflineReturn(db, carrier, buyer, booking.id), "return parcel");
    }
  }
  const of = (step: ReturnStep) => {
    const [A, B] = (["A", "B"] as const).map((owner) => deals.find((d) => d.owner === owner && d.step === step)!);
    return { A: A!.booking.id, B: B!.booking.id, nobody: NOBODY };
  };
  const bookingsByStep = Object.fromEntries(RETURN_STEPS.map((step) => [step, of(step)])) as Record<ReturnStep, Owned>;
  const rows = await db.select({ id: returns.id, bookingId: returns.bookingId }).from(returns);
  const idOf = (bookingId: string) => rows.find((row) => row.bookingId === bookingId)?.id ?? NOBODY;
  const ids = Object.fromEntries(
    RETURN_STEPS.filter((step) => step !== "ask").map((step) => {
      const booked = bookingsByStep[step];
      return [step, { A: idOf(booked.A), B: idOf(booked.B), nobody: NOBODY }];
    }),
  ) as Record<Exclude<ReturnStep, "ask">, Owned>;
  // A photo with each requested return, as the buyer's upload leaves it: a row and its renditions.
  const photo = { A: `r-${"a".repeat(32)}`, B: `r-${"b".repeat(32)}`, nobody: NO_RETURN_PHOTO };
  await db.insert(returnPhotos).values(
    (["A", "B"] as const).map((owner) => ({
      returnId: ids.requested[owner],
      side: "buyer" as const,
      position: 0,
      key: photo[owner],
      width: 1280,
      height: 960,
    })),
  );
  for (const owner of ["A", "B"] as const) {
    for (const width of RENDITION_WIDTHS) {
      await testEnv.PHOTOS.put(renditionKey(photo[owner], width), new Uint8Array([82, 73, 70, 70]), {
        httpMetadata: { contentType: "image/webp" },
      });
    }
  }
  return { bookings: bookingsByStep, ids, photo };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;
