// Test tools exist only when the whole product runs in test mode (ADR 0091): with no real payment
// provider configured. Each combination of keys, through the Worker as it answers requests: the
// offline carrier and its control, the scheduled job's parcels, the offline payment provider's
// dispute controls and test onboarding. A test control moves only what its own offline provider
// made: never a parcel the seller tracks themselves.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { carrierProviderName } from "#app/domain/deals/shipping/carriers";
import { chooseCarrier } from "#app/domain/deals/shipping/choose.server";
import { shipments } from "#db/schema";
import { app } from "../../workers/app";
import { bearerFor, sessionCookieFor } from "./auth-helpers";
import { insertUser } from "./factories";
import { apiCall, DAY, db, paidDeal, tick } from "./money-fixtures";
import { paidShippedDeal } from "./shipping-fixtures";
import { stripeApi } from "./stripe-api";
import { testEnv } from "./test-env";

const STRIPE = { STRIPE_SECRET_KEY: "sk_test_mode", STRIPE_PUBLISHABLE_KEY: "pk_test_mode" };
const SHIPPO = { SHIPPO_API_KEY: "shippo_test_mode" };
const COMBINATIONS = {
  "no keys (test mode)": {},
  "Stripe only": STRIPE,
  "Stripe and Shippo": { ...STRIPE, ...SHIPPO },
  "Shippo only": SHIPPO,
} as const;
type Keys = keyof typeof COMBINATIONS;
const envOf = (keys: Keys) => ({ ...testEnv, ...COMBINATIONS[keys] }) as unknown as Record<string, unknown>;
afterEach(() => vi.restoreAllMocks());
const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

async function call(keys: Keys, userId: string, method: string, path: string, body?: unknown) {
  return app.request(
    `https://pay.test${path}`,
    {
      method,
      headers: { Authorization: await bearerFor(userId), "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    envOf(keys),
    ctx,
  );
}

async function page(keys: Keys, userId: string, path: string) {
  const response = await app.request(
    `https://pay.test${path}`,
    { headers: { Cookie: await sessionCookieFor(userId) } },
    envOf(keys),
    ctx,
  );
  return { status: response.status, html: await response.text() };
}

const SENDER = { name: "Maya Lens", line1: "100 Court St", line2: "", city: "Brooklyn", region: "NY" };

/** A paid parcel whose label the offline carrier sold (in test mode, as the product made it). */
async function offlineLabelledParcel() {
  const deal = await paidShippedDeal();
  expect((await apiCall(deal.seller.id, "POST", `/api/shipments/${deal.bookingId}/label`, SENDER)).status).toBe(200);
  return deal;
}

/** A paid parcel its seller sent with their own carrier's tracking. */
async function selfTrackedParcel() {
  const deal = await paidShippedDeal();
  const sent = await apiCall(deal.seller.id, "POST", `/api/shipments/${deal.bookingId}/tracking`, {
    carrier: "USPS",
    trackingNumber: `9400${Math.floor(Math.random() * 1e18)
      .toString()
      .padStart(18, "0")}`,
  });
  expect(sent.status).toBe(200);
  return deal;
}

const parcelStatus = async (bookingId: string) =>
  (await db().select().from(shipments).where(eq(shipments.bookingId, bookingId)))[0]!.status;

describe("the carrier each combination of keys ships with", () => {
  it("is Shippo with its key, the offline carrier in test mode only, none beside Stripe without a carrier key", () => {
    const chosen = Object.fromEntries(
      (Object.keys(COMBINATIONS) as Keys[]).map((keys) => [
        keys,
        [carrierProviderName(COMBINATIONS[keys]), chooseCarrier(COMBINATIONS[keys])?.name ?? null],
      ]),
    );
    expect(chosen).toEqual({
      "no keys (test mode)": ["offline", "offline"],
      "Stripe only": [null, null],
      "Stripe and Shippo": ["shippo", "shippo"],
      "Shippo only": ["shippo", "shippo"],
    });
  });
});

describe("with Stripe and no carrier key", () => {
  it("sells no label and quotes none: the seller ships with their own tracking", async () => {
    const { seller, bookingId } = await paidShippedDeal();
    const bought = await call("Stripe only", seller.id, "POST", `/api/shipments/${bookingId}/label`, SENDER);
    expect(bought.status).toBe(409);
    expect(((await bought.json()) as { error: { message: string } }).error.message).toMatch(/^Pay&Buy sells no labels/);
    expect((await call("Stripe only", seller.id, "GET", `/api/shipments/${bookingId}/label-quote`)).status).toBe(409);
    expect(await parcelStatus(bookingId)).toBe("awaiting_shipment");
    const shown = await page("Stripe only", seller.id, `/dashboard/shipments/${bookingId}`);
    expect(shown.status).toBe(200);
    expect(shown.html).not.toContain("Buy label");
    expect(shown.html).not.toContain("Pay&amp;Buy Test Post");
    const sent = await call("Stripe only", seller.id, "POST", `/api/shipments/${bookingId}/tracking`, {
      carrier: "UPS",
      trackingNumber: "1Z999AA10123456784",
    });
    expect(sent.status).toBe(200);
  });

  it("refuses a carrier-rated listing's shipping with words, before anything is booked", async () => {
    const { shippedListing, ADDRESS } = await import("./shipping-fixtures");
    const { buyer, product } = await shippedListing({ shippingPriceCents: null });
    const booked = await call("Stripe only", buyer.id, "POST", "/api/booking", {
      productId: product.id,
      delivery: "ship",
      buyerContact: "+1 303 555 0101",
      ...ADDRESS,
    });
    expect(booked.status).toBe(503);
    expect(((await booked.json()) as { error: { message: string } }).error.message).toMatch(/no carrier connected/);
  });
});

describe("test mode's carrier control", () => {
  for (const keys of ["Stripe only", "Stripe and Shippo", "Shippo only"] as const) {
    it(`is refused with ${keys}, on the page and the API, and shown nowhere`, async () => {
      const { buyer, seller, bookingId } = await offlineLabelledParcel();
      for (const who of [buyer.id, seller.id]) {
        const moved = await call(keys, who, "POST", `/api/shipments/${bookingId}/test-advance`);
        expect(moved.status).toBe(409);
      }
      const form = await app.request(
        `https://pay.test/dashboard/shipments/${bookingId}/test-advance`,
        {
          method: "POST",
          headers: { Cookie: await sessionCookieFor(buyer.id), Origin: "https://pay.test", Host: "pay.test" },
        },
        envOf(keys),
        ctx,
      );
      expect(form.status).toBe(302);
      expect(await parcelStatus(bookingId)).toBe("pre_transit");
      const shown = await page(keys, buyer.id, `/dashboard/shipments/${bookingId}`);
      expect(shown.html).not.toContain("Move the parcel to its next step");
    });
  }

  it("moves the offline carrier's own parcel in test mode, and never a parcel the seller tracks themselves", async () => {
    const labelled = await offlineLabelledParcel();
    expect(
      (await page("no keys (test mode)", labelled.buyer.id, `/dashboard/shipments/${labelled.bookingId}`)).html,
    ).toContain("Move the parcel to its next step");
    expect((await apiCall(labelled.buyer.id, "POST", `/api/shipments/${labelled.bookingId}/test-advance`)).status).toBe(
      200,
    );
    expect(await parcelStatus(labelled.bookingId)).toBe("in_transit");
    const own = await selfTrackedParcel();
    for (const who of [own.buyer.id, own.seller.id]) {
      const moved = await apiCall(who, "POST", `/api/shipments/${own.bookingId}/test-advance`);
      expect(moved.status).toBe(409);
    }
    expect(await parcelStatus(own.bookingId)).toBe("in_transit");
    expect(
      (await page("no keys (test mode)", own.seller.id, `/dashboard/shipments/${own.bookingId}`)).html,
    ).not.toContain("Move the parcel to its next step");
  });
});

describe("the scheduled job's offline parcels", () => {
  it("move on by themselves in test mode only", async () => {
    // The live configurations' jobs talk to Stripe (the reconciliation): its API, intercepted.
    stripeApi();
    const live = await offlineLabelledParcel();
    await tick(Date.now() + 4 * DAY, envOf("Stripe only"));
    expect(await parcelStatus(live.bookingId)).toBe("pre_transit");
    await tick(Date.now() + 4 * DAY, envOf("Stripe and Shippo"));
    expect(await parcelStatus(live.bookingId)).toBe("pre_transit");
    await tick(Date.now() + 4 * DAY);
    expect(await parcelStatus(live.bookingId)).not.toBe("pre_transit");
  });
});

describe("the offline payment provider's controls", () => {
  it("are refused with Stripe configured: the bank's dispute, the bank's decision, test onboarding", async () => {
    const { buyer, booking } = await paidDeal(20_000);
    const disputed = await call("Stripe only", buyer.user.id, "POST", `/api/bookings/${booking.id}/test-dispute`);
    expect(disputed.status).toBe(409);
    const orders = await page("Stripe only", buyer.user.id, "/dashboard/my_orders");
    expect(orders.status).toBe(200);
    expect(orders.html).not.toContain("My bank disputes the payment");
    const seller = await insertUser({ role: "seller" }, { payouts: false });
    expect((await page("Stripe only", seller.id, "/dashboard/payouts/test-onboarding")).status).toBe(404);
    // In test mode the same buyer's control opens the dispute.
    expect((await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/test-dispute`)).status).toBe(201);
  });
});
