// A listing's price drop as buyers see it (ADR 0063): the price before the drop is struck
// through beside the current one for two weeks. Pure, so the cards, the listing page, the API's
// shapes and the letters all decide it the same way, given the time.

/** How long a previous price is shown after the drop. */
export const PRICE_DROP_SHOWN_DAYS = 14;
export const PRICE_DROP_SHOWN_MS = PRICE_DROP_SHOWN_DAYS * 24 * 60 * 60 * 1000;

/** The columns a listing's previous price is decided from (products, as the cards read them). */
export interface PriceDropFields {
  resalePriceCents: number;
  previousPriceCents: number | null;
  priceDroppedAt: Date | null;
}

/**
 * The previous price to strike through, or null: a drop shows only while it is recent (at most
 * PRICE_DROP_SHOWN_DAYS old, not in the future) and the previous price is above the current one.
 */
export function shownPreviousPrice(listing: PriceDropFields, now: number): number | null {
  const { previousPriceCents: previous, priceDroppedAt: droppedAt } = listing;
  if (previous === null || droppedAt === null) return null;
  const age = now - droppedAt.getTime();
  if (age < 0 || age >= PRICE_DROP_SHOWN_MS) return null;
  return previous > listing.resalePriceCents ? previous : null;
}

/** The UTC day of a drop: a listing's buyers are told of its drops at most once a day. */
export function dropDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}
