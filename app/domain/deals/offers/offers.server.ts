// Offers (ADR 0061): a buyer offers a price on an available listing, its seller accepts, declines
// or counters once, the buyer accepts or declines the counter. The allowed moves are the table of
// offer-steps.ts; every step is one compare-and-set on the offer's state, its party and its
// deadline, so a repeated request changes nothing twice; an acceptance becomes a booking at the
// agreed price (made by the bookings' own statements) in one D1 batch, or writes nothing.

import { and, asc, eq, inArray, lte, ne, sql } from "drizzle-orm";
import type { SessionUser } from "#app/domain/accounts/sessions.server";
import { ANY_STATUS, isBookable, isListed } from "#app/domain/catalog/catalog.server";
import { meets } from "#app/domain/catalog/delivery";
import { BOOKING_MESSAGES, bookingStatements, DEFAULT_BOOKING_HOLD_HOURS } from "#app/domain/deals/bookings.server";
import { type AttemptLimit, anyFull, hasRoom, secondsUntilRoom } from "#app/domain/shared/attempt-limits.server";
import type { DomainEvent } from "#app/domain/shared/events";
import { hashedUuid, isIdempotencyKey } from "#app/domain/shared/idempotency";
import type { Database } from "#db/client";
import type { OfferStatus } from "#db/closed-lists";
import { isUniqueViolation } from "#db/errors";
import { intoColumns } from "#db/insert-select";
import { bookings, offers, products, users } from "#db/schema";
import { counterPriceProblem, OFFER_HOURS, type OfferInput, offerPriceProblem } from "./offer-schema";
import {
  isLiveOffer,
  LIVE_OFFER_STATES,
  type OfferAction,
  type OfferActor,
  offerTransition,
  statesBefore,
  stepResult,
} from "./offer-steps";
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
  made: "Offer sent: the seller has 48 hours to answer",
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
  countered: "Counter sent: the buyer has 48 hours to answer",
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

type Party = Pick<SessionUser, "id" | "role">;

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
function actorOf(party: Party): OfferActor | null {
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
  const problem = offerPriceProblem(input.amount, listing.askingCents);
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

/** The offer as one of its parties sees it (anyone else: null). */
async function readOwnOffer(db: Database, party: Party, offerId: string) {
  const [row] = await db
    .select({
      id: offers.id,
      productId: offers.productId,
      buyerId: offers.buyerId,
      sellerId: offers.sellerId,
      askingCents: offers.askingCents,
      amountCents: offers.amountCents,
      counterCents: offers.counterCents,
      status: offers.status,
      declineReason: offers.declineReason,
      bookingId: offers.bookingId,
      respondBy: offers.respondBy,
      productStatus: products.status,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .where(
      and(
        eq(offers.id, offerId),
        party.role === "seller" ? eq(offers.sellerId, party.id) : eq(offers.buyerId, party.id),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * One party's step on an offer: the seller accepts, declines or counters an open offer; the buyer
 * accepts or declines a counter, or withdraws. `counterCents` is the seller's counter.
 */
export async function answerOffer(
  db: Database,
  party: Party,
  offerId: string,
  action: OfferAction,
  options: { counterCents?: number; holdHours?: number; now?: number } = {},
): Promise<OfferResult> {
  const now = options.now ?? Date.now();
  const by = actorOf(party);
  const from = by ? statesBefore(action, by) : [];
  if (!by || from.length === 0) return { ok: false, status: 403, message: OFFER_MESSAGES.notYourTurn };
  const offer = await readOwnOffer(db, party, offerId);
  if (!offer) return { ok: false, status: 404, message: OFFER_MESSAGES.offerNotFound };
  const move = offerTransition(action, by, offer.status);
  if (!move) return settledAnswer(offer, party, action, options.counterCents);
  if (offer.respondBy.getTime() <= now) return { ok: false, status: 409, message: OFFER_MESSAGES.expired };
  if (action === "accept") {
    return acceptOffer(db, party, offer, offer.status, options.holdHours, now);
  }
  // The compare-and-set: this offer, this party, a state the step starts from, still before its
  // deadline (each step leads from all of them to the one state of the table).
  const same = and(
    eq(offers.id, offer.id),
    party.role === "seller" ? eq(offers.sellerId, party.id) : eq(offers.buyerId, party.id),
    inArray(offers.status, from),
    sql`${offers.respondBy} > ${now}`,
  );
  const update = { status: move.to, declineReason: move.declineReason ?? null, updatedAt: new Date(now) };
  let extra: { counterCents?: number; respondBy?: Date } = {};
  let message: string;
  let events: DomainEvent[];
  if (action === "counter") {
    const counterCents = options.counterCents ?? 0;
    const problem = counterPriceProblem(counterCents, offer);
    if (problem) return { ok: false, status: 422, message: problem };
    extra = { counterCents, respondBy: offerDeadline(now) };
    message = OFFER_MESSAGES.countered;
    events = [{ kind: "offer_countered", offerId }];
  } else if (action === "decline") {
    message = OFFER_MESSAGES.declined;
    events = [{ kind: "offer_declined", offerId }];
  } else {
    message = OFFER_MESSAGES.withdrawn;
    events = [];
  }
  const changed = await db
    .update(offers)
    .set({ ...update, ...extra })
    .where(same)
    .returning({ id: offers.id });
  if (changed.length === 1) return { ok: true, offerId, bookingId: null, replayed: false, message, events };
  // Someone else's step came first: answer from the offer as it is now.
  const again = await readOwnOffer(db, party, offerId);
  if (!again) return { ok: false, status: 404, message: OFFER_MESSAGES.offerNotFound };
  return settledAnswer(again, party, action, options.counterCents);
}

type OwnOffer = NonNullable<Awaited<ReturnType<typeof readOwnOffer>>>;

/**
 * The answer to a step on an offer no longer in the state the step needs: the same step already
 * done (a double submit) answers as done, with no new event; anything else says why not.
 */
function settledAnswer(offer: OwnOffer, party: Party, action: OfferAction, counterCents?: number): OfferResult {
  const done = (message: string): OfferResult => ({
    ok: true,
    offerId: offer.id,
    bookingId: offer.bookingId,
    replayed: true,
    message,
    events: [],
  });
  const by = actorOf(party);
  const byMe = by ? stepResult("decline", by).declineReason : undefined;
  if (action === "accept" && offer.status === "accepted") return done(OFFER_MESSAGES.accepted);
  if (action === "decline" && offer.status === "declined" && offer.declineReason === byMe) {
    return done(OFFER_MESSAGES.declined);
  }
  if (action === "counter" && offer.status === "countered" && offer.counterCents === counterCents) {
    return done(OFFER_MESSAGES.countered);
  }
  if (action === "withdraw" && offer.status === "withdrawn") return done(OFFER_MESSAGES.withdrawn);
  if (offer.status === "declined" && offer.declineReason) {
    return { ok: false, status: 409, message: OFFER_DECLINE_WORDS[offer.declineReason] };
  }
  if (offer.status === "expired") return { ok: false, status: 409, message: OFFER_MESSAGES.expired };
  return { ok: false, status: 409, message: OFFER_MESSAGES.notYourTurn };
}

/**
 * Acceptance, in one D1 batch: the booking is inserted from the offer's own row at its agreed
 * price (the offer's amount, or the counter) only while the offer is still in the state read,
 * before its deadline, and the listing can be booked; the listing becomes booked, the offer
 * accepted, and the listing's other live offers declined, each only if that booking exists. If
 * the listing was booked meanwhile nothing of that is written, and the offer says why.
 */
async function acceptOffer(
  db: Database,
  party: Party,
  offer: OwnOffer,
  state: OfferStatus,
  holdHours = DEFAULT_BOOKING_HOLD_HOURS,
  now: number,
): Promise<OfferResult> {
  const bookingId = crypto.randomUUID();
  const booked = sql`exists (select 1 from ${bookings} where ${bookings.id} = ${bookingId})`;
  const buyerLive = sql`exists (select 1 from ${users} where ${users.id} = ${offers.buyerId} and ${users.deletedAt} is null)`;
  const accepted = stepResult("accept", party.role === "seller" ? "seller" : "buyer");
  const closed = stepResult("close", "system");
  // The booking, by the bookings' own statements, from the offer's row at its agreed price (the
  // offer's amount, or the counter), only while the offer is still in the state read.
  const [insert, markBooked] = bookingStatements(
    db,
    { id: bookingId, productId: offer.productId, now, holdHours },
    {
      buyerId: offers.buyerId,
      priceCents: state === "open" ? offers.amountCents : offers.counterCents,
      meetLocation: offers.meetLocation,
      buyerContact: offers.buyerContact,
    },
    {
      join: offers,
      on: eq(offers.productId, products.id),
      where: and(
        eq(offers.id, offer.id),
        party.role === "seller" ? eq(offers.sellerId, party.id) : eq(offers.buyerId, party.id),
        eq(offers.status, state),
        sql`${offers.respondBy} > ${now}`,
        buyerLive,
      ),
    },
  );
  const markAccepted = db
    .update(offers)
    .set({ status: accepted.to, bookingId, updatedAt: new Date(now) })
    .where(and(eq(offers.id, offer.id), eq(offers.status, state), booked));
  const declineOthers = db
    .update(offers)
    .set({ status: closed.to, declineReason: closed.declineReason, updatedAt: new Date(now) })
    .where(
      and(
        eq(offers.productId, offer.productId),
        inArray(offers.status, statesBefore("close", "system")),
        ne(offers.id, offer.id),
        booked,
      ),
    )
    .returning({ id: offers.id });
  try {
    const [inserted, , , declined] = await db.batch([insert, markBooked, markAccepted, declineOthers]);
    if ((inserted as D1Result).meta.changes === 1) {
      return {
        ok: true,
        offerId: offer.id,
        bookingId,
        replayed: false,
        message: OFFER_MESSAGES.accepted,
        events: [
          { kind: "offer_accepted", offerId: offer.id },
          ...declined.map((row) => ({ kind: "offer_declined" as const, offerId: row.id })),
        ],
      };
    }
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  return whyNotAccepted(db, party, offer.id, now);
}

/**
 * Nothing was accepted: another step came first (a double submit answers as done), the deadline
 * passed, or the listing cannot be booked. A listing booked or sold meanwhile declines the offer,
 * so the offer itself says why; one still available whose seller cannot be paid leaves it open.
 */
async function whyNotAccepted(db: Database, party: Party, offerId: string, now: number): Promise<OfferResult> {
  const offer = await readOwnOffer(db, party, offerId);
  if (!offer) return { ok: false, status: 404, message: OFFER_MESSAGES.offerNotFound };
  if (!isLiveOffer(offer.status)) return settledAnswer(offer, party, "accept");
  if (offer.respondBy.getTime() <= now) return { ok: false, status: 409, message: OFFER_MESSAGES.expired };
  const [buyer] = await db
    .select({ deleted: sql<boolean>`${users.deletedAt} is not null`.mapWith(Boolean) })
    .from(users)
    .where(eq(users.id, offer.buyerId))
    .limit(1);
  if (buyer?.deleted) return { ok: false, status: 409, message: OFFER_MESSAGES.buyerGone };
  const [listing] = await db
    .select({ available: sql<boolean>`${isListed(["available"])}`.mapWith(Boolean) })
    .from(products)
    .where(and(eq(products.id, offer.productId), isListed(ANY_STATUS)))
    .limit(1);
  if (listing?.available) return { ok: false, status: 409, message: OFFER_MESSAGES.payoutsPending };
  if (!listing) return { ok: false, status: 409, message: OFFER_MESSAGES.notFound };
  const closed = stepResult("close", "system");
  await db
    .update(offers)
    .set({ status: closed.to, declineReason: closed.declineReason, updatedAt: new Date(now) })
    .where(and(eq(offers.id, offer.id), inArray(offers.status, statesBefore("close", "system"))));
  return { ok: false, status: 409, message: OFFER_MESSAGES.listingBooked };
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
