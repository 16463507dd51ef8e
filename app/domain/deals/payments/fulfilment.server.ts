// Fulfilment, the one place both providers end: a confirmed payment for a booking becomes a
// paid booking, a payment row and a sold product, in one D1 batch, exactly once. Money that
// arrives for a booking that can no longer be paid is recorded for a refund.
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import type { RefundReason } from "#db/closed-lists";
import { intoColumns } from "#db/insert-select";
import { bookings, payments, products, refunds } from "#db/schema";
import type { ConfirmedPayment, FulfilmentResult, PaymentProvider } from "./types";

export type { ConfirmedPayment, FulfilmentResult, RefundReason };

function changes(result: unknown): number {
  return (result as D1Result).meta?.changes ?? 0;
}

export async function fulfilPayment(db: Database, payment: ConfirmedPayment): Promise<FulfilmentResult> {
  const now = Date.now();
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
              id: sql`${crypto.randomUUID()}`,
              bookingId: bookings.id,
              productId: bookings.productId,
              buyerId: bookings.buyerId,
              sellerId: products.sellerId,
              amountCents: bookings.priceCents,
              currency: sql`${payment.currency}`,
              provider: sql`${payment.provider}`,
              transactionId: sql`${payment.transactionId}`,
              status: sql`'succeeded'`,
              createdAt: sql`${now}`,
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
              eq(bookings.priceCents, payment.amountCents),
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
): Promise<FulfilmentResult> {
  const result = await fulfilPayment(db, payment);
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
    .select({ status: bookings.status, priceCents: bookings.priceCents })
    .from(bookings)
    .where(eq(bookings.id, payment.bookingId))
    .limit(1);
  const reason: RefundReason = existing
    ? "already_paid"
    : booking && booking.status === "active" && booking.priceCents !== payment.amountCents
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
