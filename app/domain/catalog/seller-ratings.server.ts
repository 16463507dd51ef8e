// A seller's reputation as buyers see it: the average of their ratings (one decimal) and how
// many there are, read beside a listing's card, in the admin's lists and on the seller's page.
// Ratings are written by deals (deals/ratings.server.ts: a buyer rates a paid purchase); this
// only reads them.
import { and, eq, getTableName, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { type products, ratings, users } from "#db/schema";

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
