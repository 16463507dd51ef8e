// The parcels the scheduled job acts on by their clock (ADR 0086, ADR 0092): unsent ones long past
// their ship-by date (their deals are cancelled by settlement), sellers reminded the day before it,
// and buyers told when a self-tracked parcel's protection window starts. Each pick is bounded, and
// a reminder is marked in the statement that picks it, so two runs never remind twice.
import { and, asc, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import type { DomainEvent } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import { deals, shipments } from "#db/schema";
import { AUTO_CANCEL_DAYS, SELF_TRACKED_DUE_DAYS } from "./clock";
import { selfTracked } from "./predicates";

const DAY_MS = 86_400_000;

/** Parcels still unsent AUTO_CANCEL_DAYS after their ship-by date: the job cancels their deals. */
export async function dueUnshipped(db: Database, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ bookingId: shipments.bookingId })
    .from(shipments)
    .where(
      and(eq(shipments.status, "awaiting_shipment"), lte(shipments.shipBy, new Date(now - AUTO_CANCEL_DAYS * DAY_MS))),
    )
    .orderBy(asc(shipments.shipBy))
    .limit(limit);
  return rows.map((row) => row.bookingId);
}

/**
 * The day before its ship-by date, a paid parcel's seller is reminded once to send it: marked in
 * the statement that picks it, so two runs never remind twice.
 */
export async function remindToShip(db: Database, now: number, limit: number): Promise<DomainEvent[]> {
  const due = db
    .select({ bookingId: shipments.bookingId })
    .from(shipments)
    .where(
      and(
        eq(shipments.status, "awaiting_shipment"),
        isNull(shipments.remindedAt),
        gt(shipments.shipBy, new Date(now)),
        lte(shipments.shipBy, new Date(now + DAY_MS)),
      ),
    )
    .limit(limit);
  const reminded = await db
    .update(shipments)
    .set({ remindedAt: new Date(now) })
    .where(and(inArray(shipments.bookingId, due), isNull(shipments.remindedAt)))
    .returning({ bookingId: shipments.bookingId });
  return reminded.map(({ bookingId }) => ({ kind: "ship_reminder" as const, bookingId }));
}

/**
 * A parcel its seller tracks themselves, SELF_TRACKED_DUE_DAYS after it was sent and still held
 * (ADR 0092): its buyer is told, once, that the protection window has started without a delivery
 * seen, and until when they may report a problem. Marked in the statement that picks it.
 */
export async function remindSelfTrackedDue(db: Database, now: number, limit: number): Promise<DomainEvent[]> {
  const due = db
    .select({ bookingId: shipments.bookingId })
    .from(shipments)
    .innerJoin(deals, eq(deals.bookingId, shipments.bookingId))
    .where(
      and(
        selfTracked(),
        isNull(shipments.releaseRemindedAt),
        lte(shipments.shippedAt, new Date(now - SELF_TRACKED_DUE_DAYS * DAY_MS)),
        eq(deals.state, "held"),
      ),
    )
    .limit(limit);
  const reminded = await db
    .update(shipments)
    .set({ releaseRemindedAt: new Date(now) })
    .where(and(inArray(shipments.bookingId, due), isNull(shipments.releaseRemindedAt)))
    .returning({ bookingId: shipments.bookingId });
  return reminded.map(({ bookingId }) => ({ kind: "parcel_release_due" as const, bookingId }));
}
