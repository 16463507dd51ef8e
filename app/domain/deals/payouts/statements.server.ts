// A seller's money as the ledger records it (what has moved, ADR 0058): by month for the Payouts
// page's chart and table, and movement by movement for the statement a seller downloads (CSV)
// for their books or tax return. Months are calendar months in UTC.
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { toCsv } from "#app/domain/shared/csv";
import { toUnitsText } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import type { LedgerKind } from "#db/closed-lists";
import { bookings, ledgerEntries, payments, products } from "#db/schema";

/** "2026-11": a month as the statements name it. */
export type Month = string;

export interface MonthMoney {
  month: Month;
  currency: string;
  /** What buyers paid for the seller's sales. */
  sales: number;
  /** The platform's fees, less fees given back with refunds. */
  fees: number;
  /** Given back to buyers. */
  refunds: number;
  /** Sent to the seller (transfers, less what refunds took back). */
  received: number;
  /** Paid to the seller's bank (less payouts that came back). */
  paidOut: number;
}

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

/** The months from `first` to `last`, both included. */
export function monthsBetween(first: Month, last: Month): Month[] {
  const months: Month[] = [];
  const start = monthStart(first);
  const end = monthStart(last);
  if (start === null || end === null) return months;
  for (let offset = 0; months.length < 1200; offset++) {
    const month = monthOf(start, offset);
    if (monthStart(month)! > end) break;
    months.push(month);
  }
  return months;
}

const signedSum = (name: string, kinds: Partial<Record<LedgerKind, 1 | -1>>) =>
  sql<number>`coalesce(sum(case ${ledgerEntries.kind} ${sql.join(
    Object.entries(kinds).map(
      ([kind, sign]) =>
        sql`when ${kind} then ${sign === 1 ? ledgerEntries.amountCents : sql`-${ledgerEntries.amountCents}`}`,
    ),
    sql` `,
  )} else 0 end), 0)`
    .mapWith(Number)
    .as(name);

const monthOfEntry = sql<string>`strftime('%Y-%m', ${ledgerEntries.createdAt} / 1000, 'unixepoch')`;

/**
 * A seller's money in each of the `count` months up to the one `now` falls in, oldest first; a
 * month without movements has zeros. One row per month and currency (index:
 * ledger_entries_seller_created).
 */
export async function sellerMonths(
  db: Database,
  sellerId: string,
  count = 12,
  now = Date.now(),
): Promise<MonthMoney[]> {
  const first = monthOf(now, -(count - 1));
  const rows = await db
    .select({
      month: monthOfEntry.as("month"),
      currency: ledgerEntries.currency,
      sales: signedSum("sales", { charge: 1 }),
      fees: signedSum("fees", { fee: 1, fee_refund: -1 }),
      refunds: signedSum("refunds", { refund: 1 }),
      received: signedSum("received", { transfer: 1, transfer_reversal: -1 }),
      paidOut: signedSum("paid_out", { payout: 1, payout_failure: -1 }),
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.sellerId, sellerId), gte(ledgerEntries.createdAt, new Date(monthStart(first)!))))
    .groupBy(monthOfEntry, ledgerEntries.currency)
    .orderBy(asc(monthOfEntry));
  const currencies = [...new Set(rows.map((row) => row.currency))];
  if (currencies.length === 0) return [];
  return monthsBetween(first, monthOf(now)).flatMap((month) =>
    currencies.map(
      (currency) =>
        rows.find((row) => row.month === month && row.currency === currency) ?? {
          month,
          currency,
          sales: 0,
          fees: 0,
          refunds: 0,
          received: 0,
          paidOut: 0,
        },
    ),
  );
}

/** What each movement is called in a statement. */
export const STATEMENT_WORDS: Record<LedgerKind, string> = {
  charge: "Sale paid by the buyer",
  fee: "Platform fee",
  fee_refund: "Platform fee given back",
  refund: "Refunded to the buyer",
  transfer: "Sent to you",
  transfer_reversal: "Taken back for a refund",
  payout: "Paid to your bank",
  payout_failure: "Payout returned by the bank",
  label: "Shipping label",
  label_refund: "Shipping label given back",
  dispute_loss: "Taken back by the buyer's bank (chargeback)",
  dispute_fee: "Chargeback fee",
  seller_debt: "Owed: a refund your account could not give back",
  debt_recovery: "Owed amount recovered",
};

/**
 * A seller's movements from the start of `from` to the end of `to` (months), oldest first, with
 * the product and booking they belong to: the lines of the CSV statement.
 */
export async function sellerStatement(db: Database, sellerId: string, range: { from: Month; to: Month }) {
  const start = monthStart(range.from);
  const end = monthStart(range.to);
  if (start === null || end === null) return [];
  const after = monthStart(monthOf(end, 1))!;
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
        gte(ledgerEntries.createdAt, new Date(start)),
        lt(ledgerEntries.createdAt, new Date(after)),
      ),
    )
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
}

export type StatementLine = Awaited<ReturnType<typeof sellerStatement>>[number];

/** The statement's file name: the seller's months, as a spreadsheet user would look for it. */
export const statementFileName = (range: { from: Month; to: Month }) =>
  `pay-and-buy-statement-${range.from}-to-${range.to}.csv`;

/**
 * The statement as CSV: a line a movement with its ISO 8601 time (UTC), what it was, the product
 * and booking, the amount in decimal units and its currency, and the provider's reference.
 */
export function statementCsv(lines: ReadonlyArray<StatementLine>): string {
  return toCsv([
    ["Date", "Type", "Product", "Booking", "Amount", "Currency", "Reference"],
    ...lines.map((line) => [
      line.at.toISOString(),
      STATEMENT_WORDS[line.kind],
      line.productName,
      line.bookingId,
      toUnitsText(line.amountCents),
      line.currency.toUpperCase(),
      line.reference,
    ]),
  ]);
}

export type StatementRange = { ok: true; from: Month; to: Month } | { ok: false; message: string };

/** The longest statement in one file: ten years of months. */
export const STATEMENT_MAX_MONTHS = 120;

/**
 * The months a statement covers, from `?from=` and `?to=` ("YYYY-MM"); without them, the last 12
 * months up to `now`'s. A month that is not one, a range that ends before it starts or that is
 * longer than ten years is refused with what to send.
 */
export function readStatementRange(from: string | null, to: string | null, now = Date.now()): StatementRange {
  const first = from?.trim() || monthOf(now, -11);
  const last = to?.trim() || monthOf(now);
  if (monthStart(first) === null || monthStart(last) === null) {
    return { ok: false, message: "Months are written as YYYY-MM, such as 2026-01." };
  }
  const months = monthsBetween(first, last).length;
  if (months === 0) return { ok: false, message: "The first month must not be after the last." };
  if (months > STATEMENT_MAX_MONTHS) return { ok: false, message: "A statement covers ten years at most." };
  return { ok: true, from: first, to: last };
}
