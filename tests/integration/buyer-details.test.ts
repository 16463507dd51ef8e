// What a seller reads of a booking's buyer (ADR 0086): the buyer's contact number and address
// reach the seller only once the booking is paid, on every page, call and letter that shows a
// booking or an offer; its buyer reads them always, and anyone else reads nothing of the booking.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { answerOffer } from "#app/domain/deals/offers/offer-answers.server";
import { makeOffer } from "#app/domain/deals/offers/offers.server";
import { plannedLetters } from "#app/domain/notifications/letters.server";
import { ORIGIN, sessionCookieFor } from "./auth-helpers";
import { insertCategory, insertProduct, insertUser, USD } from "./factories";
import { apiCall, db } from "./money-fixtures";
import { book } from "./shipping-fixtures";

const PHONE = "+1 415 555 0177";
const options = { appName: "Pay&Buy", currency: USD };

async function meetupListing() {
  const category = await insertCategory({ title: `Camera ${crypto.randomUUID().slice(0, 6)}` });
  const seller = await insertUser({ role: "seller" });
  const buyer = await insertUser({ role: "buyer" });
  const stranger = await insertUser({ role: "seller" });
  const product = await insertProduct({
    sellerId: seller.id,
    categoryId: category.id,
    name: "Leica M6",
    resalePriceCents: 200_000,
  });
  return { seller, buyer, stranger, product };
}

async function pay(buyerId: string, bookingId: string) {
  const paid = await apiCall(buyerId, "POST", "/api/payment", {
    bookingId,
    card: { cardNumber: "4242424242424242", expiry: "12/40", cvc: "123" },
  });
  expect(paid.status).toBe(200);
}

/** The bookings of the account's own data export (GET /api/account/export). */
async function exported(userId: string) {
  const response = await apiCall(userId, "GET", "/api/account/export");
  expect(response.status).toBe(200);
  return ((await response.json()) as { bookings: unknown[] }).bookings;
}

async function page(userId: string, path: string) {
  const response = await SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: await sessionCookieFor(userId) } });
  expect(response.status).toBe(200);
  return response.text();
}

describe("the buyer's contact number", () => {
  it("reaches the seller of a booking through GET /api/booking/:id only once it is paid; a stranger gets 404", async () => {
    const { seller, buyer, stranger, product } = await meetupListing();
    // The booking dialog tells the buyer so.
    expect(await page(buyer.id, `/listings/${product.id}?book=${product.id}`)).toContain(
      "The seller sees it once you have paid.",
    );
    const booked = await book(buyer.id, { productId: product.id, meetLocation: "Union Square", buyerContact: PHONE });
    expect(booked.status).toBe(201);
    const bookingId = ((await booked.json()) as { bookingResult: { insertedId: string } }).bookingResult.insertedId;
    const read = async (userId: string) => apiCall(userId, "GET", `/api/booking/${bookingId}`);

    expect(await (await read(buyer.id)).json()).toMatchObject({ buyerContact: PHONE, isPaid: false });
    const unpaid = await read(seller.id);
    expect(unpaid.status).toBe(200);
    expect(await unpaid.json()).toMatchObject({ _id: bookingId, buyerContact: null, isPaid: false });
    const byStranger = await read(stranger.id);
    expect(byStranger.status).toBe(404);
    expect(await byStranger.json()).toMatchObject({ error: { status: 404, code: "not_found" } });

    expect(await exported(seller.id)).toMatchObject([{ id: bookingId, buyerContact: null, yourSide: "seller" }]);
    expect(await exported(buyer.id)).toMatchObject([{ id: bookingId, buyerContact: PHONE, yourSide: "buyer" }]);

    const [made] = await plannedLetters(db(), { kind: "booking_made", bookingId }, options);
    expect(made).toMatchObject({ recipient: { id: seller.id } });
    expect(made!.text).not.toContain(PHONE);

    await pay(buyer.id, bookingId);
    expect(await (await read(seller.id)).json()).toMatchObject({ buyerContact: PHONE, isPaid: true });
    expect((await read(stranger.id)).status).toBe(404);
    expect(await exported(seller.id)).toMatchObject([{ id: bookingId, buyerContact: PHONE }]);
    const letters = await plannedLetters(db(), { kind: "payment_received", bookingId }, options);
    expect(letters.find((letter) => letter.recipient.id === seller.id)?.text).toContain(PHONE);
  });

  it("reaches the seller of an offer on the Offers page and in GET /api/offers only once its booking is paid", async () => {
    const { seller, buyer, product } = await meetupListing();
    const made = await makeOffer(
      db(),
      { id: buyer.id, role: "buyer" },
      { productId: product.id, amount: 150_000, meetLocation: "Union Square", buyerContact: PHONE },
      crypto.randomUUID(),
      USD,
    );
    if (!made.ok) throw new Error(made.message);
    const sellersOffers = async () =>
      (await (await apiCall(seller.id, "GET", "/api/offers?as=seller")).json()) as Array<{ buyerContact: unknown }>;

    expect(await sellersOffers()).toMatchObject([{ buyerContact: null }]);
    expect(await (await apiCall(seller.id, "GET", `/api/offers/${made.offerId}`)).json()).toMatchObject({
      buyerContact: null,
    });
    expect(await page(seller.id, "/dashboard/offers")).not.toContain(PHONE);
    expect(await (await apiCall(buyer.id, "GET", `/api/offers/${made.offerId}`)).json()).toMatchObject({
      buyerContact: PHONE,
    });

    const accepted = await answerOffer(db(), { id: seller.id, role: "seller" }, made.offerId, "accept", {
      currency: USD,
    });
    expect(accepted.ok).toBe(true);
    expect(await sellersOffers()).toMatchObject([{ buyerContact: null }]);
    expect(await page(seller.id, "/dashboard/offers")).not.toContain(PHONE);

    const offer = (await (await apiCall(buyer.id, "GET", `/api/offers/${made.offerId}`)).json()) as {
      bookingId: string;
    };
    await pay(buyer.id, offer.bookingId);
    expect(await sellersOffers()).toMatchObject([{ buyerContact: PHONE }]);
    expect(await page(seller.id, "/dashboard/offers")).toContain(PHONE);
  });
});
