// A carrier's tracking events about a parcel (ADR 0086): applied once and in order by the
// parcel's transition table, a delivery starting the buyer's protection window; the events the
// real carrier pushes for a label bought through it are found by their tracking number.
import { and, eq, sql } from "drizzle-orm";
import type { DomainEvent } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import type { ShipmentStatus } from "#db/closed-lists";
import { deals, shipments } from "#db/schema";
import { heldDaysSql } from "../parcels/hold.server";
import type { TrackingEvent } from "./carriers";

const DAY_MS = 86_400_000;

/** Where each carrier state may lead: a parcel never goes back, and a delivered one stays delivered. */
export const PARCEL_NEXT: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  awaiting_shipment: ["pre_transit", "in_transit", "delivered", "returned", "failure"],
  pre_transit: ["in_transit", "delivered", "returned", "failure"],
  in_transit: ["in_transit", "delivered", "returned", "failure"],
  delivered: [],
  returned: [],
  failure: ["in_transit", "delivered", "returned"],
  cancelled: [],
};

export type TrackingOutcome = "applied" | "ignored_older" | "ignored_final" | "unknown_parcel";

/**
 * A carrier's event about a parcel, applied once and in order: an event no newer than the last
 * one applied, or one that would move the parcel back, changes nothing (carriers resend and
 * reorder). Delivered starts the buyer's protection window (`protectionDays` from delivery), in
 * the same batch, for a deal still held.
 */
export async function applyTrackingEvent(
  db: Database,
  event: TrackingEvent,
  protectionDays: number,
): Promise<TrackingOutcome> {
  const [shipment] = await db
    .select({
      bookingId: shipments.bookingId,
      status: shipments.status,
      version: shipments.version,
      lastEventAt: shipments.lastEventAt,
    })
    .from(shipments)
    .where(and(eq(shipments.carrier, event.carrier), eq(shipments.trackingNumber, event.trackingNumber)))
    .limit(1);
  if (!shipment) return "unknown_parcel";
  if (shipment.lastEventAt && shipment.lastEventAt.getTime() >= event.at.getTime()) return "ignored_older";
  if (!PARCEL_NEXT[shipment.status].includes(event.status)) return "ignored_final";
  const delivered = event.status === "delivered";
  const [moved] = await db.batch([
    db
      .update(shipments)
      .set({
        status: event.status,
        lastEventAt: event.at,
        updatedAt: new Date(),
        version: sql`${shipments.version} + 1`,
        ...(delivered ? { deliveredAt: event.at } : {}),
      })
      .where(and(eq(shipments.bookingId, shipment.bookingId), eq(shipments.version, shipment.version)))
      .returning({ bookingId: shipments.bookingId }),
    db
      .update(deals)
      // The window, or the booking's longer days to return it for any reason (ADR 0106).
      .set({
        releaseDueAt: sql`${event.at.getTime()} + ${heldDaysSql(protectionDays, shipment.bookingId)} * ${DAY_MS}`,
      })
      .where(
        and(
          eq(deals.bookingId, shipment.bookingId),
          eq(deals.state, "held"),
          sql`${delivered ? 1 : 0} = 1`,
          sql`exists (select 1 from ${shipments} where ${shipments.bookingId} = ${shipment.bookingId}
            and ${shipments.version} = ${shipment.version + 1} and ${shipments.status} = 'delivered')`,
        ),
      ),
  ]);
  // Another event was applied meanwhile: read again and decide on what it left.
  if (moved.length === 0) return applyTrackingEvent(db, event, protectionDays);
  return "applied";
}

/**
 * A tracking event the real carrier pushed (ADR 0086) for a parcel whose label was bought through
 * it: found by its tracking number, applied once and in order like any carrier event. The outcome
 * and, for a delivery, the letters' event.
 */
export async function receiveCarrierEvent(
  db: Database,
  provider: "shippo",
  event: Omit<TrackingEvent, "carrier">,
  protectionDays: number,
): Promise<{ outcome: TrackingOutcome; events: DomainEvent[] }> {
  const [parcel] = await db
    .select({ bookingId: shipments.bookingId, carrier: shipments.carrier })
    .from(shipments)
    .where(and(eq(shipments.carrierProvider, provider), eq(shipments.trackingNumber, event.trackingNumber)))
    .limit(1);
  if (!parcel?.carrier) return { outcome: "unknown_parcel", events: [] };
  const outcome = await applyTrackingEvent(db, { ...event, carrier: parcel.carrier }, protectionDays);
  const events: DomainEvent[] =
    outcome === "applied" && event.status === "delivered"
      ? [{ kind: "parcel_delivered", bookingId: parcel.bookingId }]
      : [];
  return { outcome, events };
}
