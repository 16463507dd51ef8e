// Labels through Pay&Buy (ADR 0086): the seller sees the label's cost beside the shipping paid,
// buys it once, and the deal pays for it at release; the offline carrier moves its parcels by
// itself; the real carrier (Shippo's HTTP API, intercepted here) prices and sells the same way.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { offlineRate } from "#app/domain/deals/shipping/offline-carrier";
import { SHIPPO_API, shippoCarrier } from "#app/domain/deals/shipping/shippo.server";
import { products, shipments } from "#db/schema";
import { insertCategory, insertProduct, insertUser } from "./factories";
import { expectLedgerHolds } from "./ledger-invariant";
import { apiCall, DAY, db, dealState } from "./money-fixtures";
import { ADDRESS, deliverLabelled, paidShippedDeal } from "./shipping-fixtures";
import { testEnv } from "./test-env";

const realFetch = globalThis.fetch;
afterEach(() => vi.restoreAllMocks());

const FROM = { name: "Sam Seller", line1: "100 Court St", city: "Brooklyn", region: "NY" };

/** A paid shipped deal ($ 450.00, its shipping flat or, with null, the carrier's rate). */
const paidShipment = (shippingPriceCents: number | null = 1_400) => paidShippedDeal({ shippingPriceCents });

const LABEL_CENTS = offlineRate({
  parcel: "small",
  country: "US",
  fromPostalCode: "11201",
  to: { postalCode: "80202" },
});

describe("a label through Pay&Buy", () => {
  it("shows its cost beside the shipping paid before it is bought, to the deal's seller only", async () => {
    const { seller, buyer, bookingId } = await paidShipment();
    const quote = await apiCall(seller.id, "GET", `/api/shipments/${bookingId}/label-quote`);
    expect(await quote.json()).toEqual({
      label: LABEL_CENTS / 100,
      labelCents: LABEL_CENTS,
      shipping: 14,
      shippingCents: 1_400,
      differenceCents: 1_400 - LABEL_CENTS,
      // The sale can pay it: $ 450.00 and $ 14.00 shipping, less the 8 % fee on the item.
      budget: 428.0,
      budgetCents: 42_800,
      affordable: true,
      refusal: null,
    });
    expect((await apiCall(buyer.id, "GET", `/api/shipments/${bookingId}/label-quote`)).status).toBe(403);
    const other = await insertUser({ role: "seller" });
    expect((await apiCall(other.id, "GET", `/api/shipments/${bookingId}/label-quote`)).status).toBe(404);
  });

  it("is bought once, even when asked for several times at once, and gives the parcel its tracking", async () => {
    const { seller, bookingId } = await paidShipment();
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() => apiCall(seller.id, "POST", `/api/shipments/${bookingId}/label`, FROM)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
    const [shipment] = await db().select().from(shipments).where(eq(shipments.bookingId, bookingId));
    expect(shipment).toMatchObject({
      status: "pre_transit",
      carrierProvider: "offline",
      labelRef: `offline-label-${bookingId}`,
      labelCostCents: LABEL_CENTS,
      labelUrl: `/dashboard/labels/${bookingId}`,
    });
    expect(shipment?.trackingNumber).toMatch(/^OFF[0-9A-Z]+$/);
    // The sender's address is passed on, never kept.
    expect(JSON.stringify(shipment)).not.toContain("100 Court St");
  });

  it("refuses a sender's address with a missing or unprintable line, and buys nothing", async () => {
    const { seller, bookingId } = await paidShipment();
    const refused = await apiCall(seller.id, "POST", `/api/shipments/${bookingId}/label`, {
      ...FROM,
      line1: "",
      city: "Brooklyn\u0000",
    });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      error: { fields: { line1: ["Enter your street address."], city: ["City contains characters we cannot show."] } },
    });
    expect((await db().select().from(shipments).where(eq(shipments.bookingId, bookingId)))[0]?.labelRef).toBeNull();
  });

  it("is paid by the deal at release: the seller gets the item less the fee, and the shipping less the label", async () => {
    const { seller, buyer, bookingId, deal } = await paidShipment();
    expect((await apiCall(seller.id, "POST", `/api/shipments/${bookingId}/label`, FROM)).status).toBe(200);
    // While held, Payouts shows what the release will pay: the label is taken from it.
    const expected = 45_000 - 3_600 + 1_400 - LABEL_CENTS;
    const listed: unknown = await (await apiCall(seller.id, "GET", "/api/payouts/deals")).json();
    const rows = (Array.isArray(listed) ? listed : ((listed as { deals?: unknown[] }).deals ?? [])) as Array<{
      bookingId: string;
      netCents: number;
    }>;
    expect(rows.find((row) => row.bookingId === bookingId)?.netCents).toBe(expected);
    await deliverLabelled(buyer.id, bookingId);
    expect((await apiCall(buyer.id, "POST", `/api/bookings/${bookingId}/receipt`)).status).toBe(200);
    const state = await dealState(deal.paymentId);
    expect(state.fee).toBe(3_600);
    expect(state.count("label")).toBe(1);
    expect(state.entries.find((entry) => entry.kind === "label")?.amountCents).toBe(LABEL_CENTS);
    expect(state.net).toBe(45_000 - 3_600 + 1_400 - LABEL_CENTS);
    await expectLedgerHolds(testEnv.DB);
  });

  it("is given back out of the label's part when a refund after release leaves too little to pay for it", async () => {
    const { seller, buyer, bookingId, deal } = await paidShipment(0);
    expect((await apiCall(seller.id, "POST", `/api/shipments/${bookingId}/label`, FROM)).status).toBe(200);
    await deliverLabelled(buyer.id, bookingId);
    expect((await apiCall(buyer.id, "POST", `/api/bookings/${bookingId}/receipt`)).status).toBe(200);
    const { recordProviderRefund } = await import("#app/domain/deals/settlement/decisions.server");
    const { offlineProvider, settings } = await import("./money-fixtures");
    const [payment] = await testEnv.DB.prepare("select transaction_id from payments where id = ?")
      .bind(deal.paymentId)
      .all<{ transaction_id: string }>()
      .then((result) => result.results);
    const refunded = await recordProviderRefund(db(), offlineProvider(), settings(), {
      transactionId: payment!.transaction_id,
      refundRef: "re_all",
      amountCents: 45_000,
    });
    expect(refunded.ok).toBe(true);
    const state = await dealState(deal.paymentId);
    expect(state.refunded).toBe(45_000);
    expect(state.count("label_refund")).toBe(1);
    expect(state.net).toBe(0);
    await expectLedgerHolds(testEnv.DB);
  });

  it("keeps the parcel from being cancelled while its label is being bought", async () => {
    const { buyer, bookingId } = await paidShipment();
    await db()
      .update(shipments)
      .set({
        carrierProvider: "offline",
        labelRef: "pending:x",
        labelCostCents: 900,
        shipBy: new Date(Date.now() - 60_000),
      })
      .where(eq(shipments.bookingId, bookingId));
    const cancel = await apiCall(buyer.id, "POST", `/api/shipments/${bookingId}/cancel`);
    expect(cancel.status).toBe(409);
    // A purchase that never finished lets the parcel go after a while; then the buyer may cancel.
    const { tick } = await import("./money-fixtures");
    await db()
      .update(shipments)
      .set({ updatedAt: new Date(Date.now() - DAY) })
      .where(eq(shipments.bookingId, bookingId));
    await tick(Date.now());
    expect((await db().select().from(shipments).where(eq(shipments.bookingId, bookingId)))[0]?.labelRef).toBeNull();
    expect((await apiCall(buyer.id, "POST", `/api/shipments/${bookingId}/cancel`)).status).toBe(200);
  });

  it("moves the offline carrier's parcel on by itself: picked up a day later, delivered two days after", async () => {
    const { seller, bookingId, deal } = await paidShipment();
    await apiCall(seller.id, "POST", `/api/shipments/${bookingId}/label`, FROM);
    const [bought] = await db().select().from(shipments).where(eq(shipments.bookingId, bookingId));
    const shipped = bought!.shippedAt!.getTime();
    const { tick } = await import("./money-fixtures");
    await tick(shipped + DAY + 60_000);
    expect((await db().select().from(shipments).where(eq(shipments.bookingId, bookingId)))[0]?.status).toBe(
      "in_transit",
    );
    await tick(shipped + 3 * DAY + 120_000);
    const [delivered] = await db().select().from(shipments).where(eq(shipments.bookingId, bookingId));
    expect(delivered?.status).toBe("delivered");
    expect((await dealState(deal.paymentId)).deal.releaseDueAt?.getTime()).toBe(
      delivered!.deliveredAt!.getTime() + 3 * DAY,
    );
  });
});

describe("the real carrier's adapter (Shippo's HTTP API, intercepted)", () => {
  function interceptShippo(rates: Array<{ amount: string; currency: string }>, transaction: Record<string, unknown>) {
    const seen: Array<{ path: string; body: Record<string, unknown>; auth: string | null }> = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      const url = new URL(request.url);
      if (`${url.protocol}//${url.host}` !== SHIPPO_API) return realFetch(input as RequestInfo, init);
      const body = (await request.json()) as Record<string, unknown>;
      seen.push({ path: url.pathname, body, auth: request.headers.get("Authorization") });
      if (url.pathname === "/shipments/")
        return Response.json({
          object_id: "shp_1",
          rates: rates.map((rate, index) => ({ object_id: `rate_${index}`, provider: `Carrier ${index}`, ...rate })),
        });
      if (url.pathname === "/transactions/") return Response.json(transaction);
      return new Response("not found", { status: 404 });
    });
    return seen;
  }

  const route = {
    parcel: "medium" as const,
    country: "US" as const,
    fromPostalCode: "11201",
    to: {
      postalCode: "80202",
      recipient: "Dana Buyer",
      line1: "1550 Wewatta St",
      line2: null,
      city: "Denver",
      region: "CO",
      country: "US" as const,
    },
  };

  it("prices a parcel at the cheapest rate in the charge's currency, with the parcel's box and weight", async () => {
    const seen = interceptShippo(
      [
        { amount: "18.40", currency: "USD" },
        { amount: "9.95", currency: "USD" },
        { amount: "3.00", currency: "EUR" },
      ],
      {},
    );
    const carrier = shippoCarrier({ SHIPPO_API_KEY: "shippo_test_key" }, "usd");
    expect(await carrier.rate(route)).toEqual({ ok: true, cents: 995 });
    expect(seen[0]).toMatchObject({
      path: "/shipments/",
      auth: "ShippoToken shippo_test_key",
      body: {
        address_from: { zip: "11201", country: "US" },
        address_to: { zip: "80202", country: "US", city: "Denver" },
        parcels: [{ length: "35", width: "25", height: "15", distance_unit: "cm", weight: "3000", mass_unit: "g" }],
      },
    });
  });

  it("buys the label at that rate, and refuses an answer without its tracking or file", async () => {
    const seen = interceptShippo([{ amount: "12.34", currency: "USD" }], {
      object_id: "txn_1",
      status: "SUCCESS",
      tracking_number: "9400100000000000000099",
      tracking_url_provider: "https://tools.usps.com/track?n=9400100000000000000099",
      label_url: "https://shippo-delivery.example/label.pdf",
    });
    const carrier = shippoCarrier({ SHIPPO_API_KEY: "shippo_test_key" }, "usd");
    const bought = await carrier.buyLabel({
      ...route,
      from: { name: "Sam Seller", line1: "100 Court St", line2: null, city: "Brooklyn", region: "NY" },
      reference: "booking-1",
    });
    expect(bought).toEqual({
      ok: true,
      label: {
        labelRef: "txn_1",
        labelUrl: "https://shippo-delivery.example/label.pdf",
        carrier: "Carrier 0",
        trackingNumber: "9400100000000000000099",
        trackingUrl: "https://tools.usps.com/track?n=9400100000000000000099",
        costCents: 1_234,
      },
    });
    expect(seen.map((request) => request.path)).toEqual(["/shipments/", "/transactions/"]);
    expect(seen[0]?.body.address_from).toMatchObject({ name: "Sam Seller", street1: "100 Court St", city: "Brooklyn" });
    expect(seen[1]?.body).toMatchObject({ rate: "rate_0", label_file_type: "PDF" });

    vi.restoreAllMocks();
    interceptShippo([{ amount: "12.34", currency: "USD" }], { object_id: "txn_2", status: "ERROR" });
    expect(
      await carrier.buyLabel({
        ...route,
        from: { name: "Sam Seller", line1: "100 Court St", line2: null, city: "Brooklyn", region: "NY" },
        reference: "booking-2",
      }),
    ).toMatchObject({ ok: false });
  });

  it("books at the real carrier's rate for the buyer's address", async () => {
    interceptShippo([{ amount: "11.20", currency: "USD" }], {});
    const category = await insertCategory({ title: "Tripod" });
    const seller = await insertUser({ role: "seller" });
    const buyer = await insertUser({ role: "buyer" });
    const product = await insertProduct({
      sellerId: seller.id,
      categoryId: category.id,
      delivery: "both",
      shipsFromCountry: "US",
      shipsFromPostalCode: "11201",
      parcel: "large",
      shippingPriceCents: null,
      handlingDays: 3,
    });
    const { bookProduct } = await import("#app/domain/deals/bookings/bookings.server");
    const result = await bookProduct(
      db(),
      { id: buyer.id, role: "buyer" },
      {
        productId: product.id,
        delivery: "ship",
        buyerContact: "+1 303 555 0101",
        address: { ...ADDRESS, line2: null, country: "US" },
      },
      { hours: 48 },
      shippoCarrier({ SHIPPO_API_KEY: "shippo_test_key" }, "usd"),
    );
    expect(result.ok).toBe(true);
    const [row] = await testEnv.DB.prepare("select shipping_cents from bookings where product_id = ?")
      .bind(product.id)
      .all<{ shipping_cents: number }>()
      .then((r) => r.results);
    expect(row?.shipping_cents).toBe(1_120);
    expect((await db().select().from(products).where(eq(products.id, product.id)))[0]?.status).toBe("booked");
  });
});

describe("Shippo's tracking webhook", () => {
  const SECRET = "whsec_shippo_integration";
  const env = { ...testEnv, SHIPPO_WEBHOOK_SECRET: SECRET };
  const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
  const hook = async (body: unknown, token: string | null = SECRET) => {
    const { app } = await import("../../workers/app");
    return app.request(
      `https://pay.test/api/webhooks/shippo${token === null ? "" : `?token=${encodeURIComponent(token)}`}`,
      { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
      env,
      ctx,
    );
  };
  const track = (status: string, date: string, trackingNumber = "9400100000000000000088") => ({
    event: "track_updated",
    test: true,
    data: {
      carrier: "usps",
      tracking_number: trackingNumber,
      tracking_status: { status, status_date: date, status_details: "Arrived at USPS facility" },
    },
  });

  it("is not there unless its secret is configured, and refuses any other token", async () => {
    const { SELF } = await import("cloudflare:test");
    expect(
      (await SELF.fetch("https://pay.test/api/webhooks/shippo?token=x", { method: "POST", body: "{}" })).status,
    ).toBe(404);
    expect((await hook(track("TRANSIT", "2026-11-29T10:00:00Z"), "wrong")).status).toBe(401);
    expect((await hook(track("TRANSIT", "2026-11-29T10:00:00Z"), null)).status).toBe(401);
  });

  it("moves a parcel labelled through Shippo once and in order, whatever is repeated or late", async () => {
    const { bookingId, deal } = await paidShipment();
    await db()
      .update(shipments)
      .set({
        status: "pre_transit",
        carrier: "USPS",
        trackingNumber: "9400100000000000000088",
        carrierProvider: "shippo",
        labelRef: "txn_hook",
        labelCostCents: 995,
        labelUrl: "https://shippo-delivery.example/label.pdf",
        shippedAt: new Date("2026-11-28T10:00:00Z"),
      })
      .where(eq(shipments.bookingId, bookingId));
    const outcome = async (body: unknown) => ((await (await hook(body)).json()) as { outcome: string }).outcome;
    expect(await outcome(track("TRANSIT", "2026-11-29T10:00:00Z"))).toBe("applied");
    expect(await outcome(track("DELIVERED", "2026-11-30T15:00:00Z"))).toBe("applied");
    // Shippo sends again, and late: nothing changes.
    expect(await outcome(track("DELIVERED", "2026-11-30T15:00:00Z"))).toBe("ignored_older");
    expect(await outcome(track("TRANSIT", "2026-11-29T18:00:00Z"))).toBe("ignored_older");
    expect(await outcome(track("UNKNOWN", "2026-12-01T10:00:00Z"))).toBe("ignored");
    expect(await outcome({ event: "transaction_created", data: {} })).toBe("ignored");
    expect(await outcome(track("DELIVERED", "2026-12-01T10:00:00Z", "NOT-OURS-1"))).toBe("unknown_parcel");
    const [shipment] = await db().select().from(shipments).where(eq(shipments.bookingId, bookingId));
    expect(shipment).toMatchObject({ status: "delivered", deliveredAt: new Date("2026-11-30T15:00:00Z") });
    expect((await dealState(deal.paymentId)).deal.releaseDueAt).toEqual(new Date("2026-12-03T15:00:00Z"));
    const bad = await (await import("../../workers/app")).app.request(
      `https://pay.test/api/webhooks/shippo?token=${SECRET}`,
      { method: "POST", headers: { "Content-Type": "application/json" }, body: "{not json" },
      env,
      ctx,
    );
    expect(bad.status).toBeLessThan(500);
  });
});
