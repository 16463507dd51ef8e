// The Stripe provider: PaymentIntents for the Payment Element, Checkout Sessions for browsers
// without JavaScript, and fulfilment only from signed webhooks or a PaymentIntent retrieved
// from Stripe — never from the browser's word. The charge is the platform's (separate charges
// and transfers, ADR 0057): sellers are paid later, from it, by a transfer (stripe-payouts).
// Two webhook endpoints, each with its signing secret: the platform's events and those of
// sellers' connected accounts.
import type Stripe from "stripe";
import type { Database } from "#db/client";
import type { PaymentSettings } from "../providers/settings";
import type {
  EventEndpoint,
  PayableBooking,
  PaymentProvider,
  PayResult,
  ProviderEvent,
  ProviderReport,
} from "../providers/types";
import {
  type ConfirmedPayment,
  type FulfilmentResult,
  markRefund,
  recordRefund,
  settlePayment,
} from "./fulfilment.server";
import { stripeConnection } from "./stripe-client.server";
import { accountUpdatedReport, chargeRefundedReport, disputeReport, payoutReport } from "./stripe-events.server";
import { stripePayoutRail, stripeRecords } from "./stripe-payouts.server";

const idempotencyKey = (booking: Pick<PayableBooking, "id" | "amountCents">, kind: string) =>
  `pay-and-buy:${kind}:${booking.id}:${booking.amountCents}`;

export function stripePaymentProvider(db: Database, settings: PaymentSettings): PaymentProvider {
  const secretKey = settings.STRIPE_SECRET_KEY;
  if (!secretKey) throw new Error("Stripe is not configured");
  const currency = settings.PAYMENT_CURRENCY;
  const connected = stripeConnection(secretKey);
  const client = async () => (await connected()).stripe;
  const terms = { protectionDays: settings.BUYER_PROTECTION_DAYS };

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
      chargeRef: typeof intent.latest_charge === "string" ? intent.latest_charge : (intent.latest_charge?.id ?? null),
    };
    if (intent.currency !== currency) {
      const refundId = await recordRefund(db, payment, "amount_mismatch");
      await refund(payment, refundId);
      return { outcome: "refund_required", reason: "amount_mismatch", refundId };
    }
    return settlePayment(db, { refund }, payment, terms);
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

  /**
   * Every event we act on, whichever endpoint it came to. Events of a connected account carry
   * `account`: only account.updated and payout.* of those are ours (sellers take no charges).
   */
  async function report(event: Stripe.Event): Promise<ProviderReport> {
    switch (event.type) {
      case "payment_intent.succeeded":
      case "checkout.session.completed": {
        if (event.account) break;
        return { facts: [{ kind: "payment", fulfilment: await fulfilEvent(event) }] };
      }
      case "charge.refunded":
        if (event.account) break;
        return chargeRefundedReport(connected, event);
      case "charge.dispute.created":
      case "charge.dispute.updated":
      case "charge.dispute.funds_withdrawn":
      case "charge.dispute.funds_reinstated":
      case "charge.dispute.closed":
        if (event.account) break;
        return disputeReport(connected, event);
      case "account.updated":
        return accountUpdatedReport(event);
      case "payout.created":
      case "payout.updated":
      case "payout.paid":
      case "payout.failed":
      case "payout.canceled":
        return payoutReport(event);
    }
    return { facts: [], outcome: "ignored" };
  }

  const secrets: Record<EventEndpoint, string | undefined> = {
    platform: settings.STRIPE_WEBHOOK_SECRET,
    connect: settings.STRIPE_CONNECT_WEBHOOK_SECRET,
  };

  const provider: PaymentProvider = {
    name: "stripe",
    testMode: false,
    publishableKey: settings.STRIPE_PUBLISHABLE_KEY ?? null,

    /** One PaymentIntent per booking and price (idempotency key), for the price in the database. */
    async start(booking) {
      const intent = await (await client()).paymentIntents.create(
        {
          amount: booking.amountCents,
          currency,
          automatic_payment_methods: { enabled: true },
          description: booking.productName,
          metadata: { bookingId: booking.id },
          // The seller's transfer names the same group: Stripe's reports tie them together.
          transfer_group: booking.id,
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
            // A shipped booking's shipping, its own line (ADR 0086).
            ...(booking.shippingCents > 0
              ? [
                  {
                    quantity: 1,
                    price_data: { currency, unit_amount: booking.shippingCents, product_data: { name: "Shipping" } },
                  },
                ]
              : []),
          ],
          metadata: { bookingId: booking.id },
          payment_intent_data: { metadata: { bookingId: booking.id }, transfer_group: booking.id },
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

    payouts: stripePayoutRail(connected),

    disputes: {
      /** The evidence, submitted at once (Stripe allows one submission); made once per dispute. */
      async submitEvidence(disputeId, evidence, attempt) {
        const { stripe } = await connected();
        await stripe.disputes.update(
          disputeId,
          {
            evidence: {
              product_description: evidence.productDescription,
              customer_name: evidence.customerName,
              customer_email_address: evidence.customerEmail,
              service_date: evidence.serviceDate,
              ...(evidence.shippingTrackingNumber
                ? {
                    shipping_carrier: evidence.shippingCarrier ?? "",
                    shipping_tracking_number: evidence.shippingTrackingNumber,
                    shipping_date: evidence.shippingDate ?? "",
                  }
                : {}),
              uncategorized_text: evidence.summary,
            },
            submit: true,
          },
          // Stripe keeps an answer, an error too, under its key: each attempt has its own.
          { idempotencyKey: `pay-and-buy:dispute-evidence:${disputeId}:${attempt}` },
        );
      },
    },
    records: stripeRecords(connected),

    events: {
      accepts: (endpoint) => Boolean(secrets[endpoint]),
      /** A webhook's signature checked with the SubtleCrypto provider; null when it does not check out. */
      async verify(payload, signature, endpoint): Promise<ProviderEvent | null> {
        const secret = secrets[endpoint];
        if (!signature || !secret) return null;
        const { stripe, module } = await connected();
        let event: Stripe.Event;
        try {
          event = await stripe.webhooks.constructEventAsync(
            payload,
            signature,
            secret,
            undefined,
            module.default.createSubtleCryptoProvider(),
          );
        } catch {
          return null;
        }
        return { id: event.id, report: () => report(event) };
      },
    },
  };
  return provider;
}
