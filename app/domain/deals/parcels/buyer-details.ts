// What a booking's seller reads of its buyer (ADR 0086). The buyer's contact number and shipping
// address are the buyer's own: its seller reads them only once the booking is paid; the buyer and
// an admin read them always. The one rule for every page, call and letter that shows a booking,
// its parcel or the offer that became it.
import type { BookingStatus } from "#db/closed-lists";

/** Who reads a booking: its buyer, its seller, or an admin. */
export type BookingReader = "buyer" | "seller" | "admin";

/** Whether `reader` reads the buyer's contact and address of a booking in `status` (null: none yet). */
export function readsBuyerDetails(reader: BookingReader, status: BookingStatus | null): boolean {
  return reader !== "seller" || status === "paid";
}

/** One of the buyer's details as `reader` reads it: the value, or null while it is not theirs. */
export function buyerDetail<T>(reader: BookingReader, status: BookingStatus | null, value: T): T | null {
  return readsBuyerDetails(reader, status) ? value : null;
}
