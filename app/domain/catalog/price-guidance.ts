// Price guidance's rules and shape, apart from its queries (price-guidance.server.ts), for the
// pages that word it in the browser too. Browser-safe.
import { CONDITIONS, type Condition } from "#db/closed-lists";

/** Sales older than this are not counted: prices of used gear move (about six months). */
export const GUIDANCE_PERIOD_DAYS = 182;
export const GUIDANCE_PERIOD_LABEL = "6 months";
/**
 * Below this many sales no range is shown (ADR 0076): with fewer, the figures would be some of
 * the sales' own prices, which are what people paid each other.
 */
export const MIN_SALES = 5;
/**
 * The figures shown, as tenths of the way from the cheapest sale to the dearest: the range from
 * the 10th to the 90th percentile (not the lowest and the highest sale), and the median.
 */
export const GUIDANCE_TENTHS = { low: 1, median: 5, high: 9 } as const;
/** An asking price this much above the top of the range is "far above" (20 %). */
export const FAR_ABOVE_RATIO = 1.2;

export type PriceGuidance =
  | {
      enough: true;
      model: string;
      /** The grades counted: the listing's grade and the better ones, best first. */
      grades: Condition[];
      sales: number;
      /** The 10th percentile, rounded down to its step (`guidanceStepCents`). */
      lowCents: number;
      /** The 90th percentile, rounded up to its step. */
      highCents: number;
      /** The median, rounded to the nearest step. */
      medianCents: number;
      periodDays: number;
    }
  | { enough: false; model: string; grades: Condition[]; sales: number; periodDays: number };

/** The grades a listing of `condition` is compared with: its own and the better ones. */
export function gradesAtLeast(condition: Condition): Condition[] {
  return CONDITIONS.slice(0, CONDITIONS.indexOf(condition) + 1);
}

/**
 * The step a figure is rounded to, by its size: $5 below $100, $10 below $250, $25 below
 * $1,000, $50 below $5,000, $100 below $10,000, then $250. Coarse enough that a figure names
 * no sale's price, fine enough to price an item by.
 */
export function guidanceStepCents(cents: number): number {
  if (cents < 10_000) return 500;
  if (cents < 25_000) return 1_000;
  if (cents < 100_000) return 2_500;
  if (cents < 500_000) return 5_000;
  if (cents < 1_000_000) return 10_000;
  return 25_000;
}

/**
 * The value `tenths`/10 of the way through `count` prices sorted from the cheapest, interpolated
 * between the two nearest (the spreadsheet's PERCENTILE.INC), in whole-number arithmetic.
 * `at(rank)` is the price at a 1-based rank; `percentileRanks` says which ranks it reads.
 */
export function percentile(count: number, tenths: number, at: (rank: number) => number): number {
  const [lowerRank, upperRank] = percentileRanks(count, tenths);
  const share = ((count - 1) * tenths) % 10;
  const lower = at(lowerRank);
  return share === 0 ? lower : lower + ((at(upperRank) - lower) * share) / 10;
}

/** The two ranks a percentile lies between (the same rank twice at the dearest). */
export function percentileRanks(count: number, tenths: number): [number, number] {
  const lower = 1 + Math.floor(((count - 1) * tenths) / 10);
  return [lower, Math.min(lower + 1, count)];
}

/**
 * The figures shown from `count` recorded prices: the range and the median, each rounded to its
 * step (the low one down, the high one up, the median to the nearest), so that no figure is a
 * sale's own price. Null below MIN_SALES.
 */
export function guidanceFigures(
  count: number,
  at: (rank: number) => number,
): { lowCents: number; highCents: number; medianCents: number } | null {
  if (count < MIN_SALES) return null;
  const round = (cents: number, how: (steps: number) => number) =>
    how(cents / guidanceStepCents(cents)) * guidanceStepCents(cents);
  return {
    lowCents: round(percentile(count, GUIDANCE_TENTHS.low, at), Math.floor),
    highCents: round(percentile(count, GUIDANCE_TENTHS.high, at), Math.ceil),
    medianCents: round(percentile(count, GUIDANCE_TENTHS.median, at), Math.round),
  };
}

/**
 * How far above the top of the range an asking price is, as a whole percentage, when it is
 * far above (more than FAR_ABOVE_RATIO times it); null otherwise or without enough sales. It
 * compares with the rounded figure only: asking prices tried one by one learn no sale's price.
 */
export function farAbove(guidance: PriceGuidance | null, askingCents: number): { percent: number } | null {
  if (!guidance?.enough || askingCents <= guidance.highCents * FAR_ABOVE_RATIO) return null;
  return { percent: Math.floor(((askingCents - guidance.highCents) / guidance.highCents) * 100) };
}
