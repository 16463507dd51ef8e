// A seller's money as the ledger records it (what has moved, ADR 0058): by month for the Payouts
// page's chart and table, and movement by movement for the statement a seller downloads (CSV)
// for their books or tax return. Months are calendar months in UTC.
import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import { SELLER_FIGURES, type SellerFigure } from "#app/domain/deals/ledger/figures";
import { LEDGER, SELLER_STATEMENT_KINDS, sellerPlace } from "#app/domain/deals/ledger/kinds";
import {
  lastMonths,
  ledgerMonths,
  type MonthFigures,
  type MonthRange,
  monthStart,
  nextMonthStart,
} from "#app/domain/deals/ledger/months.server";
import { toCsv } from "#app/domain/shared/csv";
import { currencyOf, toUnitsText } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import { bookings, ledgerEntries, payments, products } from "#db/schema";

/**
 * A seller's month in one currency: what buyers paid for their sales, the platform's fees (less
 * those given back), what went back to buyers, what was sent to the seller (less what refunds took
 * back) and what was paid to their bank (less payouts that came back).
 */
export type MonthMoney = MonthFigures<SellerFigure>;

/**
 * A seller's money in each of the `count` months up to the one `now` falls in, oldest first; a
 * month without movements has zeros. One row per month and currency (index:
 * ledger_entries_seller_created).
 */
export function sellerMonths(db: Database, sellerId: string, count = 12, now = Date.now()): Promise<MonthMoney[]> {
  return ledgerMonths(db, sellerPlace, SELLER_FIGURES, lastMonths(count, now), eq(ledgerEntries.sellerId, sellerId));
}

/**
 * A seller's movements from the start of `from` to the end of `to` (months), oldest first, with
 * the product and booking they belong to: the lines of the CSV statement.
 */
export async function sellerStatement(db: Database, sellerId: string, range: MonthRange) {
  const start = monthStart(range.from);
  const end = monthStart(range.to);
  if (start === null || end === null) return [];
  const after = nextMonthStart(end);
  return db
    .select({
      at: ledgerEntries.createdAt,
      kind: ledgerEntries.kind,
      amountCents: ledgerEntries.amountCents,
      currency: ledgerEntries.currency,
      bookingId: bookings.id,
      productName: products.name,
      reference: ledgerEntries.providerRef,
    })
    .from(ledgerEntries)
    .leftJoin(payments, eq(payments.id, ledgerEntries.paymentId))
    .leftJoin(bookings, eq(bookings.id, payments.bookingId))
    .leftJoin(products, eq(products.id, bookings.productId))
    .where(
      and(
        eq(ledgerEntries.sellerId, sellerId),
        inArray(ledgerEntries.kind, SELLER_STATEMENT_KINDS),
        gte(ledgerEntries.createdAt, new Date(start)),
        lt(ledgerEntries.createdAt, new Date(after)),
      ),
    )
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
}

export type StatementLine = Awaited<ReturnType<typeof sellerStatement>>[number];

/** The statement's file name: the seller's months, as a spreadsheet user would look for it. */
export const statementFileName = (range: MonthRange) => `pay-and-buy-statement-${range.from}-to-${range.to}.csv`;

/**
 * The statement as CSV: a line a movement with its ISO 8601 time (UTC), what it was, the product
 * and booking, the amount in decimal units and its currency, and the provider's reference.
 */
export function statementCsv(lines: ReadonlyArray<StatementLine>): string {
  return toCsv([
    ["Date", "Type", "Product", "Booking", "Amount", "Currency", "Reference"],
    ...lines.map((line) => [
      line.at.toISOString(),
      LEDGER[line.kind].words ?? line.kind,
      line.productName,
      line.bookingId,
      toUnitsText(line.amountCents, currencyOf(line.currency)),
      line.currency.toUpperCase(),
      line.reference,
    ]),
  ]);
}
