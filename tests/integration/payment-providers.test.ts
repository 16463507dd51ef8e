// The payment rules that do not depend on the provider: one provider chosen from the settings,
// only an active booking can be paid, and a pushed event is handled once. Stripe's HTTP API is
// watched (never called for a refused payment); the event rule is shown with an interface double.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  choosePaymentProvider,
  findPayableBooking,
  payBooking,
  startPayment,
} from "#app/domain/deals/payments/checkout.server";
import type { PaymentProvider } from "#app/domain/deals/providers/types";
import { receiveProviderEvent } from "#app/domain/deals/settlement/provider-facts.server";
import { database } from "#db/client";
import { bookings, payments, processedEvents } from "#db/schema";
import { bookedListing } from "./payment-fixtures";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const OFFLINE = {
  PAYMENT_CURRENCY: "usd",
  PLATFORM_FEE_PERCENT: "8",
  PLATFORM_FEE_FIXED_CENTS: 0,
  BUYER_PROTECTION_DAYS: 3,
};
const STRIPE = { ...OFFLINE, STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x" };
afterEach(() => vi.restoreAllMocks());

describe("choosing the provider", () => {
  it("takes Stripe whenever a secret key is set, and the test provider never then", () => {
    const offline = choosePaymentProvider(db(), OFFLINE);
    expect(offline).toMatchObject({ name: "test", testMode: true, publishableKey: null });
    expect(offline.events).toBeUndefined();
    const stripe = choosePaymentProvider(db(), STRIPE);
    expect(stripe).toMatchObject({ name: "stripe", testMode: false, publishableKey: "pk_test_x" });
    // Without an endpoint's signing secret no event pushed to it is believed.
    expect(stripe.events?.accepts("platform")).toBe(false);
    expect(stripe.events?.accepts("connect")).toBe(false);
    const platformOnly = choosePaymentProvider(db(), { ...STRIPE, STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(platformOnly.events?.accepts("platform")).toBe(true);
    expect(platformOnly.events?.accepts("connect")).toBe(false);
    const connectToo = choosePaymentProvider(db(), { ...STRIPE, STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_c" });
    expect(connectToo.events?.accepts("connect")).toBe(true);
  });
});

describe("only an active booking can be paid", () => {
  it("refuses to start or pay an ended booking with either provider, without asking Stripe", async () => {
    const fetched = vi.spyOn(globalThis, "fetch");
    const { buyer, booking } = await bookedListing();
    await db()
      .update(bookings)
      .set({ status: "cancelled", endReason: "buyer_cancelled" })
      .where(eq(bookings.id, booking.id));
    const payable = (await findPayableBooking(db(), buyer.user, booking.id))!;
    for (const settings of [OFFLINE, STRIPE]) {
      const provider = choosePaymentProvider(db(), settings);
      expect(await startPayment(provider, payable), provider.name).toMatchObject({ ok: false, status: 409 });
      for (const request of [
        { method: "card", cardNumber: "4242424242424242" },
        { method: "hosted", returnUrl: "https://pay.test/x", buyerEmail: "b@example.com" },
      ] as const) {
        expect(await payBooking(provider, payable, request), provider.name).toMatchObject({ ok: false, status: 409 });
      }
    }
    expect(fetched).not.toHaveBeenCalled();
    expect(await db().select().from(payments)).toHaveLength(0);
  });

  it("answers a paid booking's repeated Pay with its payment, charging nothing again", async () => {
    const { buyer, booking } = await bookedListing();
    const provider = choosePaymentProvider(db(), OFFLINE);
    const first = await payBooking(provider, (await findPayableBooking(db(), buyer.user, booking.id))!, {
      method: "card",
      cardNumber: "4242424242424242",
    });
    expect(first).toMatchObject({ ok: true, fulfilment: { outcome: "fulfilled" } });
    const again = await payBooking(provider, (await findPayableBooking(db(), buyer.user, booking.id))!, {
      method: "card",
      cardNumber: "4242424242424242",
    });
    expect(again).toMatchObject({ ok: true, fulfilment: { outcome: "already_fulfilled" } });
    expect(await db().select().from(payments)).toHaveLength(1);
  });
});

describe("events a provider pushes", () => {
  /** A provider double whose events are whatever the test says; handle counts its calls. */
  function pushingProvider(handle: () => Promise<null>) {
    const provider: PaymentProvider = {
      ...choosePaymentProvider(db(), OFFLINE),
      name: "stripe",
      events: {
        accepts: (endpoint) => endpoint === "platform",
        async verify(payload, signature) {
          return signature === "good"
            ? { id: payload, report: async () => (await handle()) ?? { facts: [], outcome: "ignored" } }
            : null;
        },
      },
    };
    return provider;
  }

  it("are handled once per event id; a bad signature or a failed handling records nothing", async () => {
    let calls = 0;
    let failing = true;
    const provider = pushingProvider(async () => {
      calls++;
      if (failing) throw new Error("the database was busy");
      return null;
    });
    expect(await receiveProviderEvent(db(), provider, OFFLINE, "evt_1", "forged")).toEqual({ status: "bad_signature" });
    await expect(receiveProviderEvent(db(), provider, OFFLINE, "evt_1", "good")).rejects.toThrow("busy");
    expect(await db().select().from(processedEvents)).toHaveLength(0);
    failing = false;
    expect(await receiveProviderEvent(db(), provider, OFFLINE, "evt_1", "good")).toEqual({
      status: "handled",
      outcome: "ignored",
      events: [],
    });
    expect(await receiveProviderEvent(db(), provider, OFFLINE, "evt_1", "good")).toEqual({ status: "duplicate" });
    expect(calls).toBe(2);
    expect(await db().select().from(processedEvents)).toEqual([
      expect.objectContaining({ id: "evt_1", provider: "stripe" }),
    ]);
    const offline = choosePaymentProvider(db(), OFFLINE);
    expect(await receiveProviderEvent(db(), offline, OFFLINE, "evt_2", "good")).toEqual({ status: "not_configured" });
  });
});
