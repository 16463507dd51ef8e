// Money is integer cents everywhere; dollars exist only at the edges (forms, display).
import { groupThousands } from "./numbers";

/** The largest price we accept for one item: $100,000.00. */
export const MAX_PRICE_CENTS = 10_000_000;

/**
 * "19.99" → 1999, "20" → 2000, "1,299.5" → 129950. Parsed as text, never through floating
 * point, so no cent is lost. Returns null for anything that is not a plain amount.
 */
export function dollarsToCents(input: string): number | null {
  const text = input
    .trim()
    .replace(/,/g, "")
    .replace(/^\$\s*/, "");
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
}

/** 1999 → 19.99: the dollar amount that displays and the REST API's dollar fields show. */
export function toDollars(cents: number): number {
  return cents / 100;
}

/**
 * What a buyer saves against the price new: the amount in cents and the whole percentage
 * (rounded down, so we never promise more than the truth); null when the item is not cheaper.
 */
export function savingAgainstNew(
  originalCents: number,
  resaleCents: number,
): { cents: number; percent: number } | null {
  if (!(originalCents > 0) || !(resaleCents >= 0) || resaleCents >= originalCents) return null;
  const cents = originalCents - resaleCents;
  return { cents, percent: Math.floor((cents * 100) / originalCents) };
}

/**
 * 129950 → "1299.50": an amount in currency units as structured data and feeds write it, and as a
 * form field shows it (read back exactly by dollarsToCents). A negative amount keeps its sign
 * under one unit too (-50 → "-0.50"), as a statement's month of more given back than taken needs.
 */
export function toUnitsText(cents: number): string {
  const units = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.trunc(units / 100)}.${String(units % 100).padStart(2, "0")}`;
}

/**
 * 123456 → "$ 1,234.56": every amount people read, on pages, in letters, in the REST API's
 * messages and the domain's (the spec's '$ ' prefix). Formatted by hand rather than through Intl:
 * it runs in the browser while a page hydrates (the reason is at the top of app/utils/format.ts),
 * and it is tested equal to Intl en-US (tests/integration/money.test.ts). A missing or non-finite
 * amount gives null, for the page to say what is missing.
 */
export function formatMoney(cents: number): string;
export function formatMoney(cents: number | null | undefined): string | null;
export function formatMoney(cents: number | null | undefined): string | null {
  if (cents == null || !Number.isFinite(cents)) return null;
  const whole = Math.round(Math.abs(cents));
  const dollars = groupThousands(Math.floor(whole / 100));
  return `$ ${cents < 0 && whole > 0 ? "-" : ""}${dollars}.${String(whole % 100).padStart(2, "0")}`;
}
