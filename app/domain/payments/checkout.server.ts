// The payment page's domain: which booking may be paid by whom, the test provider's charge, and
// the choice of provider. Fulfilment itself is in fulfilment.server.ts.
import { and, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { bookings, payments, products } from "../../../db/schema";
import type { SessionUser } from "../sessions.server";
import { type FulfilmentResult, fulfilPayment, markRefund } from "./fulfilment.server";
import { PAYMENT_MESSAGES } from "./messages";
import type { PaymentSettings } from "./settings";
import { chargeTestCard } from "./test-card";

export { PAYMENT_MESSAGES };

/** Stripe whenever a Stripe secret key is configured; the offline test provider never then. */
export function paymentProvider(settings: PaymentSettings): "stripe" | "test" {
  return settings.STRIPE_SECRET_KEY ? "stripe" : "test";
}

/** The buyer's own booking as the payment page shows it; anyone else's is not found. */
export async function findPayableBooking(db: Database, buyer: Pick<SessionUser, "id">, bookingId: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      endReason: bookings.endReason,
      priceCents: bookings.priceCents,
      productId: bookings.productId,
      productName: products.name,
      transactionId: payments.transactionId,
      paymentProvider: payments.provider,
      paidAt: bookings.paidAt,
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(and(eq(bookings.id, bookingId), eq(bookings.buyerId, buyer.id)))
    .limit(1);
  return row ?? null;
}

export type PayableBooking = NonNullable<Awaited<ReturnType<typeof findPayableBooking>>>;

export type PayResult =
  | { ok: true; fulfilment: FulfilmentResult; transactionId: string }
  | { ok: false; status: 402 | 404 | 409; message: string; field?: "cardNumber" };

/** The offline test provider: charge a validated test card and fulfil at the booking's price. */
export async function payWithTestCard(
  db: Database,
  buyer: Pick<SessionUser, "id" | "role">,
  bookingId: string,
  cardNumber: string,
  currency: string,
): Promise<PayResult> {
  const booking = await findPayableBooking(db, buyer, bookingId);
  if (!booking || buyer.role !== "buyer") return { ok: false, status: 404, message: PAYMENT_MESSAGES.notFound };
  if (booking.status === "paid") {
    return { ok: true, fulfilment: { outcome: "already_fulfilled" }, transactionId: booking.transactionId ?? "" };
  }
  if (booking.status !== "active") return { ok: false, status: 409, message: PAYMENT_MESSAGES.notPayable };
  const charge = await chargeTestCard(cardNumber, `booking:${bookingId}`);
  if (!charge.ok) return { ok: false, status: 402, message: charge.message, field: charge.field };
  const fulfilment = await fulfilPayment(db, {
    bookingId,
    provider: "test",
    transactionId: charge.transactionId,
    amountCents: booking.priceCents,
    currency,
  });
  if (fulfilment.outcome === "refund_required") {
    // The test provider refunds at once; nothing real was charged.
    await markRefund(db, fulfilment.refundId, { status: "refunded", providerRefundId: `re_${charge.transactionId}` });
    return { ok: false, status: 409, message: PAYMENT_MESSAGES.refund };
  }
  return { ok: true, fulfilment, transactionId: charge.transactionId };
}
