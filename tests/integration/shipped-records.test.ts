// A shipped deal in the REST records (ADR 0086): GET /api/payouts/deals and GET /api/myOrders say
// what the Payouts page and My Orders show of it (its shipping, its label, how it travels and
// where the parcel is), read by the same domain reads as the pages.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { offlineRate } from "#app/domain/deals/shipping/offline-carrier";
import { formatMoney } from "#app/domain/shared/money";
import { shipments } from "#db/schema";
import { ORIGIN, sessionCookieFor } from "./auth-helpers";
import { amountsIn, USD } from "./factories";
import { apiCall, db } from "./money-fixtures";
import { paidShippedDeal } from "./shipping-fixtures";

const FROM = { name: "Sam Seller", line1: "100 Court St", city: "Brooklyn", region: "NY" };
const LABEL_CENTS = offlineRate({
  parcel: "small",
  country: "US",
  fromPostalCode: "11201",
  to: { postalCode: "80202" },
});

async function page(userId: string, path: string) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: await sessionCookieFor(userId) } });
  expect(response.status).toBe(200);
  return response.text();
}

describe("a shipped deal in the REST records", () => {
  it("carries the shipping and the label in GET /api/payouts/deals, as the Payouts page shows them", async () => {
    const { seller, bookingId } = await paidShippedDeal();
    expect((await apiCall(seller.id, "POST", `/api/shipments/${bookingId}/label`, FROM)).status).toBe(200);

    const [deal] = (await (await apiCall(seller.id, "GET", "/api/payouts/deals")).json()) as Array<
      Record<string, unknown>
    >;
    expect(deal).toMatchObject({
      bookingId,
      priceCents: 45_000 + 1_400,
      shipping: 14,
      shippingCents: 1_400,
      label: LABEL_CENTS / 100,
      labelCents: LABEL_CENTS,
    });
    const html = await page(seller.id, "/dashboard/payouts");
    // The sale's sum in words (ADR 0100): the same shipping and label as the record's.
    expect(html).toContain(`+ ${formatMoney(deal!.shippingCents as number, USD)} shipping`);
    expect(html).toContain(`− ${formatMoney(deal!.labelCents as number, USD)} label`);
  });

  it("carries the way, the shipping charge and the parcel's state in GET /api/myOrders, as My Orders shows them", async () => {
    const { seller, buyer, bookingId } = await paidShippedDeal();
    const order = async () =>
      ((await (await apiCall(buyer.id, "GET", "/api/myOrders")).json()) as Array<Record<string, unknown>>)[0];

    expect(await order()).toMatchObject({
      _id: bookingId,
      productPriceCents: 45_000,
      delivery: "ship",
      shipping: 14,
      shippingCents: 1_400,
      shipmentStatus: "awaiting_shipment",
    });
    let html = await page(buyer.id, "/dashboard/my_orders");
    expect(html).toContain(amountsIn("+ $ 14.00 shipping"));
    expect(html).toContain("To be sent");

    const sent = await apiCall(seller.id, "POST", `/api/shipments/${bookingId}/tracking`, {
      carrier: "USPS",
      trackingNumber: "9400100000000000000009",
    });
    expect(sent.status).toBe(200);
    expect(await order()).toMatchObject({ delivery: "ship", shipmentStatus: "in_transit" });
    html = await page(buyer.id, "/dashboard/my_orders");
    expect(html).toContain("On its way");
  });

  it("gives an offline parcel a trackingUrl its buyer can open: the deal's shipment page, for older labels too", async () => {
    const { seller, buyer, bookingId } = await paidShippedDeal();
    expect((await apiCall(seller.id, "POST", `/api/shipments/${bookingId}/label`, FROM)).status).toBe(200);
    const record = async () =>
      (await (await apiCall(buyer.id, "GET", `/api/shipments/${bookingId}`)).json()) as { trackingUrl: string };

    const { trackingUrl } = await record();
    expect(trackingUrl).toBe(`/dashboard/shipments/${bookingId}`);
    expect(await page(buyer.id, trackingUrl)).toContain("Deal: Nikon 50mm f/1.8");

    // A label bought before stored /track/OFF…, which no page answers: the record still gives the page.
    await db().update(shipments).set({ trackingUrl: "/track/OFFOLD123" }).where(eq(shipments.bookingId, bookingId));
    expect((await record()).trackingUrl).toBe(`/dashboard/shipments/${bookingId}`);
  });
});
