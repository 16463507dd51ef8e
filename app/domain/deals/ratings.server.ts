// Ratings: after a paid purchase its buyer may rate the seller once, 1 to 5 stars and a short
// comment. A rating is tied to its payment, so it can be neither faked nor repeated: it is
// written only from a succeeded payment of this buyer (one statement) and the database allows
// one per payment.
import { and, eq, getTableName, inArray, isNull, sql } from "drizzle-orm";
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

export interface RatingSummary {
  /** One decimal, e.g. 4.5; null while the seller has no rating. */
  average: number | null;
  count: number;
}

/** The ratings of a seller, as SQL columns of any query that has the seller's id (cards). */
export function ratingSummaryColumns(column: typeof products.sellerId | typeof users.id) {
  // Always qualified: in a query of one table drizzle names a column without its table, and a
  // bare "id" inside the subquery would be the rating's own.
  const sellerId = sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
  return {
    sellerRatingAverage: sql<
      number | null
    >`(select round(avg(${ratings.stars}), 1) from ${ratings} where ${ratings.sellerId} = ${sellerId})`.as(
      "seller_rating_average",
    ),
    sellerRatingCount: sql<number>`(select count(*) from ${ratings} where ${ratings.sellerId} = ${sellerId})`.as(
      "seller_rating_count",
    ),
  };
}

/** Each seller's average (one decimal) and count, for any list of sellers. */
export async function sellerRatingSummaries(db: Database, sellerIds: string[]): Promise<Map<string, RatingSummary>> {
  const summaries = new Map<string, RatingSummary>(sellerIds.map((id) => [id, { average: null, count: 0 }]));
  if (sellerIds.length === 0) return summaries;
  const unique = [...new Set(sellerIds)];
  // D1 binds at most 100 values per statement.
  for (let start = 0; start < unique.length; start += 90) {
    const rows = await db
      .select({
        sellerId: ratings.sellerId,
        average: sql<number>`round(avg(${ratings.stars}), 1)`,
        count: sql<number>`count(*)`,
      })
      .from(ratings)
      .where(inArray(ratings.sellerId, unique.slice(start, start + 90)))
      .groupBy(ratings.sellerId);
    for (const row of rows) summaries.set(row.sellerId, { average: Number(row.average), count: Number(row.count) });
  }
  return summaries;
}

/** A seller's public summary; null when there is no such seller (or it left Pay&Buy). */
export async function sellerRatingSummary(db: Database, sellerId: string): Promise<RatingSummary | null> {
  const [seller] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, sellerId), eq(users.role, "seller"), isNull(users.deletedAt)))
    .limit(1);
  if (!seller) return null;
  return (await sellerRatingSummaries(db, [sellerId])).get(sellerId)!;
}
