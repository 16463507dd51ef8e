// The Stripe provider: PaymentIntents for the Payment Element, Checkout Sessions for browsers
// without JavaScript, and fulfilment only from signed webhooks or a PaymentIntent retrieved
// from Stripe — never from the browser's word.
import type Stripe from "stripe";
import type { Database } from "../../../db/client";
import type { PayableBooking } from "./checkout.server";
import {
  type ConfirmedPayment,
  type FulfilmentResult,
  fulfilPayment,
  markRefund,
  type RefundReason,
  recordRefund,
} from "./fulfilment.server";
import type { PaymentSettings } from "./settings";

// The SDK is most of the Worker's code: it is loaded on the first Stripe call, so requests that
// never pay by card do not evaluate it (ADR 0020).
const stripeSdk = async () => (await import("stripe")).default;

export async function createStripe(settings: PaymentSettings): Promise<Stripe> {
  if (!settings.STRIPE_SECRET_KEY) throw new Error("Stripe is not configured");
  const Stripe = await stripeSdk();
  return new Stripe(settings.STRIPE_SECRET_KEY, {
    // Looked up at call time, so the Workers runtime's fetch (or a test's) is used.
    httpClient: Stripe.createFetchHttpClient((input, init) => fetch(input, init)),
    maxNetworkRetries: 1,
  });
}

const idempotencyKey = (booking: Pick<PayableBooking, "id" | "priceCents">, kind: string) =>
  `pay-and-buy:${kind}:${booking.id}:${booking.priceCents}`;

/** One PaymentIntent per booking (idempotency key), for the booking's price from the database. */
export async function ensurePaymentIntent(stripe: Stripe, booking: PayableBooking, currency: string) {
  const intent = await stripe.paymentIntents.create(
    {
      amount: booking.priceCents,
      currency,
      automatic_payment_methods: { enabled: true },
      description: booking.productName,
      metadata: { bookingId: booking.id },
    },
    { idempotencyKey: idempotencyKey(booking, "intent") },
  );
  return { clientSecret: intent.client_secret, paymentIntentId: intent.id };
}

/** The hosted checkout for browsers without JavaScript. */
export async function createCheckoutSession(
  stripe: Stripe,
  booking: PayableBooking,
  options: { currency: string; origin: string; buyerEmail: string },
) {
  const back = `${options.origin}/dashboard/payment/${booking.id}`;
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      client_reference_id: booking.id,
      customer_email: options.buyerEmail,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: options.currency,
            unit_amount: booking.priceCents,
            product_data: { name: booking.productName },
          },
        },
      ],
      metadata: { bookingId: booking.id },
      payment_intent_data: { metadata: { bookingId: booking.id } },
      success_url: `${back}?checkout=done`,
      cancel_url: `${back}?checkout=cancelled`,
    },
    { idempotencyKey: idempotencyKey(booking, "checkout") },
  );
  if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  return session.url;
}

async function refundThroughStripe(db: Database, stripe: Stripe, payment: ConfirmedPayment, refundId: string) {
  try {
    const refund = await stripe.refunds.create(
      {
        payment_intent: payment.transactionId,
        reason: "requested_by_customer",
        metadata: { bookingId: payment.bookingId },
      },
      { idempotencyKey: `pay-and-buy:refund:${payment.transactionId}` },
    );
    await markRefund(db, refundId, { status: "refunded", providerRefundId: refund.id });
  } catch (error) {
    console.error("Stripe refund failed; it stays recorded as required", error);
    await markRefund(db, refundId, { status: "failed" });
  }
}

/**
 * Fulfils a succeeded PaymentIntent whose metadata names the booking; money in another
 * currency, or for a booking that cannot be paid, is recorded and refunded.
 */
async function fulfilIntent(
  db: Database,
  stripe: Stripe,
  intent: Stripe.PaymentIntent,
  currency: string,
): Promise<FulfilmentResult | null> {
  const bookingId = intent.metadata?.bookingId;
  if (intent.status !== "succeeded" || !bookingId) return null;
  const payment: ConfirmedPayment = {
    bookingId,
    provider: "stripe",
    transactionId: intent.id,
    amountCents: intent.amount_received || intent.amount,
    currency: intent.currency,
  };
  if (intent.currency !== currency) {
    const reason: RefundReason = "amount_mismatch";
    const refundId = await recordRefund(db, payment, reason);
    await refundThroughStripe(db, stripe, payment, refundId);
    return { outcome: "refund_required", reason, refundId };
  }
  const result = await fulfilPayment(db, payment);
  if (result.outcome === "refund_required") await refundThroughStripe(db, stripe, payment, result.refundId);
  return result;
}

/** Verifies a webhook's signature; null when it does not check out. */
export async function verifyWebhook(stripe: Stripe, payload: string, signature: string | null, secret: string) {
  if (!signature) return null;
  try {
    return await stripe.webhooks.constructEventAsync(
      payload,
      signature,
      secret,
      undefined,
      (await stripeSdk()).createSubtleCryptoProvider(),
    );
  } catch {
    return null;
  }
}

/** The events that fulfil: payment_intent.succeeded and a paid checkout.session.completed. */
export async function handleStripeEvent(db: Database, stripe: Stripe, event: Stripe.Event, currency: string) {
  if (event.type === "payment_intent.succeeded") {
    return fulfilIntent(db, stripe, event.data.object, currency);
  }
  if (event.type === "checkout.session.completed") {
    const session = event.data.object;
    if (session.payment_status !== "paid" || !session.payment_intent) return null;
    const intentId = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent.id;
    // The PaymentIntent is the transaction: both events of one payment fulfil it once.
    const intent = await stripe.paymentIntents.retrieve(intentId);
    return fulfilIntent(db, stripe, intent, currency);
  }
  return null;
}

export type ConfirmResult =
  | { ok: true; fulfilment: FulfilmentResult }
  | { ok: false; status: 404 | 409 | 422; message: string };

/** The REST payment call: the PaymentIntent is retrieved from Stripe and must match the booking. */
export async function confirmPaymentIntent(
  db: Database,
  stripe: Stripe,
  booking: PayableBooking,
  paymentIntentId: string,
  currency: string,
): Promise<ConfirmResult> {
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.retrieve(paymentIntentId);
  } catch {
    return { ok: false, status: 404, message: "Stripe does not know this payment." };
  }
  if (intent.metadata?.bookingId !== booking.id) {
    return { ok: false, status: 422, message: "This payment is for another booking." };
  }
  if (intent.status !== "succeeded") {
    return { ok: false, status: 409, message: "This payment has not succeeded (yet)." };
  }
  const result = await fulfilIntent(db, stripe, intent, currency);
  if (result && result.outcome !== "refund_required") return { ok: true, fulfilment: result };
  return result?.reason === "amount_mismatch"
    ? { ok: false, status: 422, message: "The amount paid does not match the booking; it will be refunded." }
    : { ok: false, status: 409, message: "This booking can no longer be paid; the amount will be refunded." };
}
