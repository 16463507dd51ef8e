// The buyer's protection in a line, as the listing page (under Book Now) and the booking dialog
// say it where the buyer decides (ADR 0099). It says only what the deal's code does: the payment
// is held, not paid to the seller; it is released at the buyer's "I received it as described" or
// at the end of the window (`BUYER_PROTECTION_DAYS` after delivery, after paying for a meetup);
// a parcel carries its tracking; while the payment is held the buyer may open a claim, which
// keeps it held until an admin decides. Browser-safe.

/** The page that tells the whole of it, for meetups and parcels. */
export const BUYER_PROTECTION_PATH = "/buyer-protection";

/** "3 days", "1 day". */
export function dayCount(days: number): string {
  return `${days} ${days === 1 ? "day" : "days"}`;
}

/** The protection in one short paragraph, for `days` of protection window. */
export function protectionLine(days: number): string {
  return (
    `Your payment is held, not paid to the seller, until you confirm the item is as described or ` +
    `${dayCount(days)} after delivery (after you pay, for a meetup). Parcels are tracked, and while ` +
    `your payment is held you can open a claim.`
  );
}

/**
 * The words of the buyer-protection page that are settings, written there as `{{name}}` (its text
 * is built before the Worker runs) and put in by the page from the configuration: the days of the
 * window (`BUYER_PROTECTION_DAYS`) and the hours a booking holds an item (`BOOKING_HOLD_HOURS`).
 */
export const PROTECTION_TOKENS = { days: "{{protectionDays}}", hold: "{{holdHours}}" } as const;
