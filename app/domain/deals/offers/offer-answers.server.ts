// A party's answer to an offer (ADR 0061): the seller accepts, declines or counters an open
// offer, the buyer accepts or declines a counter, or withdraws; each one compare-and-set on the
// offer's state, its party and its deadline. An acceptance books the item at the agreed price
// (the bookings' own statements) and closes the buyer's other live offers in one D1 batch.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { ANY_STATUS, isListed } from "#app/domain/catalog/catalog.server";
import { bookingStatements, DEFAULT_BOOKING_HOLD_HOURS } from "#app/domain/deals/bookings/bookings.server";
import type { DomainEvent } from "#app/domain/shared/events";
import type { Currency } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import type { OfferStatus } from "#db/closed-lists";
import { isUniqueViolation } from "#db/errors";
import { bookings, offers, products, users } from "#db/schema";
import { counterPriceProblem } from "./offer-schema";
import { isLiveOffer, type OfferAction, offerTransition, statesBefore, stepResult } from "./offer-steps";
import { OFFER_DECLINE_WORDS } from "./offer-words";
import { actorOf, OFFER_MESSAGES, type OfferResult, offerDeadline, type Party } from "./offers.server";

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
  options: { counterCents?: number; currency: Currency; holdHours?: number; now?: number },
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
    const problem = counterPriceProblem(counterCents, offer, options.currency);
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
