import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fulfilPayment } from "#app/domain/deals/payments/fulfilment.server";

/** A deal paid now is held for the buyer for three days. */
const TERMS = { protectionDays: 3 };

import { database } from "#db/client";
import { bookings, modelSales, payments, products, refunds } from "#db/schema";
import { get, postForm, signedInUser } from "./auth-helpers";
import { amountsIn } from "./factories";
import { bookedListing } from "./payment-fixtures";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);

const pay = (cookie: string, bookingId: string, card: Record<string, string>) =>
  postForm(`/dashboard/payment/${bookingId}`, { intent: "pay-test", ...card }, { Cookie: cookie });

const GOOD = { cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };

async function state(bookingId: string, productId: string) {
  const [booking] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
  const [product] = await db().select().from(products).where(eq(products.id, productId));
  const rows = await db().select().from(payments).where(eq(payments.bookingId, bookingId));
  return { booking: booking!, product: product!, payments: rows };
}

describe("the payment page with the test provider", () => {
  it("shows the booking's price and a clearly labelled test form", async () => {
    const { buyer, booking } = await bookedListing(45_000);
    const html = await (await get(`/dashboard/payment/${booking.id}`, { Cookie: buyer.cookie })).text();
    expect(html).toContain("Payment for Sigma 35mm Art");
    expect(html).toContain(amountsIn("Please, pay $ 450.00 for your product Sigma 35mm Art"));
    expect(html).toContain("Test mode: no real card is charged.");
  });

  it("pays with 4242…, fulfilling booking, payment and product at once", async () => {
    const { buyer, booking, product, seller } = await bookedListing(45_000);
    const response = await pay(buyer.cookie, booking.id, { ...GOOD, amount: "1" });
    // As the spec says: to My Orders, with the "Payment Successful" toast.
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/my_orders");
    const toast = response.headers.getSetCookie().find((value) => value.startsWith("pb_toast="))!;
    const landing = await (
      await get("/dashboard/my_orders", { Cookie: `${buyer.cookie}; ${toast.split(";")[0]}` })
    ).text();
    expect(landing).toContain("Payment Successful");
    const after = await state(booking.id, product.id);
    expect(landing).toContain(`Transaction ID: ${after.payments[0]?.transactionId}`);
    expect(after.booking.status).toBe("paid");
    expect(after.product.status).toBe("sold");
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({
      amountCents: 45_000,
      currency: "usd",
      provider: "test",
      buyerId: buyer.user.id,
      sellerId: seller.id,
    });
    expect(after.payments[0]!.transactionId).toMatch(/^test_[0-9a-f]{24}$/);
    const page = await (await get(`/dashboard/payment/${booking.id}`, { Cookie: buyer.cookie })).text();
    expect(page).toContain("Payment Successful");
    expect(page).toContain("Payment Information");
    expect(page).toContain(after.payments[0]!.transactionId);
    const orders = await (await get("/dashboard/my_orders", { Cookie: buyer.cookie })).text();
    expect(orders).toMatch(/>Paid</);
    // The receipt stays reachable from the order.
    expect(orders).toContain(`href="/dashboard/payment/${booking.id}"`);
  });

  it("refuses a declined card and invalid fields, writing nothing", async () => {
    const { buyer, booking, product } = await bookedListing();
    const declined = await pay(buyer.cookie, booking.id, { ...GOOD, cardNumber: "4000 0000 0000 0002" });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    for (const [card, message] of [
      [{ ...GOOD, cardNumber: "4242 4242 4242 4241" }, "Your card number is invalid."],
      [{ ...GOOD, cardNumber: "4242" }, "Your card number is incomplete."],
      [{ ...GOOD, expiry: "01/20" }, "Your card&#x27;s expiration date is in the past."],
      [{ ...GOOD, expiry: "13/30" }, "Enter the expiry date as MM/YY."],
      [{ ...GOOD, cvc: "1" }, "Your card&#x27;s security code is incomplete."],
      [
        { ...GOOD, cardNumber: "4111 1111 1111 1111" },
        "This is a test checkout: use a test card such as 4242 4242 4242 4242.",
      ],
    ] as const) {
      const response = await pay(buyer.cookie, booking.id, card);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const html = await response.text();
      expect(html).toContain(message);
      // The card number is never sent back.
      expect(html).not.toContain(`value="${card.cardNumber}"`);
    }
    const after = await state(booking.id, product.id);
    expect(after.booking.status).toBe("active");
    expect(after.product.status).toBe("booked");
    expect(after.payments).toHaveLength(0);
  });

  it("answers another buyer's booking with a 404, and a seller with a 403", async () => {
    const { booking } = await bookedListing();
    const other = await signedInUser("buyer");
    expect((await get(`/dashboard/payment/${booking.id}`, { Cookie: other.cookie })).status).toBe(404);
    expect((await pay(other.cookie, booking.id, GOOD)).status).toBe(404);
    const seller = await signedInUser("seller");
    expect((await get(`/dashboard/payment/${booking.id}`, { Cookie: seller.cookie })).status).toBe(403);
    expect((await db().select().from(payments)).length).toBe(0);
  });

  it("charges once when the form is sent twice at the same moment", async () => {
    const { buyer, booking, product } = await bookedListing();
    const responses = await Promise.all([
      pay(buyer.cookie, booking.id, GOOD),
      pay(buyer.cookie, booking.id, GOOD),
      pay(buyer.cookie, booking.id, GOOD),
    ]);
    expect(responses.map((r) => r.status)).toEqual([302, 302, 302]);
    const after = await state(booking.id, product.id);
    expect(after.payments).toHaveLength(1);
    expect(await db().select().from(refunds)).toHaveLength(0);
  });

  it("refuses to pay a cancelled booking", async () => {
    const { buyer, booking } = await bookedListing();
    await db()
      .update(bookings)
      .set({ status: "cancelled", endReason: "buyer_cancelled" })
      .where(eq(bookings.id, booking.id));
    const response = await pay(buyer.cookie, booking.id, GOOD);
    expect(response.status).toBe(409);
    expect(await db().select().from(payments)).toHaveLength(0);
  });
});

describe("fulfilment", () => {
  it("is exactly once under 20 concurrent fulfilments of one booking", async () => {
    const { booking, product } = await bookedListing(12_345);
    const same = Array.from({ length: 10 }, () =>
      fulfilPayment(
        db(),
        {
          bookingId: booking.id,
          provider: "stripe",
          transactionId: "pi_same",
          amountCents: 12_345,
          currency: "usd",
        },
        TERMS,
      ),
    );
    const different = Array.from({ length: 10 }, (_, i) =>
      fulfilPayment(
        db(),
        {
          bookingId: booking.id,
          provider: "stripe",
          transactionId: `pi_other_${i}`,
          amountCents: 12_345,
          currency: "usd",
        },
        TERMS,
      ),
    );
    const results = await Promise.all([...same, ...different]);
    const after = await state(booking.id, product.id);
    expect(after.payments).toHaveLength(1);
    expect(after.booking.status).toBe("paid");
    expect(after.product.status).toBe("sold");
    expect(results.filter((r) => r.outcome === "fulfilled")).toHaveLength(1);
    const winner = after.payments[0]!.transactionId;
    // Every repeat of the winning transaction reports success; every other charge is refunded.
    const refundRows = await db().select().from(refunds);
    expect(refundRows.every((row) => row.transactionId !== winner && row.reason === "already_paid")).toBe(true);
    expect(refundRows).toHaveLength(winner === "pi_same" ? 10 : 9);
  });

  it("fulfils a listing of a gear model once and records its sale, though the sale's trigger writes too", async () => {
    const { booking, product } = await bookedListing(99_000);
    await db()
      .update(products)
      .set({ gearKind: "body", brand: "canon", model: "canon-eos-r6", mount: "canon-rf", sensorFormat: "full-frame" })
      .where(eq(products.id, product.id));
    const payment = {
      bookingId: booking.id,
      provider: "stripe",
      transactionId: "pi_model",
      amountCents: 99_000,
      currency: "usd",
    } as const;
    const first = await fulfilPayment(db(), payment, TERMS);
    expect(first).toMatchObject({
      outcome: "fulfilled",
      events: [{ kind: "payment_received", bookingId: booking.id }],
    });
    expect(await db().select().from(modelSales)).toMatchObject([{ model: "canon-eos-r6", amountCents: 99_000 }]);
    // A repeat of the same charge is no second sale and no second letter.
    expect((await fulfilPayment(db(), payment, TERMS)).outcome).not.toBe("fulfilled");
    expect(await db().select().from(modelSales)).toHaveLength(1);
  });

  it("records money for a cancelled booking or a wrong amount as a refund, never as a sale", async () => {
    const cancelled = await bookedListing();
    await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, cancelled.booking.id));
    await db().update(products).set({ status: "available" }).where(eq(products.id, cancelled.product.id));
    const a = await fulfilPayment(
      db(),
      {
        bookingId: cancelled.booking.id,
        provider: "stripe",
        transactionId: "pi_late",
        amountCents: 45_000,
        currency: "usd",
      },
      TERMS,
    );
    expect(a).toMatchObject({ outcome: "refund_required", reason: "booking_not_payable" });
    const wrong = await bookedListing(45_000);
    const b = await fulfilPayment(
      db(),
      {
        bookingId: wrong.booking.id,
        provider: "stripe",
        transactionId: "pi_cheap",
        amountCents: 100,
        currency: "usd",
      },
      TERMS,
    );
    expect(b).toMatchObject({ outcome: "refund_required", reason: "amount_mismatch" });
    expect(await db().select().from(payments)).toHaveLength(0);
    expect((await state(wrong.booking.id, wrong.product.id)).product.status).toBe("booked");
    expect(await db().select().from(refunds)).toHaveLength(2);
  });
});
