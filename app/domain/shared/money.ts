// Money is an integer count of the configured currency's smallest unit everywhere (cents for USD
// and EUR, yen for JPY, fils for KWD: the unit Stripe counts in); whole units exist only at the
// edges (forms, display, the REST API's amount fields). Names ending in "Cents" mean that smallest
// unit, whatever the currency (ADR 0095).
import { groupThousands } from "./numbers";

/**
 * The configured currency as pages, letters and forms need it: its ISO code, the symbol en-US
 * writes for it, and how many digits its smallest unit has (2 for USD and EUR, 0 for JPY, 3 for
 * KWD). Made once on the server by currencyOf and passed to the browser with the root's data, so
 * the browser formats by hand with the server's symbol and never builds an Intl formatter while a
 * page hydrates (the reason is at the top of app/utils/format.ts).
 */
export type Currency = { code: string; symbol: string; digits: number; words: string };

const currencies = new Map<string, Currency>();

/**
 * "eur" → { code: "EUR", symbol: "€", digits: 2, words: "euros" }, from Intl's data for en-US.
 * Throws for what is not a three-letter code (the configuration refuses it first).
 */
export function currencyOf(code: string): Currency {
  const upper = code.trim().toUpperCase();
  const known = currencies.get(upper);
  if (known) return known;
  if (!/^[A-Z]{3}$/.test(upper)) throw new RangeError(`"${code}" is not a currency code`);
  const format = new Intl.NumberFormat("en-US", { style: "currency", currency: upper });
  const symbol = format.formatToParts(1).find((part) => part.type === "currency")?.value ?? upper;
  const named = new Intl.NumberFormat("en-US", { style: "currency", currency: upper, currencyDisplay: "name" });
  const words = named.formatToParts(2).find((part) => part.type === "currency")?.value ?? upper;
  const currency = { code: upper, symbol, digits: format.resolvedOptions().maximumFractionDigits ?? 2, words };
  currencies.set(upper, currency);
  return currency;
}

/** Joins a currency's symbol to its number in formatMoney: a line never breaks between them. */
export const NO_BREAK_SPACE = "\u00a0";

/** The factor from whole units to the smallest unit: 100 for USD, 1 for JPY, 1000 for KWD. */
function unitFactor(currency: Currency): number {
  return 10 ** currency.digits;
}

/** The largest price we accept for one item, in the smallest unit ($100,000.00, ¥10,000,000). */
export const MAX_PRICE_CENTS = 10_000_000;

/**
 * "19.99" → 1999, "20" → 2000, "1,299.5" → 129950 in USD; "1500" → 1500 in JPY, where "15.5"
 * is no amount. Parsed as text, never through floating point, so no smallest unit is lost; the
 * currency's symbol may lead. Returns null for anything that is not a plain amount.
 */
export function parseMoney(input: string, currency: Currency): number | null {
  let text = input.trim().replace(/,/g, "");
  if (text.startsWith(currency.symbol)) text = text.slice(currency.symbol.length).trim();
  const fraction = currency.digits > 0 ? `(?:\\.(\\d{1,${currency.digits}}))?` : "";
  const match = new RegExp(`^(\\d{1,9})${fraction}$`).exec(text);
  if (!match) return null;
  return Number(match[1]) * unitFactor(currency) + Number((match[2] ?? "").padEnd(currency.digits, "0") || "0");
}

/** 1999 → 19.99 in USD, 1500 → 1500 in JPY: the amount in whole units the REST API's amount fields show. */
export function toUnits(cents: number, currency: Currency): number {
  return cents / unitFactor(currency);
}

/** "800 or 799.50" in USD, "800 or 799" in JPY: an example of a typed amount for a hint. */
export function amountExample(whole: number, currency: Currency): string {
  if (currency.digits === 0) return `${whole} or ${whole - 1}`;
  return `${whole} or ${whole - 1}.${"5".padEnd(currency.digits, "0")}`;
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
 * 129950 → "1299.50" in USD, 1500 → "1500" in JPY: an amount in whole units as structured data,
 * feeds and CSV write it, and as a form field shows it (read back exactly by parseMoney). A
 * negative amount keeps its sign under one unit too (-50 → "-0.50"), as a statement's month of
 * more given back than taken needs.
 */
export function toUnitsText(cents: number, currency: Currency): string {
  const factor = unitFactor(currency);
  const units = Math.abs(Math.round(cents));
  const fraction = currency.digits > 0 ? `.${String(units % factor).padStart(currency.digits, "0")}` : "";
  return `${cents < 0 && units > 0 ? "-" : ""}${Math.floor(units / factor)}${fraction}`;
}

/**
 * 123456 → "$ 1,234.56" in USD, "€ 1,234.56" in EUR, 1500 → "¥ 1,500" in JPY: every amount people
 * read, on pages, in letters, in the REST API's messages and the domain's (the spec's '$ '
 * prefix, with the configured currency's symbol). The space after the symbol is a no-break space
 * (U+00A0, ADR 0100), so a line never breaks between the sign and its number; a copy and paste
 * or a screen reader reads it as a space. Formatted by hand from the Currency that
 * currencyOf made, and tested equal to Intl's en-US digits (tests/integration/money.test.ts). A
 * missing or non-finite amount gives null, for the page to say what is missing.
 */
export function formatMoney(cents: number, currency: Currency): string;
export function formatMoney(cents: number | null | undefined, currency: Currency): string | null;
export function formatMoney(cents: number | null | undefined, currency: Currency): string | null {
  if (cents == null || !Number.isFinite(cents)) return null;
  const factor = unitFactor(currency);
  const whole = Math.round(Math.abs(cents));
  const units = groupThousands(Math.floor(whole / factor));
  const fraction = currency.digits > 0 ? `.${String(whole % factor).padStart(currency.digits, "0")}` : "";
  return `${currency.symbol}${NO_BREAK_SPACE}${cents < 0 && whole > 0 ? "-" : ""}${units}${fraction}`;
}

/** A formatter bound to one currency, for code that formats many amounts or takes a formatter. */
export function moneyFormatter(currency: Currency): (cents: number) => string {
  return (cents) => formatMoney(cents, currency);
}

/**
 * The currencies of rows kept in several (months before a change of PAYMENT_CURRENCY), made on
 * the server: a page sends them, so the browser never builds Intl's data (app/utils/format.ts).
 */
export function currenciesOf(codes: Iterable<string>): Record<string, Currency> {
  const out: Record<string, Currency> = {};
  for (const code of codes) out[code.toUpperCase()] = currencyOf(code);
  return out;
}
