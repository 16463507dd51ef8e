// A return's prepaid label (ADR 0107): picked up where the deal shipped to, going back to the
// seller's sender address. Shippo's is its `is_return` label (its HTTP API intercepted here),
// asked the way the deal went; the offline carrier's is priced by its table, numbered apart from
// any outgoing parcel's, and drawn by Pay&Buy's label page for the deal's buyer, seller and admin.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addSavedAddress } from "#app/domain/deals/bookings/saved-addresses.server";
import { CARRIER_MESSAGES, type ReturnRoute, returnReference } from "#app/domain/deals/shipping/carriers";
import {
  OFFLINE_CARRIER_NAME,
  offlineCarrier,
  offlineRate,
  offlineTrackingNumber,
} from "#app/domain/deals/shipping/offline-carrier";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { SHIPPO_API, shippoCarrier } from "#app/domain/deals/shipping/shippo.server";
import { returns, shipments } from "#db/schema";
import { get, sessionCookieFor } from "./auth-helpers";
import { insertUser } from "./factories";
import { apiCall, DAY, db } from "./money-fixtures";
import { deliverLabelled, paidShippedDeal } from "./shipping-fixtures";

const realFetch = globalThis.fetch;
afterEach(() => vi.restoreAllMocks());

const BUYER = {
  recipient: "Dana Buyer",
  line1: "1550 Wewatta St",
  line2: "Apt 4",
  city: "Denver",
  region: "CO",
  postalCode: "80202",
  country: "US" as const,
};

const SELLER = {
  recipient: "Sam Seller",
  line1: "100 Court St",
  line2: null,
  city: "Brooklyn",
  region: "NY",
  postalCode: "11201",
  country: "US" as const,
};

const BOOKING = "0b6a3c1e-5d2f-4e8a-9c71-2f3e4d5a6b7c";

const returnRoute = (reference = returnReference(BOOKING)): ReturnRoute => ({
  parcel: "medium",
  country: "US",
  buyer: BUYER,
  seller: SELLER,
  reference,
});

/** Shippo's API as the adapter meets it: the shipment's rates, then the transaction's answer. */
function interceptShippo(
  rates: Array<{ amount: string; currency: string }>,
  transaction: Record<string, unknown> | Response,
) {
  const seen: Array<{ path: string; body: Record<string, unknown> }> = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const url = new URL(request.url);
    if (`${url.protocol}//${url.host}` !== SHIPPO_API) return realFetch(input as RequestInfo, init);
    seen.push({ path: url.pathname, body: (await request.json()) as Record<string, unknown> });
    if (url.pathname === "/shipments/")
      return Response.json({
        object_id: "shp_return",
        rates: rates.map((rate, index) => ({ object_id: `rate_${index}`, provider: `Carrier ${index}`, ...rate })),
      });
    if (url.pathname === "/transactions/")
      return transaction instanceof Response ? transaction : Response.json(transaction);
    return new Response("not found", { status: 404 });
  });
  return seen;
}

const BOUGHT = {
  object_id: "txn_return_1",
  status: "SUCCESS",
  tracking_number: "9402100000000000000077",
  tracking_url_provider: "https://tools.usps.com/track?n=9402100000000000000077",
  label_url: "https://shippo-delivery.example/return.pdf",
};

describe("Shippo's return label", () => {
  it("is asked the way the deal went with is_return, and bought at the cheapest rate in the currency", async () => {
    const seen = interceptShippo(
      [
        { amount: "14.10", currency: "USD" },
        { amount: "2.50", currency: "EUR" },
        { amount: "9.85", currency: "USD" },
        { amount: "not money", currency: "USD" },
      ],
      BOUGHT,
    );
    const carrier = shippoCarrier({ SHIPPO_API_KEY: "shippo_test_key" }, "usd");
    expect(await carrier.buyReturnLabel(returnRoute())).toEqual({
      ok: true,
      label: {
        labelRef: "txn_return_1",
        labelUrl: "https://shippo-delivery.example/return.pdf",
        carrier: "Carrier 2",
        trackingNumber: "9402100000000000000077",
        trackingUrl: "https://tools.usps.com/track?n=9402100000000000000077",
        costCents: 985,
      },
    });
    expect(seen.map((request) => request.path)).toEqual(["/shipments/", "/transactions/"]);
    const [shipment, transaction] = seen;
    // Shippo turns the addresses round on a return's label: asked from the seller to the buyer.
    expect(shipment?.body).toMatchObject({
      address_from: {
        name: "Sam Seller",
        street1: "100 Court St",
        city: "Brooklyn",
        state: "NY",
        zip: "11201",
        country: "US",
      },
      address_to: {
        name: "Dana Buyer",
        street1: "1550 Wewatta St",
        street2: "Apt 4",
        city: "Denver",
        state: "CO",
        zip: "80202",
        country: "US",
      },
      parcels: [{ length: "35", width: "25", height: "15", distance_unit: "cm", weight: "3000", mass_unit: "g" }],
      extra: { is_return: true },
    });
    expect(transaction?.body).toEqual({
      rate: "rate_2",
      label_file_type: "PDF",
      async: false,
      metadata: returnReference(BOOKING),
    });
  });

  it("an outgoing label is asked without is_return", async () => {
    const seen = interceptShippo([{ amount: "9.85", currency: "USD" }], BOUGHT);
    const carrier = shippoCarrier({ SHIPPO_API_KEY: "shippo_test_key" }, "usd");
    await carrier.buyLabel({
      parcel: "medium",
      country: "US",
      fromPostalCode: "11201",
      to: BUYER,
      from: { name: "Sam Seller", line1: "100 Court St", line2: null, city: "Brooklyn", region: "NY" },
      reference: BOOKING,
    });
    expect(seen[0]?.body).not.toHaveProperty("extra");
  });

  it("sells nothing on a refused transaction, an answer without its tracking, an error, no rate or no network", async () => {
    const carrier = shippoCarrier({ SHIPPO_API_KEY: "shippo_test_key" }, "usd");
    const unavailable = { ok: false, message: CARRIER_MESSAGES.labelUnavailable };
    const answers: Array<[Array<{ amount: string; currency: string }>, Record<string, unknown> | Response]> = [
      [[{ amount: "9.85", currency: "USD" }], { object_id: "txn_2", status: "ERROR" }],
      [[{ amount: "9.85", currency: "USD" }], { ...BOUGHT, tracking_number: undefined }],
      [[{ amount: "9.85", currency: "USD" }], new Response("upstream", { status: 502 })],
      [[{ amount: "9.85", currency: "EUR" }], BOUGHT],
    ];
    for (const [rates, transaction] of answers) {
      vi.restoreAllMocks();
      const seen = interceptShippo(rates, transaction);
      expect(await carrier.buyReturnLabel(returnRoute())).toEqual(unavailable);
      // Without a rate in the currency, nothing is bought.
      if (rates[0]?.currency === "EUR") expect(seen.map((request) => request.path)).toEqual(["/shipments/"]);
    }
    vi.restoreAllMocks();
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("network down"));
    expect(await carrier.buyReturnLabel(returnRoute())).toEqual(unavailable);
  });
});

describe("the offline carrier's return label", () => {
  it("is priced by its table from the buyer's postal code to the seller's, and drawn by Pay&Buy's page", async () => {
    const bought = await offlineCarrier().buyReturnLabel(returnRoute());
    const price = offlineRate({
      parcel: "medium",
      country: "US",
      fromPostalCode: "80202",
      to: { postalCode: "11201" },
    });
    // Denver (8) to Brooklyn (1): the medium parcel's base and seven steps.
    expect(price).toBe(1_495 + 7 * 120);
    expect(bought).toEqual({
      ok: true,
      label: {
        labelRef: `offline-label-return-${BOOKING}`,
        labelUrl: `/dashboard/labels/return-${BOOKING}`,
        carrier: OFFLINE_CARRIER_NAME,
        trackingNumber: expect.stringMatching(/^RET[0-9A-Z]+$/),
        trackingUrl: shipmentPath(BOOKING),
        costCents: price,
      },
    });
  });

  it("numbers it apart from any outgoing parcel's, whatever the deals' ids", async () => {
    const carrier = offlineCarrier();
    const outgoing = await carrier.buyLabel({
      parcel: "small",
      country: "US",
      fromPostalCode: "11201",
      to: BUYER,
      from: { name: "Sam Seller", line1: "100 Court St", line2: null, city: "Brooklyn", region: "NY" },
      reference: BOOKING,
    });
    const back = await carrier.buyReturnLabel(returnRoute());
    expect(outgoing.ok && back.ok).toBe(true);
    if (!outgoing.ok || !back.ok) return;
    expect(back.label.trackingNumber).not.toBe(outgoing.label.trackingNumber);
    expect(back.label.labelRef).not.toBe(outgoing.label.labelRef);
    // Not even a deal whose id reads like another's return: outgoing numbers all start OFF.
    for (const id of [BOOKING, `R${BOOKING}`, "rreturn", `return${BOOKING}`, "ret", "off"]) {
      expect(offlineTrackingNumber(id).startsWith("OFF")).toBe(true);
    }
    expect(back.label.trackingNumber.startsWith("OFF")).toBe(false);
  });

  it("sells no return label for a reference that names no deal's return", async () => {
    expect(await offlineCarrier().buyReturnLabel(returnRoute(BOOKING))).toEqual({
      ok: false,
      message: CARRIER_MESSAGES.labelUnavailable,
    });
    expect((await offlineCarrier().buyReturnLabel(returnRoute("return-"))).ok).toBe(false);
  });
});

describe("the return label's page", () => {
  const SENDER = { name: "Maya Lens", line1: "100 Court St", city: "Brooklyn", region: "NY" };
  const KEPT_SENDER = {
    recipient: "Maya Lens",
    line1: "77 Atlantic Ave",
    line2: "Unit 3",
    city: "Brooklyn",
    region: "NY",
    postalCode: "11201",
    country: "US" as const,
  };

  /** A deal shipped with the offline carrier's label, delivered, and the seller's sender address kept. */
  async function deliveredDeal() {
    const world = await paidShippedDeal();
    expect((await apiCall(world.seller.id, "POST", `/api/shipments/${world.bookingId}/label`, SENDER)).status).toBe(
      200,
    );
    await deliverLabelled(world.buyer.id, world.bookingId);
    const kept = await addSavedAddress(
      db(),
      { id: world.seller.id, role: "seller" },
      {
        kind: "sender",
        address: KEPT_SENDER,
      },
    );
    expect(kept.ok).toBe(true);
    return world;
  }

  /** The seller accepted the return: a row as the return's steps write it, its label bought or not yet. */
  async function acceptedReturn(world: Awaited<ReturnType<typeof deliveredDeal>>, labelled = true) {
    const [parcel] = await db().select().from(shipments).where(eq(shipments.bookingId, world.bookingId));
    const bought = await offlineCarrier().buyReturnLabel({
      parcel: parcel!.parcel,
      country: parcel!.country,
      buyer: {
        recipient: parcel!.recipient!,
        line1: parcel!.line1!,
        line2: parcel!.line2,
        city: parcel!.city!,
        region: parcel!.region!,
        postalCode: parcel!.postalCode!,
        country: parcel!.country,
      },
      seller: KEPT_SENDER,
      reference: returnReference(world.bookingId),
    });
    if (!bought.ok) throw new Error(bought.message);
    const { label } = bought;
    await db()
      .insert(returns)
      .values({
        id: crypto.randomUUID(),
        bookingId: world.bookingId,
        paymentId: world.deal.paymentId,
        buyerId: world.buyer.id,
        sellerId: world.seller.id,
        reason: "does_not_work",
        details: "The aperture blades stick at f/8.",
        state: labelled ? "accepted" : "requested",
        answerDueAt: new Date(Date.now() + 3 * DAY),
        ...(labelled
          ? {
              carrierProvider: "offline" as const,
              carrier: label.carrier,
              trackingNumber: label.trackingNumber,
              labelUrl: label.labelUrl,
              labelCostCents: label.costCents,
            }
          : {}),
      });
    return { label, outgoing: parcel! };
  }

  const read = async (userId: string, path: string) => {
    const response = await get(path, { Cookie: await sessionCookieFor(userId) });
    return { status: response.status, html: await response.text() };
  };
  const block = (html: string, testId: string) =>
    new RegExp(`data-testid="${testId}"[^>]*>([\\s\\S]*?)</address>`).exec(html)?.[1] ?? "";

  it("is drawn from the buyer's address back to the seller's sender address, with the return's tracking", async () => {
    const world = await deliveredDeal();
    const { label, outgoing } = await acceptedReturn(world);
    expect(label.labelUrl).toBe(`/dashboard/labels/return-${world.bookingId}`);
    const admin = await insertUser({ role: "admin" });
    for (const who of [world.buyer.id, world.seller.id, admin.id]) {
      const { status, html } = await read(who, label.labelUrl);
      expect(status).toBe(200);
      expect(html).toContain("Return label");
      const from = block(html, "label-sender");
      expect(from).toContain("Dana Buyer");
      expect(from).toContain("1550 Wewatta St");
      expect(from).toContain("Denver, CO 80202");
      const to = block(html, "label-recipient");
      expect(to).toContain("Maya Lens");
      expect(to).toContain("77 Atlantic Ave");
      expect(to).toContain("Unit 3");
      expect(to).toContain("Brooklyn, NY 11201");
      expect(html).toContain(label.trackingNumber);
      expect(html).not.toContain(outgoing.trackingNumber!);
      expect(html).toContain(`href="${shipmentPath(world.bookingId)}"`);
    }
    // The outgoing label is still the outgoing parcel's.
    const sent = await read(world.seller.id, `/dashboard/labels/${world.bookingId}`);
    expect(sent.status).toBe(200);
    expect(sent.html).toContain(outgoing.trackingNumber!);
    expect(sent.html).not.toContain(label.trackingNumber);
    expect(block(sent.html, "label-recipient")).toContain("Dana Buyer");
  });

  it("is nobody else's: a stranger, another buyer and another seller find no such label", async () => {
    const world = await deliveredDeal();
    const { label } = await acceptedReturn(world);
    for (const role of ["buyer", "seller"] as const) {
      const stranger = await insertUser({ role });
      expect((await read(stranger.id, label.labelUrl)).status).toBe(404);
    }
  });

  it("is not there before a return, nor while the return has no label, nor for a malformed deal", async () => {
    const world = await deliveredDeal();
    const path = `/dashboard/labels/${returnReference(world.bookingId)}`;
    expect((await read(world.buyer.id, path)).status).toBe(404);
    await acceptedReturn(world, false);
    expect((await read(world.buyer.id, path)).status).toBe(404);
    expect((await read(world.seller.id, path)).status).toBe(404);
    expect((await read(world.buyer.id, "/dashboard/labels/return-")).status).toBe(404);
    expect((await read(world.buyer.id, `/dashboard/labels/return-${"x".repeat(120)}`)).status).toBe(404);
  });

  it("sends a real carrier's return label to its file", async () => {
    const world = await deliveredDeal();
    await acceptedReturn(world);
    await db()
      .update(returns)
      .set({ carrierProvider: "shippo", labelUrl: "https://shippo-delivery.example/return.pdf" })
      .where(eq(returns.bookingId, world.bookingId));
    const response = await get(`/dashboard/labels/${returnReference(world.bookingId)}`, {
      Cookie: await sessionCookieFor(world.buyer.id),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://shippo-delivery.example/return.pdf");
  });
});
