// Money by month from the ledger (what has moved, ADR 0058), for the seller's statement and the
// platform's (ADR 0082, 0088): calendar months in UTC, the months a statement covers read from
// `?from=YYYY-MM&to=YYYY-MM`, and the sums of a month's movements by currency. Where each ledger
// kind lands in a statement's figures is its row of the table of kinds (kinds.ts).
import { and, asc, gte, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { ledgerEntries } from "#db/schema";
import type { LedgerKindRule, Placed } from "./kinds";
import { figureSum } from "./sums.server";

/** "2026-11": a month as the statements name it. */
export type Month = string;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The first instant of a month, in ms; null for anything that is not "YYYY-MM". */
export function monthStart(month: string): number | null {
  const match = MONTH_PATTERN.exec(month);
  if (!match) return null;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, 1);
}

/** The month `offset` months from the one `at` falls in. */
export function monthOf(at: number, offset = 0): Month {
  const date = new Date(at);
  const shifted = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
  return `${shifted.getUTCFullYear()}-${String(shifted.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The first and the last month a statement may name: Date.UTC reads years 0–99 as 1900–1999. */
export const FIRST_MONTH: Month = "2000-01";
export const LAST_MONTH: Month = "9999-12";

/** Whether a "YYYY-MM" month is one a statement may name (FIRST_MONTH to LAST_MONTH). */
export function isStatementMonth(month: Month): boolean {
  return MONTH_PATTERN.test(month) && month >= FIRST_MONTH && month <= LAST_MONTH;
}

/** The first instant of the month after the one `at` falls in (10000-01-01 after 9999-12). */
export function nextMonthStart(at: number): number {
  const date = new Date(at);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** The months from `first` to `last`, both included (at most 1200; none past LAST_MONTH). */
export function monthsBetween(first: Month, last: Month): Month[] {
  const months: Month[] = [];
  const start = monthStart(first);
  const end = monthStart(last);
  if (start === null || end === null) return months;
  for (let offset = 0; months.length < 1200; offset++) {
    const month = monthOf(start, offset);
    const at = monthStart(month);
    // Past 9999-12 the next month is "10000-01", which is no month: the count stops there.
    if (at === null || at > end) break;
    months.push(month);
  }
  return months;
}

/** The months a statement covers, both included. */
export type MonthRange = { from: Month; to: Month };

/** The `count` months up to the one `now` falls in. */
export const lastMonths = (count = 12, now = Date.now()): MonthRange => ({
  from: monthOf(now, -(count - 1)),
  to: monthOf(now),
});

export type StatementRange = ({ ok: true } & MonthRange) | { ok: false; message: string };

/** The longest statement in one file: ten years of months. */
export const STATEMENT_MAX_MONTHS = 120;

/**
 * The months a statement covers, from `?from=` and `?to=` ("YYYY-MM"); without them, the last 12
 * months up to `now`'s. A month that is not one, one outside FIRST_MONTH to LAST_MONTH, a range
 * that ends before it starts or that is longer than ten years is refused with what to send.
 */
export function readStatementRange(from: string | null, to: string | null, now = Date.now()): StatementRange {
  const first = from?.trim() || monthOf(now, -11);
  const last = to?.trim() || monthOf(now);
  if (monthStart(first) === null || monthStart(last) === null) {
    return { ok: false, message: "Months are written as YYYY-MM, such as 2026-01." };
  }
  if (!isStatementMonth(first) || !isStatementMonth(last)) {
    return { ok: false, message: `A statement's months run from ${FIRST_MONTH} to ${LAST_MONTH}.` };
  }
  const months = monthsBetween(first, last).length;
  if (months === 0) return { ok: false, message: "The first month must not be after the last." };
  if (months > STATEMENT_MAX_MONTHS) return { ok: false, message: "A statement covers ten years at most." };
  return { ok: true, from: first, to: last };
}

/** A month's figures in one currency. */
export type MonthFigures<Column extends string> = { month: Month; currency: string } & Record<Column, number>;

const monthOfEntry = sql<string>`strftime('%Y-%m', ${ledgerEntries.createdAt} / 1000, 'unixepoch')`;

/**
 * The figures of each month of `range`, oldest first, one row per month and currency, from the
 * movements `where` selects (all of them without it); a month without movements has zeros. A
 * currency shows once anything moved in it within the range.
 */
export async function ledgerMonths<Column extends string>(
  db: Database,
  placeOf: (rule: LedgerKindRule) => Placed<Column>,
  names: readonly Column[],
  range: MonthRange,
  where?: SQL,
): Promise<Array<MonthFigures<Column>>> {
  const start = monthStart(range.from);
  const end = monthStart(range.to);
  if (start === null || end === null) return [];
  const sums = Object.fromEntries(names.map((name) => [name, figureSum(placeOf, name).as(name)]));
  const rows = (await db
    .select({ month: monthOfEntry.as("month"), currency: ledgerEntries.currency, ...sums })
    .from(ledgerEntries)
    .where(
      and(
        where,
        gte(ledgerEntries.createdAt, new Date(start)),
        lt(ledgerEntries.createdAt, new Date(nextMonthStart(end))),
      ),
    )
    .groupBy(monthOfEntry, ledgerEntries.currency)
    .orderBy(asc(monthOfEntry))) as unknown as Array<MonthFigures<Column>>;
  const found = new Map(rows.map((row) => [`${row.month} ${row.currency}`, row]));
  const currencies = [...new Set(rows.map((row) => row.currency))].sort();
  const zeros = Object.fromEntries(names.map((name) => [name, 0])) as Record<Column, number>;
  return monthsBetween(range.from, range.to).flatMap((month) =>
    currencies.map((currency) => found.get(`${month} ${currency}`) ?? { month, currency, ...zeros }),
  );
}
