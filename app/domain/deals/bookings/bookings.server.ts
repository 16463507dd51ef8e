// Bookings: a buyer reserves an available product to meet the seller and pay. At most one live
// booking per product, enforced by the database; the price is always the product's own. Ending
// the active bookings of a listing, a buyer or a seller (inside another batch, or by the
// scheduled job past their deadline) and releasing their listings is the catalog's rule of
// availability (catalog/availability.server.ts).
import { and, desc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import { alias, type SQLiteColumn, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { accessTo } from "#app/domain/accounts/permissions";
import type { SessionUser } from "#app/domain/accounts/sessions.server";
import { ANY_STATUS, isBookable, isListed } from "#app/domain/catalog/catalog.server";
import { buyerDetail } from "#app/domain/deals/parcels/buyer-details";
import { selfTracked } from "#app/domain/deals/parcels/predicates";
import type { DomainEvent } from "#app/domain/shared/events";
import { LIST_PAGE_SIZE, pageOffset, toPage } from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import type { DisputeStatus, ReturnState, ShipmentStatus } from "#db/closed-lists";
import { isUniqueViolation } from "#db/errors";
import { intoColumns } from "#db/insert-select";
import {
  bookings,
  claims,
  dealOperations,
  deals,
  disputes,
  payments,
  products,
  ratings,
  returns,
  shipments,
  users,
} from "#db/schema";
import type { Carrier } from "../shipping/carriers";
import { type Quote, quoteShipping, sameShippingTerms, shipmentStatement } from "../shipping/quotes.server";
import type { BookingRequest } from "./booking-schema";

export const BOOKING_MESSAGES = {
  booked: "Booking Submitted Successfully",
  unavailable: "Sorry, this product has just been booked by someone else.",
  notFound: "This product is no longer available.",
  notBuyer: "Only buyers can book products.",
  payoutsPending: "The seller is still setting up payouts: this listing cannot be booked yet.",
  cancelled: "Booking had been canceled",
  paidCannotCancel: "A paid booking cannot be cancelled.",
  bookingNotFound: "There is no such booking.",
  shipOnly: "This listing is only shipped: choose shipping and give your address.",
  meetupOnly: "This listing is handed over in person only: choose a meetup.",
  shippingChanged: "The seller just changed how this listing ships: look again and book.",
  notShippedTo: (country: string) => `This listing ships within ${country} only.`,
} as const;

export const DEFAULT_BOOKING_HOLD_HOURS = 48;
const HOUR_MS = 3600 * 1000;

/** The moment an unpaid booking made at `madeAt` stops holding its product. */
export function bookingDeadline(madeAt: number, holdHours: number): Date {
  return new Date(madeAt + holdHours * HOUR_MS);
}

/**
 * Whether an unpaid booking still holds its product at `now`. The deadline decides, not the
 * scheduled job: between the deadline and the job's next run the booking is already expired
 * everywhere it matters (it cannot be paid), and the job only makes it official.
 */
export function isWithinHold(booking: { expiresAt: Date | null }, now: number): boolean {
  return booking.expiresAt === null || now < booking.expiresAt.getTime();
}

/** A booking's terms, as values of the statement that inserts it (columns of `products` or of a joined table). */
export interface BookingTerms {
  buyerId: SQLiteColumn | SQL;
  priceCents: SQLiteColumn | SQL;
  meetLocation: SQLiteColumn | SQL;
  buyerContact: SQLiteColumn | SQL;
  /** Shipped (with its shipping charge), or a meetup when left out. */
  shipping?: { cents: SQLiteColumn | SQL };
}

/**
 * The statements that book a product, for the caller's one D1 batch: the booking row, inserted
 * from `products` (joined with `source`, if given) only while the product can be booked and
 * `source.where` holds, with a deadline `holdHours` from `now`; then the product marked booked,
 * only if that very booking exists. The one-live-booking index turns a concurrent second booking
 * into a unique violation, so the batch writes nothing half. Used by a booking made directly and
 * by an accepted offer (offers/offers.server.ts), which adds its own statements to the batch.
 */
export function bookingStatements(
  db: Database,
  booking: { id: string; productId: string; now: number; holdHours: number },
  terms: BookingTerms,
  source?: { join?: SQLiteTable; on?: SQL; where: SQL | undefined },
) {
  const { id, productId, now } = booking;
  const from = db
    .select(
      intoColumns(bookings, {
        id: sql`${id}`,
        productId: products.id,
        buyerId: terms.buyerId,
        priceCents: terms.priceCents,
        meetLocation: terms.meetLocation,
        buyerContact: terms.buyerContact,
        status: sql`'active'`,
        endReason: sql`null`,
        createdAt: sql`${now}`,
        paidAt: sql`null`,
        cancelledAt: sql`null`,
        expiresAt: sql`${bookingDeadline(now, booking.holdHours).getTime()}`,
        delivery: terms.shipping ? sql`'ship'` : sql`'meetup'`,
        shippingCents: terms.shipping ? terms.shipping.cents : sql`0`,
        // The listing's return policy, copied as it is now (ADR 0106): a meetup takes back faults only.
        returnPolicy: terms.shipping ? products.returnPolicy : sql`'faults_only'`,
      }),
    )
    .from(products)
    .$dynamic();
  const joined = source?.join && source.on ? from.innerJoin(source.join, source.on) : from;
  // A meetup only of a listing that can be met; shipping is checked by the caller's `where`.
  const handOver = terms.shipping ? undefined : sql`${products.delivery} != 'ship'`;
  const insert = db
    .insert(bookings)
    .select(joined.where(and(eq(products.id, productId), isBookable(), handOver, source?.where)));
  const markBooked = db
    .update(products)
    .set({ status: "booked", updatedAt: new Date(now) })
    .where(
      and(
        eq(products.id, productId),
        eq(products.status, "available"),
        sql`exists (select 1 from ${bookings} where ${bookings.id} = ${id})`,
      ),
    );
  return [insert, markBooked] as const;
}

export type BookResult =
  /** `repeated`: this buyer already holds the product (a second click of Book): its booking, unchanged. */
  | { ok: true; bookingId: string; events: DomainEvent[]; repeated?: true }
  | { ok: false; status: 403 | 404 | 409 | 422 | 503; message: string };

/**
 * Books a product in one D1 batch (a transaction): the booking row is inserted only while the
 * product is available, at the product's price, and the product becomes booked. A concurrent
 * second booking either finds the product booked or hits the one-live-booking index; both
 * leave nothing half-written. A shipped booking (ADR 0086) also stores the buyer's address in its
 * shipment, and its shipping charge: the listing's flat price, or the carrier's rate for the
 * address quoted now, written only if the listing's shipping terms are still those quoted.
 */
export async function bookProduct(
  db: Database,
  buyer: Pick<SessionUser, "id" | "role">,
  input: BookingRequest,
  hold: { hours: number; now?: number },
  /** This configuration's carrier (`chooseCarrier`): never a default, so no test tool slips in. */
  carrier: Carrier | null,
): Promise<BookResult> {
  if (buyer.role !== "buyer") return { ok: false, status: 403, message: BOOKING_MESSAGES.notBuyer };
  const bookingId = crypto.randomUUID();
  const now = hold.now ?? Date.now();
  const terms = {
    buyerId: sql`${buyer.id}`,
    priceCents: products.resalePriceCents,
    meetLocation: sql`${input.delivery === "meetup" ? input.meetLocation : ""}`,
    buyerContact: sql`${input.buyerContact}`,
  };
  let shipping: Extract<Quote, { ok: true }> | null = null;
  if (input.delivery === "ship") {
    const quoted = await quoteShipping(db, carrier, input.productId, input.address);
    if (!quoted.ok) return (await heldBy(db, buyer.id, input.productId)) ?? quoted;
    shipping = quoted;
  }
  const [insert, markBooked] = bookingStatements(
    db,
    { id: bookingId, productId: input.productId, now, holdHours: hold.hours },
    shipping ? { ...terms, shipping: { cents: sql`${shipping.cents}` } } : terms,
    shipping ? { where: sameShippingTerms(shipping.terms) } : undefined,
  );
  try {
    const [inserted] =
      input.delivery === "ship" && shipping
        ? await db.batch([insert, markBooked, shipmentStatement(db, bookingId, input.address, shipping.terms.parcel)])
        : await db.batch([insert, markBooked]);
    if ((inserted as D1Result).meta.changes === 1) {
      return { ok: true, bookingId, events: [{ kind: "booking_made", bookingId }] };
    }
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const held = await heldBy(db, buyer.id, input.productId);
  if (held) return held;
  // Why nothing was inserted: a listing that left the storefront (with its seller, too) is gone;
  // one still available whose seller cannot be paid waits for them; any other was taken.
  const [stillListed] = await db
    .select({
      available: sql<boolean>`${isListed(["available"])}`.mapWith(Boolean),
      delivery: products.delivery,
    })
    .from(products)
    .where(and(eq(products.id, input.productId), isListed(ANY_STATUS)))
    .limit(1);
  if (!stillListed) return { ok: false, status: 404, message: BOOKING_MESSAGES.notFound };
  if (input.delivery === "meetup" && stillListed.delivery === "ship")
    return { ok: false, status: 422, message: BOOKING_MESSAGES.shipOnly };
  if (stillListed.available && input.delivery === "ship")
    return { ok: false, status: 409, message: BOOKING_MESSAGES.shippingChanged };
  if (stillListed.available) return { ok: false, status: 409, message: BOOKING_MESSAGES.payoutsPending };
  return { ok: false, status: 409, message: BOOKING_MESSAGES.unavailable };
}

/** A double submit: the first one booked it for this very buyer, so the second leads to that booking. */
async function heldBy(db: Database, buyerId: string, productId: string): Promise<BookResult | null> {
  const [held] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.productId, productId), eq(bookings.buyerId, buyerId), eq(bookings.status, "active")))
    .limit(1);
  return held ? { ok: true, bookingId: held.id, events: [], repeated: true } : null;
}

export type CancelResult =
  | { ok: true; productReleased: boolean; events: DomainEvent[] }
  | { ok: false; status: 404 | 409; message: string };

/** A buyer cancels its own unpaid booking; the product is available again. */
export async function cancelBooking(
  db: Database,
  buyer: Pick<SessionUser, "id">,
  bookingId: string,
): Promise<CancelResult> {
  const now = Date.now();
  const [ended, released] = await db.batch([
    db
      .update(bookings)
      .set({ status: "cancelled", endReason: "buyer_cancelled", cancelledAt: new Date(now) })
      .where(and(eq(bookings.id, bookingId), eq(bookings.buyerId, buyer.id), eq(bookings.status, "active"))),
    // Released only if this very cancellation happened (same booking, same instant).
    db
      .update(products)
      .set({ status: "available", updatedAt: new Date(now) })
      .where(
        and(
          eq(products.status, "booked"),
          sql`${products.id} = (select product_id from ${bookings} where id = ${bookingId}
            and buyer_id = ${buyer.id} and status = 'cancelled' and cancelled_at = ${now})`,
        ),
      )
      // Rows, not D1's change count: that also counts the search index's trigger writes.
      .returning({ id: products.id }),
  ]);
  if ((ended as D1Result).meta.changes === 1) {
    return {
      ok: true,
      productReleased: released.length === 1,
      events: [{ kind: "booking_cancelled", bookingId }],
    };
  }
  const [booking] = await db
    .select({ status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), eq(bookings.buyerId, buyer.id)))
    .limit(1);
  if (booking?.status === "paid") return { ok: false, status: 409, message: BOOKING_MESSAGES.paidCannotCancel };
  return { ok: false, status: 404, message: BOOKING_MESSAGES.bookingNotFound };
}

const orderSellers = alias(users, "order_seller");

/** The refunds of the row's deal in one status, in cents. */
function refundSum(status: SQL) {
  return sql<number>`(select coalesce(sum(${dealOperations.amountCents}), 0) from ${dealOperations}
    where ${dealOperations.paymentId} = ${deals.paymentId} and ${dealOperations.kind} = 'refund'
    and ${dealOperations.status} = ${status})`.mapWith(Number);
}

/**
 * A page of My Orders: the buyer's live and paid bookings, and those the system ended (a row and
 * the count, read together).
 */
export async function listOrders(db: Database, buyerId: string, page: number) {
  const mine = and(
    eq(bookings.buyerId, buyerId),
    or(ne(bookings.status, "cancelled"), ne(bookings.endReason, "buyer_cancelled")),
  );
  const [rows, counted] = await Promise.all([
    db
      .select({
        id: bookings.id,
        productId: bookings.productId,
        priceCents: bookings.priceCents,
        // How it changes hands, and a shipped order's shipping, charged beside the item.
        delivery: bookings.delivery,
        shippingCents: bookings.shippingCents,
        status: bookings.status,
        endReason: bookings.endReason,
        createdAt: bookings.createdAt,
        expiresAt: bookings.expiresAt,
        productName: products.name,
        photoKey: products.photoKey,
        // The seller's public profile is linked from the order (while the seller is here).
        sellerId: products.sellerId,
        sellerName: sql`${orderSellers.name}`.mapWith(orderSellers.name).as("seller_name"),
        sellerLeft: sql<boolean>`${orderSellers.deletedAt} is not null`.mapWith(Boolean).as("seller_left"),
        transactionId: payments.transactionId,
        // Its public page can be opened (booked and sold ones too).
        listed: sql<boolean>`${isListed(ANY_STATUS)}`.mapWith(Boolean).as("listed"),
        // A paid order's rating of its seller, once given.
        ratedStars: ratings.stars,
        // A paid order's money: held for the buyer's protection until releaseDueAt, released
        // or refunded; its claim, if the buyer opened one.
        dealState: deals.state,
        releaseDueAt: deals.releaseDueAt,
        // Refunded: made at the provider; decided but not made yet: on its way (a refund the
        // provider has not taken is not told to the buyer as done).
        refundedCents: refundSum(sql`'done'`),
        refundPendingCents: refundSum(sql`'pending'`),
        claimId: sql<string | null>`${claims.id}`.as("claim_id"),
        // Aliased: D1 returns a batch's rows keyed by column name, and bookings.status collides.
        claimStatus: sql`${claims.status}`.mapWith(claims.status).as("claim_status"),
        claimOutcome: sql`${claims.outcome}`.mapWith(claims.outcome).as("claim_outcome"),
        // A chargeback of the payment (ADR 0081): its bank's latest status; null when none.
        disputeStatus: sql<DisputeStatus | null>`(select ${disputes.status} from ${disputes}
          where ${disputes.paymentId} = ${payments.id} order by ${disputes.createdAt} desc limit 1)`.as(
          "dispute_status",
        ),
        // Still open (as settlement's disputeOpen reads it): nothing of the payment moves.
        disputeOpen: sql<boolean>`exists (select 1 from ${disputes}
          where ${disputes.paymentId} = ${payments.id} and ${disputes.closedAt} is null)`
          .mapWith(Boolean)
          .as("dispute_open"),
        // A return of the order (ADR 0107): its state; null when none was asked.
        returnState: sql<ReturnState | null>`(select ${returns.state} from ${returns}
          where ${returns.bookingId} = ${bookings.id})`.as("return_state"),
        // A shipped order's parcel (ADR 0086): where it is; null for a meetup.
        shipmentStatus: sql<ShipmentStatus | null>`(select ${shipments.status} from ${shipments}
          where ${shipments.bookingId} = ${bookings.id})`.as("shipment_status"),
        // On its way with the seller's own tracking: the buyer's word is its delivery (ADR 0092).
        shipmentSelfTracked: sql<boolean>`exists (select 1 from ${shipments}
          where ${shipments.bookingId} = ${bookings.id} and ${selfTracked()})`
          .mapWith(Boolean)
          .as("shipment_self_tracked"),
      })
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .innerJoin(orderSellers, eq(orderSellers.id, products.sellerId))
      .leftJoin(payments, eq(payments.bookingId, bookings.id))
      .leftJoin(ratings, eq(ratings.paymentId, payments.id))
      .leftJoin(deals, eq(deals.paymentId, payments.id))
      .leftJoin(claims, eq(claims.paymentId, payments.id))
      .where(mine)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ total: sql<number>`count(*)` }).from(bookings).where(mine),
  ]);
  return toPage(rows, Number(counted[0]?.total ?? 0), page);
}

const sellers = alias(users, "sellers");

/**
 * A booking for someone allowed to see it: its buyer, the product's seller, or an admin; the
 * buyer's contact as that reader reads it (the seller's once it is paid).
 */
export async function getBookingFor(db: Database, viewer: Pick<SessionUser, "id" | "role">, bookingId: string) {
  const access = accessTo(viewer, "read", "booking");
  if (!access) return null;
  const [row] = await db
    .select({
      id: bookings.id,
      productId: bookings.productId,
      buyerId: bookings.buyerId,
      sellerId: products.sellerId,
      priceCents: bookings.priceCents,
      status: bookings.status,
      endReason: bookings.endReason,
      meetLocation: bookings.meetLocation,
      buyerContact: bookings.buyerContact,
      createdAt: bookings.createdAt,
      paidAt: bookings.paidAt,
      productName: products.name,
      photoKey: products.photoKey,
      buyerName: sql`${users.name}`.mapWith(users.name).as("buyer_name"),
      buyerEmail: sql`${users.email}`.mapWith(users.email).as("buyer_email"),
      sellerEmail: sql`${sellers.email}`.mapWith(sellers.email).as("seller_email"),
      sellerContact: products.contact,
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(users, eq(users.id, bookings.buyerId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(
      and(
        eq(bookings.id, bookingId),
        // Its buyer and its seller see their own; "any" (an admin) sees every booking.
        access === "any" ? undefined : or(eq(bookings.buyerId, viewer.id), eq(products.sellerId, viewer.id)),
      ),
    )
    .limit(1);
  if (!row) return null;
  const reader = row.buyerId === viewer.id ? "buyer" : row.sellerId === viewer.id ? "seller" : "admin";
  return { ...row, buyerContact: buyerDetail(reader, row.status, row.buyerContact) };
}
