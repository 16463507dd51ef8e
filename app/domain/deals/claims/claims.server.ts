// Claims: while the payment is held the buyer of a paid booking may open one claim ("Not as
// described", "Item not handed over" for a meetup, "Parcel not received" for a shipped order once
// it is due, "Other", with what happened). While it is open the money
// is not released by the scheduled job; the seller may answer; the admin decides (see
// settlement/decisions.server.ts). Only the deal's buyer, its seller and the admin see a claim.

import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { accessTo } from "#app/domain/accounts/permissions";
import type { SessionUser } from "#app/domain/accounts/sessions.server";
import { formatMoment } from "#app/domain/shared/dates";
import type { DomainEvent } from "#app/domain/shared/events";
import { LIST_PAGE_SIZE, listPage, pageOffset } from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import type { ClaimReason, ClaimStatus, DealState } from "#db/closed-lists";
import { isUniqueViolation } from "#db/errors";
import { intoColumns } from "#db/insert-select";
import { bookings, claims, deals, products, shipments, users } from "#db/schema";
import { NOT_RECEIVED_DAYS } from "../parcels/clock";
import { sellerRemoved } from "../payouts/accounts.server";
import { bumpVersionStatement, returnOpen } from "../settlement/deals.server";

const DAY_MS = 86_400_000;

export const CLAIM_MESSAGES = {
  opened: "Your claim is open: the payment stays held until an admin decides.",
  answered: "Your answer is sent.",
  notFound: "There is no such paid order.",
  claimNotFound: "There is no such claim.",
  already: "You have already opened a claim about this order.",
  windowOver: "The buyer protection of this order has ended: a claim can no longer be opened.",
  notHeld: "This payment was refunded or settled: there is nothing left to claim.",
  released:
    "The payment is released to the seller: your buyer protection ended when it was released, so a claim can no longer be opened.",
  closed: "This claim is closed: it can no longer be answered.",
  returnOpen: "Your return of this order is open: it reaches an admin by its own steps if it must.",
  meetupNotReceived: 'This order was handed over in person: choose "Item not handed over" instead.',
  shippedNotHandedOver: 'This order is shipped: choose "Parcel not received" instead.',
  notSentYet:
    "The parcel has not been sent yet: once its ship-by date has passed you can cancel the purchase from the parcel's page.",
  delivered: "The carrier shows the parcel delivered: choose what is wrong with it instead.",
  notReceivedFrom: (date: string) =>
    `A parcel on its way can be reported missing from ${date}, ${NOT_RECEIVED_DAYS} days after it was sent.`,
} as const;

export type ClaimResult =
  | { ok: true; claimId: string; events: DomainEvent[] }
  | { ok: false; status: 404 | 409; message: string };

/**
 * Whether the buyer may open a claim about a deal now: what My Orders shows, what openClaim
 * accepts. While the money is held, always (until it moves: a window just ended waits for the
 * scheduled job, and a claim opened first keeps it held). Once released (the buyer confirmed, the
 * window ended, an admin decided) the protection has ended: no claim (ADR 0098).
 */
export function canOpenClaim(deal: { dealState: DealState | null; claimId: string | null }): boolean {
  return deal.claimId === null && deal.dealState === "held";
}

/** The buyer opens a claim about their own paid booking, within its protection window. */
export async function openClaim(
  db: Database,
  buyer: Pick<SessionUser, "id">,
  input: { bookingId: string; reason: ClaimReason; details: string },
  now = Date.now(),
): Promise<ClaimResult> {
  const claimId = crypto.randomUUID();
  const claimable = and(
    eq(deals.bookingId, input.bookingId),
    eq(deals.buyerId, buyer.id),
    eq(deals.state, "held"),
    // A return open for the deal is its own way to an admin (ADR 0107).
    sql`not ${returnOpen(deals.paymentId)}`,
    reasonApplies(input.reason, now),
  );
  try {
    const [inserted] = await db.batch([
      db.insert(claims).select(
        db
          .select(
            intoColumns(claims, {
              id: sql`${claimId}`,
              paymentId: deals.paymentId,
              bookingId: deals.bookingId,
              buyerId: deals.buyerId,
              sellerId: deals.sellerId,
              reason: sql`${input.reason}`,
              details: sql`${input.details}`,
              sellerAnswer: sql`null`,
              answeredAt: sql`null`,
              status: sql`'open'`,
              outcome: sql`null`,
              refundCents: sql`null`,
              decisionNote: sql`null`,
              decidedBy: sql`null`,
              decidedAt: sql`null`,
              createdAt: sql`${now}`,
            }),
          )
          .from(deals)
          .where(claimable),
      ),
      // A decision read before the claim must not be written after it.
      bumpVersionStatement(db, sql`(select ${claims.paymentId} from ${claims} where ${claims.id} = ${claimId})`),
    ]);
    if ((inserted as D1Result).meta.changes === 1) {
      return { ok: true, claimId, events: [{ kind: "claim_opened", claimId }] };
    }
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { ok: false, status: 409, message: CLAIM_MESSAGES.already };
  }
  // Why not: not the buyer's paid order, refunded or settled, or past its window.
  const [deal] = await db
    .select({ state: deals.state })
    .from(deals)
    .where(and(eq(deals.bookingId, input.bookingId), eq(deals.buyerId, buyer.id)))
    .limit(1);
  if (!deal) return { ok: false, status: 404, message: CLAIM_MESSAGES.notFound };
  if (deal.state === "refunded" || deal.state === "settled_outside") {
    return { ok: false, status: 409, message: CLAIM_MESSAGES.notHeld };
  }
  if (deal.state === "released") return { ok: false, status: 409, message: CLAIM_MESSAGES.released };
  const [open] = await db
    .select({ one: sql`1` })
    .from(deals)
    .where(and(eq(deals.bookingId, input.bookingId), returnOpen(deals.paymentId)))
    .limit(1);
  if (open) return { ok: false, status: 409, message: CLAIM_MESSAGES.returnOpen };
  const reasonRefused = await whyReasonRefused(db, input, now);
  if (reasonRefused) return { ok: false, status: 409, message: reasonRefused };
  return { ok: false, status: 409, message: CLAIM_MESSAGES.windowOver };
}

/** The seller answers an open claim about one of their sales (a new answer replaces the last). */
export async function answerClaim(
  db: Database,
  seller: Pick<SessionUser, "id">,
  claimId: string,
  answer: string,
  now = Date.now(),
): Promise<ClaimResult> {
  const answered = await db
    .update(claims)
    .set({ sellerAnswer: answer, answeredAt: new Date(now) })
    .where(and(eq(claims.id, claimId), eq(claims.sellerId, seller.id), eq(claims.status, "open")))
    .returning({ id: claims.id });
  if (answered.length === 1) return { ok: true, claimId, events: [{ kind: "claim_answered", claimId }] };
  const [claim] = await db
    .select({ status: claims.status })
    .from(claims)
    .where(and(eq(claims.id, claimId), eq(claims.sellerId, seller.id)))
    .limit(1);
  if (!claim) return { ok: false, status: 404, message: CLAIM_MESSAGES.claimNotFound };
  return { ok: false, status: 409, message: CLAIM_MESSAGES.closed };
}

const buyers = alias(users, "claim_buyers");
const sellers = alias(users, "claim_sellers");

/** A claim with its deal, product and parties, as the pages and the API show it. */
const claimFields = {
  id: claims.id,
  bookingId: claims.bookingId,
  paymentId: claims.paymentId,
  reason: claims.reason,
  details: claims.details,
  sellerAnswer: claims.sellerAnswer,
  answeredAt: claims.answeredAt,
  status: claims.status,
  outcome: claims.outcome,
  refundCents: claims.refundCents,
  decisionNote: claims.decisionNote,
  decidedAt: claims.decidedAt,
  createdAt: claims.createdAt,
  amountCents: deals.amountCents,
  currency: deals.currency,
  dealState: deals.state,
  releaseDueAt: deals.releaseDueAt,
  productId: bookings.productId,
  productName: sql`${products.name}`.mapWith(products.name).as("claim_product_name"),
  buyerId: claims.buyerId,
  buyerName: sql`${buyers.name}`.mapWith(buyers.name).as("claim_buyer_name"),
  buyerEmail: sql`${buyers.email}`.mapWith(buyers.email).as("claim_buyer_email"),
  sellerId: claims.sellerId,
  sellerName: sql`${sellers.name}`.mapWith(sellers.name).as("claim_seller_name"),
  sellerEmail: sql`${sellers.email}`.mapWith(sellers.email).as("claim_seller_email"),
  // A shipped order's parcel beside its claim (ADR 0086): where it is and its tracking.
  parcelStatus: sql`${shipments.status}`.mapWith(shipments.status).as("claim_parcel_status"),
  parcelCarrier: shipments.carrier,
  parcelTrackingNumber: shipments.trackingNumber,
  parcelShippedAt: shipments.shippedAt,
  parcelDeliveredAt: shipments.deliveredAt,
  parcelLastEventAt: shipments.lastEventAt,
};

function claimsQuery(db: Database, where: SQL | undefined) {
  return db
    .select(claimFields)
    .from(claims)
    .innerJoin(deals, eq(deals.paymentId, claims.paymentId))
    .innerJoin(bookings, eq(bookings.id, claims.bookingId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(buyers, eq(buyers.id, claims.buyerId))
    .innerJoin(sellers, eq(sellers.id, claims.sellerId))
    .leftJoin(shipments, eq(shipments.bookingId, claims.bookingId))
    .where(where);
}

export type ClaimView = Awaited<ReturnType<typeof claimsQuery>>[number];

/** A claim for someone allowed to see it: its buyer, its seller, or an admin. */
export async function getClaimFor(
  db: Database,
  viewer: Pick<SessionUser, "id" | "role">,
  claimId: string,
): Promise<ClaimView | null> {
  const access = accessTo(viewer, "read", "booking");
  if (!access) return null;
  const mine = access === "any" ? undefined : or(eq(claims.buyerId, viewer.id), eq(claims.sellerId, viewer.id));
  const [row] = await claimsQuery(db, and(eq(claims.id, claimId), mine)).limit(1);
  return row ?? null;
}

/**
 * A page of the admin's Claims (open claims first, then the newest); `status` narrows it to one
 * status. The rows and their count start together: one D1 batch (ADR 0069).
 */
export async function listClaims(db: Database, page: number, status: ClaimStatus | null) {
  const where = status ? eq(claims.status, status) : undefined;
  return listPage(
    claimsQuery(db, where)
      .orderBy(sql`${claims.status} = 'open' desc`, desc(claims.createdAt), desc(claims.id))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ total: sql<number>`count(*)` }).from(claims).where(where),
    page,
  );
}

/**
 * The held payments of sellers who were removed (ADR 0079), oldest first: nothing releases them
 * any more, so each waits for the admin to refund its buyer. A page of them and their count, in
 * one D1 batch.
 */
export async function listRemovedSellersHeldDeals(db: Database, page: number) {
  const waiting = and(eq(deals.state, "held"), sellerRemoved(deals.sellerId));
  return listPage(
    db
      .select({
        bookingId: deals.bookingId,
        amountCents: deals.amountCents,
        currency: deals.currency,
        paidAt: deals.createdAt,
        productName: sql`${products.name}`.mapWith(products.name).as("held_product_name"),
        buyerName: sql`${buyers.name}`.mapWith(buyers.name).as("held_buyer_name"),
        buyerEmail: sql`${buyers.email}`.mapWith(buyers.email).as("held_buyer_email"),
        sellerName: sql`${sellers.name}`.mapWith(sellers.name).as("held_seller_name"),
        claimStatus: sql`${claims.status}`.mapWith(claims.status).as("held_claim_status"),
      })
      .from(deals)
      .innerJoin(bookings, eq(bookings.id, deals.bookingId))
      .innerJoin(products, eq(products.id, bookings.productId))
      .innerJoin(buyers, eq(buyers.id, deals.buyerId))
      .innerJoin(sellers, eq(sellers.id, deals.sellerId))
      .leftJoin(claims, eq(claims.paymentId, deals.paymentId))
      .where(waiting)
      .orderBy(deals.createdAt, deals.paymentId)
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ total: sql<number>`count(*)` }).from(deals).where(waiting),
    page,
  );
}

/** The parcel states a buyer may report as not received (once it is due): on its way, or lost. */
const MISSING_STATES = ["pre_transit", "in_transit", "failure", "returned"] as const;

/**
 * Whether a claim's reason fits its order (ADR 0086): "not received" for a shipped order whose
 * parcel is lost or returned, or still not delivered NOT_RECEIVED_DAYS after it was sent; "not
 * handed over" for a meetup only.
 */
function reasonApplies(reason: ClaimReason, now: number): SQL | undefined {
  const shipment = sql`(select 1 from ${shipments} where ${shipments.bookingId} = ${deals.bookingId})`;
  if (reason === "not_handed_over") return sql`not exists ${shipment}`;
  if (reason !== "not_received") return undefined;
  const due = now - NOT_RECEIVED_DAYS * DAY_MS;
  return sql`exists (select 1 from ${shipments} where ${shipments.bookingId} = ${deals.bookingId}
    and (${shipments.status} in ('failure', 'returned')
      or (${shipments.status} in (${sql.join(
        MISSING_STATES.map((state) => sql`${state}`),
        sql`, `,
      )}) and ${shipments.shippedAt} <= ${due})))`;
}

/** Why the claim's reason does not fit its order, or null when it does (the window decides then). */
async function whyReasonRefused(
  db: Database,
  input: { bookingId: string; reason: ClaimReason },
  now: number,
): Promise<string | null> {
  if (input.reason !== "not_received" && input.reason !== "not_handed_over") return null;
  const [shipment] = await db
    .select({ status: shipments.status, shippedAt: shipments.shippedAt })
    .from(shipments)
    .where(eq(shipments.bookingId, input.bookingId))
    .limit(1);
  if (input.reason === "not_handed_over") return shipment ? CLAIM_MESSAGES.shippedNotHandedOver : null;
  if (!shipment) return CLAIM_MESSAGES.meetupNotReceived;
  if (shipment.status === "delivered") return CLAIM_MESSAGES.delivered;
  if (!shipment.shippedAt || shipment.status === "awaiting_shipment" || shipment.status === "cancelled")
    return CLAIM_MESSAGES.notSentYet;
  const from = shipment.shippedAt.getTime() + NOT_RECEIVED_DAYS * DAY_MS;
  return from > now ? CLAIM_MESSAGES.notReceivedFrom(formatMoment(from) ?? "") : null;
}
