// Reservations that expire, and the scheduled job that ends them and purges stale rows. The
// job runs through the Worker's own scheduled() export, at a scheduled time the test chooses
// (the fake clock): no test waits for real time to pass.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { WINDOW_MS } from "#app/domain/accounts/sign-in-limits.server";
import { bookProduct } from "#app/domain/deals/bookings/bookings.server";
import { PAYMENT_MESSAGES } from "#app/domain/deals/payments/messages";
import { parseEnv } from "#app/server/env.server";
import { EXPIRY_BATCH_LIMIT, PROCESSED_EVENT_RETENTION_MS, runMaintenance } from "#app/server/maintenance.server";
import { database } from "#db/client";
import { bookingRow, productRow } from "#db/factories";
import { bookings, payments, processedEvents, products, sessions, signInAttempts } from "#db/schema";
import worker from "../../workers/app";
import { bearerFor, get, postForm, signedInUser } from "./auth-helpers";
import { insertBooking, insertCategory, insertProduct, insertUser } from "./factories";
import { bookedListing } from "./payment-fixtures";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const HOUR = 3600 * 1000;
const T = Date.UTC(2026, 10, 25, 14, 0, 0);

/** One tick of the Cron Trigger at `scheduledTime`, through the Worker's export. */
async function tick(scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "*/5 * * * *" }), testEnv, ctx);
  await waitOnExecutionContext(ctx);
}

async function bookingState(id: string) {
  const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
  const [product] = await db().select().from(products).where(eq(products.id, row!.productId));
  return { booking: row!, productStatus: product!.status };
}

/** A booked product whose booking's hold ends at `expiresAt`. */
async function heldUntil(expiresAt: number, productOverrides: Partial<typeof products.$inferInsert> = {}) {
  const listing = await bookedListing(45_000);
  await db()
    .update(bookings)
    .set({ expiresAt: new Date(expiresAt) })
    .where(eq(bookings.id, listing.booking.id));
  if (Object.keys(productOverrides).length > 0) {
    await db().update(products).set(productOverrides).where(eq(products.id, listing.product.id));
  }
  return listing;
}

describe("the deadline of a booking", () => {
  it("is fixed when the booking is made, from the configured hold", async () => {
    const category = await insertCategory({ title: "Camera" });
    const seller = await insertUser({ role: "seller" });
    const product = await insertProduct({ sellerId: seller.id, categoryId: category.id });
    const buyer = await insertUser();
    const booked = await bookProduct(
      db(),
      buyer,
      {
        productId: product.id,
        meetLocation: "Union Square",
        buyerContact: "+1 415 555 0101",
        delivery: "meetup" as const,
      },
      { hours: 5, now: T },
      null,
    );
    expect(booked.ok).toBe(true);
    const { booking } = await bookingState((booked as { bookingId: string }).bookingId);
    expect(booking.expiresAt?.getTime()).toBe(T + 5 * HOUR);
  });

  it("is 48 hours by default, through the booking form", async () => {
    const category = await insertCategory({ title: "Camera" });
    const seller = await insertUser({ role: "seller" });
    const product = await insertProduct({ sellerId: seller.id, categoryId: category.id });
    const buyer = await signedInUser("buyer");
    const before = Date.now();
    const response = await postForm(
      `/?index&book=${product.id}`,
      { intent: "book", productId: product.id, meetLocation: "Union Square", buyerContact: "+1 415 555 0101" },
      { Cookie: buyer.cookie },
    );
    expect(response.status).toBe(302);
    const [booking] = await db().select().from(bookings).where(eq(bookings.productId, product.id));
    expect(booking!.expiresAt!.getTime() - booking!.createdAt.getTime()).toBe(48 * HOUR);
    expect(booking!.createdAt.getTime()).toBeGreaterThanOrEqual(before);
  });

  it("BOOKING_HOLD_HOURS is a whole number of hours between 1 and 336", () => {
    const base = {
      DB: testEnv.DB,
      PHOTOS: testEnv.PHOTOS,
      IMAGES: testEnv.IMAGES,
      SESSION_SECRET: testEnv.SESSION_SECRET,
    };
    expect(parseEnv({ ...base }).settings.BOOKING_HOLD_HOURS).toBe(48);
    expect(parseEnv({ ...base, BOOKING_HOLD_HOURS: "72" }).settings.BOOKING_HOLD_HOURS).toBe(72);
    for (const bad of ["0", "337", "2.5", "two days", "-1"]) {
      expect(() => parseEnv({ ...base, BOOKING_HOLD_HOURS: bad })).toThrow(/BOOKING_HOLD_HOURS/);
    }
  });

  it("shows on the booking dialog, My Orders and the payment page, in UTC", async () => {
    const { buyer, booking, product } = await heldUntil(Date.UTC(2036, 10, 25, 14, 5));
    const orders = await (await get("/dashboard/my_orders", { Cookie: buyer.cookie })).text();
    expect(orders).toContain("Pay by 25 Nov 2036, 14:05 UTC");
    const page = await (await get(`/dashboard/payment/${booking.id}`, { Cookie: buyer.cookie })).text();
    expect(page).toContain("Pay by 25 Nov 2036, 14:05 UTC");
    const api = await worker.fetch(
      new Request("https://pay.test/api/myOrders", { headers: { Authorization: await bearerFor(buyer.user.id) } }),
      testEnv,
      createExecutionContext(),
    );
    expect(await api.json()).toMatchObject([{ _id: booking.id, expiresAt: "2036-11-25T14:05:00.000Z" }]);
    const other = await insertProduct({ sellerId: product.sellerId, categoryId: product.categoryId });
    const dialog = await (await get(`/?book=${other.id}`, { Cookie: buyer.cookie })).text();
    expect(dialog).toContain("Held for you for 48 hours after you book");
  });
});

describe("the scheduled job", () => {
  it("ends only the bookings past their deadline, releasing their products", async () => {
    const due = await heldUntil(T - 1);
    const onTheDot = await heldUntil(T);
    const notYet = await heldUntil(T + 1);
    await tick(T);
    for (const ended of [due, onTheDot]) {
      const state = await bookingState(ended.booking.id);
      expect(state.booking).toMatchObject({ status: "cancelled", endReason: "expired" });
      expect(state.booking.cancelledAt?.getTime()).toBe(T);
      expect(state.productStatus).toBe("available");
    }
    const kept = await bookingState(notYet.booking.id);
    expect(kept.booking).toMatchObject({ status: "active", endReason: null });
    expect(kept.productStatus).toBe("booked");
  });

  it("reports each booking it ended as a booking_expired event", async () => {
    const due = await heldUntil(T - HOUR);
    await heldUntil(T + HOUR);
    const result = await runMaintenance(db(), T);
    expect(result.expiredBookingIds).toEqual([due.booking.id]);
    expect(result.events).toEqual([{ kind: "booking_expired", bookingId: due.booking.id }]);
    expect(result.productsReleased).toBe(1);
  });

  it("leaves a product alone that the booking no longer held (sold), and paid bookings", async () => {
    const stale = await heldUntil(T - HOUR, { status: "sold" });
    const category = await insertCategory({ title: "Paid" });
    const seller = await insertUser({ role: "seller" });
    const sold = await insertProduct({ sellerId: seller.id, categoryId: category.id, status: "sold" });
    const paid = await insertBooking(sold, (await insertUser()).id, {
      status: "paid",
      paidAt: new Date(T - 2 * HOUR),
      expiresAt: new Date(T - HOUR),
    });
    await tick(T);
    const state = await bookingState(stale.booking.id);
    expect(state.booking).toMatchObject({ status: "cancelled", endReason: "expired" });
    expect(state.productStatus).toBe("sold");
    expect((await bookingState(paid.id)).booking).toMatchObject({ status: "paid", endReason: null });
    expect((await bookingState(paid.id)).productStatus).toBe("sold");
  });

  it("is idempotent: a second run changes nothing", async () => {
    const due = await heldUntil(T - HOUR);
    await tick(T);
    const first = await bookingState(due.booking.id);
    const again = await runMaintenance(db(), T + 5 * 60_000);
    expect(again.expiredBookingIds).toEqual([]);
    expect(again.productsReleased).toBe(0);
    expect(await bookingState(due.booking.id)).toEqual(first);
  });

  it("ends at most a bounded number per run, the oldest deadlines first", async () => {
    const category = await insertCategory({ title: "Backlog" });
    const seller = await insertUser({ role: "seller" });
    const buyer = await insertUser();
    const count = EXPIRY_BATCH_LIMIT + 3;
    const rows = Array.from({ length: count }, (_, i) =>
      productRow({ sellerId: seller.id, categoryId: category.id, status: "booked", name: `Lens ${i}` }),
    ).map((product) => ({ ...product, id: crypto.randomUUID() }));
    const bookingRows = rows.map((product, i) =>
      bookingRow(product, buyer.id, { expiresAt: new Date(T - (count - i) * 60_000) }),
    );
    // D1 binds at most 100 values per statement: a few rows per insert, all in one batch.
    const chunks = <Row>(all: Row[], size: number) =>
      Array.from({ length: Math.ceil(all.length / size) }, (_, i) => all.slice(i * size, (i + 1) * size));
    const [firstInsert, ...otherInserts] = [
      ...chunks(rows, 4).map((chunk) => db().insert(products).values(chunk)),
      ...chunks(bookingRows, 6).map((chunk) => db().insert(bookings).values(chunk)),
    ];
    await db().batch([firstInsert!, ...otherInserts]);
    const first = await runMaintenance(db(), T);
    expect(first.expiredBookingIds).toHaveLength(EXPIRY_BATCH_LIMIT);
    const second = await runMaintenance(db(), T + 5 * 60_000);
    expect(second.expiredBookingIds).toHaveLength(3);
    // The three left for the second run are the latest deadlines.
    const latest = await db().select({ id: bookings.id }).from(bookings).where(eq(bookings.status, "cancelled"));
    expect(latest).toHaveLength(count);
    const lastThree = [...bookingRows].slice(-3).map((row) => row.productId);
    const secondProducts = await Promise.all(
      second.expiredBookingIds.map(async (id) => (await bookingState(id)).booking.productId),
    );
    expect(secondProducts.sort()).toEqual(lastThree.sort());
  });

  it("purges expired sessions, sign-in attempts older than the window and old webhook events", async () => {
    const user = await insertUser();
    await db()
      .insert(sessions)
      .values([
        { id: "expired", userId: user.id, expiresAt: new Date(T - 1) },
        { id: "live", userId: user.id, expiresAt: new Date(T + HOUR) },
      ]);
    await db()
      .insert(signInAttempts)
      .values([
        { id: "stale", subject: "email:a@example.com", attemptedAt: new Date(T - WINDOW_MS - 1) },
        { id: "recent", subject: "email:a@example.com", attemptedAt: new Date(T - WINDOW_MS + 60_000) },
      ]);
    await db()
      .insert(processedEvents)
      .values([
        { id: "evt_old", provider: "stripe", receivedAt: new Date(T - PROCESSED_EVENT_RETENTION_MS - 1) },
        { id: "evt_recent", provider: "stripe", receivedAt: new Date(T - 3 * 24 * HOUR) },
      ]);
    await tick(T);
    expect((await db().select({ id: sessions.id }).from(sessions)).map((r) => r.id)).toEqual(["live"]);
    expect((await db().select({ id: signInAttempts.id }).from(signInAttempts)).map((r) => r.id)).toEqual(["recent"]);
    expect((await db().select({ id: processedEvents.id }).from(processedEvents)).map((r) => r.id)).toEqual([
      "evt_recent",
    ]);
    const again = await runMaintenance(db(), T);
    expect([again.sessionsPurged, again.signInAttemptsPurged, again.processedEventsPurged]).toEqual([0, 0, 0]);
  });

  it("shows an expired booking in My Orders as expired, without Pay or Cancel", async () => {
    const { buyer, booking } = await heldUntil(Date.now() - HOUR);
    await tick(Date.now());
    const html = await (await get("/dashboard/my_orders", { Cookie: buyer.cookie })).text();
    expect(html).toContain("Expired: not paid in time");
    expect(html).not.toContain(`/dashboard/payment/${booking.id}`);
  });
});

describe("paying a booking past its deadline", () => {
  const GOOD = { cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };

  it("is refused on the page before the job ran, and nothing is written", async () => {
    const { buyer, booking, product } = await heldUntil(Date.now() - 60_000);
    const page = await (await get(`/dashboard/payment/${booking.id}`, { Cookie: buyer.cookie })).text();
    expect(page).toContain(PAYMENT_MESSAGES.expired);
    expect(page).not.toContain('value="pay-test"');
    const orders = await (await get("/dashboard/my_orders", { Cookie: buyer.cookie })).text();
    expect(orders).toContain("Expired: not paid in time");
    const response = await postForm(
      `/dashboard/payment/${booking.id}`,
      { intent: "pay-test", ...GOOD },
      { Cookie: buyer.cookie },
    );
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("This booking has expired");
    expect(await db().select().from(payments)).toHaveLength(0);
    expect((await bookingState(booking.id)).booking.status).toBe("active");
    expect((await bookingState(booking.id)).productStatus).toBe(product.status);
  });

  it("is refused by the REST calls, before and after the job ran", async () => {
    const { buyer, booking } = await heldUntil(Date.now() - 60_000);
    const call = async (path: string, body: unknown) =>
      worker.fetch(
        new Request(`https://pay.test${path}`, {
          method: "POST",
          headers: { Authorization: await bearerFor(buyer.user.id), "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        testEnv,
        createExecutionContext(),
      );
    for (const round of ["before", "after"]) {
      if (round === "after") await tick(Date.now());
      const intent = await call("/api/create-payment-intent", { bookingId: booking.id });
      expect(intent.status).toBe(409);
      expect(((await intent.json()) as { error: { message: string } }).error.message).toBe(PAYMENT_MESSAGES.expired);
      const paid = await call("/api/payment", { bookingId: booking.id, card: GOOD });
      expect(paid.status).toBe(409);
      expect(((await paid.json()) as { error: { message: string } }).error.message).toBe(PAYMENT_MESSAGES.expired);
    }
    expect(await db().select().from(payments)).toHaveLength(0);
  });

  it("still works one minute before the deadline", async () => {
    const { buyer, booking } = await heldUntil(Date.now() + 60_000);
    const response = await postForm(
      `/dashboard/payment/${booking.id}`,
      { intent: "pay-test", ...GOOD },
      { Cookie: buyer.cookie },
    );
    expect(response.status).toBe(302);
    expect((await bookingState(booking.id)).booking.status).toBe("paid");
  });
});
