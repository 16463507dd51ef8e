// The shipped deal's clock (ADR 0086): the seller sends the parcel within the listing's handling
// time (business days, Monday to Friday, in UTC) and a grace day; after that the buyer may cancel
// for a full refund, and AUTO_CANCEL_DAYS later the scheduled job cancels and refunds by itself.
// The buyer's protection window starts at delivery; a parcel not delivered NOT_RECEIVED_DAYS
// after it was sent lets the buyer claim it never came. A parcel its seller tracks themselves
// is never seen delivered: its window starts SELF_TRACKED_DUE_DAYS after sending (ADR 0092).
// The handling time's bounds are the listing's (`DELIVERY_LIMITS`), read here, never written again.
import { DELIVERY_LIMITS } from "#app/domain/catalog/delivery";

/** Business days added to the handling time before the buyer may cancel. */
export const SHIP_GRACE_BUSINESS_DAYS = 1;
/** Days after the ship-by date when the scheduled job cancels an unsent parcel's deal. */
export const AUTO_CANCEL_DAYS = 5;
/** Days after sending when a parcel not shown delivered may be claimed as not received. */
export const NOT_RECEIVED_DAYS = 14;
/**
 * A parcel its seller tracks themselves (ADR 0092): Pay&Buy hears nothing of its carrier, so
 * this many days after sending its buyer's protection window starts as if it had been delivered
 * (the buyer is told then, and may claim it never came), and the money moves at the window's end.
 */
export const SELF_TRACKED_DUE_DAYS = NOT_RECEIVED_DAYS;

/** A return's clocks (ADR 0107): the seller answers, the buyer sends, the seller checks what came back. */
export const RETURN_ANSWER_DAYS = 3;
export const RETURN_SEND_DAYS = 5;
export const RETURN_CHECK_DAYS = 2;

const DAY_MS = 86_400_000;

/** `days` business days (Monday to Friday, UTC) after `from`, at the same time of day. */
export function addBusinessDays(from: number, days: number): number {
  let at = from;
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return at;
}

/** When a parcel paid for at `paidAt`, with `handlingDays` to send it, must be sent by. */
export function shipByOf(paidAt: number, handlingDays: number): number {
  return addBusinessDays(paidAt, handlingDays + SHIP_GRACE_BUSINESS_DAYS);
}

/** Every handling time a listing may have, fewest days first (DELIVERY_LIMITS's bounds). */
export const HANDLING_DAYS: readonly number[] = Array.from(
  { length: DELIVERY_LIMITS.maxHandlingDays - DELIVERY_LIMITS.minHandlingDays + 1 },
  (_, index) => DELIVERY_LIMITS.minHandlingDays + index,
);

/** The latest a parcel paid for at `paidAt` can be due: with the longest handling time a listing may have. */
export function latestShipByOf(paidAt: number): number {
  return shipByOf(paidAt, DELIVERY_LIMITS.maxHandlingDays);
}

/** When a parcel its seller tracks themselves, sent at `shippedAt`, releases its money at the latest. */
export function selfTrackedReleaseAt(shippedAt: number, protectionDays: number): number {
  return shippedAt + (SELF_TRACKED_DUE_DAYS + protectionDays) * DAY_MS;
}

/** When the scheduled job cancels a deal whose parcel was due by `shipBy` and never sent. */
export function autoCancelAtOf(shipBy: number): number {
  return shipBy + AUTO_CANCEL_DAYS * DAY_MS;
}
