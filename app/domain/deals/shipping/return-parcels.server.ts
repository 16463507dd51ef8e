// A return's parcel (ADR 0107), tracked like an outgoing one: the carrier's events (the real
// carrier's webhook, the offline carrier's scheduled step and test control) are applied once and
// in order by the same transition table, found by the return's tracking number. Picked up, the
// return is on its way back; delivered, the seller has RETURN_CHECK_DAYS to check it.
import { and, eq, lte, or, sql } from "drizzle-orm";
import type { DomainEvent } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import type { ReturnState, ShipmentStatus } from "#db/closed-lists";
import { returns } from "#db/schema";
import { RETURN_CHECK_DAYS } from "../parcels/clock";
import type { Carrier, TrackingEvent } from "./carriers";
import { OFFLINE_PICKUP_MS, OFFLINE_TRANSIT_MS } from "./offline-parcels.server";
import { PARCEL_NEXT, type TrackingOutcome } from "./tracking-events.server";

const DAY_MS = 86_400_000;

/** Where the return goes when its parcel moves: picked up, it is sent; delivered, it is back. */
function returnStateOn(state: ReturnState, parcel: ShipmentStatus): ReturnState {
  if (parcel === "delivered" && (state === "accepted" || state === "sent")) return "delivered";
  if ((parcel === "in_transit" || parcel === "failure") && state === "accepted") return "sent";
  return state;
}

/**
 * A carrier's event about a return's parcel, found by `where` (its carrier and tracking number):
 * applied once and in order; the return's state moves with it in the same statement.
 */
async function applyToReturn(
  db: Database,
  where: ReturnType<typeof and>,
  event: Pick<TrackingEvent, "status" | "at">,
): Promise<{ outcome: TrackingOutcome; events: DomainEvent[] }> {
  const [parcel] = await db
    .select({
      id: returns.id,
      state: returns.state,
      status: returns.parcelStatus,
      version: returns.version,
      lastEventAt: returns.lastEventAt,
    })
    .from(returns)
    .where(where)
    .limit(1);
  if (!parcel?.status) return { outcome: "unknown_parcel", events: [] };
  if (parcel.lastEventAt && parcel.lastEventAt.getTime() >= event.at.getTime()) {
    return { outcome: "ignored_older", events: [] };
  }
  if (!PARCEL_NEXT[parcel.status].includes(event.status)) return { outcome: "ignored_final", events: [] };
  const next = returnStateOn(parcel.state, event.status);
  const delivered = next === "delivered" && parcel.state !== "delivered";
  const moved = await db
    .update(returns)
    .set({
      parcelStatus: event.status,
      lastEventAt: event.at,
      state: next,
      updatedAt: new Date(),
      version: sql`${returns.version} + 1`,
      ...(event.status === "in_transit" && parcel.status === "pre_transit" ? { shippedAt: event.at } : {}),
      ...(delivered
        ? { deliveredAt: event.at, checkDueAt: new Date(event.at.getTime() + RETURN_CHECK_DAYS * DAY_MS) }
        : {}),
    })
    .where(and(eq(returns.id, parcel.id), eq(returns.version, parcel.version)))
    .returning({ id: returns.id });
  // Another event or step came first: read again and decide on what it left.
  if (moved.length === 0) return applyToReturn(db, where, event);
  return {
    outcome: "applied",
    events: delivered ? [{ kind: "return_delivered", returnId: parcel.id }] : [],
  };
}

/** An event of a carrier about the return parcel with this carrier name and tracking number. */
export function applyReturnTrackingEvent(db: Database, event: TrackingEvent) {
  return applyToReturn(
    db,
    and(eq(returns.carrier, event.carrier), eq(returns.trackingNumber, event.trackingNumber)),
    event,
  );
}

/** An event the real carrier pushed about a return parcel labelled through it. */
export function receiveReturnCarrierEvent(db: Database, provider: "shippo", event: Omit<TrackingEvent, "carrier">) {
  return applyToReturn(
    db,
    and(eq(returns.carrierProvider, provider), eq(returns.trackingNumber, event.trackingNumber)),
    event,
  );
}

/** What the test carrier's return parcel does next. */
const OFFLINE_NEXT: Partial<Record<ShipmentStatus, TrackingEvent["status"]>> = {
  pre_transit: "in_transit",
  in_transit: "delivered",
  failure: "delivered",
};

export type ReturnAdvance = { ok: true; events: DomainEvent[] } | { ok: false; status: 404 | 409 };

/**
 * Test mode's control for a return parcel (ADR 0091): it moves to its next step now. Only with
 * the offline carrier in use, only for a return it labelled, only for the deal's buyer, its
 * seller or an admin.
 */
export async function advanceOfflineReturn(
  db: Database,
  carrier: Carrier | null,
  viewer: { id: string; role: string | undefined },
  bookingId: string,
  now = Date.now(),
): Promise<ReturnAdvance> {
  if (carrier?.name !== "offline") return { ok: false, status: 409 };
  const [parcel] = await db
    .select({
      id: returns.id,
      status: returns.parcelStatus,
      carrierProvider: returns.carrierProvider,
      buyerId: returns.buyerId,
      sellerId: returns.sellerId,
    })
    .from(returns)
    .where(eq(returns.bookingId, bookingId))
    .limit(1);
  if (!parcel || (viewer.role !== "admin" && viewer.id !== parcel.buyerId && viewer.id !== parcel.sellerId)) {
    return { ok: false, status: 404 };
  }
  const next = parcel.status ? OFFLINE_NEXT[parcel.status] : undefined;
  if (parcel.carrierProvider !== "offline" || !next) return { ok: false, status: 409 };
  const applied = await applyToReturn(db, eq(returns.id, parcel.id), { status: next, at: new Date(now) });
  return applied.outcome === "applied" ? { ok: true, events: applied.events } : { ok: false, status: 409 };
}

/**
 * The offline carrier's scheduled step for return parcels, as for outgoing ones: picked up a day
 * after the label, delivered two days later.
 */
export async function advanceOfflineReturns(db: Database, now: number, limit: number): Promise<DomainEvent[]> {
  const due = await db
    .select({ id: returns.id, status: returns.parcelStatus })
    .from(returns)
    .where(
      and(
        eq(returns.carrierProvider, "offline"),
        or(
          and(eq(returns.parcelStatus, "pre_transit"), lte(returns.answeredAt, new Date(now - OFFLINE_PICKUP_MS))),
          and(eq(returns.parcelStatus, "in_transit"), lte(returns.shippedAt, new Date(now - OFFLINE_TRANSIT_MS))),
        ),
      ),
    )
    .limit(limit);
  const events: DomainEvent[] = [];
  for (const parcel of due) {
    const next = parcel.status === "pre_transit" ? "in_transit" : "delivered";
    const applied = await applyToReturn(db, eq(returns.id, parcel.id), { status: next, at: new Date(now) });
    events.push(...applied.events);
  }
  return events;
}
