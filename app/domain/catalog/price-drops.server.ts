// What a price edit writes of a drop (ADR 0063). The one rule, used by every edit of a listing's
// details (the Edit Product page and PUT /api/product/:id alike): a lower price remembers the price
// it dropped from and when, a higher one forgets any drop, the same price keeps what was there.
// A second drop remembers the price just before it (the last drop wins), so a struck price is
// never older than PRICE_DROP_SHOWN_DAYS.
import { sql } from "drizzle-orm";
import { products } from "#db/schema";

/**
 * The two columns of a price edit to `newPriceCents` at `now`, for the same UPDATE that writes the
 * price: SQLite reads every right-hand side from the row as it was, so the comparison is with the
 * price the edit replaces, whatever was read before it.
 */
export function priceEditColumns(newPriceCents: number, now: number) {
  const lower = sql`${newPriceCents} < ${products.resalePriceCents}`;
  const higher = sql`${newPriceCents} > ${products.resalePriceCents}`;
  return {
    previousPriceCents: sql`case when ${lower} then ${products.resalePriceCents} when ${higher} then null else ${products.previousPriceCents} end`,
    priceDroppedAt: sql`case when ${lower} then ${now} when ${higher} then null else ${products.priceDroppedAt} end`,
  };
}

/** Whether the edit made at `now` dropped the price: its drop carries that instant. */
export function droppedBy(saved: { priceDroppedAt: Date | null }, now: number): boolean {
  return saved.priceDroppedAt?.getTime() === now;
}
