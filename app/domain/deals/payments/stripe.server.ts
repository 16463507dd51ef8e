// The Stripe provider: PaymentIntents for the Payment Element, Checkout Sessions for browsers
// without JavaScript, and fulfilment only from signed webhooks or a PaymentIntent retrieved
// from Stripe — never from the browser's word. The stripe package is loaded on first use, so
// requests that never touch a payment never evaluate it.
import type Stripe from "stripe";
import type { Database } from "#db/client";
import {
  type ConfirmedPayment,
  type FulfilmentResult,
  markRefund,
  recordRefund,
  settlePayment,
} from "./fulfilment.server";
import type { PaymentSettings } from "./settings";
import type { PayableBooking, PaymentProvider, PayResult, ProviderEvent } from "./types";

type StripeModule = typeof import("stripe");

async function connect(secretKey: string): Promise<{ stripe: Stripe; module: StripeModule }> {
  const module = await import("stripe");
  const StripeClient = module.default;
  const stripe = new StripeClient(secretKey, {
    // Looked up at call time, so the Workers runtime's fetch (or a test's) is used.
    httpClient: StripeClient.createFetchHttpClient((input, init) => fetch(input, init)),
    maxNetworkRetries: 1,
  });
  return { stripe, module };
}

const idempotencyKey = (booking: Pick<PayableBooking, "id" | "priceCents">, kind: string) =>
  `pay-and-buy:${kind}:${booking.id}:${booking.priceCents}`;

export function stripePaymentProvider(db: Database, settings: PaymentSettings): PaymentProvider {
  const secretKey = settings.STRIPE_SECRET_KEY;
  if (!secretKey) throw new Error("Stripe is not configured");
  const currency = settings.PAYMENT_CURRENCY;
  let connection: ReturnType<typeof connect> | undefined;
  const connected = () => {
    connection ??= connect(secretKey);
    return connection;
  };
  const client = async () => (await connected()).stripe;

  async function refund(payment: ConfirmedPayment, refundId: string) {
    try {
      const refunded = await (await client()).refunds.create(
        {
          payment_intent: payment.transactionId,
          reason: "requested_by_customer",
          metadata: { bookingId: payment.bookingId },
        },
        { idempotencyKey: `pay-and-buy:refund:${payment.transactionId}` },
      );
      await markRefund(db, refundId, { status: "refunded", providerRefundId: refunded.id });
    } catch (error) {
      console.error("Stripe refund failed; it stays recorded as required", error);
      await markRefund(db, refundId, { status: "failed" });
    }
  }

  /**
   * Fulfils a succeeded PaymentIntent whose metadata names the booking; money in another
   * currency, or for a booking that cannot be paid, is recorded and refunded.
   */
  async function fulfilIntent(intent: Stripe.PaymentIntent): Promise<FulfilmentResult | null> {
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
      const refundId = await recordRefund(db, payment, "amount_mismatch");
      await refund(payment, refundId);
      return { outcome: "refund_required", reason: "amount_mismatch", refundId };
    }
    return settlePayment(db, { refund }, payment);
  }

  /** The events that fulfil: payment_intent.succeeded and a paid checkout.session.completed. */
  async function fulfilEvent(event: Stripe.Event): Promise<FulfilmentResult | null> {
    if (event.type === "payment_intent.succeeded") return fulfilIntent(event.data.object);
    if (event.type === "checkout.session.completed") {
      const session = event.data.object;
      if (session.payment_status !== "paid" || !session.payment_intent) return null;
      const intentId = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent.id;
      // The PaymentIntent is the transaction: both events of one payment fulfil it once.
      return fulfilIntent(await (await client()).paymentIntents.retrieve(intentId));
    }
    return null;
  }

  const webhookSecret = settings.STRIPE_WEBHOOK_SECRET;

  return {
    name: "stripe",
    testMode: false,
    publishableKey: settings.STRIPE_PUBLISHABLE_KEY ?? null,

    /** One PaymentIntent per booking and price (idempotency key), for the price in the database. */
    async start(booking) {
      const intent = await (await client()).paymentIntents.create(
        {
          amount: booking.priceCents,
          currency,
          automatic_payment_methods: { enabled: true },
          description: booking.productName,
          metadata: { bookingId: booking.id },
        },
        { idempotencyKey: idempotencyKey(booking, "intent") },
      );
      return { clientSecret: intent.client_secret };
    },

    /** The hosted Checkout for browsers without JavaScript; card details never reach us. */
    async pay(booking, request) {
      if (request.method !== "hosted") {
        return { ok: false, status: 400, message: "Card details are entered in Stripe's form, never sent here." };
      }
      const session = await (await client()).checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: booking.id,
          customer_email: request.buyerEmail,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency,
                unit_amount: booking.priceCents,
                product_data: { name: booking.productName },
              },
            },
          ],
          metadata: { bookingId: booking.id },
          payment_intent_data: { metadata: { bookingId: booking.id } },
          success_url: `${request.returnUrl}?checkout=done`,
          cancel_url: `${request.returnUrl}?checkout=cancelled`,
        },
        { idempotencyKey: idempotencyKey(booking, "checkout") },
      );
      if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
      return { ok: true, redirectTo: session.url };
    },

    /** The REST payment call: the PaymentIntent is retrieved from Stripe and must match the booking. */
    async confirm(booking, paymentIntentId): Promise<PayResult> {
      if (!paymentIntentId) {
        return { ok: false, status: 422, message: "transactionId (the PaymentIntent id) is required." };
      }
      let intent: Stripe.PaymentIntent;
      try {
        intent = await (await client()).paymentIntents.retrieve(paymentIntentId);
      } catch {
        return { ok: false, status: 404, message: "Stripe does not know this payment." };
      }
      if (intent.metadata?.bookingId !== booking.id) {
        return { ok: false, status: 422, message: "This payment is for another booking." };
      }
      if (intent.status !== "succeeded") {
        return { ok: false, status: 409, message: "This payment has not succeeded (yet)." };
      }
      const result = await fulfilIntent(intent);
      if (result && result.outcome !== "refund_required") {
        return { ok: true, fulfilment: result, transactionId: intent.id };
      }
      return result?.reason === "amount_mismatch"
        ? { ok: false, status: 422, message: "The amount paid does not match the booking; it will be refunded." }
        : { ok: false, status: 409, message: "This booking can no longer be paid; the amount will be refunded." };
    },

    refund,

    events: webhookSecret
      ? {
          /** A webhook's signature checked with the SubtleCrypto provider; null when it does not check out. */
          async verify(payload, signature): Promise<ProviderEvent | null> {
            if (!signature) return null;
            const { stripe, module } = await connected();
            let event: Stripe.Event;
            try {
              event = await stripe.webhooks.constructEventAsync(
                payload,
                signature,
                webhookSecret,
                undefined,
                module.default.createSubtleCryptoProvider(),
              );
            } catch {
              return null;
            }
            return { id: event.id, fulfil: () => fulfilEvent(event) };
          },
        }
      : undefined,
  };
}
