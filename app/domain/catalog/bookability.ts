// Whether a buyer can book a listing now, as the pages show it: the same facts the booking's
// own rule checks in SQL (`isBookable` in catalog.server.ts), read with the listing. Browser-safe.
import type { ProductStatus } from "#db/closed-lists";

/**
 * bookable: Book Now. payouts_pending: available, but its seller cannot be paid yet ("Seller is
 * setting up payouts" instead of Book Now). unavailable: booked or sold.
 */
export type Bookability = "bookable" | "payouts_pending" | "unavailable";

export function bookabilityOf(listing: { status: ProductStatus; sellerPayoutsReady: boolean }): Bookability {
  if (listing.status !== "available") return "unavailable";
  return listing.sellerPayoutsReady ? "bookable" : "payouts_pending";
}
