// A return's prepaid label (ADR 0107): picked up where the deal shipped to, going back to the
// seller's sender address. Shippo's is its `is_return` label (its HTTP API intercepted here),
// asked the way the deal went; the offline carrier's is priced by its table, numbered apart from
// any outgoing parcel's, and drawn by Pay&Buy's label page for the deal's buyer, seller and admin.
import { afterEach, describe, expect, it, vi } from "vitest";
import { CARRIER_MESSAGES, type ReturnRoute, returnReference } from "#app/domain/deals/shipping/carriers";
import {
  OFFLINE_CARRIER_NAME,
  offlineCarrier,
  offlineRate,
  offlineTrackingNumber,
} from "#app/domain/deals/shipping/offline-carrier";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { SHIPPO_API, shippoCarrier } from "#app/domain/deals/shipping/shippo.server";

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
