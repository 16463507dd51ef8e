// A seller's money as the ledger records it (what has moved, ADR 0058): by month for the Payouts
// page's chart and table, and movement by movement for the statement a seller downloads (CSV)
// for their books or tax return. Months are calendar months in UTC.
import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import {
  type LedgerColumns,
  lastMonths,
  ledgerMonths,
  type Month,
  type MonthRange,
  monthStart,
  nextMonthStart,
} from "#app/domain/deals/payouts/ledger-months.server";
import { toCsv } from "#app/domain/shared/csv";
import { toUnitsText } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import { LEDGER_KINDS, type LedgerKind } from "#db/closed-lists";
import { bookings, ledgerEntries, payments, products } from "#db/schema";

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

/** Where each movement goes in the seller's figures (a label is paid from what is sent to them). */
export const SELLER_COLUMNS = {
  charge: ["sales", 1],
  fee: ["fees", 1],
  fee_refund: ["fees", -1],
  refund: ["refunds", 1],
  transfer: ["received", 1],
  transfer_reversal: ["received", -1],
  payout: ["paidOut", 1],
  payout_failure: ["paidOut", -1],
  label: null,
  label_refund: null,
  // A lost chargeback gives the sale's money back to the buyer; its fee is the platform's cost.
  dispute_loss: ["refunds", 1],
  dispute_fee: null,
  // Beyond what was left of the sale: the platform's loss, never the seller's.
  dispute_excess: null,
  // What the seller owes is shown on its own (Payouts' "You owe", ADR 0087).
  seller_debt: null,
  debt_recovery: null,
} as const satisfies LedgerColumns<keyof Omit<MonthMoney, "month" | "currency">>;

/**
 * A seller's money in each of the `count` months up to the one `now` falls in, oldest first; a
 * month without movements has zeros. One row per month and currency (index:
 * ledger_entries_seller_created).
 */
export function sellerMonths(db: Database, sellerId: string, count = 12, now = Date.now()): Promise<MonthMoney[]> {
  return ledgerMonths(db, SELLER_COLUMNS, lastMonths(count, now), eq(ledgerEntries.sellerId, sellerId));
}

/**
 * What each movement is called in a seller's statement; null for the platform's own costs that
 * sit on the seller's deals (a chargeback's fee, a chargeback beyond the sale: ADR 0087), which a
 * seller's statement never lists, since they are not the seller's money.
 */
export const STATEMENT_WORDS: Record<LedgerKind, string | null> = {
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
  dispute_fee: null,
  dispute_excess: null,
  seller_debt: "Owed: a refund your account could not give back",
  debt_recovery: "Owed amount recovered",
};

/** The movements a seller's statement lists: the seller's money only. */
const SELLER_STATEMENT_KINDS = LEDGER_KINDS.filter((kind) => STATEMENT_WORDS[kind] !== null);

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
      STATEMENT_WORDS[line.kind] ?? line.kind,
      line.productName,
      line.bookingId,
      toUnitsText(line.amountCents),
      line.currency.toUpperCase(),
      line.reference,
    ]),
  ]);
}
