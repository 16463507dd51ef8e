// Paying for a booking, whatever the provider: which booking may be paid by whom, the choice of
// provider (once, from the settings), and events the provider pushes, each handled once.
// Fulfilment itself is in fulfilment.server.ts; each provider in its own module.
import { and, eq, sql } from "drizzle-orm";
import type { SessionUser } from "#app/domain/accounts/sessions.server";
import { isWithinHold } from "#app/domain/deals/bookings/bookings.server";
import { inTestMode } from "#app/domain/shared/test-mode";
import type { Database } from "#db/client";
import { bookings, payments, products } from "#db/schema";
import type { PaymentSettings } from "../providers/settings";
import type {
  PayableBooking,
  PaymentProvider,
  PaymentRefusal,
  PayRequest,
  PayResult,
  ProviderName,
} from "../providers/types";
import { PAYMENT_MESSAGES } from "./messages";
import { stripePaymentProvider } from "./stripe.server";
import { testPaymentProvider } from "./test-provider.server";

export { PAYMENT_MESSAGES };

/** Stripe whenever a Stripe secret key is configured; the offline test provider only in test mode (ADR 0091). */
export function paymentProviderName(settings: PaymentSettings): ProviderName {
  return inTestMode(settings) ? "test" : "stripe";
}

const PROVIDERS: Record<ProviderName, (db: Database, settings: PaymentSettings) => PaymentProvider> = {
  test: testPaymentProvider,
  stripe: stripePaymentProvider,
};

/** The provider this configuration takes payments with. */
export function choosePaymentProvider(db: Database, settings: PaymentSettings): PaymentProvider {
  return PROVIDERS[paymentProviderName(settings)](db, settings);
}

/**
 * The buyer's own booking as the payment page shows it; anyone else's is not found. A page reads
 * it with the session's read, in one D1 round trip (ADR 0040, 0069).
 */
export async function findPayableBooking(
  db: Database,
  buyer: Pick<SessionUser, "id">,
  bookingId: string,
): Promise<PayableBooking | null> {
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      endReason: bookings.endReason,
      expiresAt: bookings.expiresAt,
      priceCents: bookings.priceCents,
      shippingCents: bookings.shippingCents,
      amountCents: sql<number>`${bookings.priceCents} + ${bookings.shippingCents}`.mapWith(Number).as("amount_cents"),
      productId: bookings.productId,
      productName: products.name,
      transactionId: payments.transactionId,
      paymentProvider: payments.provider,
      paidAt: bookings.paidAt,
      delivery: bookings.delivery,
      returnPolicy: bookings.returnPolicy,
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(and(eq(bookings.id, bookingId), eq(bookings.buyerId, buyer.id)))
    .limit(1);
  return row ?? null;
}

export type { PayableBooking };

/**
 * Only an active booking (booked, not paid, not ended) within its hold can be paid: from its
 * deadline on it is expired, even before the scheduled job has ended it.
 */
export function isPayable(booking: Pick<PayableBooking, "status" | "expiresAt">, now = Date.now()): boolean {
  return booking.status === "active" && isWithinHold(booking, now);
}

/** An unpaid booking past its deadline, whether or not the scheduled job has ended it yet. */
export function isExpired(booking: Pick<PayableBooking, "status" | "endReason" | "expiresAt">, now = Date.now()) {
  return booking.endReason === "expired" || (booking.status === "active" && !isWithinHold(booking, now));
}

function notPayable(booking: Pick<PayableBooking, "status" | "endReason" | "expiresAt">): PaymentRefusal {
  const message = isExpired(booking) ? PAYMENT_MESSAGES.expired : PAYMENT_MESSAGES.notPayable;
  return { ok: false, status: 409, message };
}

/** Prepares the provider's card form for an active booking. */
export async function startPayment(
  provider: PaymentProvider,
  booking: PayableBooking,
): Promise<{ ok: true; clientSecret: string | null } | PaymentRefusal> {
  if (!isPayable(booking)) return notPayable(booking);
  return { ok: true, ...(await provider.start(booking)) };
}

/** The buyer's Pay: a paid booking answers with its payment (a double submit), an ended one is refused. */
export async function payBooking(
  provider: PaymentProvider,
  booking: PayableBooking,
  request: PayRequest,
): Promise<PayResult> {
  if (booking.status === "paid") {
    return { ok: true, fulfilment: { outcome: "already_fulfilled" }, transactionId: booking.transactionId ?? "" };
  }
  if (!isPayable(booking)) return notPayable(booking);
  return provider.pay(booking, request);
}

/**
 * Money the provider says arrived. Not refused for an ended booking: the money is real, and
 * fulfilment records it for a refund instead of a sale.
 */
export function confirmPayment(
  provider: PaymentProvider,
  booking: PayableBooking,
  transactionId: string | null,
): Promise<PayResult> {
  return provider.confirm(booking, transactionId);
}
