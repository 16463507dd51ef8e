// Payment calls (spec section 7) and Stripe's webhook. The price charged is always the
// booking's; a payment is recorded only when the provider confirms it.

import { eq } from "drizzle-orm";
import { Hono } from "hono";
import * as z from "zod";
import { findPayableBooking, paymentProvider, payWithTestCard } from "../../app/domain/payments/checkout.server";
import type { FulfilmentResult } from "../../app/domain/payments/fulfilment.server";
import {
  confirmPaymentIntent,
  createStripe,
  ensurePaymentIntent,
  handleStripeEvent,
  verifyWebhook,
} from "../../app/domain/payments/stripe.server";
import { testCardSchema } from "../../app/domain/payments/test-card";
import { bookingIdSchema, idSchema } from "../../app/domain/schemas";
import { processedEvents } from "../../db/schema";
import { type ApiEnv, appEnv, db, readJson, requireApiRole, requireBearer } from "./context";
import { apiError, validationError } from "./errors";

export const paymentsApi = new Hono<ApiEnv>();

const buyerOnly = [requireBearer, requireApiRole("buyer")] as const;

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

paymentsApi.post("/create-payment-intent", ...buyerOnly, async (c) => {
  const body = (await readJson(c)) as Record<string, unknown> | undefined;
  // A `price` in the request is ignored: the booking's price is charged.
  const parsed = bookingIdSchema.safeParse({ bookingId: body?.bookingId });
  if (!parsed.success) return validationError(c, parsed.error);
  const env = appEnv(c);
  const booking = await findPayableBooking(db(c), c.get("user"), parsed.data.bookingId);
  if (!booking) return apiError(c, 404, "not_found", "There is no such booking.");
  if (booking.status !== "active") return apiError(c, 409, "not_payable", "This booking can no longer be paid.");
  if (paymentProvider(env.settings) === "test") {
    return c.json({
      provider: "test",
      clientSecret: null,
      amount: booking.priceCents,
      currency: env.settings.PAYMENT_CURRENCY,
    });
  }
  const { clientSecret } = await ensurePaymentIntent(
    await createStripe(env.settings),
    booking,
    env.settings.PAYMENT_CURRENCY,
  );
  return c.json({
    provider: "stripe",
    clientSecret,
    amount: booking.priceCents,
    currency: env.settings.PAYMENT_CURRENCY,
  });
});

const paymentBody = z.object({
  bookingId: idSchema,
  // Stripe: the PaymentIntent id (`transactionId` or `paymentIntentId`). Test provider: a card.
  transactionId: z.string().trim().max(255).optional(),
  paymentIntentId: z.string().trim().max(255).optional(),
  card: z.object({ cardNumber: z.string(), expiry: z.string(), cvc: z.string() }).optional(),
});

paymentsApi.post("/payment", ...buyerOnly, async (c) => {
  const parsed = paymentBody.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const env = appEnv(c);
  const database = db(c);
  const user = c.get("user");
  const booking = await findPayableBooking(database, user, parsed.data.bookingId);
  if (!booking) return apiError(c, 404, "not_found", "There is no such booking.");
  if (paymentProvider(env.settings) === "test") {
    const card = testCardSchema.safeParse(parsed.data.card ?? {});
    if (!card.success) return validationError(c, card.error);
    const paid = await payWithTestCard(database, user, booking.id, card.data.cardNumber, env.settings.PAYMENT_CURRENCY);
    if (!paid.ok) return apiError(c, paid.status, paid.status === 402 ? "card_declined" : "not_payable", paid.message);
    return c.json({ ...counts(paid.fulfilment), transactionId: paid.transactionId });
  }
  const intentId = parsed.data.paymentIntentId ?? parsed.data.transactionId;
  if (!intentId) return apiError(c, 422, "invalid", "transactionId (the PaymentIntent id) is required.");
  const confirmed = await confirmPaymentIntent(
    database,
    await createStripe(env.settings),
    booking,
    intentId,
    env.settings.PAYMENT_CURRENCY,
  );
  if (!confirmed.ok) return apiError(c, confirmed.status, "not_confirmed", confirmed.message);
  return c.json({ ...counts(confirmed.fulfilment), transactionId: intentId });
});

/** Stripe's signed webhook: the only way a Stripe payment is fulfilled without the REST call. */
paymentsApi.post("/webhooks/stripe", async (c) => {
  const env = appEnv(c);
  const secret = env.settings.STRIPE_WEBHOOK_SECRET;
  if (!env.settings.STRIPE_SECRET_KEY || !secret) return apiError(c, 404, "not_found", "Stripe is not configured.");
  const stripe = await createStripe(env.settings);
  const payload = await c.req.text();
  const event = await verifyWebhook(stripe, payload, c.req.header("Stripe-Signature") ?? null, secret);
  if (!event) return apiError(c, 400, "bad_signature", "The webhook signature is not valid.");
  const database = db(c);
  const [seen] = await database.select().from(processedEvents).where(eq(processedEvents.id, event.id)).limit(1);
  if (seen) return c.json({ received: true, duplicate: true });
  const result = await handleStripeEvent(database, stripe, event, env.settings.PAYMENT_CURRENCY);
  // Recorded after handling: if handling failed, Stripe's retry gets another chance.
  await database.insert(processedEvents).values({ id: event.id, provider: "stripe" }).onConflictDoNothing();
  return c.json({ received: true, outcome: result?.outcome ?? "ignored" });
});
