// Ratings: after a paid purchase its buyer may rate the seller once, 1 to 5 stars and a short
// comment. A rating is tied to its payment, so it can be neither faked nor repeated: it is
// written only from a succeeded payment of this buyer (one statement) and the database allows
// one per payment. What buyers read of a seller's ratings (the average and count on cards, lists
// and profiles) is the catalog's: catalog/seller-ratings.server.ts.
import { and, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { SessionUser } from "#app/domain/accounts/sessions.server";
import type { Database } from "#db/client";
import { isUniqueViolation } from "#db/errors";
import { intoColumns } from "#db/insert-select";
import { bookings, payments, products, ratings, users } from "#db/schema";
import type { RatingInput } from "./rating-schema";

export { RATING_COMMENT_MAX, type RatingInput, ratingSchema } from "./rating-schema";

export const RATING_MESSAGES = {
  rated: "Thank you: your rating has been saved.",
  notFound: "There is no such booking.",
  notPaid: "Only a paid purchase can be rated.",
  twice: "You have already rated this purchase.",
  sellerGone: "The seller has left Pay&Buy: their sales can no longer be rated.",
  notBuyer: "Only buyers can rate sellers.",
} as const;

export type RateResult = { ok: true; ratingId: string } | { ok: false; status: 403 | 404 | 409; message: string };

const sellers = alias(users, "rated_seller");

/** The buyer rates the seller of one of its paid bookings. */
export async function rateSeller(
  db: Database,
  buyer: Pick<SessionUser, "id" | "role">,
  input: RatingInput,
): Promise<RateResult> {
  if (buyer.role !== "buyer") return { ok: false, status: 403, message: RATING_MESSAGES.notBuyer };
  const ratingId = crypto.randomUUID();
  try {
    const result = await db.insert(ratings).select(
      db
        .select(
          intoColumns(ratings, {
            id: sql`${ratingId}`,
            paymentId: payments.id,
            buyerId: payments.buyerId,
            sellerId: payments.sellerId,
            stars: sql`${input.stars}`,
            comment: sql`${input.comment}`,
            createdAt: sql`${Date.now()}`,
            answer: sql`null`,
            answeredAt: sql`null`,
            textRemovedAt: sql`null`,
          }),
        )
        .from(payments)
        .innerJoin(sellers, eq(sellers.id, payments.sellerId))
        .where(
          and(
            eq(payments.bookingId, input.bookingId),
            eq(payments.buyerId, buyer.id),
            eq(payments.status, "succeeded"),
            isNull(sellers.deletedAt),
          ),
        ),
    );
    if (result.meta.changes === 1) return { ok: true, ratingId };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { ok: false, status: 409, message: RATING_MESSAGES.twice };
  }
  // Why nothing was written: not this buyer's booking, not paid, or its seller left.
  const [booking] = await db
    .select({ paymentStatus: payments.status, sellerDeletedAt: users.deletedAt })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(users, eq(users.id, products.sellerId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(and(eq(bookings.id, input.bookingId), eq(bookings.buyerId, buyer.id)))
    .limit(1);
  if (!booking) return { ok: false, status: 404, message: RATING_MESSAGES.notFound };
  if (booking.paymentStatus !== "succeeded") return { ok: false, status: 409, message: RATING_MESSAGES.notPaid };
  return { ok: false, status: 409, message: RATING_MESSAGES.sellerGone };
}
