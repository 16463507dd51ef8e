// Price guidance's rules and shape, apart from its queries (price-guidance.server.ts), for the
// pages that word it in the browser too. Browser-safe.
import { CONDITIONS, type Condition } from "#db/closed-lists";

/** Sales older than this are not counted: prices of used gear move (about six months). */
export const GUIDANCE_PERIOD_DAYS = 182;
export const GUIDANCE_PERIOD_LABEL = "6 months";
/** Below this many sales no range is shown. */
export const MIN_SALES = 3;
/** An asking price this much above the highest recorded sale is "far above" (20 %). */
export const FAR_ABOVE_RATIO = 1.2;

export type PriceGuidance =
  | {
      enough: true;
      model: string;
      /** The grades counted: the listing's grade and the better ones, best first. */
      grades: Condition[];
      sales: number;
      lowCents: number;
      highCents: number;
      medianCents: number;
      periodDays: number;
    }
  | { enough: false; model: string; grades: Condition[]; sales: number; periodDays: number };

/** The grades a listing of `condition` is compared with: its own and the better ones. */
export function gradesAtLeast(condition: Condition): Condition[] {
  return CONDITIONS.slice(0, CONDITIONS.indexOf(condition) + 1);
}

/**
 * How far above the highest recorded sale an asking price is, as a whole percentage, when it is
 * far above (more than FAR_ABOVE_RATIO times it); null otherwise or without enough sales.
 */
export function farAbove(guidance: PriceGuidance | null, askingCents: number): { percent: number } | null {
  if (!guidance?.enough || askingCents <= guidance.highCents * FAR_ABOVE_RATIO) return null;
  return { percent: Math.floor(((askingCents - guidance.highCents) / guidance.highCents) * 100) };
}
