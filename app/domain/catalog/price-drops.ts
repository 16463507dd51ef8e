// A listing's price drop as buyers see it (ADR 0063, ADR 0077): the last price the listing kept for
// at least a day is struck through beside the current, lower one, for two weeks after it stopped
// being the price. Pure, so the cards, the listing page, the API's shapes and the letters all
// decide it the same way, given the time.

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long a price must stay before it counts as the listing's price: a drop is measured from it. */
export const PRICE_KEPT_MS = DAY_MS;
/** How long a kept price is shown struck through after it stopped being the price. */
export const PRICE_DROP_SHOWN_DAYS = 14;
export const PRICE_DROP_SHOWN_MS = PRICE_DROP_SHOWN_DAYS * DAY_MS;

/** The columns a listing's struck price is decided from (products, as the cards read them). */
export interface PriceDropFields {
  resalePriceCents: number;
  /** The last price kept for at least PRICE_KEPT_MS before the current one. */
  previousPriceCents: number | null;
  /** When that kept price stopped being the price. */
  previousPriceUntil: Date | null;
  /** When the price last dropped below both the kept price and the price before it. */
  priceDroppedAt: Date | null;
}

/**
 * The kept price to strike through, or null: only after a drop, only while the kept price ended
 * at most PRICE_DROP_SHOWN_DAYS ago (not in the future), and only above the current price.
 */
export function shownPreviousPrice(listing: PriceDropFields, now: number): number | null {
  const { previousPriceCents: previous, previousPriceUntil: until, priceDroppedAt } = listing;
  if (previous === null || until === null || priceDroppedAt === null) return null;
  const age = now - until.getTime();
  if (age < 0 || age >= PRICE_DROP_SHOWN_MS) return null;
  return previous > listing.resalePriceCents ? previous : null;
}

/** The UTC day of a drop: a listing's buyers are told of its drops at most once a day. */
export function dropDay(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}
