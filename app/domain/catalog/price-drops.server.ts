// What a price edit writes of a drop (ADR 0063, ADR 0077). The one rule, used by every edit of a
// listing's details (the Edit Product page and PUT /api/product/:id alike):
// - a new price remembers when it was set; the price it replaces becomes the kept price (the one
//   a drop is measured from, and struck through) only if the listing kept it PRICE_KEPT_MS;
// - a drop is a new price below both the price it replaces and the kept price (while the kept
//   price is recent, PRICE_DROP_SHOWN_MS after it ended): it writes its instant, which tells the
//   buyers. A raise and a lower within minutes is no drop: the raised price was never kept;
// - a new price at or above the kept price forgets the drop; the same price changes nothing, so a
//   double submit drops once.
import { sql } from "drizzle-orm";
import { products } from "#db/schema";
import { PRICE_DROP_SHOWN_MS, PRICE_KEPT_MS } from "./price-drops";

/**
 * The price columns of a price edit to `newPriceCents` at `now`, for the same UPDATE that writes the
 * price: SQLite reads every right-hand side from the row as it was, so the comparison is with the
 * price the edit replaces, whatever was read before it.
 */
export function priceEditColumns(newPriceCents: number, now: number) {
  const price = products.resalePriceCents;
  const changed = sql`${newPriceCents} <> ${price}`;
  // The price being replaced was kept long enough to count (a price set before these times were
  // written, null, was).
  const kept = sql`(${changed} and ${now} - coalesce(${products.priceSetAt}, 0) >= ${PRICE_KEPT_MS})`;
  const keptPrice = sql`case when ${kept} then ${price} else ${products.previousPriceCents} end`;
  const keptUntil = sql`case when ${kept} then ${now} else ${products.previousPriceUntil} end`;
  // The kept price a drop is measured from, while it is recent.
  const reference = sql`case when ${keptUntil} > ${now - PRICE_DROP_SHOWN_MS} then ${keptPrice} end`;
  const drop = sql`(${newPriceCents} < ${price} and ${newPriceCents} < ${reference})`;
  return {
    previousPriceCents: keptPrice,
    previousPriceUntil: keptUntil,
    priceDroppedAt: sql`case when not ${changed} then ${products.priceDroppedAt} when ${drop} then ${now} when ${newPriceCents} < ${reference} then ${products.priceDroppedAt} else null end`,
    priceSetAt: sql`case when ${changed} then ${now} else ${products.priceSetAt} end`,
  };
}

/** Whether the edit made at `now` dropped the price: its drop carries that instant. */
export function droppedBy(saved: { priceDroppedAt: Date | null }, now: number): boolean {
  return saved.priceDroppedAt?.getTime() === now;
}
