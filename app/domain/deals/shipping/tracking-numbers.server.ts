// A parcel its seller sends themselves (ADR 0092): they type its carrier and tracking number, and
// the parcel is on its way; Pay&Buy hears nothing of that carrier, so the deal's money is due by
// the parcel clock's bound after sending (`selfTrackedReleaseAt`).
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { isUniqueViolation } from "#db/errors";
import { bookings, deals, products, shipments } from "#db/schema";
import { selfTrackedReleaseAt } from "../parcels/clock";
import { heldDaysSql } from "../parcels/hold.server";
import { findShipmentFor, SHIPMENT_MESSAGES, type ShipmentResult, type Viewer } from "./parcel-reads.server";
import type { TrackingInput } from "./tracking-schema";

/**
 * The seller sends the parcel themselves and types its carrier and tracking number: the parcel is
 * on its way. Only the deal's seller, only for a paid deal still held, only once (compare-and-set
 * on the shipment's status and version in the same statement). Pay&Buy hears nothing of that
 * carrier, so the deal's money is due SELF_TRACKED_DUE_DAYS plus the protection days after
 * sending (ADR 0092), set in the same batch.
 */
export async function enterTracking(
  db: Database,
  seller: Viewer,
  bookingId: string,
  input: TrackingInput,
  protectionDays: number,
  now = Date.now(),
): Promise<ShipmentResult> {
  const own = sql`exists (select 1 from ${bookings} join ${products} on ${products.id} = ${bookings.productId}
    where ${bookings.id} = ${shipments.bookingId} and ${products.sellerId} = ${seller.id})`;
  const payable = sql`exists (select 1 from ${deals} where ${deals.bookingId} = ${shipments.bookingId} and ${deals.state} = 'held')`;
  try {
    const [updated] = await db.batch([
      db
        .update(shipments)
        .set({
          status: "in_transit",
          carrier: input.carrier,
          trackingNumber: input.trackingNumber,
          shippedAt: new Date(now),
          updatedAt: new Date(now),
          version: sql`${shipments.version} + 1`,
        })
        .where(
          and(
            eq(shipments.bookingId, bookingId),
            eq(shipments.status, "awaiting_shipment"),
            // A label being bought is the parcel's tracking already.
            isNull(shipments.labelRef),
            own,
            payable,
          ),
        )
        .returning({ bookingId: shipments.bookingId }),
      // Only the sending this batch wrote (its instant, its own tracking, no label).
      db
        .update(deals)
        .set({
          releaseDueAt: sql`${selfTrackedReleaseAt(now, 0)} + ${heldDaysSql(protectionDays, bookingId)} * 86400000`,
        })
        .where(
          and(
            eq(deals.bookingId, bookingId),
            eq(deals.state, "held"),
            sql`exists (select 1 from ${shipments} where ${shipments.bookingId} = ${bookingId}
              and ${shipments.status} = 'in_transit' and ${shipments.labelRef} is null
              and ${shipments.shippedAt} = ${now} and ${shipments.trackingNumber} = ${input.trackingNumber})`,
          ),
        ),
    ]);
    if (updated.length === 1)
      return { ok: true, message: SHIPMENT_MESSAGES.sent, events: [{ kind: "parcel_sent", bookingId }] };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { ok: false, status: 409, message: SHIPMENT_MESSAGES.trackingTaken };
  }
  const shipment = await findShipmentFor(db, seller, bookingId);
  if (shipment?.viewer !== "seller") return { ok: false, status: 404, message: SHIPMENT_MESSAGES.notFound };
  if (shipment.bookingStatus !== "paid") return { ok: false, status: 409, message: SHIPMENT_MESSAGES.notPaid };
  if (shipment.status !== "awaiting_shipment")
    return { ok: false, status: 409, message: SHIPMENT_MESSAGES.notAwaiting };
  return { ok: false, status: 409, message: SHIPMENT_MESSAGES.notHeld };
}
