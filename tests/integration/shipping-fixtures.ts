// Shipped deals as the product makes them (ADR 0086): a listing that ships from Brooklyn, a buyer
// in Denver who books it with an address through the API and pays with the test card.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { applyTrackingEvent } from "#app/domain/deals/shipping/tracking-events.server";
import { deals, type products, shipments } from "#db/schema";
import { insertCategory, insertProduct, insertUser } from "./factories";
import { apiCall, db, settings } from "./money-fixtures";

export const ADDRESS = {
  recipient: "Dana Buyer",
  line1: "1550 Wewatta St",
  line2: "Apt 4",
  city: "Denver",
  region: "CO",
  postalCode: "80202",
  country: "US",
};

export type ProductColumns = Partial<typeof products.$inferInsert>;

/** A listing that ships ($ 450.00, $ 14.00 flat shipping, a small parcel), its seller and a buyer. */
export async function shippedListing(columns: ProductColumns = {}) {
  const category = await insertCategory({ title: `Lens ${crypto.randomUUID().slice(0, 6)}` });
  const seller = await insertUser({ role: "seller" });
  const buyer = await insertUser({ role: "buyer" });
  const product = await insertProduct({
    sellerId: seller.id,
    categoryId: category.id,
    name: "Nikon 50mm f/1.8",
    resalePriceCents: 45_000,
    location: "Brooklyn, NY",
    delivery: "ship",
    shipsFromCountry: "US",
    shipsFromPostalCode: "11201",
    parcel: "small",
    shippingPriceCents: 1_400,
    handlingDays: 2,
    ...columns,
  });
  return { seller, buyer, product };
}

export const book = (buyerId: string, body: Record<string, unknown>) => apiCall(buyerId, "POST", "/api/booking", body);

/** The buyer books the listing to be shipped to ADDRESS: the booking's id. */
export async function bookShipped(world: { buyer: { id: string }; product: { id: string } }) {
  const booked = await book(world.buyer.id, {
    productId: world.product.id,
    delivery: "ship",
    buyerContact: "+1 303 555 0101",
    ...ADDRESS,
  });
  expect(booked.status).toBe(201);
  return ((await booked.json()) as { bookingResult: { insertedId: string } }).bookingResult.insertedId;
}

/** The buyer pays the booking with the test card: its deal, held. */
export async function payShipped(buyerId: string, bookingId: string) {
  const paid = await apiCall(buyerId, "POST", "/api/payment", {
    bookingId,
    card: { cardNumber: "4242424242424242", expiry: "12/40", cvc: "123" },
  });
  expect(paid.status).toBe(200);
  const [deal] = await db().select().from(deals).where(eq(deals.bookingId, bookingId));
  return deal!;
}

/** A shipped deal, booked and paid: its parcel waits for its seller. */
export async function paidShippedDeal(columns: ProductColumns = {}) {
  const world = await shippedListing(columns);
  const bookingId = await bookShipped(world);
  const deal = await payShipped(world.buyer.id, bookingId);
  return { ...world, bookingId, deal };
}

/**
 * The seller sends the parcel with their own carrier and tracking number, and that carrier's
 * event says it is delivered: the parcel as the buyer may confirm it (ADR 0098).
 */
export async function sendAndDeliver(sellerId: string, bookingId: string, trackingNumber = "9400100000000000000099") {
  const sent = await apiCall(sellerId, "POST", `/api/shipments/${bookingId}/tracking`, {
    carrier: "USPS",
    trackingNumber,
  });
  expect(sent.status).toBe(200);
  const outcome = await applyTrackingEvent(
    db(),
    { carrier: "USPS", trackingNumber, status: "delivered", at: new Date(), detail: "" },
    settings().BUYER_PROTECTION_DAYS,
  );
  expect(outcome).toBe("applied");
}

/** The test carrier moves a parcel it labelled on until it is delivered (picked up, then delivered). */
export async function deliverLabelled(userId: string, bookingId: string) {
  for (let step = 0; step < 2; step++) {
    expect((await apiCall(userId, "POST", `/api/shipments/${bookingId}/test-advance`)).status).toBe(200);
  }
  const [parcel] = await db().select().from(shipments).where(eq(shipments.bookingId, bookingId));
  expect(parcel?.status).toBe("delivered");
}
