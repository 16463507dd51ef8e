// The ledger's sums in SQL, derived from the table of kinds (kinds.ts): a `case` over the kinds
// that move a sum, each with its sign. Nothing here names a kind by hand.
import { type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { LedgerKind } from "#db/closed-lists";
import { dealOperations, ledgerEntries } from "#db/schema";
import {
  kindsInFigure,
  kindsOf,
  LEDGER,
  type LedgerKindRule,
  type LedgerSum,
  OPERATION_ENTRIES,
  type OperationAmount,
  type Placed,
} from "./kinds";

/**
 * A closed list's value written into the statement (never bound): the kinds come from the
 * TypeScript table, and a bound parameter each would reach D1's limit of 100 in the admin's totals.
 */
const literal = (value: string) => {
  if (!/^[a-z_]+$/.test(value)) throw new Error(`Not a closed list's value: ${value}`);
  return sql.raw(`'${value}'`);
};

/** `case kind when … then ±amount … else 0 end` over the given kinds and signs. */
export function signedAmount(
  kinds: ReadonlyArray<readonly [LedgerKind, 1 | -1]>,
  kind: SQL | SQLiteColumn = sql`${ledgerEntries.kind}`,
  amount: SQL | SQLiteColumn = sql`${ledgerEntries.amountCents}`,
): SQL {
  if (kinds.length === 0) return sql`0`;
  return sql`case ${kind} ${sql.join(
    kinds.map(([name, sign]) => sql`when ${literal(name)} then ${sign === 1 ? amount : sql`-${amount}`}`),
    sql` `,
  )} else 0 end`;
}

/** A sum of the ledger's entries (of the rows a query selects), 0 when there are none. */
export function ledgerSum(sum: LedgerSum): SQL<number> {
  return sql<number>`coalesce(sum(${signedAmount(kindsOf(sum))}), 0)`.mapWith(Number);
}

/** A statement's figure over the entries a query selects. */
export function figureSum<Figure extends string>(
  placeOf: (rule: LedgerKindRule) => Placed<Figure>,
  figure: Figure,
): SQL<number> {
  return sql<number>`coalesce(sum(${signedAmount(kindsInFigure(placeOf, figure))}), 0)`.mapWith(Number);
}

/** What a seller's payout account holds, summed over their entries. */
export const accountBalanceSum = ledgerSum("account");

/** What a seller owes, summed over their entries. */
export const debtSum = ledgerSum("debt");

/**
 * What a seller owes of money their deals' net counted as sent (a refund's share their account
 * could not give back, less what was recovered of it): the debts that move the net too. A return
 * label owed (ADR 0107) is not among them: it was never sent to the seller.
 */
export const debtOffNetSum = sql<number>`coalesce(sum(${signedAmount(
  kindsOf("debt").filter(([kind]) => LEDGER[kind].net !== 0),
)}), 0)`.mapWith(Number);

/**
 * A deal's decided sum from its operations (`deal_operations`, what is decided before the ledger
 * has it): each operation's amounts counted as the ledger kinds they become (OPERATION_ENTRIES),
 * with those kinds' signs. `pending` narrows it to operations not carried out yet.
 */
export function decidedSum(sum: LedgerSum): SQL<number> {
  // One operation kind may add several amounts to a sum: group its terms.
  const byOperation = new Map<string, SQL[]>();
  for (const [operation, amounts] of Object.entries(OPERATION_ENTRIES) as Array<
    [string, Record<OperationAmount, LedgerKind | null>]
  >) {
    for (const [column, kind] of Object.entries(amounts) as Array<[OperationAmount, LedgerKind | null]>) {
      const sign = kind ? LEDGER[kind][sum] : 0;
      if (sign === 0) continue;
      const amount = sql`${dealOperations[column]}`;
      byOperation.set(operation, [...(byOperation.get(operation) ?? []), sign === 1 ? amount : sql`-${amount}`]);
    }
  }
  if (byOperation.size === 0) return sql<number>`0`.mapWith(Number);
  return sql<number>`coalesce(sum(case ${dealOperations.kind} ${sql.join(
    [...byOperation].map(([operation, amounts]) => sql`when ${literal(operation)} then ${sql.join(amounts, sql` + `)}`),
    sql` `,
  )} else 0 end), 0)`.mapWith(Number);
}
