// A shipped deal (ADR 0086): the buyer books with an address, pays the item and its shipping
// (both read from the database), the seller is paid the item less the fee and the shipping in
// full; nothing the request says about money is trusted.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DELIVERY_LIMITS } from "#app/domain/catalog/delivery";
import {
  AUTO_CANCEL_DAYS,
  addBusinessDays,
  latestShipByOf,
  NOT_RECEIVED_DAYS,
  shipByOf,
} from "#app/domain/deals/parcels/clock";
import { offlineRate } from "#app/domain/deals/shipping/offline-carrier";
import { bookings, deals, modelSales, payments, products, shipments } from "#db/schema";
import { ORIGIN } from "./auth-helpers";
import { amountsIn, insertUser, USD } from "./factories";
import { expectLedgerHolds } from "./ledger-invariant";
import { apiCall, DAY, db, dealState } from "./money-fixtures";
import {
  ADDRESS,
  book,
  bookShipped,
  paidShippedDeal,
  payShipped,
  sendAndDeliver,
  shippedListing,
} from "./shipping-fixtures";
import { testEnv } from "./test-env";

describe("booking a listing that ships", () => {
  it("keeps the address in the booking's shipment and the listing's flat shipping price, whatever the request says", async () => {
    const { buyer, product } = await shippedListing();
    const response = await book(buyer.id, {
      productId: product.id,
      delivery: "ship",
      buyerContact: "+1 303 555 0101",
      ...ADDRESS,
      shippingCents: 1,
      price: 1,
    });
    expect(response.status).toBe(201);
    const [booking] = await db().select().from(bookings).where(eq(bookings.productId, product.id));
    expect(booking).toMatchObject({ delivery: "ship", shippingCents: 1_400, priceCents: 45_000, meetLocation: "" });
    const [shipment] = await db().select().from(shipments).where(eq(shipments.bookingId, booking!.id));
    expect(shipment).toMatchObject({ ...ADDRESS, status: "awaiting_shipment", parcel: "small", shipBy: null });
  });

  it("charges the carrier's rate for the address when the listing leaves the price to it", async () => {
    const { buyer, product } = await shippedListing({ shippingPriceCents: null, parcel: "medium" });
    expect(
      (await book(buyer.id, { productId: product.id, delivery: "ship", buyerContact: "+1 303 555 0101", ...ADDRESS }))
        .status,
    ).toBe(201);
    const [booking] = await db().select().from(bookings).where(eq(bookings.productId, product.id));
    const rate = offlineRate({ parcel: "medium", country: "US", fromPostalCode: "11201", to: { postalCode: "80202" } });
    expect(rate).toBe(1_495 + 120 * 7);
    expect(booking?.shippingCents).toBe(rate);
  });

  it("refuses a meetup of a listing that only ships, and shipping of one that only meets, saying which", async () => {
    const { buyer, product } = await shippedListing();
    const meetup = await book(buyer.id, {
      productId: product.id,
      meetLocation: "Union Square",
      buyerContact: "+1 303 555 0101",
    });
    expect(meetup.status).toBe(422);
    expect(await meetup.json()).toMatchObject({
      error: { message: "This listing is only shipped: choose shipping and give your address." },
    });
    const local = await shippedListing({
      delivery: "meetup",
      shipsFromCountry: null,
      shipsFromPostalCode: null,
      parcel: null,
      shippingPriceCents: null,
      handlingDays: null,
    });
    const shipped = await book(local.buyer.id, {
      productId: local.product.id,
      delivery: "ship",
      buyerContact: "+1 303 555 0101",
      ...ADDRESS,
    });
    expect(shipped.status).toBe(422);
    expect(await shipped.json()).toMatchObject({
      error: { message: "This listing is handed over in person only: choose a meetup." },
    });
    expect(await db().select().from(bookings)).toHaveLength(0);
    expect(await db().select().from(shipments)).toHaveLength(0);
  });

  it("refuses an address in a country the listing does not ship within, without a postal code, or with characters we cannot show", async () => {
    const { buyer, product } = await shippedListing();
    const refused = async (overrides: Record<string, string>) => {
      const response = await book(buyer.id, {
        productId: product.id,
        delivery: "ship",
        buyerContact: "+1 303 555 0101",
        ...ADDRESS,
        ...overrides,
      });
      expect(response.status, JSON.stringify(overrides).slice(0, 80)).toBe(422);
      return ((await response.json()) as { error: { message: string; fields?: Record<string, string[]> } }).error;
    };
    expect((await refused({ country: "CA", postalCode: "M5V 2T6" })).message).toBe(
      "This listing ships within United States only.",
    );
    expect((await refused({ country: "FR" })).fields?.country).toEqual([
      "We ship within United States and Canada only.",
    ]);
    expect((await refused({ postalCode: "" })).fields?.postalCode).toEqual(["Enter the postal code."]);
    expect((await refused({ postalCode: "8020" })).fields?.postalCode).toEqual([
      "Enter a US ZIP code, such as 11201 or 11201-1234.",
    ]);
    expect((await refused({ line1: "1550 Wewatta\u0007 St" })).fields?.line1).toEqual([
      "Street address contains characters we cannot show.",
    ]);
    expect((await refused({ line1: "x".repeat(3_000_000) })).fields?.line1?.[0]).toMatch(/at most 200/);
    expect((await refused({ recipient: "" })).fields?.recipient).toEqual(["Enter who the parcel is for."]);
    expect(await db().select().from(bookings)).toHaveLength(0);
  });

  it("books once under a double submit: one booking, one shipment", async () => {
    const { buyer, product } = await shippedListing();
    const body = { productId: product.id, delivery: "ship", buyerContact: "+1 303 555 0101", ...ADDRESS };
    const answers = await Promise.all(Array.from({ length: 6 }, () => book(buyer.id, body)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await db().select().from(bookings)).toHaveLength(1);
    expect(await db().select().from(shipments)).toHaveLength(1);
  });

  it("refuses a booking when the seller changed the shipping terms after the quote", async () => {
    const { buyer, product } = await shippedListing({ shippingPriceCents: null });
    const { bookProduct } = await import("#app/domain/deals/bookings/bookings.server");
    const changing = {
      name: "offline" as const,
      async rate() {
        // The seller's edit lands between the quote and the booking.
        await db().update(products).set({ parcel: "large" }).where(eq(products.id, product.id));
        return { ok: true as const, cents: 999 };
      },
      async buyLabel() {
        return { ok: false as const, message: "unused" };
      },
      async buyReturnLabel() {
        return { ok: false as const, message: "unused" };
      },
    };
    const result = await bookProduct(
      db(),
      { id: buyer.id, role: "buyer" },
      {
        productId: product.id,
        delivery: "ship",
        buyerContact: "+1 303 555 0101",
        address: { ...ADDRESS, country: "US" },
      },
      { hours: 48 },
      changing,
    );
    expect(result).toMatchObject({
      ok: false,
      status: 409,
      message: "The seller just changed how this listing ships: look again and book.",
    });
    expect(await db().select().from(bookings)).toHaveLength(0);
  });
});

describe("paying for a shipped deal", () => {
  it("charges the item and its shipping, both from the database, and sets the day it must be sent by", async () => {
    const before = Date.now();
    const { buyer, bookingId, deal } = await paidShippedDeal();
    const intent = await apiCall(buyer.id, "POST", "/api/create-payment-intent", { bookingId, price: 1 });
    expect(intent.status).toBe(409);
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(payment).toMatchObject({ amountCents: 46_400, shippingCents: 1_400 });
    expect(deal).toMatchObject({ amountCents: 46_400, shippingCents: 1_400, state: "held" });
    const [shipment] = await db().select().from(shipments).where(eq(shipments.bookingId, bookingId));
    const shipBy = shipment!.shipBy!.getTime();
    expect(shipBy).toBeGreaterThanOrEqual(shipByOf(before, 2));
    expect(shipBy).toBeLessThanOrEqual(shipByOf(Date.now(), 2));
    await expectLedgerHolds(testEnv.DB);
  });

  it("gives a listing with the longest handling time the listing rule allows its whole time, not a shorter one", async () => {
    const before = Date.now();
    const { bookingId, deal } = await paidShippedDeal({ handlingDays: DELIVERY_LIMITS.maxHandlingDays });
    const after = Date.now();
    const [shipment] = await db().select().from(shipments).where(eq(shipments.bookingId, bookingId));
    const shipBy = shipment!.shipBy!.getTime();
    expect(shipBy).toBeGreaterThanOrEqual(shipByOf(before, DELIVERY_LIMITS.maxHandlingDays));
    expect(shipBy).toBeLessThanOrEqual(shipByOf(after, DELIVERY_LIMITS.maxHandlingDays));
    // The deal's bound before delivery is past the latest day such a parcel can be sent and claimed missing.
    const releaseDueAt = deal.releaseDueAt!.getTime();
    expect(releaseDueAt).toBeGreaterThanOrEqual(latestShipByOf(before) + (AUTO_CANCEL_DAYS + NOT_RECEIVED_DAYS) * DAY);
    expect(releaseDueAt).toBeGreaterThan(shipBy);
  });

  it("takes the platform's fee on the item only: the seller is paid the item less the fee, and the shipping in full", async () => {
    const { seller, buyer, bookingId, deal } = await paidShippedDeal();
    await sendAndDeliver(seller.id, bookingId);
    const confirmed = await apiCall(buyer.id, "POST", `/api/bookings/${bookingId}/receipt`);
    expect(confirmed.status).toBe(200);
    const state = await dealState(deal.paymentId);
    // 8 % of $ 450.00 is $ 36.00; the $ 14.00 shipping goes to the seller whole.
    expect(state.fee).toBe(3_600);
    expect(state.net).toBe(45_000 - 3_600 + 1_400);
    expect(state.charged).toBe(46_400);
    await expectLedgerHolds(testEnv.DB);
  });

  it("records a model's sale at the item's price, without the shipping", async () => {
    const { deal } = await paidShippedDeal({
      gearKind: "lens",
      brand: "nikon",
      model: "nikon-af-s-50mm-f1-8g",
      mount: "nikon-f",
    });
    const [sale] = await db().select().from(modelSales).where(eq(modelSales.paymentId, deal.paymentId));
    expect(sale?.amountCents).toBe(45_000);
  });

  it("is a business-day clock: Friday plus two business days is Tuesday", () => {
    const friday = Date.UTC(2026, 10, 27, 15);
    expect(new Date(addBusinessDays(friday, 2)).getUTCDay()).toBe(2);
    expect(new Date(shipByOf(friday, 2)).toISOString()).toBe("2026-12-02T15:00:00.000Z");
  });

  it("shows the buyer the item and the shipping on the payment page", async () => {
    const world = await shippedListing();
    const bookingId = await bookShipped(world);
    const { sessionCookieFor } = await import("./auth-helpers");
    const page = await SELF.fetch(`${ORIGIN}/dashboard/payment/${bookingId}`, {
      headers: { Cookie: await sessionCookieFor(world.buyer.id) },
    });
    const html = await page.text();
    expect(html).toContain(amountsIn("Please, pay $ 464.00 for your product Nikon 50mm f/1.8"));
    expect(html).toContain(amountsIn("$ 450.00 for the item and $ 14.00 for shipping."));
  });
});

describe("the parcel's way", () => {
  async function paidShipment() {
    const world = await shippedListing();
    const bookingId = await bookShipped(world);
    const page = (userId: string) => pageOf(userId, `/dashboard/shipments/${bookingId}`);
    const before = await page(world.seller.id);
    const deal = await payShipped(world.buyer.id, bookingId);
    return { ...world, bookingId, deal, page, before };
  }

  async function pageOf(userId: string, path: string) {
    const { sessionCookieFor } = await import("./auth-helpers");
    const response = await SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: await sessionCookieFor(userId) } });
    return { status: response.status, html: await response.text() };
  }

  async function postForm(userId: string, path: string, fields: Record<string, string>) {
    const { sessionCookieFor } = await import("./auth-helpers");
    return SELF.fetch(`${ORIGIN}${path}`, {
      method: "POST",
      headers: {
        Cookie: await sessionCookieFor(userId),
        Origin: ORIGIN,
        Host: new URL(ORIGIN).host,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  }

  it("shows the address to the seller only once the deal is paid, and to nobody else", async () => {
    const { seller, buyer, before, page } = await paidShipment();
    expect(before.status).toBe(200);
    expect(before.html).not.toContain("1550 Wewatta St");
    expect((await page(seller.id)).html).toContain("1550 Wewatta St");
    expect((await page(buyer.id)).html).toContain("1550 Wewatta St");
    const stranger = await insertUser({ role: "seller" });
    expect((await page(stranger.id)).status).toBe(404);
    const otherBuyer = await insertUser({ role: "buyer" });
    expect((await page(otherBuyer.id)).status).toBe(404);
  });

  it("is sent once by its seller with a tracking number, which the buyer then follows", async () => {
    const { seller, buyer, bookingId, page } = await paidShipment();
    const path = `/dashboard/shipments/${bookingId}/tracking`;
    const bad = await postForm(seller.id, path, { carrier: "USPS", trackingNumber: "94001\u0007" });
    expect(bad.status).toBe(400);
    const [untouched] = await db().select().from(shipments).where(eq(shipments.bookingId, bookingId));
    expect(untouched?.status).toBe("awaiting_shipment");
    const strangerSeller = await insertUser({ role: "seller" });
    await postForm(strangerSeller.id, path, { carrier: "USPS", trackingNumber: "9400 1000 0000 0000 0000 01" });
    expect((await db().select().from(shipments).where(eq(shipments.bookingId, bookingId)))[0]?.status).toBe(
      "awaiting_shipment",
    );
    const sent = await Promise.all(
      [0, 1, 2].map(() =>
        postForm(seller.id, path, { carrier: "USPS", trackingNumber: "9400 1000 0000 0000 0000 01" }),
      ),
    );
    expect(sent.every((response) => response.status === 302)).toBe(true);
    const [shipment] = await db().select().from(shipments).where(eq(shipments.bookingId, bookingId));
    expect(shipment).toMatchObject({
      status: "in_transit",
      carrier: "USPS",
      trackingNumber: "9400100000000000000001",
      version: 2,
    });
    expect((await page(buyer.id)).html).toContain("USPS 9400100000000000000001");
    const orders = await pageOf(buyer.id, "/dashboard/my_orders");
    expect(orders.html).toContain("On its way");
    const buyers = await pageOf(seller.id, "/dashboard/my_buyer");
    expect(buyers.html).toContain(`/dashboard/shipments/${bookingId}`);
  });

  it("answers a tracking number or a sender's address it cannot read with 400 and the form's errors, as typed", async () => {
    const { seller, bookingId } = await paidShipment();
    const tracking = await postForm(seller.id, `/dashboard/shipments/${bookingId}/tracking`, {
      carrier: "US\u0000PS",
      trackingNumber: "9400\u00071000",
    });
    expect(tracking.status).toBe(400);
    expect(tracking.headers.get("Set-Cookie") ?? "").not.toMatch(/toast/i);
    const trackingPage = await tracking.text();
    expect(trackingPage).toContain("Enter the tracking number: 6 to 40 letters and digits.");
    expect(trackingPage).toContain("The carrier contains characters we cannot show.");
    expect(trackingPage).toMatch(
      /id="tracking-number"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="tracking-number"/,
    );
    // The rest of the page is there around the form: the address and the label's form.
    expect(trackingPage).toContain("1550 Wewatta St");
    expect(trackingPage).toContain("Buy a label through Pay&amp;Buy");

    const label = await postForm(seller.id, `/dashboard/shipments/${bookingId}/label`, {
      name: "Sol\u001bSeller",
      line1: "",
      city: "Brooklyn",
      region: "NY",
    });
    expect(label.status).toBe(400);
    const labelPage = await label.text();
    expect(labelPage).toContain("Your name contains characters we cannot show.");
    expect(labelPage).toContain("Enter your street address.");
    expect(labelPage).toContain('value="Brooklyn"');
    expect(labelPage).toContain("Sent it yourself? Add the tracking");

    const [untouched] = await db().select().from(shipments).where(eq(shipments.bookingId, bookingId));
    expect(untouched).toMatchObject({ status: "awaiting_shipment", carrierProvider: null, version: 1 });
  });

  it("starts the buyer's protection at delivery: nothing is released by itself while the parcel travels", async () => {
    const { seller, buyer, bookingId, deal } = await paidShipment();
    const { tick } = await import("./money-fixtures");
    expect(deal.releaseDueAt!.getTime()).toBeGreaterThan(Date.now() + 20 * DAY);
    // A label of the test carrier's: its parcel is followed, and delivered when the carrier says so.
    const labelled = await apiCall(seller.id, "POST", `/api/shipments/${bookingId}/label`, {
      name: "Maya Lens",
      line1: "100 Court St",
      line2: "",
      city: "Brooklyn",
      region: "NY",
    });
    expect(labelled.status).toBe(200);
    expect((await apiCall(buyer.id, "POST", `/api/shipments/${bookingId}/test-advance`)).status).toBe(200);
    // Long after a meetup's window: the parcel is still on its way, so the money stays held (its
    // sending dated so that the scheduled job's test carrier does not deliver it meanwhile).
    await db()
      .update(shipments)
      .set({ shippedAt: new Date(deal.releaseDueAt!.getTime()) })
      .where(eq(shipments.bookingId, bookingId));
    await tick(deal.releaseDueAt!.getTime() + DAY);
    expect((await dealState(deal.paymentId)).deal.state).toBe("held");
    const delivered = await apiCall(buyer.id, "POST", `/api/shipments/${bookingId}/test-advance`);
    expect(delivered.status).toBe(200);
    const [shipment] = await db().select().from(shipments).where(eq(shipments.bookingId, bookingId));
    expect(shipment?.status).toBe("delivered");
    const after = (await dealState(deal.paymentId)).deal;
    expect(after.releaseDueAt!.getTime()).toBe(shipment!.deliveredAt!.getTime() + 3 * DAY);
    await tick(after.releaseDueAt!.getTime() + 60_000);
    expect((await dealState(deal.paymentId)).deal.state).toBe("released");
    await expectLedgerHolds(testEnv.DB);
  });

  it("applies each carrier event once and in order: older or repeated events change nothing", async () => {
    const { seller, bookingId } = await paidShipment();
    await apiCall(seller.id, "POST", `/api/shipments/${bookingId}/tracking`, {
      carrier: "USPS",
      trackingNumber: "9400100000000000000003",
    });
    const { applyTrackingEvent } = await import("#app/domain/deals/shipping/tracking-events.server");
    const base = Date.now();
    const at = (minutes: number) => new Date(base + minutes * 60_000);
    const event = (status: "in_transit" | "delivered", minutes: number) => ({
      carrier: "USPS",
      trackingNumber: "9400100000000000000003",
      status,
      at: at(minutes),
      detail: "",
    });
    const outcomes = await Promise.all([1, 2, 3].map(() => applyTrackingEvent(db(), event("delivered", 10), 3)));
    expect(outcomes.filter((outcome) => outcome === "applied")).toHaveLength(1);
    expect(await applyTrackingEvent(db(), event("in_transit", 5), 3)).toBe("ignored_older");
    expect(await applyTrackingEvent(db(), event("in_transit", 20), 3)).toBe("ignored_final");
    const [shipment] = await db().select().from(shipments).where(eq(shipments.bookingId, bookingId));
    expect(shipment).toMatchObject({ status: "delivered", deliveredAt: at(10) });
    expect(await applyTrackingEvent(db(), { ...event("delivered", 30), trackingNumber: "NOPE000000" }, 3)).toBe(
      "unknown_parcel",
    );
  });

  it("takes its buyer's word for delivery when its seller tracks it themselves: no carrier will say delivered (ADR 0098)", async () => {
    const { seller, buyer, bookingId, deal } = await paidShipment();
    await apiCall(seller.id, "POST", `/api/shipments/${bookingId}/tracking`, {
      carrier: "USPS",
      trackingNumber: "9400100000000000000004",
    });
    expect((await apiCall(buyer.id, "POST", `/api/bookings/${bookingId}/receipt`)).status).toBe(200);
    expect((await dealState(deal.paymentId)).deal.state).toBe("released");
  });

  it("has nothing to move before the parcel is sent, and a refused tracking number says why", async () => {
    const { seller, buyer, bookingId } = await paidShipment();
    const early = await apiCall(buyer.id, "POST", `/api/shipments/${bookingId}/test-advance`);
    expect(early.status).toBe(409);
    const bad = await apiCall(seller.id, "POST", `/api/shipments/${bookingId}/tracking`, {
      carrier: "",
      trackingNumber: "x",
    });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({
      error: {
        fields: {
          carrier: ["Enter the carrier, such as USPS, UPS, FedEx or Canada Post."],
          trackingNumber: ["Enter the tracking number: 6 to 40 letters and digits."],
        },
      },
    });
    const byBuyer = await apiCall(buyer.id, "POST", `/api/shipments/${bookingId}/tracking`, {
      carrier: "USPS",
      trackingNumber: "9400100000000000000005",
    });
    expect(byBuyer.status).toBe(403);
  });
});

describe("the buyer's address", () => {
  it("is erased by the scheduled job 30 days after the deal settles, and at once for a booking that ended unpaid", async () => {
    const { bookingId, ...world } = await paidShippedDeal();
    await sendAndDeliver(world.seller.id, bookingId);
    expect((await apiCall(world.buyer.id, "POST", `/api/bookings/${bookingId}/receipt`)).status).toBe(200);
    const { tick } = await import("./money-fixtures");
    const [deal] = await db().select().from(deals).where(eq(deals.bookingId, bookingId));
    await tick(deal!.releasedAt!.getTime() + 29 * DAY);
    expect((await db().select().from(shipments).where(eq(shipments.bookingId, bookingId)))[0]?.line1).toBe(
      ADDRESS.line1,
    );
    await tick(deal!.releasedAt!.getTime() + 30 * DAY + 60_000);
    const [erased] = await db().select().from(shipments).where(eq(shipments.bookingId, bookingId));
    expect(erased).toMatchObject({
      recipient: null,
      line1: null,
      line2: null,
      city: null,
      region: null,
      postalCode: null,
    });
    expect(erased?.addressErasedAt).not.toBeNull();
    const api = await apiCall(world.seller.id, "GET", `/api/shipments/${bookingId}`);
    expect(await api.json()).toMatchObject({ address: null, buyerContact: null });

    const other = await shippedListing();
    const unpaidId = await bookShipped(other);
    expect((await apiCall(other.buyer.id, "PUT", "/api/bookingCancel", { bookingId: unpaidId })).status).toBe(200);
    await tick(Date.now());
    expect((await db().select().from(shipments).where(eq(shipments.bookingId, unpaidId)))[0]?.line1).toBeNull();
  });
});

describe("a parcel not sent in time", () => {
  /** The parcel's ship-by date moved to `at` (as if paid long ago). */
  async function dueBy(bookingId: string, at: number) {
    await db()
      .update(shipments)
      .set({ shipBy: new Date(at) })
      .where(eq(shipments.bookingId, bookingId));
  }

  it("can be cancelled by its buyer only after the ship-by date, for everything back", async () => {
    const { buyer, seller, bookingId, deal } = await paidShippedDeal();
    const early = await apiCall(buyer.id, "POST", `/api/shipments/${bookingId}/cancel`);
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { message: string } }).error.message).toMatch(
      /^The seller has until .* to send it/,
    );
    expect((await apiCall(seller.id, "POST", `/api/shipments/${bookingId}/cancel`)).status).toBe(403);
    const stranger = await insertUser({ role: "buyer" });
    await dueBy(bookingId, Date.now() - 60_000);
    expect((await apiCall(stranger.id, "POST", `/api/shipments/${bookingId}/cancel`)).status).toBe(404);
    const cancelled = await apiCall(buyer.id, "POST", `/api/shipments/${bookingId}/cancel`);
    expect(cancelled.status).toBe(200);
    const state = await dealState(deal.paymentId);
    expect(state.deal.state).toBe("refunded");
    expect(state.refunded).toBe(46_400);
    expect(state.operations[0]).toMatchObject({ kind: "refund", origin: "not_shipped", amountCents: 46_400 });
    expect((await db().select().from(shipments).where(eq(shipments.bookingId, bookingId)))[0]?.status).toBe(
      "cancelled",
    );
    // Again: nothing moves twice; and the seller can no longer say it is sent.
    expect((await apiCall(buyer.id, "POST", `/api/shipments/${bookingId}/cancel`)).status).toBe(409);
    const late = await apiCall(seller.id, "POST", `/api/shipments/${bookingId}/tracking`, {
      carrier: "USPS",
      trackingNumber: "9400100000000000000009",
    });
    expect(late.status).toBe(409);
    await expectLedgerHolds(testEnv.DB);
  });

  it("races the seller's tracking: exactly one of the two is written", async () => {
    const { buyer, seller, bookingId, deal } = await paidShippedDeal();
    await dueBy(bookingId, Date.now() - 60_000);
    const [cancel, tracking] = await Promise.all([
      apiCall(buyer.id, "POST", `/api/shipments/${bookingId}/cancel`),
      apiCall(seller.id, "POST", `/api/shipments/${bookingId}/tracking`, {
        carrier: "USPS",
        trackingNumber: "9400100000000000000010",
      }),
    ]);
    expect([cancel.status, tracking.status].sort()).toEqual([200, 409]);
    const [shipment] = await db().select().from(shipments).where(eq(shipments.bookingId, bookingId));
    const state = await dealState(deal.paymentId);
    if (cancel.status === 200) expect([shipment?.status, state.deal.state]).toEqual(["cancelled", "refunded"]);
    else expect([shipment?.status, state.deal.state]).toEqual(["in_transit", "held"]);
    await expectLedgerHolds(testEnv.DB);
  });

  it("is cancelled and refunded by the scheduled job five days after its ship-by date, and its seller is reminded the day before", async () => {
    const { bookingId, deal } = await paidShippedDeal();
    const { tick } = await import("./money-fixtures");
    const { runScheduled } = await import("../../workers/scheduled");
    const [shipment] = await db().select().from(shipments).where(eq(shipments.bookingId, bookingId));
    const shipBy = shipment!.shipBy!.getTime();
    const published: Array<{ kind: string }> = [];
    const run = (at: number) =>
      runScheduled(at, testEnv as never, async (events) => {
        published.push(...events);
      });
    await run(shipBy - DAY / 2);
    await run(shipBy - DAY / 3);
    expect(published.filter((event) => event.kind === "ship_reminder")).toHaveLength(1);
    await tick(shipBy + 4 * DAY);
    expect((await dealState(deal.paymentId)).deal.state).toBe("held");
    await run(shipBy + 5 * DAY + 60_000);
    expect((await dealState(deal.paymentId)).deal.state).toBe("refunded");
    expect(published.map((event) => event.kind)).toEqual(
      expect.arrayContaining(["unshipped_cancelled", "payment_refunded"]),
    );
    await expectLedgerHolds(testEnv.DB);
  });
});

describe("the letters of a shipped deal", () => {
  it("never carry the buyer's address, and say where the parcel is", async () => {
    const { plannedLetters } = await import("#app/domain/notifications/letters.server");
    const { bookingId, ...world } = await paidShippedDeal();
    await apiCall(world.seller.id, "POST", `/api/shipments/${bookingId}/tracking`, {
      carrier: "USPS",
      trackingNumber: "9400100000000000000077",
    });
    // The seller's own carrier says delivered (Pay&Buy's test control moves only its own labels).
    const { applyTrackingEvent } = await import("#app/domain/deals/shipping/tracking-events.server");
    const event = { carrier: "USPS", trackingNumber: "9400100000000000000077", status: "delivered" as const };
    await applyTrackingEvent(db(), { ...event, at: new Date(), detail: "Delivered" }, 3);
    const options = { appName: "Pay&Buy", currency: USD, appUrl: ORIGIN };
    const texts: string[] = [];
    for (const kind of [
      "booking_made",
      "payment_received",
      "parcel_sent",
      "parcel_delivered",
      "ship_reminder",
    ] as const) {
      const letters = await plannedLetters(db(), { kind, bookingId }, options);
      expect(letters.length, kind).toBeGreaterThan(0);
      texts.push(...letters.map((letter) => `${letter.subject}\n${letter.text}`));
    }
    const all = texts.join("\n");
    for (const part of [ADDRESS.line1, ADDRESS.recipient, ADDRESS.postalCode, "Apt 4"]) expect(all).not.toContain(part);
    expect(all).toContain(amountsIn("To be shipped, for $ 14.00 shipping"));
    expect(all).toContain("USPS, tracking number 9400100000000000000077");
    expect(all).toContain(`/dashboard/shipments/${bookingId}`);
  });
});

describe("a parcel not received", () => {
  const claim = (buyerId: string, bookingId: string, reason: string) =>
    apiCall(buyerId, "POST", `/api/bookings/${bookingId}/claim`, { reason, details: "Nothing came." });
  const refusal = async (response: Response) => {
    expect(response.status).toBe(409);
    return ((await response.json()) as { error: { message: string } }).error.message;
  };

  it("can be claimed only once it is due: sent, and not delivered 14 days later; the admin sees the tracking beside it", async () => {
    const { buyer, seller, bookingId, deal } = await paidShippedDeal();
    expect(await refusal(await claim(buyer.id, bookingId, "not_received"))).toMatch(
      /^The parcel has not been sent yet/,
    );
    expect(await refusal(await claim(buyer.id, bookingId, "not_handed_over"))).toBe(
      'This order is shipped: choose "Parcel not received" instead.',
    );
    await apiCall(seller.id, "POST", `/api/shipments/${bookingId}/tracking`, {
      carrier: "USPS",
      trackingNumber: "9400100000000000000055",
    });
    expect(await refusal(await claim(buyer.id, bookingId, "not_received"))).toMatch(
      /^A parcel on its way can be reported missing from \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC, 14 days after it was sent\.$/,
    );
    await db()
      .update(shipments)
      .set({ shippedAt: new Date(Date.now() - 15 * DAY) })
      .where(eq(shipments.bookingId, bookingId));
    const opened = await claim(buyer.id, bookingId, "not_received");
    expect(opened.status).toBe(201);
    const claimId = ((await opened.json()) as { _id: string })._id;
    const admin = await insertUser({ role: "admin" });
    const shown = await apiCall(admin.id, "GET", `/api/claims/${claimId}`);
    expect(await shown.json()).toMatchObject({
      reason: "not_received",
      parcel: { status: "in_transit", carrier: "USPS", trackingNumber: "9400100000000000000055" },
    });
    const { sessionCookieFor } = await import("./auth-helpers");
    const page = await SELF.fetch(`${ORIGIN}/dashboard/claims`, {
      headers: { Cookie: await sessionCookieFor(admin.id) },
    });
    expect(await page.text()).toContain("Parcel: On its way, tracking USPS 9400100000000000000055");
    const decided = await apiCall(admin.id, "PUT", `/api/claims/${claimId}/decision`, { outcome: "refund_full" });
    expect(decided.status).toBe(200);
    expect((await dealState(deal.paymentId)).deal.state).toBe("refunded");
    await expectLedgerHolds(testEnv.DB);
  });

  it('is a meetup\'s "not handed over", never "not received"', async () => {
    const { paidDeal } = await import("./money-fixtures");
    const { buyer, booking } = await paidDeal();
    expect(await refusal(await claim(buyer.user.id, booking.id, "not_received"))).toBe(
      'This order was handed over in person: choose "Item not handed over" instead.',
    );
    expect((await claim(buyer.user.id, booking.id, "not_handed_over")).status).toBe(201);
  });
});
