// A live deal (the booking whose buyer and seller may still write to each other) is one rule said
// twice: the SQL condition the statements use and the predicate for a row already read. They
// must agree on bookings in every state, at the edge of the hold too.
import { inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listConversations } from "#app/domain/messaging/inbox.server";
import { isLiveDeal, liveDeal } from "#app/domain/messaging/live-deal";
import { database } from "#db/client";
import type { NewBooking } from "#db/factories";
import { bookings, messages } from "#db/schema";
import { insertBooking, insertCategory, insertProduct, insertUser } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const HOUR = 3600 * 1000;
const now = Date.UTC(2026, 10, 28, 12, 0, 0);
const at = (ms: number) => new Date(ms);

/** Every state a booking can be in at `now`, and whether its deal is live then. */
const STATES: { name: string; booking: Partial<NewBooking>; live: boolean }[] = [
  { name: "active within its hold", booking: { status: "active", expiresAt: at(now + 47 * HOUR) }, live: true },
  {
    name: "active, a millisecond before its deadline",
    booking: { status: "active", expiresAt: at(now + 1) },
    live: true,
  },
  { name: "active at its deadline exactly", booking: { status: "active", expiresAt: at(now) }, live: false },
  {
    name: "active past its deadline (job not run)",
    booking: { status: "active", expiresAt: at(now - HOUR) },
    live: false,
  },
  {
    name: "active with no deadline (made before deadlines)",
    booking: { status: "active", expiresAt: null },
    live: true,
  },
  { name: "paid", booking: { status: "paid", paidAt: at(now - HOUR), expiresAt: null }, live: true },
  {
    name: "paid, its hold long over",
    booking: { status: "paid", paidAt: at(now - 50 * HOUR), expiresAt: at(now - 10 * HOUR) },
    live: true,
  },
  {
    name: "cancelled by the buyer within its hold",
    booking: {
      status: "cancelled",
      endReason: "buyer_cancelled",
      cancelledAt: at(now - HOUR),
      expiresAt: at(now + HOUR),
    },
    live: false,
  },
  {
    name: "expired by the job",
    booking: { status: "cancelled", endReason: "expired", cancelledAt: at(now - HOUR), expiresAt: at(now - 2 * HOUR) },
    live: false,
  },
  {
    name: "ended with its removed listing",
    booking: { status: "cancelled", endReason: "listing_removed", cancelledAt: at(now), expiresAt: at(now + HOUR) },
    live: false,
  },
  {
    name: "ended with its deleted buyer",
    booking: { status: "cancelled", endReason: "buyer_deleted", cancelledAt: at(now), expiresAt: null },
    live: false,
  },
];

async function bookingsInEveryState() {
  const category = await insertCategory({ title: `Live ${crypto.randomUUID().slice(0, 6)}` });
  const seller = await insertUser({ role: "seller" });
  const buyer = await insertUser({ role: "buyer" });
  const made = [];
  for (const state of STATES) {
    // One product each: the database keeps one live booking per product.
    const product = await insertProduct({ sellerId: seller.id, categoryId: category.id, status: "booked" });
    made.push({ ...state, row: await insertBooking(product, buyer.id, state.booking) });
  }
  return { seller, buyer, made };
}

describe("a live deal", () => {
  it("the SQL condition and the predicate agree on a booking in every state", async () => {
    const { made } = await bookingsInEveryState();
    const read = await db()
      .select({
        id: bookings.id,
        status: bookings.status,
        expiresAt: bookings.expiresAt,
        live: sql<boolean>`${liveDeal(now)}`.mapWith(Boolean),
      })
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          made.map((m) => m.row.id),
        ),
      );
    expect(read).toHaveLength(STATES.length);
    for (const { name, row, live } of made) {
      const found = read.find((r) => r.id === row.id)!;
      expect({ name, sql: found.live, ts: isLiveDeal(found, now) }).toEqual({ name, sql: live, ts: live });
    }
  });

  it("the inbox lists live deals, and ended ones only once something was said", async () => {
    const { buyer, made } = await bookingsInEveryState();
    const said = made.find((m) => m.name === "active past its deadline (job not run)")!;
    await db()
      .insert(messages)
      .values({
        id: crypto.randomUUID(),
        bookingId: said.row.id,
        senderId: buyer.id,
        body: "Are we still meeting?",
        idempotencyKey: crypto.randomUUID(),
        createdAt: at(now - 2 * HOUR),
      });
    const listed = await listConversations(db(), { id: buyer.id, role: "buyer" }, { now });
    const shown = new Set(listed.rows.map((c) => c.bookingId));
    const expected = made.filter((m) => m.live || m === said).map((m) => m.row.id);
    expect([...shown].sort()).toEqual(expected.sort());
    expect(listed.rows.find((c) => c.bookingId === said.row.id)?.readOnly).toBe("ended");
    for (const m of made.filter((m) => m.live)) {
      expect(listed.rows.find((c) => c.bookingId === m.row.id)?.readOnly).toBeNull();
    }
  });
});
