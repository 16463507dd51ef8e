// What a buyer reads for a booking that ended without being paid, one text per reason the
// database records (BOOKING_END_REASONS). Browser-safe.
import type { BookingEndReason } from "#db/closed-lists";

export const BOOKING_END_WORDS = {
  product_deleted: "Cancelled: the seller deleted the listing",
  listing_removed: "Cancelled: the listing was removed",
  seller_deleted: "Cancelled: the seller left Pay&Buy",
  buyer_deleted: "Cancelled",
  buyer_cancelled: "Cancelled",
  expired: "Expired: not paid in time",
  listing_held: "Cancelled: the listing is held for review",
} as const satisfies Record<BookingEndReason, string>;

/** The words for a recorded reason; "Cancelled" for a booking ended before reasons were kept. */
export function bookingEndWords(reason: string | null): string {
  return reason !== null && Object.hasOwn(BOOKING_END_WORDS, reason)
    ? BOOKING_END_WORDS[reason as BookingEndReason]
    : "Cancelled";
}
