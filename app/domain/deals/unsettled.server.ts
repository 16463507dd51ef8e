// The deals of a user that are not settled yet: while one is open the account cannot be deleted
// by its owner (a buyer waiting for the item, a seller holding one for a buyer). Today that is an
// active (booked, unpaid) booking, as the buyer or as the seller; money held for a deal and open
// claims join this list when payouts hold money (PRODUCT.md, "Money to sellers").
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { bookings, products } from "#db/schema";

export interface UnsettledDeal {
  kind: "active_booking";
  bookingId: string;
  productName: string;
  /** The user's side of the deal. */
  side: "buyer" | "seller";
}

/** How many unsettled deals are named at most (one is enough to refuse; a few help to act). */
export const UNSETTLED_SHOWN = 5;

/** The SQL condition "the user has an unsettled deal", for a write that must not happen while one is open. */
export function hasUnsettledDeals(userId: string) {
  return sql`exists (select 1 from ${bookings} join ${products} on ${products.id} = ${bookings.productId} where ${bookings.status} = 'active' and (${bookings.buyerId} = ${userId} or ${products.sellerId} = ${userId}))`;
}

export async function unsettledDealsOf(db: Database, userId: string): Promise<UnsettledDeal[]> {
  const rows = await db
    .select({
      bookingId: bookings.id,
      productName: products.name,
      buyerId: bookings.buyerId,
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(and(eq(bookings.status, "active"), or(eq(bookings.buyerId, userId), eq(products.sellerId, userId))))
    .orderBy(desc(bookings.createdAt))
    .limit(UNSETTLED_SHOWN);
  return rows.map((row) => ({
    kind: "active_booking",
    bookingId: row.bookingId,
    productName: row.productName,
    side: row.buyerId === userId ? "buyer" : "seller",
  }));
}

/** What the owner is told when leaving is refused. */
export function unsettledMessage(deals: readonly UnsettledDeal[]): string {
  const names = deals.map((deal) => `“${deal.productName}”`).join(", ");
  return (
    `Your account cannot be deleted while a deal is open: finish or cancel the booking of ${names} first ` +
    "(My Orders for a buyer, My Products for a seller)."
  );
}
