// Offers (ADR 0061): a buyer offers a price on an available listing, its seller accepts, declines
// or counters once, the buyer accepts or declines the counter. The allowed moves are the table of
// offer-steps.ts; every step is one compare-and-set on the offer's state, its party and its
// deadline, so a repeated request changes nothing twice; an acceptance becomes a booking at the
// agreed price (made by the bookings' own statements) in one D1 batch, or writes nothing.

import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { SessionUser } from "#app/domain/accounts/sessions.server";
import { ANY_STATUS, isBookable, isListed } from "#app/domain/catalog/catalog.server";
import { meets } from "#app/domain/catalog/delivery";
import { BOOKING_MESSAGES } from "#app/domain/deals/bookings/bookings.server";
import { type AttemptLimit, anyFull, hasRoom, secondsUntilRoom } from "#app/domain/shared/attempt-limits.server";
import type { DomainEvent } from "#app/domain/shared/events";
import { hashedUuid, isIdempotencyKey } from "#app/domain/shared/idempotency";
import type { Currency } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import type { OfferStatus } from "#db/closed-lists";
import { intoColumns } from "#db/insert-select";
import { offers, products } from "#db/schema";
import { OFFER_HOURS, type OfferInput, offerPriceProblem } from "./offer-schema";
import { LIVE_OFFER_STATES, type OfferActor, offerTransition, statesBefore, stepResult } from "./offer-steps";
import { OFFER_DECLINE_WORDS } from "./offer-words";

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Offers a buyer may make in a day (ADR 0074): on one listing, and on all listings. Every offer
 * made counts, withdrawn or not, so making and withdrawing in a loop stops at the limit.
 */
export const OFFER_LIMITS = { perListingPerDay: 5, perBuyerPerDay: 20 } as const;

/** The limits an offer of `buyerId` on `productId` is claimed under: the offer row is the claim. */
function offerLimits(buyerId: string, productId: string): AttemptLimit[] {
  const mine = eq(offers.buyerId, buyerId);
  const at = offers.createdAt;
  return [
    {
      table: offers,
      owner: and(mine, eq(offers.productId, productId))!,
      at,
      windowMs: DAY_MS,
      max: OFFER_LIMITS.perListingPerDay,
    },
    { table: offers, owner: mine, at, windowMs: DAY_MS, max: OFFER_LIMITS.perBuyerPerDay },
  ];
}

export const OFFER_MESSAGES = {
  made: `Offer sent: the seller has ${OFFER_HOURS} hours to answer`,
  notBuyer: "Only buyers can make offers.",
  notFound: "This product is no longer available.",
  unavailable: "Sorry, this product has just been booked by someone else.",
  offersOff: "The seller does not take offers on this listing.",
  shipOnly: "Offers are for listings handed over in person: book this one at its price, with shipping.",
  payoutsPending: BOOKING_MESSAGES.payoutsPending,
  alreadyOpen: "You already have an open offer on this listing: withdraw it to make another.",
  keyReused: "This idempotency key was already used for another offer.",
  badKey: "The offer's key must be 1 to 255 printable ASCII characters.",
  offerNotFound: "There is no such offer.",
  expired: "This offer has expired: it was not answered in time.",
  accepted: "Offer accepted: the item is booked at the agreed price",
  declined: "Offer declined",
  countered: `Counter sent: the buyer has ${OFFER_HOURS} hours to answer`,
  withdrawn: "Offer withdrawn",
  listingBooked: OFFER_DECLINE_WORDS.listing_booked,
  notYourTurn: "This offer is not waiting for your answer.",
  buyerGone: "The buyer of this offer has left Pay&Buy.",
  tooMany: `Too many offers: at most ${OFFER_LIMITS.perListingPerDay} a day on one listing and ${OFFER_LIMITS.perBuyerPerDay} a day in all. Please try again later.`,
} as const;

export type { OfferAction } from "./offer-steps";

export type OfferResult =
  | { ok: true; offerId: string; bookingId: string | null; replayed: boolean; message: string; events: DomainEvent[] }
  | { ok: false; status: 403 | 404 | 409 | 422; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

/** Who takes a step on an offer: the signed-in person and their role. */
export type Party = Pick<SessionUser, "id" | "role">;

/** The id a buyer's offer key names (the form's one-time field, or an Idempotency-Key). */
export function offerIdForKey(buyerId: string, key: string): Promise<string> {
  return hashedUuid(`pay-and-buy:offer\n${buyerId}\n${key}`);
}

/** The deadline of a turn that starts at `from`. */
export function offerDeadline(from: number): Date {
  return new Date(from + OFFER_HOURS * HOUR_MS);
}

/** The state people see at `now`: a live offer past its deadline is expired, job or not. */
export function offerStateAt(offer: { status: OfferStatus; respondBy: Date }, now: number): OfferStatus {
  const expired = offerTransition("expire", "system", offer.status);
  return expired && offer.respondBy.getTime() <= now ? expired.to : offer.status;
}

const LIVE = [...LIVE_OFFER_STATES];

/** The step's actor for a party of the offer (an admin is neither). */
export function actorOf(party: Party): OfferActor | null {
  return party.role === "buyer" || party.role === "seller" ? party.role : null;
}

/**
 * A buyer's offer on a listing: only while it can be booked and its seller takes offers, at 50 to
 * 100 % of the asking price read in the same statement, one live offer per buyer and listing (the
 * database's unique index), and within the day's limits (OFFER_LIMITS), counted in the same
 * statement that writes the offer (ADR 0072). `key` names the offer: the same key again is the
 * same offer.
 */
export async function makeOffer(
  db: Database,
  buyer: Party,
  input: OfferInput,
  key: string,
  currency: Currency,
  now = Date.now(),
): Promise<OfferResult> {
  const by = actorOf(buyer);
  const made = by ? offerTransition("make", by, null) : null;
  if (!made) return { ok: false, status: 403, message: OFFER_MESSAGES.notBuyer };
  if (!isIdempotencyKey(key)) return { ok: false, status: 422, message: OFFER_MESSAGES.badKey };
  const offerId = await offerIdForKey(buyer.id, key);
  const replay = await replayOf(db, buyer, offerId, input);
  if (replay) return replay;
  const [listing] = await db
    .select({
      askingCents: products.resalePriceCents,
      offersAccepted: products.offersAccepted,
      delivery: products.delivery,
      available: sql<boolean>`${isListed(["available"])}`.mapWith(Boolean),
      bookable: sql<boolean>`${isBookable()}`.mapWith(Boolean),
    })
    .from(products)
    .where(and(eq(products.id, input.productId), isListed(ANY_STATUS)))
    .limit(1);
  if (!listing) return { ok: false, status: 404, message: OFFER_MESSAGES.notFound };
  if (!listing.available) return { ok: false, status: 409, message: OFFER_MESSAGES.unavailable };
  if (!listing.offersAccepted) return { ok: false, status: 409, message: OFFER_MESSAGES.offersOff };
  // An accepted offer books a meetup (its place and contact are the offer's): a listing that is
  // only shipped is booked at its price, with the address (ADR 0086).
  if (!meets(listing.delivery)) return { ok: false, status: 409, message: OFFER_MESSAGES.shipOnly };
  if (!listing.bookable) return { ok: false, status: 409, message: OFFER_MESSAGES.payoutsPending };
  const problem = offerPriceProblem(input.amount, listing.askingCents, currency);
  if (problem) return { ok: false, status: 422, message: problem };
  // The same rules again in the write, against the row as it is then (a price changed or the
  // listing booked meanwhile writes nothing), and the limits counted by the same statement.
  const limits = offerLimits(buyer.id, input.productId);
  const insert = db
    .insert(offers)
    .select(
      db
        .select(
          intoColumns(offers, {
            id: sql`${offerId}`,
            productId: products.id,
            buyerId: sql`${buyer.id}`,
            sellerId: products.sellerId,
            askingCents: products.resalePriceCents,
            amountCents: sql`${input.amount}`,
            counterCents: sql`null`,
            status: sql`${made.to}`,
            declineReason: sql`null`,
            meetLocation: sql`${input.meetLocation}`,
            buyerContact: sql`${input.buyerContact}`,
            bookingId: sql`null`,
            createdAt: sql`${now}`,
            updatedAt: sql`null`,
            respondBy: sql`${offerDeadline(now).getTime()}`,
          }),
        )
        .from(products)
        .where(
          and(
            eq(products.id, input.productId),
            isBookable(),
            eq(products.offersAccepted, true),
            sql`${products.delivery} != 'ship'`,
            sql`${input.amount} <= ${products.resalePriceCents} and ${input.amount} * 2 >= ${products.resalePriceCents}`,
            ...limits.map((limit) => hasRoom(limit, now)),
          ),
        ),
    )
    .onConflictDoNothing();
  const result = await insert;
  if (result.meta.changes === 1) {
    return {
      ok: true,
      offerId,
      bookingId: null,
      replayed: false,
      message: OFFER_MESSAGES.made,
      events: [{ kind: "offer_received", offerId }],
    };
  }
  // Nothing written: the same key was first (a double submit), a live offer exists, a limit is
  // full, or the listing changed between the read and the write.
  const raced = await replayOf(db, buyer, offerId, input);
  if (raced) return raced;
  const [live] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.productId, input.productId), eq(offers.buyerId, buyer.id), inArray(offers.status, LIVE)))
    .limit(1);
  if (live) return { ok: false, status: 409, message: OFFER_MESSAGES.alreadyOpen };
  if (await anyFull(db, limits, now)) {
    const retryAfterSeconds = await secondsUntilRoom(db, limits, now);
    return { ok: false, status: 429, message: OFFER_MESSAGES.tooMany, retryAfterSeconds };
  }
  return { ok: false, status: 409, message: OFFER_MESSAGES.unavailable };
}

/** A key sent again: the same offer answers as made (no new event); other terms are a 422. */
async function replayOf(db: Database, buyer: Party, offerId: string, input: OfferInput): Promise<OfferResult | null> {
  const [made] = await db
    .select({ productId: offers.productId, amountCents: offers.amountCents })
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.buyerId, buyer.id)))
    .limit(1);
  if (!made) return null;
  if (made.productId !== input.productId || made.amountCents !== input.amount) {
    return { ok: false, status: 422, message: OFFER_MESSAGES.keyReused };
  }
  return { ok: true, offerId, bookingId: null, replayed: true, message: OFFER_MESSAGES.made, events: [] };
}

/**
 * The scheduled job's part: live offers whose deadline has passed at `dueBy` (the oldest first,
 * at most `limit`) become expired; both statements of one batch pick the same offers.
 */
export function expireOffersStatements(db: Database, due: { dueBy: number; limit: number }) {
  const from = statesBefore("expire", "system");
  const dueIds = db
    .select({ id: offers.id })
    .from(offers)
    .where(and(inArray(offers.status, from), lte(offers.respondBy, new Date(due.dueBy))))
    .orderBy(asc(offers.respondBy), asc(offers.id))
    .limit(due.limit);
  const expire = db
    .update(offers)
    .set({ status: stepResult("expire", "system").to, updatedAt: new Date(due.dueBy) })
    .where(and(inArray(offers.id, dueIds), inArray(offers.status, from)));
  return [dueIds, expire] as const;
}
