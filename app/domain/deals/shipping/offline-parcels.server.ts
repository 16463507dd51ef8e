// The offline carrier's parcels (ADR 0086, ADR 0091): labelled parcels move on by themselves as a
// real carrier's would (the scheduled job's step), and test mode's control moves one on at once;
// each through `applyTrackingEvent`, like a real carrier's event.
import { and, eq, lte, or } from "drizzle-orm";
import type { DomainEvent } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import type { ShipmentStatus } from "#db/closed-lists";
import { shipments } from "#db/schema";
import type { Carrier, TrackingEvent } from "./carriers";
import {
  findShipmentFor,
  SHIPMENT_MESSAGES,
  type ShipmentResult,
  type ShipmentView,
  type Viewer,
} from "./parcel-reads.server";
import { applyTrackingEvent } from "./tracking-events.server";

const DAY_MS = 86_400_000;

/** What the offline carrier's parcel does next: sent parcels travel, travelling parcels arrive. */
const OFFLINE_NEXT: Partial<Record<ShipmentStatus, TrackingEvent["status"]>> = {
  pre_transit: "in_transit",
  in_transit: "delivered",
  failure: "delivered",
};

/**
 * Whether test mode's carrier control may move this parcel (ADR 0091): only with the offline
 * carrier in use (the product in test mode as a whole), and only a parcel whose label the offline
 * carrier made; never a parcel the seller tracks themselves, whose carrier says nothing to us.
 */
export function offlineControlMoves(carrier: Carrier | null, shipment: Pick<ShipmentView, "carrierProvider">) {
  return carrier?.name === "offline" && shipment.carrierProvider === "offline";
}

/**
 * The offline carrier's labelled test control: the parcel moves to its next state, as the real
 * carrier's webhook would say. Only with the offline carrier in use, only for a parcel it
 * labelled, only for the deal's buyer, seller or an admin.
 */
export async function advanceOfflineParcel(
  db: Database,
  carrier: Carrier | null,
  viewer: Viewer,
  bookingId: string,
  protectionDays: number,
  now = Date.now(),
): Promise<ShipmentResult> {
  if (carrier?.name !== "offline") return { ok: false, status: 409, message: SHIPMENT_MESSAGES.notOffline };
  const shipment = await findShipmentFor(db, viewer, bookingId);
  if (!shipment) return { ok: false, status: 404, message: SHIPMENT_MESSAGES.notFound };
  if (shipment.status === "awaiting_shipment" && !shipment.carrierProvider)
    return { ok: false, status: 409, message: SHIPMENT_MESSAGES.nothingToAdvance };
  if (!offlineControlMoves(carrier, shipment)) return { ok: false, status: 409, message: SHIPMENT_MESSAGES.notOffline };
  const next = OFFLINE_NEXT[shipment.status];
  if (!next || !shipment.carrier || !shipment.trackingNumber)
    return { ok: false, status: 409, message: SHIPMENT_MESSAGES.nothingToAdvance };
  const outcome = await applyTrackingEvent(
    db,
    {
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      status: next,
      at: new Date(now),
      detail: "Test carrier",
    },
    protectionDays,
  );
  if (outcome !== "applied") return { ok: false, status: 409, message: SHIPMENT_MESSAGES.nothingToAdvance };
  const events: DomainEvent[] = next === "delivered" ? [{ kind: "parcel_delivered", bookingId }] : [];
  return { ok: true, message: SHIPMENT_MESSAGES.advanced, events };
}

/** How long the offline carrier's parcels take: picked up a day after the label, delivered two later. */
export const OFFLINE_PICKUP_MS = DAY_MS;
export const OFFLINE_TRANSIT_MS = 2 * DAY_MS;

/**
 * When a parcel still on its way is expected at its door: known only for the test carrier, whose
 * timetable is the scheduled job's (a real carrier's estimate is not kept); null otherwise.
 */
export function expectedDeliveryOf(
  shipment: Pick<ShipmentView, "carrierProvider" | "shippedAt" | "status">,
): Date | null {
  if (shipment.carrierProvider !== "offline" || !shipment.shippedAt) return null;
  if (shipment.status !== "pre_transit" && shipment.status !== "in_transit") return null;
  return new Date(shipment.shippedAt.getTime() + OFFLINE_PICKUP_MS + OFFLINE_TRANSIT_MS);
}

/**
 * The offline carrier's scheduled step (ADR 0086): its labelled parcels move on as a real
 * carrier's would, picked up a day after the label was bought and delivered two days later,
 * each through `applyTrackingEvent` like a real carrier's event.
 */
export async function advanceOfflineParcels(
  db: Database,
  now: number,
  protectionDays: number,
  limit: number,
): Promise<DomainEvent[]> {
  const due = await db
    .select({
      bookingId: shipments.bookingId,
      status: shipments.status,
      carrier: shipments.carrier,
      trackingNumber: shipments.trackingNumber,
    })
    .from(shipments)
    .where(
      and(
        eq(shipments.carrierProvider, "offline"),
        or(
          and(eq(shipments.status, "pre_transit"), lte(shipments.shippedAt, new Date(now - OFFLINE_PICKUP_MS))),
          and(
            eq(shipments.status, "in_transit"),
            lte(shipments.shippedAt, new Date(now - OFFLINE_PICKUP_MS - OFFLINE_TRANSIT_MS)),
          ),
        ),
      ),
    )
    .limit(limit);
  const events: DomainEvent[] = [];
  for (const parcel of due) {
    if (!parcel.carrier || !parcel.trackingNumber) continue;
    const next = parcel.status === "pre_transit" ? "in_transit" : "delivered";
    const outcome = await applyTrackingEvent(
      db,
      { carrier: parcel.carrier, trackingNumber: parcel.trackingNumber, status: next, at: new Date(now), detail: "" },
      protectionDays,
    );
    if (outcome === "applied" && next === "delivered")
      events.push({ kind: "parcel_delivered", bookingId: parcel.bookingId });
  }
  return events;
}
