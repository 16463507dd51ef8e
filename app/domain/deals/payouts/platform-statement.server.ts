// The platform's money by month, from the ledger (what has moved, ADR 0058, 0088): what buyers
// paid, the fees it kept, what it gave back to buyers, the chargebacks it lost and their fees,
// the shipping labels it bought, what it sent to sellers, what reached their banks and what
// sellers came to owe (ADR 0087), per currency and calendar month (UTC). The Claims page charts
// the last 12 months; the admin downloads any months as CSV for the books.

import { PLATFORM_FIGURE_WORDS, PLATFORM_FIGURES, type PlatformFigure } from "#app/domain/deals/ledger/figures";
import { platformPlace } from "#app/domain/deals/ledger/kinds";
import { lastMonths, ledgerMonths, type MonthFigures, type MonthRange } from "#app/domain/deals/ledger/months.server";
import { toCsv } from "#app/domain/shared/csv";
import { currencyOf, toUnitsText } from "#app/domain/shared/money";
import type { Database } from "#db/client";

export type PlatformMonth = MonthFigures<PlatformFigure>;

/**
 * The platform's figures in each month of `range` (the last 12 by default), oldest first: one row
 * per month and currency, zeros for a month without movements. Every seller's movements, so it
 * reads the whole range of the ledger; ten years at most (readStatementRange).
 */
export function platformMonths(db: Database, range: MonthRange = lastMonths()): Promise<PlatformMonth[]> {
  return ledgerMonths(db, platformPlace, PLATFORM_FIGURES, range);
}

/** The file's name: the platform's months, as a bookkeeper would look for it. */
export const platformStatementFileName = (range: MonthRange) => `pay-and-buy-platform-${range.from}-to-${range.to}.csv`;

/**
 * The platform's statement as CSV: a header row, then a line per month and currency, with the
 * month (ISO 8601, "2026-11"), the currency's code and each figure in decimal units.
 */
export function platformStatementCsv(months: ReadonlyArray<PlatformMonth>): string {
  return toCsv([
    ["Month", "Currency", ...PLATFORM_FIGURES.map((figure) => PLATFORM_FIGURE_WORDS[figure])],
    ...months.map((row) => [
      row.month,
      row.currency.toUpperCase(),
      ...PLATFORM_FIGURES.map((figure) => toUnitsText(row[figure], currencyOf(row.currency))),
    ]),
  ]);
}
