// A parcel's label bought through Pay&Buy (ADR 0086): quoted beside the shipping the buyer paid,
// bought only if the sale can pay for it (`labelBudget`), claimed before the carrier sells it so
// it is bought once, and claims that never finished let go by the scheduled job.
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { type Currency, formatMoney } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import { qualified } from "#db/insert-select";
import { bookings, dealOperations, deals, products, shipments } from "#db/schema";
import { type FeeRule, labelBudget } from "../ledger/fees";
import { CARRIER_MESSAGES, type Carrier, type ReturnAddressOf } from "./carriers";
import {
  findShipmentFor,
  SHIPMENT_MESSAGES,
  type ShipmentResult,
  type ShipmentView,
  type Viewer,
} from "./parcel-reads.server";

export const LABEL_MESSAGES = {
  bought: "Label bought: print it, stick it on the parcel and hand it to the carrier.",
  inProgress: "A label for this parcel is being bought: look again in a minute.",
  tooDear: (labelCents: number, budgetCents: number, currency: Currency) =>
    `This label costs ${formatMoney(labelCents, currency)}, more than this sale can pay for it (${formatMoney(budgetCents, currency)} after the fee): send the parcel yourself and enter its tracking.`,
} as const;

/** What a deal has given back so far (a refund at the provider may leave a held deal held). */
const refundedSoFar = sql<number>`(select coalesce(sum(${dealOperations.amountCents}), 0) from ${dealOperations}
  where ${dealOperations.paymentId} = ${deals.paymentId} and ${dealOperations.kind} = 'refund')`;

/**
 * What a label for this deal may cost (`labelBudget`, the sale's money rule), and the refunds it
 * was read with: a label is bought only while they are still the same (`buyLabel`).
 */
async function labelBudgetOf(db: Database, bookingId: string, rule: FeeRule) {
  const [row] = await db
    .select({
      charged: deals.amountCents,
      shipping: deals.shippingCents,
      // A single-table SELECT: the correlated subquery keeps its tables' names (qualified).
      refunded: sql<number>`${qualified(refundedSoFar)}`.mapWith(Number).as("label_refunded"),
    })
    .from(deals)
    .where(eq(deals.bookingId, bookingId))
    .limit(1);
  if (!row) return null;
  return { budgetCents: labelBudget(row, rule), refundedCents: row.refunded };
}

/** The seller's address the carrier prints as the sender's (passed on, never stored). */
export type ReturnAddress = ReturnAddressOf;

/** The parcel as its carrier needs it: from the listing's postal code to the buyer's address. */
async function parcelRoute(db: Database, bookingId: string) {
  const [row] = await db
    .select({
      parcel: shipments.parcel,
      country: shipments.country,
      fromPostalCode: products.shipsFromPostalCode,
      shippingCents: bookings.shippingCents,
      recipient: shipments.recipient,
      line1: shipments.line1,
      line2: shipments.line2,
      city: shipments.city,
      region: shipments.region,
      postalCode: shipments.postalCode,
    })
    .from(shipments)
    .innerJoin(bookings, eq(bookings.id, shipments.bookingId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(eq(shipments.bookingId, bookingId))
    .limit(1);
  if (!row?.fromPostalCode || !row.postalCode || !row.recipient || !row.line1 || !row.city || !row.region) return null;
  return {
    shippingCents: row.shippingCents,
    route: {
      parcel: row.parcel,
      country: row.country,
      fromPostalCode: row.fromPostalCode,
      to: {
        recipient: row.recipient,
        line1: row.line1,
        line2: row.line2,
        city: row.city,
        region: row.region,
        postalCode: row.postalCode,
        country: row.country,
      },
    },
  };
}

/**
 * What a label through Pay&Buy costs now, beside the shipping the buyer paid: shown to the seller
 * before they buy (the difference is theirs, either way). Null when nothing can be bought. Reads
 * nothing more than the shipment as its seller sees it.
 */
export async function quoteLabel(
  db: Database,
  carrier: Carrier | null,
  shipment: ShipmentView,
  rule: FeeRule,
  currency: Currency,
) {
  const postalCode = shipment.address?.postalCode;
  if (!carrier || !postalCode || !shipment.fromPostalCode) return null;
  const [rate, budget] = await Promise.all([
    carrier.rate({
      parcel: shipment.parcel,
      country: shipment.country,
      fromPostalCode: shipment.fromPostalCode,
      to: { postalCode },
    }),
    labelBudgetOf(db, shipment.bookingId, rule),
  ]);
  if (!rate.ok || !budget) return null;
  const affordable = rate.cents <= budget.budgetCents;
  return {
    labelCents: rate.cents,
    shippingCents: shipment.shippingCents,
    /** The most the sale can pay for a label; a dearer one is not sold. */
    budgetCents: budget.budgetCents,
    affordable,
    refusal: affordable ? null : LABEL_MESSAGES.tooDear(rate.cents, budget.budgetCents, currency),
  };
}

/**
 * The seller buys the parcel's label through Pay&Buy (ADR 0086). The shipment is claimed first
 * (a pending label, in the statement that checks the parcel is unsent, the deal held and the
 * seller its own), so the label is bought once and no cancellation passes it; then the carrier
 * sells it, and the shipment takes its tracking. A carrier that refuses leaves the parcel as it
 * was. The label's cost is paid by the deal at release.
 */
export async function buyLabel(
  db: Database,
  carrier: Carrier | null,
  seller: Viewer,
  bookingId: string,
  from: ReturnAddress,
  rule: FeeRule,
  currency: Currency,
  now = Date.now(),
): Promise<ShipmentResult> {
  if (!carrier) return { ok: false, status: 409, message: CARRIER_MESSAGES.noCarrier };
  const [parcel, shipment, budget] = await Promise.all([
    parcelRoute(db, bookingId),
    findShipmentFor(db, seller, bookingId),
    labelBudgetOf(db, bookingId, rule),
  ]);
  if (!parcel || shipment?.viewer !== "seller") return { ok: false, status: 404, message: SHIPMENT_MESSAGES.notFound };
  if (shipment.bookingStatus !== "paid" || !budget)
    return { ok: false, status: 409, message: SHIPMENT_MESSAGES.notPaid };
  const quote = await carrier.rate(parcel.route);
  if (!quote.ok) return { ok: false, status: 409, message: CARRIER_MESSAGES.labelUnavailable };
  // A label the sale cannot pay is never bought (the platform would pay the rest).
  if (quote.cents > budget.budgetCents)
    return { ok: false, status: 409, message: LABEL_MESSAGES.tooDear(quote.cents, budget.budgetCents, currency) };
  const pending = `pending:${crypto.randomUUID()}`;
  const claimed = await db
    .update(shipments)
    .set({
      carrierProvider: carrier.name,
      labelRef: pending,
      labelCostCents: quote.cents,
      updatedAt: new Date(now),
      version: sql`${shipments.version} + 1`,
    })
    .where(
      and(
        eq(shipments.bookingId, bookingId),
        eq(shipments.status, "awaiting_shipment"),
        isNull(shipments.labelRef),
        // Still held, and refunded no further than when the budget was read.
        sql`exists (select 1 from ${deals} where ${deals.bookingId} = ${shipments.bookingId} and ${deals.state} = 'held'
          and ${refundedSoFar} = ${budget.refundedCents})`,
      ),
    )
    .returning({ bookingId: shipments.bookingId });
  if (claimed.length !== 1) {
    const again = await findShipmentFor(db, seller, bookingId);
    if (again?.status === "awaiting_shipment" && again.carrierProvider)
      return { ok: false, status: 409, message: LABEL_MESSAGES.inProgress };
    return {
      ok: false,
      status: 409,
      message: again?.status === "awaiting_shipment" ? SHIPMENT_MESSAGES.notHeld : SHIPMENT_MESSAGES.notAwaiting,
    };
  }
  const bought = await carrier
    .buyLabel({ ...parcel.route, from, reference: bookingId })
    .catch(() => ({ ok: false as const, message: CARRIER_MESSAGES.labelUnavailable }));
  if (!bought.ok) {
    await releaseLabelClaim(db, bookingId, pending);
    return { ok: false, status: 409, message: bought.message };
  }
  const { label } = bought;
  await db
    .update(shipments)
    .set({
      status: "pre_transit",
      labelRef: label.labelRef,
      labelUrl: label.labelUrl,
      labelCostCents: label.costCents,
      carrier: label.carrier,
      trackingNumber: label.trackingNumber,
      trackingUrl: label.trackingUrl,
      shippedAt: new Date(now),
      updatedAt: new Date(now),
      version: sql`${shipments.version} + 1`,
    })
    .where(and(eq(shipments.bookingId, bookingId), eq(shipments.labelRef, pending)));
  return { ok: true, message: LABEL_MESSAGES.bought, events: [{ kind: "parcel_sent", bookingId }] };
}

function releaseLabelClaim(db: Database, bookingId: string, pending: string) {
  return db
    .update(shipments)
    .set({ carrierProvider: null, labelRef: null, labelCostCents: null, version: sql`${shipments.version} + 1` })
    .where(and(eq(shipments.bookingId, bookingId), eq(shipments.labelRef, pending)));
}

/** A label claim older than this is a purchase that never finished: the job lets it go. */
export const STALE_LABEL_CLAIM_MS = 15 * 60 * 1000;

/** The scheduled job's clean-up of label purchases that never finished (the Worker stopped mid-way). */
export function releaseStaleLabelClaimsStatement(db: Database, now: number) {
  return db
    .update(shipments)
    .set({ carrierProvider: null, labelRef: null, labelCostCents: null, version: sql`${shipments.version} + 1` })
    .where(
      and(
        sql`${shipments.labelRef} like 'pending:%'`,
        eq(shipments.status, "awaiting_shipment"),
        lte(shipments.updatedAt, new Date(now - STALE_LABEL_CLAIM_MS)),
      ),
    );
}
