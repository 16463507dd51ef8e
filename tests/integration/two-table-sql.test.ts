// SQL that names columns of two tables, proven with rows in both (issue: a meetup's money held ten
// times too long). drizzle writes the columns of a single-table SELECT's fields, and of RETURNING,
// without their table's name, so `shipments.booking_id = payments.booking_id` inside such a field
// read `booking_id = booking_id`, true whenever the inner table had a row. A test database with
// one of the tables empty never shows it: every test here has rows in both.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shipByOf } from "#app/domain/deals/parcels/clock";
import { intoColumns } from "#db/insert-select";
import { deals, payments, shipments } from "#db/schema";
import { apiCall, DAY, db, paidDeal, settings } from "./money-fixtures";
import { paidShippedDeal } from "./shipping-fixtures";

describe("a meetup deal paid while other deals ship", () => {
  it("is held for BUYER_PROTECTION_DAYS from payment, not for a parcel's bound", async () => {
    // A shipped deal first: the shipments table has a row of another booking.
    await paidShippedDeal();
    expect((await db().select().from(shipments)).length).toBe(1);
    const before = Date.now();
    const { deal } = await paidDeal(30_000);
    const days = settings().BUYER_PROTECTION_DAYS;
    const due = deal.releaseDueAt!.getTime();
    expect(due).toBeGreaterThanOrEqual(before + days * DAY);
    expect(due).toBeLessThanOrEqual(Date.now() + days * DAY);
  });

  it("while the shipped deal's own window is still the parcel's bound", async () => {
    await paidDeal(30_000);
    const { deal } = await paidShippedDeal();
    expect(deal.releaseDueAt!.getTime()).toBeGreaterThan(Date.now() + 10 * DAY);
  });
});

describe("claims and parcels beside other deals", () => {
  const claim = (buyerId: string, bookingId: string, reason: string) =>
    apiCall(buyerId, "POST", `/api/bookings/${bookingId}/claim`, { reason, details: "Nothing came." });

  it('lets a meetup\'s buyer claim "not handed over" while a shipped deal has a parcel, and refuses it to the shipped one', async () => {
    const shipped = await paidShippedDeal();
    const { buyer, booking } = await paidDeal(30_000);
    expect((await claim(buyer.user.id, booking.id, "not_handed_over")).status).toBe(201);
    expect((await claim(shipped.buyer.id, shipped.bookingId, "not_handed_over")).status).toBe(409);
  });

  it("dates each parcel's ship-by from its own listing's handling days", async () => {
    const slow = await paidShippedDeal({ handlingDays: 5 });
    const quick = await paidShippedDeal({ handlingDays: 1 });
    for (const [deal, days] of [
      [slow, 5],
      [quick, 1],
    ] as const) {
      const [parcel] = await db().select().from(shipments).where(eq(shipments.bookingId, deal.bookingId));
      const [payment] = await db().select().from(payments).where(eq(payments.bookingId, deal.bookingId));
      expect(parcel!.shipBy!.getTime()).toBe(shipByOf(payment!.createdAt.getTime(), days));
    }
  });
});

describe("intoColumns", () => {
  it("keeps every column's table in the fields of an INSERT … SELECT from one table", () => {
    const query = db()
      .insert(deals)
      .select(
        db()
          .select(
            intoColumns(deals, {
              paymentId: payments.id,
              bookingId: payments.bookingId,
              sellerId: payments.sellerId,
              buyerId: payments.buyerId,
              provider: payments.provider,
              amountCents: payments.amountCents,
              currency: payments.currency,
              chargeRef: sql`null`,
              state: sql`'held'`,
              releaseDueAt: sql`case when exists (select 1 from ${shipments} where ${shipments.bookingId} = ${payments.bookingId}) then 1 else 2 end`,
              releasedAt: sql`null`,
              refundedAt: sql`null`,
              version: sql`0`,
              decisionKey: sql`null`,
              createdAt: sql`0`,
              shippingCents: payments.shippingCents,
            }),
          )
          .from(payments)
          .where(eq(payments.id, "x")),
      )
      .toSQL().sql;
    expect(query).toContain(`"shipments"."booking_id" = "payments"."booking_id"`);
  });
});
