// Payment calls (spec section 7) and the provider's webhook. The price charged is always the
// booking's; a payment is recorded only when the provider confirms it. Which provider, and
// every rule of paying, is the domain's (app/domain/deals/payments/).
import { Hono } from "hono";
import * as z from "zod";
import {
  choosePaymentProvider,
  confirmPayment,
  findPayableBooking,
  payBooking,
  startPayment,
} from "#app/domain/deals/payments/checkout.server";
import type { FulfilmentResult } from "#app/domain/deals/payments/fulfilment.server";
import { testCardSchema } from "#app/domain/deals/payments/test-card";
import type { EventEndpoint, PayResult } from "#app/domain/deals/providers/types";
import { receiveProviderEvent } from "#app/domain/deals/settlement/provider-facts.server";
import { requiredId } from "#app/domain/shared/schemas";
import {
  type ApiContext,
  type ApiEnv,
  appEnv,
  db,
  publishEvents,
  readJson,
  requireApiRole,
  requireBearer,
} from "../context";
import { apiError, validationError } from "../errors";

export const paymentsApi = new Hono<ApiEnv>();

const buyerOnly = [requireBearer, requireApiRole("buyer")] as const;

const provider = (c: ApiContext) => choosePaymentProvider(db(c), appEnv(c).settings);

/** The spec's result counts: what this call changed (a repeat changes nothing, and says so). */
function counts(result: FulfilmentResult) {
  const fulfilled = result.outcome === "fulfilled";
  return {
    bookingResult: { modifiedCount: fulfilled ? result.bookingModified : 0 },
    paymentResult: {
      acknowledged: result.outcome !== "refund_required",
      alreadyRecorded: result.outcome === "already_fulfilled",
    },
    productResult: { modifiedCount: fulfilled ? result.productModified : 0 },
  };
}

const ERROR_CODES = { 400: "bad_request", 402: "card_declined", 404: "not_found", 409: "not_payable", 422: "invalid" };

async function paid(c: ApiContext, result: PayResult) {
  if (!result.ok) return apiError(c, result.status, ERROR_CODES[result.status], result.message);
  if (!("fulfilment" in result))
    return apiError(c, 400, "bad_request", "This payment continues on the provider's page.");
  if (result.fulfilment.outcome === "fulfilled") await publishEvents(c, result.fulfilment.events);
  return c.json({ ...counts(result.fulfilment), transactionId: result.transactionId });
}

/** The spec's calls sent a price; ours name the booking, whose own price is charged. */
const payableBooking = z.object({
  bookingId: requiredId("bookingId", "the id of the booking to pay; the booking's own price is charged"),
});

paymentsApi.post("/create-payment-intent", ...buyerOnly, async (c) => {
  const body = (await readJson(c)) as Record<string, unknown> | undefined;
  // A `price` in the request is ignored: the booking's price is charged.
  const parsed = payableBooking.safeParse({ bookingId: body?.bookingId });
  if (!parsed.success) return validationError(c, parsed.error);
  const booking = await findPayableBooking(db(c), c.get("user"), parsed.data.bookingId);
  if (!booking) return apiError(c, 404, "not_found", "There is no such booking.");
  const payments = provider(c);
  const started = await startPayment(payments, booking);
  if (!started.ok) return apiError(c, started.status, "not_payable", started.message);
  return c.json({
    provider: payments.name,
    clientSecret: started.clientSecret,
    // In cents, the item and its shipping (ADR 0086).
    amount: booking.amountCents,
    itemCents: booking.priceCents,
    shippingCents: booking.shippingCents,
    currency: appEnv(c).settings.PAYMENT_CURRENCY,
  });
});

const paymentBody = payableBooking.extend({
  // Stripe: the PaymentIntent id (`transactionId` or `paymentIntentId`). Test provider: a card.
  transactionId: z.string().trim().max(255).optional(),
  paymentIntentId: z.string().trim().max(255).optional(),
  card: z.object({ cardNumber: z.string(), expiry: z.string(), cvc: z.string() }).optional(),
});

paymentsApi.post("/payment", ...buyerOnly, async (c) => {
  const parsed = paymentBody.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const booking = await findPayableBooking(db(c), c.get("user"), parsed.data.bookingId);
  if (!booking) return apiError(c, 404, "not_found", "There is no such booking.");
  // A card is paid with here; anything else is a payment the provider took, to confirm.
  if (parsed.data.card) {
    const card = testCardSchema.safeParse(parsed.data.card);
    if (!card.success) return validationError(c, card.error);
    return paid(c, await payBooking(provider(c), booking, { method: "card", cardNumber: card.data.cardNumber }));
  }
  const transactionId = parsed.data.paymentIntentId ?? parsed.data.transactionId ?? null;
  return paid(c, await confirmPayment(provider(c), booking, transactionId));
});

/**
 * Stripe's signed webhooks, two endpoints with their own signing secrets: the platform's events
 * (payments, refunds) and the events of sellers' connected accounts (account.updated, payout.*).
 */
async function stripeWebhook(c: ApiContext, endpoint: EventEndpoint) {
  const payments = provider(c);
  if (payments.name !== "stripe") return apiError(c, 404, "not_found", "Stripe is not configured.");
  const receipt = await receiveProviderEvent(
    db(c),
    payments,
    appEnv(c).settings,
    await c.req.text(),
    c.req.header("Stripe-Signature") ?? null,
    endpoint,
  );
  if (receipt.status === "not_configured") return apiError(c, 404, "not_found", "This webhook is not configured.");
  if (receipt.status === "bad_signature")
    return apiError(c, 400, "bad_signature", "The webhook signature is not valid.");
  if (receipt.status === "duplicate") return c.json({ received: true, duplicate: true });
  await publishEvents(c, receipt.events);
  if (receipt.status === "retry_later") {
    // Not recorded as handled: Stripe sends it again (a refund whose payment event is still to come).
    c.header("Retry-After", "60");
    return apiError(c, 503, "not_ready", "This event cannot be handled yet; send it again later.");
  }
  return c.json({ received: true, outcome: receipt.outcome });
}

paymentsApi.post("/webhooks/stripe", (c) => stripeWebhook(c, "platform"));
paymentsApi.post("/webhooks/stripe/connect", (c) => stripeWebhook(c, "connect"));
