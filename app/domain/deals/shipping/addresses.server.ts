// How long a shipment keeps its buyer's address (ADR 0086): until the booking ends unpaid, or
// ADDRESS_KEPT_DAYS after its deal is settled; the scheduled job erases it then.
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { bookings, deals, shipments } from "#db/schema";

const DAY_MS = 86_400_000;

/** How long a settled deal keeps the buyer's address: long enough for a claim and its decision. */
export const ADDRESS_KEPT_DAYS = 30;

/**
 * The addresses the scheduled job erases (ADR 0086): of bookings that ended unpaid, and of deals
 * settled (released or refunded) ADDRESS_KEPT_DAYS ago; at most `limit` a run, oldest first.
 */
export function eraseAddressesStatement(db: Database, now: number, limit: number) {
  const keptUntil = now - ADDRESS_KEPT_DAYS * DAY_MS;
  const due = db
    .select({ bookingId: shipments.bookingId })
    .from(shipments)
    .innerJoin(bookings, eq(bookings.id, shipments.bookingId))
    .leftJoin(deals, eq(deals.bookingId, shipments.bookingId))
    .where(
      and(
        isNull(shipments.addressErasedAt),
        or(
          eq(bookings.status, "cancelled"),
          and(
            inArray(deals.state, ["released", "refunded"]),
            sql`coalesce(${deals.refundedAt}, ${deals.releasedAt}) <= ${keptUntil}`,
          ),
        ),
      ),
    )
    .limit(limit);
  return db
    .update(shipments)
    .set({
      recipient: null,
      line1: null,
      line2: null,
      city: null,
      region: null,
      postalCode: null,
      addressErasedAt: new Date(now),
    })
    .where(inArray(shipments.bookingId, due));
}
