// The Stripe provider, with Stripe's HTTP API intercepted inside workerd and the Worker given
// Stripe settings (app.request with its own env).

import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterEach, describe, expect, it, vi } from "vitest";
import { database } from "#db/client";
import { bookings, payments, products, refunds } from "#db/schema";
import { app } from "../../workers/app";
import { bearerFor } from "./auth-helpers";
import { insertUser } from "./factories";
import { bookedListing } from "./payment-fixtures";
import { testEnv } from "./test-env";

const WEBHOOK_SECRET = "whsec_test_secret_for_integration";
const stripeEnv = () => ({
  ...testEnv,
  STRIPE_SECRET_KEY: "sk_test_integration",
  STRIPE_PUBLISHABLE_KEY: "pk_test_integration",
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
});
const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
const call = (path: string, init: RequestInit = {}) => app.request(`https://pay.test${path}`, init, stripeEnv(), ctx);
const db = () => database(testEnv.DB);
const realFetch = globalThis.fetch;
afterEach(() => vi.restoreAllMocks());

interface Seen {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | null;
}

/** Stripe's API as the tests want it to answer; every request is recorded. */
function interceptStripe(reply: (seen: Seen) => unknown) {
  const seen: Seen[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const url = new URL(request.url);
    if (url.hostname !== "api.stripe.com") return realFetch(input as RequestInfo, init);
    const entry: Seen = {
      method: request.method,
      path: url.pathname,
      body: new URLSearchParams(await request.text()),
      idempotencyKey: request.headers.get("Idempotency-Key"),
    };
    seen.push(entry);
    return Response.json(reply(entry), { headers: { "Request-Id": "req_test" } });
  });
  return seen;
}

const intent = (overrides: Record<string, unknown>) => ({
  id: "pi_test_1",
  object: "payment_intent",
  amount: 45_000,
  amount_received: 45_000,
  currency: "usd",
  status: "succeeded",
  client_secret: "pi_test_1_secret_abc",
  metadata: {},
  ...overrides,
});

async function signedEvent(event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  const stripe = new Stripe("sk_test_x", { httpClient: Stripe.createFetchHttpClient() });
  const signature = await stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: WEBHOOK_SECRET,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return { payload, signature };
}

const webhook = (payload: string, signature: string) =>
  call("/api/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: { "Stripe-Signature": signature, "Content-Type": "application/json" },
  });

/** The payment page's form, posted the way a browser without JavaScript posts it. */
const paymentForm = (cookie: string, bookingId: string, intentName: string) =>
  call(`/dashboard/payment/${bookingId}`, {
    method: "POST",
    headers: {
      Cookie: cookie,
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "https://pay.test",
      Host: "pay.test",
    },
    body: new URLSearchParams({ intent: intentName }),
  });

async function paidState(bookingId: string) {
  const [booking] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
  const rows = await db().select().from(payments).where(eq(payments.bookingId, bookingId));
  const [product] = await db().select().from(products).where(eq(products.id, booking!.productId));
  return { booking: booking!, payments: rows, product: product! };
}

describe("creating the PaymentIntent", () => {
  it("charges the booking's price from the database, once per booking", async () => {
    const { buyer, booking } = await bookedListing(45_000);
    const seen = interceptStripe(() =>
      intent({ status: "requires_payment_method", metadata: { bookingId: booking.id } }),
    );
    const response = await call("/api/create-payment-intent", {
      method: "POST",
      headers: { Authorization: await bearerFor(buyer.user.id), "Content-Type": "application/json" },
      body: JSON.stringify({ bookingId: booking.id, price: 1 }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ provider: "stripe", clientSecret: "pi_test_1_secret_abc" });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe("/v1/payment_intents");
    expect(seen[0]!.body.get("amount")).toBe("45000");
    expect(seen[0]!.body.get("currency")).toBe("usd");
    expect(seen[0]!.body.get("metadata[bookingId]")).toBe(booking.id);
    expect(seen[0]!.idempotencyKey).toBe(`pay-and-buy:intent:${booking.id}:45000`);
  });

  it("answers the spec's payloads (a price, a payment record) by naming the bookingId it needs", async () => {
    const { buyer } = await bookedListing();
    const seen = interceptStripe(() => intent({}));
    for (const [path, body] of [
      ["/api/create-payment-intent", { price: 450 }],
      ["/api/payment", { price: 450, transactionId: "pi_test_1", email: "someone@example.com" }],
    ] as const) {
      const response = await call(path, {
        method: "POST",
        headers: { Authorization: await bearerFor(buyer.user.id), "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status, path).toBe(422);
      const answer = (await response.json()) as { error: { message: string; fields: Record<string, string[]> } };
      expect(answer.error.message, path).toMatch(/^bookingId is required: the id of the booking to pay/);
      expect(Object.keys(answer.error.fields), path).toEqual(["bookingId"]);
    }
    expect(seen).toHaveLength(0);
  });

  it("refuses another buyer's booking", async () => {
    const { booking } = await bookedListing();
    const other = await bearerFor((await insertUser({ role: "buyer" })).id);
    const seen = interceptStripe(() => intent({}));
    const response = await call("/api/create-payment-intent", {
      method: "POST",
      headers: { Authorization: other, "Content-Type": "application/json" },
      body: JSON.stringify({ bookingId: booking.id }),
    });
    expect(response.status).toBe(404);
    expect(seen).toHaveLength(0);
  });
});

describe("Checkout for browsers without JavaScript", () => {
  it("answers Pay with a 303 to Stripe's page, returning to the payment page", async () => {
    const { buyer, booking } = await bookedListing(45_000);
    const seen = interceptStripe(() => ({
      id: "cs_test_1",
      object: "checkout.session",
      url: "https://checkout.stripe.com/c/pay/cs_test_1",
    }));
    const response = await paymentForm(buyer.cookie, booking.id, "checkout");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("https://checkout.stripe.com/c/pay/cs_test_1");
    const body = seen[0]!.body;
    expect(seen[0]!.path).toBe("/v1/checkout/sessions");
    expect(body.get("line_items[0][price_data][unit_amount]")).toBe("45000");
    expect(body.get("payment_intent_data[metadata][bookingId]")).toBe(booking.id);
    expect(body.get("success_url")).toBe(`https://pay.test/dashboard/payment/${booking.id}?checkout=done`);
    expect(body.get("cancel_url")).toBe(`https://pay.test/dashboard/payment/${booking.id}?checkout=cancelled`);
  });

  it("shows 'processing' until the webhook has recorded the payment", async () => {
    const { buyer, booking } = await bookedListing();
    const response = await call(`/dashboard/payment/${booking.id}?checkout=done`, {
      headers: { Cookie: buyer.cookie },
    });
    const html = await response.text();
    expect(html).toContain("Processing");
    expect(html).toContain('http-equiv="refresh"');
    expect((await paidState(booking.id)).booking.status).toBe("active");
    const csp = response.headers.get("Content-Security-Policy")!;
    expect(csp).toContain("https://js.stripe.com");
    expect(csp).toContain("form-action 'self' https://checkout.stripe.com");
    const home = await call("/");
    expect(home.headers.get("Content-Security-Policy")).not.toContain("stripe");
  });
});

describe("the webhook", () => {
  it("fulfils payment_intent.succeeded once; a replay and the checkout event change nothing", async () => {
    const { buyer, booking } = await bookedListing(45_000);
    interceptStripe((seen) =>
      seen.path.startsWith("/v1/payment_intents/") ? intent({ metadata: { bookingId: booking.id } }) : {},
    );
    const succeeded = await signedEvent({
      id: "evt_1",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: intent({ metadata: { bookingId: booking.id } }) },
    });
    const first = await webhook(succeeded.payload, succeeded.signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ received: true, outcome: "fulfilled" });
    // Back from Stripe once the payment is recorded: My Orders with the toast.
    const back = await call(`/dashboard/payment/${booking.id}?checkout=done`, { headers: { Cookie: buyer.cookie } });
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/dashboard/my_orders");
    expect(back.headers.getSetCookie().some((value) => value.startsWith("pb_toast="))).toBe(true);
    const replay = await webhook(succeeded.payload, succeeded.signature);
    expect(await replay.json()).toMatchObject({ duplicate: true });
    const completed = await signedEvent({
      id: "evt_2",
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: "cs_1",
          object: "checkout.session",
          payment_status: "paid",
          payment_intent: "pi_test_1",
          metadata: { bookingId: booking.id },
        },
      },
    });
    expect(await (await webhook(completed.payload, completed.signature)).json()).toMatchObject({
      outcome: "already_fulfilled",
    });
    const state = await paidState(booking.id);
    expect(state.payments).toHaveLength(1);
    expect(state.payments[0]).toMatchObject({ provider: "stripe", transactionId: "pi_test_1", amountCents: 45_000 });
    expect(state.booking.status).toBe("paid");
    expect(state.product.status).toBe("sold");
  });

  it("refuses a bad or missing signature", async () => {
    const { booking } = await bookedListing();
    const event = await signedEvent({
      id: "evt_3",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: intent({ metadata: { bookingId: booking.id } }) },
    });
    const tampered = event.payload.replace("45000", "1");
    expect((await webhook(tampered, event.signature)).status).toBe(400);
    expect((await webhook(event.payload, "t=1,v1=deadbeef")).status).toBe(400);
    expect((await call("/api/webhooks/stripe", { method: "POST", body: event.payload })).status).toBe(400);
    expect((await paidState(booking.id)).payments).toHaveLength(0);
  });

  it("refunds money that arrives for a cancelled booking", async () => {
    const { booking, product } = await bookedListing(45_000);
    await db()
      .update(bookings)
      .set({ status: "cancelled", endReason: "buyer_cancelled" })
      .where(eq(bookings.id, booking.id));
    await db().update(products).set({ status: "available" }).where(eq(products.id, product.id));
    const seen = interceptStripe(() => ({ id: "re_1", object: "refund", status: "succeeded" }));
    const event = await signedEvent({
      id: "evt_4",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: intent({ id: "pi_late", metadata: { bookingId: booking.id } }) },
    });
    expect(await (await webhook(event.payload, event.signature)).json()).toMatchObject({ outcome: "refund_required" });
    expect(seen.map((s) => s.path)).toEqual(["/v1/refunds"]);
    expect(seen[0]!.body.get("payment_intent")).toBe("pi_late");
    const [refund] = await db().select().from(refunds);
    expect(refund).toMatchObject({
      transactionId: "pi_late",
      status: "refunded",
      providerRefundId: "re_1",
      reason: "booking_not_payable",
    });
    expect((await paidState(booking.id)).product.status).toBe("available");
  });
});

describe("POST /api/payment", () => {
  async function payCall(userId: string, body: unknown) {
    return call("/api/payment", {
      method: "POST",
      headers: { Authorization: await bearerFor(userId), "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  it("records only a PaymentIntent Stripe confirms for this booking and amount", async () => {
    const { buyer, booking } = await bookedListing(45_000);
    let answer = intent({ status: "requires_payment_method", metadata: { bookingId: booking.id } });
    interceptStripe((seen) => (seen.path.startsWith("/v1/refunds") ? { id: "re_2", object: "refund" } : answer));
    expect((await payCall(buyer.user.id, { bookingId: booking.id, transactionId: "pi_test_1" })).status).toBe(409);
    answer = intent({ metadata: { bookingId: "another-booking" } });
    expect((await payCall(buyer.user.id, { bookingId: booking.id, transactionId: "pi_test_1" })).status).toBe(422);
    answer = intent({ id: "pi_cheap", amount: 100, amount_received: 100, metadata: { bookingId: booking.id } });
    const cheap = await payCall(buyer.user.id, { bookingId: booking.id, transactionId: "pi_cheap", price: 100 });
    expect(cheap.status).toBe(422);
    expect((await paidState(booking.id)).payments).toHaveLength(0);
    expect((await db().select().from(refunds))[0]).toMatchObject({
      transactionId: "pi_cheap",
      reason: "amount_mismatch",
    });
    answer = intent({ metadata: { bookingId: booking.id } });
    const ok = await payCall(buyer.user.id, { bookingId: booking.id, transactionId: "pi_test_1" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      bookingResult: { modifiedCount: 1 },
      paymentResult: { acknowledged: true },
      productResult: { modifiedCount: 1 },
    });
    const again = await payCall(buyer.user.id, { bookingId: booking.id, transactionId: "pi_test_1" });
    expect(await again.json()).toMatchObject({
      bookingResult: { modifiedCount: 0 },
      paymentResult: { acknowledged: true, alreadyRecorded: true },
    });
    expect((await paidState(booking.id)).payments).toHaveLength(1);
  });
});

describe("an ended booking", () => {
  it("is never sent to Stripe: no PaymentIntent, no Checkout, no card through our server", async () => {
    const { buyer, booking } = await bookedListing();
    await db()
      .update(bookings)
      .set({ status: "cancelled", endReason: "buyer_cancelled" })
      .where(eq(bookings.id, booking.id));
    const seen = interceptStripe(() => intent({}));
    const auth = { Authorization: await bearerFor(buyer.user.id), "Content-Type": "application/json" };
    const started = await call("/api/create-payment-intent", {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ bookingId: booking.id }),
    });
    expect(started.status).toBe(409);
    const card = await call("/api/payment", {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        bookingId: booking.id,
        card: { cardNumber: "4242424242424242", expiry: "12/39", cvc: "123" },
      }),
    });
    expect(card.status).toBeGreaterThanOrEqual(400);
    expect(card.status).toBeLessThan(500);
    for (const intentName of ["checkout", "create-intent"]) {
      const response = await paymentForm(buyer.cookie, booking.id, intentName);
      expect(response.status, intentName).toBe(302);
      expect(response.headers.get("Location"), intentName).toBe(`/dashboard/payment/${booking.id}`);
    }
    expect(seen).toHaveLength(0);
    expect((await paidState(booking.id)).payments).toHaveLength(0);
  });
});

describe("a booking past its deadline", () => {
  /** A booking whose hold ended a minute ago; the scheduled job has not run yet. */
  async function lapsedBooking() {
    const listing = await bookedListing(45_000);
    await db()
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(bookings.id, listing.booking.id));
    return listing;
  }

  it("gets no PaymentIntent, from the REST call or the page", async () => {
    const { buyer, booking } = await lapsedBooking();
    const seen = interceptStripe(() => intent({ metadata: { bookingId: booking.id } }));
    const response = await call("/api/create-payment-intent", {
      method: "POST",
      headers: { Authorization: await bearerFor(buyer.user.id), "Content-Type": "application/json" },
      body: JSON.stringify({ bookingId: booking.id }),
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: { message: expect.stringContaining("expired") } });
    expect((await paymentForm(buyer.cookie, booking.id, "create-intent")).status).toBe(302);
    expect((await paymentForm(buyer.cookie, booking.id, "checkout")).status).toBe(302);
    expect(seen).toHaveLength(0);
  });

  it("refunds money that arrives after the deadline, before the scheduled job ran", async () => {
    const { booking, product } = await lapsedBooking();
    const seen = interceptStripe(() => ({ id: "re_late", object: "refund", status: "succeeded" }));
    const event = await signedEvent({
      id: "evt_late",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: intent({ id: "pi_after_deadline", metadata: { bookingId: booking.id } }) },
    });
    expect(await (await webhook(event.payload, event.signature)).json()).toMatchObject({ outcome: "refund_required" });
    expect(seen.map((s) => s.path)).toEqual(["/v1/refunds"]);
    expect(seen[0]!.body.get("payment_intent")).toBe("pi_after_deadline");
    expect((await db().select().from(refunds))[0]).toMatchObject({
      transactionId: "pi_after_deadline",
      status: "refunded",
      reason: "booking_not_payable",
    });
    const after = await paidState(booking.id);
    expect(after.payments).toHaveLength(0);
    expect(after.booking.status).toBe("active");
    expect(after.product.status).toBe("booked");
    expect(product.id).toBe(after.product.id);
  });
});
