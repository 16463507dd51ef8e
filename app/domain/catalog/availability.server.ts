// A listing's availability: a listing is `booked` while a live (active, unpaid) booking holds it.
// Here holds end and listings are released: the statements that end the active bookings of a
// listing, of a buyer, of a seller's listings or past their deadline, and make the listings they
// held available again, for the caller's own D1 batch (one transaction). Catalog uses them when a
// listing is deleted or held for a stolen serial, moderation when an admin removes a listing or
// an account, the scheduled job when bookings expire. Making a booking and a buyer's cancel are
// the deals' (deals/bookings.server.ts).
import { and, asc, eq, inArray, lte, type SQLWrapper } from "drizzle-orm";
import type { Database } from "#db/client";
import type { BookingEndReason } from "#db/closed-lists";
import { bookings, products } from "#db/schema";

/**
 * Statements that end the active (unpaid) bookings of a product, of a buyer or of a seller's
 * products, for use inside a larger batch (a product deleted or removed, an account deleted).
 * Paid bookings are history and stay. When `releaseProducts` is set, products booked by the
 * ended bookings are no longer `booked` (a product is booked only with a live booking); a
 * product that itself goes away stays hidden by its deleted_at/removed_at or its seller's.
 */
export function endActiveBookingsStatements(
  db: Database,
  target:
    | { productId: string }
    | { productIn: SQLWrapper }
    | { buyerId: string }
    | { sellerId: string }
    | { dueBy: number; limit: number },
  reason: BookingEndReason,
  options: { releaseProducts: boolean; now?: number },
) {
  const now = options.now ?? Date.now();
  const mine =
    "productId" in target
      ? eq(bookings.productId, target.productId)
      : "productIn" in target
        ? inArray(bookings.productId, target.productIn)
        : "buyerId" in target
          ? eq(bookings.buyerId, target.buyerId)
          : "sellerId" in target
            ? inArray(
                bookings.productId,
                db.select({ id: products.id }).from(products).where(eq(products.sellerId, target.sellerId)),
              )
            : inArray(bookings.id, dueBookingIds(db, target));
  const active = and(mine, eq(bookings.status, "active"));
  const release = db
    .update(products)
    .set({ status: "available", updatedAt: new Date(now) })
    .where(
      and(
        eq(products.status, "booked"),
        inArray(products.id, db.select({ id: bookings.productId }).from(bookings).where(active)),
      ),
    )
    // The released listings as rows: D1's change count also counts the search index's writes.
    .returning({ id: products.id });
  const end = db
    .update(bookings)
    .set({ status: "cancelled", endReason: reason, cancelledAt: new Date(now) })
    .where(active);
  const statements = options.releaseProducts ? [release, end] : [end];
  return statements;
}

/**
 * Active bookings whose deadline has passed at `dueBy`, the oldest deadlines first, at most
 * `limit` of them. Every statement of one batch that uses it picks the same bookings: nothing
 * in between changes an active booking's deadline, and the batch is one transaction.
 */
export function dueBookingIds(db: Database, due: { dueBy: number; limit: number }) {
  return db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, "active"), lte(bookings.expiresAt, new Date(due.dueBy))))
    .orderBy(asc(bookings.expiresAt), asc(bookings.id))
    .limit(due.limit);
}
