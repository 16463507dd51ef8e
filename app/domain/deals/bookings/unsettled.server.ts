// The deals of a user that are not settled yet: while one is open the account cannot be deleted
// by its owner (a buyer waiting for the item or for their money, a seller holding one for a buyer
// or waiting to be paid). That is an active (booked, unpaid) booking, or a paid sale whose money
// is still held (before the buyer confirms receipt, the protection window ends or the admin
// decides its claim), as the buyer or as the seller (PRODUCT.md, "Money to sellers").
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { bookings, deals, products } from "#db/schema";

export interface UnsettledDeal {
  /** A booking not paid yet, or a payment held for the deal (a claim on it is open, maybe). */
  kind: "active_booking" | "held_payment";
  bookingId: string;
  productName: string;
  /** The user's side of the deal. */
  side: "buyer" | "seller";
}

/** How many unsettled deals are named at most (one is enough to refuse; a few help to act). */
export const UNSETTLED_SHOWN = 5;

/** The SQL condition "the user has an unsettled deal", for a write that must not happen while one is open. */
export function hasUnsettledDeals(userId: string) {
  return sql`(exists (select 1 from ${bookings} join ${products} on ${products.id} = ${bookings.productId} where ${bookings.status} = 'active' and (${bookings.buyerId} = ${userId} or ${products.sellerId} = ${userId}))
    or exists (select 1 from ${deals} where ${deals.state} = 'held' and (${deals.buyerId} = ${userId} or ${deals.sellerId} = ${userId})))`;
}

export async function unsettledDealsOf(db: Database, userId: string): Promise<UnsettledDeal[]> {
  const [active, held] = await Promise.all([
    db
      .select({ bookingId: bookings.id, productName: products.name, buyerId: bookings.buyerId })
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .where(and(eq(bookings.status, "active"), or(eq(bookings.buyerId, userId), eq(products.sellerId, userId))))
      .orderBy(desc(bookings.createdAt))
      .limit(UNSETTLED_SHOWN),
    db
      .select({ bookingId: deals.bookingId, productName: products.name, buyerId: deals.buyerId })
      .from(deals)
      .innerJoin(bookings, eq(bookings.id, deals.bookingId))
      .innerJoin(products, eq(products.id, bookings.productId))
      .where(and(eq(deals.state, "held"), or(eq(deals.buyerId, userId), eq(deals.sellerId, userId))))
      .orderBy(desc(deals.createdAt))
      .limit(UNSETTLED_SHOWN),
  ]);
  const side = (buyerId: string) => (buyerId === userId ? "buyer" : "seller") as UnsettledDeal["side"];
  return [
    ...active.map((row) => ({ kind: "active_booking" as const, ...row, side: side(row.buyerId) })),
    ...held.map((row) => ({ kind: "held_payment" as const, ...row, side: side(row.buyerId) })),
  ]
    .slice(0, UNSETTLED_SHOWN)
    .map(({ buyerId: _buyer, ...deal }) => deal);
}

/** What the owner is told when leaving is refused. */
export function unsettledMessage(deals: readonly UnsettledDeal[]): string {
  const names = (kind: UnsettledDeal["kind"]) =>
    deals
      .filter((deal) => deal.kind === kind)
      .map((deal) => `“${deal.productName}”`)
      .join(", ");
  const parts = [
    names("active_booking")
      ? `finish or cancel the booking of ${names("active_booking")} (My Orders for a buyer, My Products for a seller)`
      : null,
    names("held_payment")
      ? `wait until the payment of ${names("held_payment")} is settled (the buyer confirms receipt, the protection window ends or an admin decides the claim)`
      : null,
  ].filter(Boolean);
  return `Your account cannot be deleted while a deal is open: ${parts.join("; ")} first.`;
}
