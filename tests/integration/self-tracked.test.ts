// A parcel its seller sends with their own tracking (ADR 0092): Pay&Buy hears nothing of that
// carrier, so SELF_TRACKED_DUE_DAYS after sending the buyer's protection window starts as if it
// had been delivered, the buyer is told once, may claim until the money moves, and the money
// moves at the window's end unless a claim holds it.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SELF_TRACKED_DUE_DAYS } from "#app/domain/deals/parcels/clock";
import type { DomainEvent } from "#app/domain/shared/events";
import { shipments } from "#db/schema";
import { runScheduled } from "../../workers/scheduled";
import { USD } from "./factories";
import { expectLedgerHolds } from "./ledger-invariant";
import { apiCall, DAY, db, dealState } from "./money-fixtures";
import { paidShippedDeal } from "./shipping-fixtures";
import { testEnv } from "./test-env";

const PROTECTION_DAYS = 3;

async function selfTracked() {
  const world = await paidShippedDeal();
  const sent = await apiCall(world.seller.id, "POST", `/api/shipments/${world.bookingId}/tracking`, {
    carrier: "USPS",
    trackingNumber: "9400111899223100001234",
  });
  expect(sent.status).toBe(200);
  const [parcel] = await db().select().from(shipments).where(eq(shipments.bookingId, world.bookingId));
  return { ...world, sentAt: parcel!.shippedAt!.getTime() };
}

/** One run of the scheduled job at `at`: what it published. */
async function job(at: number) {
  const published: DomainEvent[] = [];
  await runScheduled(at, testEnv as unknown as Record<string, unknown>, async (events) => {
    published.push(...events);
  });
  return published;
}

const claim = (buyerId: string, bookingId: string) =>
  apiCall(buyerId, "POST", `/api/bookings/${bookingId}/claim`, { reason: "not_received", details: "Nothing came." });

describe("a parcel its seller tracks themselves", () => {
  it("is due a bound after sending: the buyer is told once, and the money moves at the window's end", async () => {
    const { buyer, bookingId, deal, sentAt } = await selfTracked();
    const releaseAt = sentAt + (SELF_TRACKED_DUE_DAYS + PROTECTION_DAYS) * DAY;
    expect((await dealState(deal.paymentId)).deal.releaseDueAt!.getTime()).toBe(releaseAt);
    // Before the bound: nothing is said, nothing moves.
    expect(await job(sentAt + (SELF_TRACKED_DUE_DAYS - 1) * DAY)).not.toContainEqual({
      kind: "parcel_release_due",
      bookingId,
    });
    // At the bound the buyer is told, once however often the job runs.
    const due = sentAt + SELF_TRACKED_DUE_DAYS * DAY + 60_000;
    const told = await Promise.all([job(due), job(due + 60_000)]);
    expect(told.flat().filter((event) => event.kind === "parcel_release_due")).toEqual([
      { kind: "parcel_release_due", bookingId },
    ]);
    expect((await dealState(deal.paymentId)).deal.state).toBe("held");
    const { plannedLetters } = await import("#app/domain/notifications/letters.server");
    const letters = await plannedLetters(
      db(),
      { kind: "parcel_release_due", bookingId },
      { appName: "Pay&Buy", currency: USD, appUrl: "https://pay.test" },
    );
    expect(letters.map((letter) => letter.recipient.id)).toEqual([buyer.id]);
    expect(letters[0]!.text).toContain("report a problem on My Orders before");
    // At the window's end the money moves without a claim.
    await job(releaseAt + 60_000);
    expect((await dealState(deal.paymentId)).deal.state).toBe("released");
    await expectLedgerHolds(testEnv.DB);
  });

  it("lets the buyer claim it never came until the money moves, even past its release time, and then holds it", async () => {
    const { buyer, bookingId, deal, sentAt } = await selfTracked();
    const releaseAt = sentAt + (SELF_TRACKED_DUE_DAYS + PROTECTION_DAYS) * DAY;
    // The job has not run since the window ended: the money is still held, so a claim is taken.
    await db()
      .update(shipments)
      .set({ shippedAt: new Date(sentAt - (SELF_TRACKED_DUE_DAYS + 1) * DAY) })
      .where(eq(shipments.bookingId, bookingId));
    const { deals } = await import("#db/schema");
    await db()
      .update(deals)
      .set({ releaseDueAt: new Date(Date.now() - 60_000) })
      .where(eq(deals.paymentId, deal.paymentId));
    const orders = await apiCall(buyer.id, "GET", "/api/myOrders");
    expect(orders.status).toBe(200);
    expect((await claim(buyer.id, bookingId)).status).toBe(201);
    await job(releaseAt + DAY);
    expect((await dealState(deal.paymentId)).deal.state).toBe("held");
  });

  it("is refused a claim once released and past the window, as any deal", async () => {
    const { buyer, bookingId, deal, sentAt } = await selfTracked();
    await job(sentAt + (SELF_TRACKED_DUE_DAYS + PROTECTION_DAYS) * DAY + 60_000);
    expect((await dealState(deal.paymentId)).deal.state).toBe("released");
    expect((await claim(buyer.id, bookingId)).status).toBe(409);
  });
});
