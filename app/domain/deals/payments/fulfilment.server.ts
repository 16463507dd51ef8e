// Fulfilment, the one place both providers end: a confirmed payment for a booking becomes a
// paid booking, a payment row, a sold product, and a deal whose money is held for the buyer's
// protection with its charge in the ledger, in one D1 batch, exactly once. Money that arrives
// for a booking that can no longer be paid is recorded for a refund.
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { entryColumns, recordEntryFrom } from "#app/domain/deals/ledger/entries.server";
import type { Database } from "#db/client";
import type { RefundReason } from "#db/closed-lists";
import { intoColumns } from "#db/insert-select";
import { bookings, deals, payments, products, refunds, shipments } from "#db/schema";
import { AUTO_CANCEL_DAYS, latestShipByOf, NOT_RECEIVED_DAYS } from "../parcels/clock";
import { shipBySql } from "../parcels/predicates";
import type { ConfirmedPayment, FulfilmentResult, PaymentProvider } from "../providers/types";

export type { ConfirmedPayment, FulfilmentResult, RefundReason };

function changes(result: unknown): number {
  return (result as D1Result).meta?.changes ?? 0;
}

/** What a deal is paid on: the days the money is held for the buyer (BUYER_PROTECTION_DAYS). */
export interface DealTerms {
  protectionDays: number;
}

const DAY_MS = 86_400_000;

export async function fulfilPayment(
  db: Database,
  payment: ConfirmedPayment,
  terms: DealTerms,
  now = Date.now(),
): Promise<FulfilmentResult> {
  const paymentId = crypto.randomUUID();
  const [inserted, booked, sold] = await db.batch([
    // The payment row exists only if the booking is still active and within its hold (money
    // arriving after the deadline, even before the scheduled job ended the booking, goes
    // back), its product still booked, and the amount is the booking's price; the unique
    // indexes make a repeat a no-op.
    db
      .insert(payments)
      .select(
        db
          .select(
            intoColumns(payments, {
              id: sql`${paymentId}`,
              bookingId: bookings.id,
              productId: bookings.productId,
              buyerId: bookings.buyerId,
              sellerId: products.sellerId,
              // The item and its shipping (ADR 0086), both the booking's.
              amountCents: sql`${bookings.priceCents} + ${bookings.shippingCents}`,
              currency: sql`${payment.currency}`,
              provider: sql`${payment.provider}`,
              transactionId: sql`${payment.transactionId}`,
              status: sql`'succeeded'`,
              createdAt: sql`${now}`,
              shippingCents: bookings.shippingCents,
            }),
          )
          .from(bookings)
          .innerJoin(products, eq(products.id, bookings.productId))
          .where(
            and(
              eq(bookings.id, payment.bookingId),
              eq(bookings.status, "active"),
              or(isNull(bookings.expiresAt), gt(bookings.expiresAt, new Date(now))),
              eq(products.status, "booked"),
              sql`${bookings.priceCents} + ${bookings.shippingCents} = ${payment.amountCents}`,
            ),
          ),
      )
      .onConflictDoNothing()
      // Rows, not D1's change count: that also counts the writes of the payments' triggers (a
      // model's recorded sale, migration 0010).
      .returning({ id: payments.id }),
    db
      .update(bookings)
      .set({ status: "paid", paidAt: new Date(now) })
      .where(
        and(
          eq(bookings.id, payment.bookingId),
          eq(bookings.status, "active"),
          sql`exists (select 1 from ${payments} where booking_id = ${payment.bookingId}
            and provider = ${payment.provider} and transaction_id = ${payment.transactionId})`,
        ),
      ),
    db
      .update(products)
      .set({ status: "sold", updatedAt: new Date(now) })
      .where(
        and(
          eq(products.status, "booked"),
          sql`${products.id} = (select product_id from ${bookings} where id = ${payment.bookingId}
            and status = 'paid' and paid_at = ${now})`,
        ),
      )
      // Rows, not D1's change count: that also counts the search index's trigger writes.
      .returning({ id: products.id }),
    // The deal: held for the buyer until the end of the protection window, released then (or
    // at the buyer's word) — only for the payment this batch inserted.
    db
      .insert(deals)
      .select(
        db
          .select(
            intoColumns(deals, {
              paymentId: payments.id,
              bookingId: payments.bookingId,
              sellerId: payments.sellerId,
              buyerId: payments.buyerId,
              provider: payments.provider,
              amountCents: payments.amountCents,
              currency: payments.currency,
              chargeRef: sql`${payment.chargeRef ?? null}`,
              state: sql`'held'`,
              // A shipped deal's window starts at delivery (ADR 0086), which sets it; until then it
              // is a bound past the last day the parcel could still be sent and claimed missing.
              releaseDueAt: sql`case when exists (select 1 from ${shipments} where ${shipments.bookingId} = ${payments.bookingId})
                then ${latestShipByOf(now) + (AUTO_CANCEL_DAYS + NOT_RECEIVED_DAYS + terms.protectionDays) * DAY_MS}
                else ${now + terms.protectionDays * DAY_MS} end`,
              releasedAt: sql`null`,
              refundedAt: sql`null`,
              version: sql`0`,
              decisionKey: sql`null`,
              createdAt: sql`${now}`,
              shippingCents: payments.shippingCents,
            }),
          )
          .from(payments)
          .where(eq(payments.id, paymentId)),
      )
      .onConflictDoNothing(),
    // A shipped deal's parcel is due from now: within the listing's handling time and a grace day.
    db
      .update(shipments)
      .set({ shipBy: sql`${shipBySql(now)}`, version: sql`${shipments.version} + 1`, updatedAt: new Date(now) })
      .where(
        and(
          eq(shipments.bookingId, payment.bookingId),
          eq(shipments.status, "awaiting_shipment"),
          isNull(shipments.shipBy),
          sql`exists (select 1 from ${bookings} where id = ${payment.bookingId} and status = 'paid' and paid_at = ${now})`,
        ),
      ),
    // The charge, the ledger's first entry of the deal.
    recordEntryFrom(
      db,
      db
        .select(
          entryColumns("charge", {
            amountCents: payments.amountCents,
            currency: payments.currency,
            provider: payments.provider,
            providerRef: payments.transactionId,
            sellerId: payments.sellerId,
            paymentId: payments.id,
            operationId: sql`null`,
            payoutId: sql`null`,
            createdAt: sql`${now}`,
          }),
        )
        .from(payments)
        .where(eq(payments.id, paymentId)),
    ),
  ]);
  if (inserted.length === 1) {
    return {
      outcome: "fulfilled",
      bookingModified: changes(booked),
      productModified: sold.length,
      events: [{ kind: "payment_received", bookingId: payment.bookingId }],
    };
  }
  return explainUnfulfilled(db, payment);
}

/** Fulfils a confirmed payment; money that cannot be kept goes back through its provider. */
export async function settlePayment(
  db: Database,
  provider: Pick<PaymentProvider, "refund">,
  payment: ConfirmedPayment,
  terms: DealTerms,
): Promise<FulfilmentResult> {
  const result = await fulfilPayment(db, payment, terms);
  if (result.outcome === "refund_required") await provider.refund(payment, result.refundId);
  return result;
}

/** Why nothing was written: a repeat of the same payment, or money that must go back. */
async function explainUnfulfilled(db: Database, payment: ConfirmedPayment): Promise<FulfilmentResult> {
  const [existing] = await db
    .select({ provider: payments.provider, transactionId: payments.transactionId })
    .from(payments)
    .where(eq(payments.bookingId, payment.bookingId))
    .limit(1);
  if (existing && existing.provider === payment.provider && existing.transactionId === payment.transactionId) {
    return { outcome: "already_fulfilled" };
  }
  const [booking] = await db
    .select({ status: bookings.status, amountCents: sql<number>`${bookings.priceCents} + ${bookings.shippingCents}` })
    .from(bookings)
    .where(eq(bookings.id, payment.bookingId))
    .limit(1);
  const reason: RefundReason = existing
    ? "already_paid"
    : booking && booking.status === "active" && Number(booking.amountCents) !== payment.amountCents
      ? "amount_mismatch"
      : "booking_not_payable";
  const refundId = await recordRefund(db, payment, reason);
  return { outcome: "refund_required", reason, refundId };
}

/** Records money to give back (once per provider transaction). */
export async function recordRefund(db: Database, payment: ConfirmedPayment, reason: RefundReason): Promise<string> {
  await db
    .insert(refunds)
    .values({
      provider: payment.provider,
      transactionId: payment.transactionId,
      bookingId: (await bookingExists(db, payment.bookingId)) ? payment.bookingId : null,
      amountCents: payment.amountCents,
      currency: payment.currency,
      reason,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.provider, payment.provider), eq(refunds.transactionId, payment.transactionId)))
    .limit(1);
  return row!.id;
}

async function bookingExists(db: Database, bookingId: string): Promise<boolean> {
  const [row] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  return Boolean(row);
}

export async function markRefund(
  db: Database,
  refundId: string,
  outcome: { status: "refunded"; providerRefundId: string } | { status: "failed" },
) {
  await db
    .update(refunds)
    .set({
      status: outcome.status,
      providerRefundId: outcome.status === "refunded" ? outcome.providerRefundId : null,
      resolvedAt: new Date(),
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, "required")));
}
