// The table of ledger kinds (ADR 0096) is the one place that says what a movement does to the
// money: the SQL sums the pages read and the TypeScript derivation are both made from it. Over
// fuzzed ledgers they agree, figure by figure; and only the ledger's own module writes the ledger.
import { eq, inArray, like, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recordEntry } from "#app/domain/deals/ledger/entries.server";
import { PLATFORM_FIGURES, SELLER_FIGURES } from "#app/domain/deals/ledger/figures";
import {
  type EntryAmount,
  figuresOf,
  LEDGER,
  type LedgerSum,
  OPERATION_ENTRIES,
  type OperationAmount,
  platformPlace,
  sellerPlace,
  sumOf,
} from "#app/domain/deals/ledger/kinds";
import { ledgerMonths, type MonthRange, monthOf } from "#app/domain/deals/ledger/months.server";
import { decidedSum, ledgerSum } from "#app/domain/deals/ledger/sums.server";
import { getPlatformTotals } from "#app/domain/deals/payouts/summary.server";
import { LEDGER_KINDS, type LedgerKind, OPERATION_KINDS } from "#db/closed-lists";
import { dealOperations, ledgerEntries } from "#db/schema";
import { db, paidDeal } from "./money-fixtures";

const SUMS: LedgerSum[] = ["held", "refunded", "fee", "label", "net", "account", "debt"];
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const DAY = 86_400_000;

type Planted = { kind: LedgerKind; amountCents: number; currency: string; deal: 0 | 1; monthsAgo: number };

const plantedEntry = fc.record({
  kind: fc.constantFrom(...LEDGER_KINDS),
  amountCents: fc.integer({ min: 1, max: 5_000_000 }),
  currency: fc.constantFrom("usd", "eur"),
  deal: fc.constantFrom(0 as const, 1 as const),
  monthsAgo: fc.integer({ min: 0, max: 2 }),
});

/** Rows grouped by a key, each group's entries as the derivation reads them. */
function groupBy<Row extends EntryAmount>(rows: Row[], key: (row: Row) => string) {
  const groups = new Map<string, EntryAmount[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
}

describe("the table of ledger kinds", () => {
  it("gives the SQL sums and the TypeScript derivation the same figures over fuzzed ledgers", async () => {
    const deals = [await paidDeal(90_000), await paidDeal(40_000)];
    const now = Date.now();
    const range: MonthRange = { from: monthOf(now, -2), to: monthOf(now) };
    await fc.assert(
      fc.asyncProperty(fc.array(plantedEntry, { minLength: 1, maxLength: 25 }), async (planted: Planted[]) => {
        await db().delete(ledgerEntries).where(like(ledgerEntries.providerRef, "fuzz_%"));
        for (const [index, entry] of planted.entries()) {
          const deal = deals[entry.deal]!;
          await recordEntry(db(), {
            kind: entry.kind,
            amountCents: entry.amountCents,
            currency: entry.currency,
            provider: "test",
            providerRef: `fuzz_${index}`,
            sellerId: deal.seller.id,
            paymentId: LEDGER[entry.kind].of === "payout" ? null : deal.deal.paymentId,
            createdAt: new Date(now - entry.monthsAgo * 31 * DAY),
          });
        }
        const rows = await db().select().from(ledgerEntries);

        // A deal's sums, and a seller's, per currency.
        const perDeal = await db()
          .select({
            paymentId: ledgerEntries.paymentId,
            currency: ledgerEntries.currency,
            ...Object.fromEntries(SUMS.map((sum) => [sum, ledgerSum(sum).as(sum)])),
          })
          .from(ledgerEntries)
          .where(sql`${ledgerEntries.paymentId} is not null`)
          .groupBy(ledgerEntries.paymentId, ledgerEntries.currency);
        const dealGroups = groupBy(
          rows.filter((row) => row.paymentId !== null),
          (row) => `${row.paymentId} ${row.currency}`,
        );
        expect(perDeal).toHaveLength(dealGroups.size);
        for (const row of perDeal as Array<Record<string, unknown>>) {
          const entries = dealGroups.get(`${row.paymentId} ${row.currency}`)!;
          for (const sum of SUMS) expect(row[sum], `${sum} of a deal`).toBe(sumOf(entries, sum));
        }
        const perSeller = await db()
          .select({
            sellerId: ledgerEntries.sellerId,
            currency: ledgerEntries.currency,
            account: ledgerSum("account").as("account"),
            debt: ledgerSum("debt").as("debt"),
          })
          .from(ledgerEntries)
          .groupBy(ledgerEntries.sellerId, ledgerEntries.currency);
        const sellerGroups = groupBy(rows, (row) => `${row.sellerId} ${row.currency}`);
        for (const row of perSeller) {
          const entries = sellerGroups.get(`${row.sellerId} ${row.currency}`)!;
          expect(row.account).toBe(sumOf(entries, "account"));
          expect(row.debt).toBe(sumOf(entries, "debt"));
        }

        // The statements' months: the platform's and a seller's.
        const byMonth = (of: typeof rows) =>
          groupBy(of, (row) => `${monthOf(row.createdAt.getTime())} ${row.currency}`);
        const platform = byMonth(rows);
        for (const month of await ledgerMonths(db(), platformPlace, PLATFORM_FIGURES, range)) {
          const { month: name, currency, ...figures } = month;
          expect(figures).toEqual(
            figuresOf(platform.get(`${name} ${currency}`) ?? [], platformPlace, PLATFORM_FIGURES),
          );
        }
        const sellerId = deals[0]!.seller.id;
        const seller = byMonth(rows.filter((row) => row.sellerId === sellerId));
        for (const month of await ledgerMonths(
          db(),
          sellerPlace,
          SELLER_FIGURES,
          range,
          eq(ledgerEntries.sellerId, sellerId),
        )) {
          const { month: name, currency, ...figures } = month;
          expect(figures).toEqual(figuresOf(seller.get(`${name} ${currency}`) ?? [], sellerPlace, SELLER_FIGURES));
        }

        // The admin's totals, per currency.
        const totals = await getPlatformTotals(db());
        for (const [currency, entries] of groupBy(rows, (row) => row.currency)) {
          const figures = figuresOf(entries, platformPlace, PLATFORM_FIGURES);
          expect(totals.currencies.find((row) => row.currency === currency)).toEqual({
            currency,
            held: sumOf(entries, "held"),
            released: figures.transfers,
            fees: figures.fees,
            refunded: figures.refunds,
            disputesLost: figures.disputesLost,
            disputeFees: figures.disputeFees,
            disputesBeyondSale: figures.disputesBeyondSale,
            owedBySellers: figures.owedBySellers,
            paidOut: figures.payouts,
          });
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("sums a deal's decided operations as the movements they become", async () => {
    const { deal } = await paidDeal(150_000);
    const amount = fc.integer({ min: 0, max: 100_000 });
    const operation = fc.record({
      kind: fc.constantFrom(...OPERATION_KINDS),
      amountCents: fc.integer({ min: 1, max: 100_000 }),
      feeCents: amount,
      labelCents: amount,
      reversalCents: amount,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 6 }), async (operations) => {
        // One release at most (the schema's rule), and a release takes nothing back.
        const written = operations
          .filter((row, index) => row.kind === "refund" || operations.findIndex((o) => o.kind === "release") === index)
          .map((row) => ({ ...row, reversalCents: row.kind === "release" ? 0 : row.reversalCents }));
        await db().delete(dealOperations).where(eq(dealOperations.paymentId, deal.paymentId));
        for (const [seq, row] of written.entries()) {
          await db()
            .insert(dealOperations)
            .values({
              id: crypto.randomUUID(),
              paymentId: deal.paymentId,
              seq,
              origin: "claim_decision",
              status: "done",
              nextAttemptAt: new Date(),
              ...row,
            });
        }
        const [decided] = await db()
          .select(Object.fromEntries(SUMS.map((sum) => [sum, decidedSum(sum).as(sum)])))
          .from(dealOperations)
          .where(eq(dealOperations.paymentId, deal.paymentId));
        // Each operation's amounts as the ledger entries they become (OPERATION_ENTRIES).
        const entries = written.flatMap((row) =>
          (Object.entries(OPERATION_ENTRIES[row.kind]) as Array<[OperationAmount, LedgerKind | null]>).flatMap(
            ([column, kind]) => (kind ? [{ kind, amountCents: row[column] }] : []),
          ),
        );
        for (const sum of SUMS) expect(decided![sum], sum).toBe(sumOf(entries, sum));
      }),
      { numRuns: RUNS },
    );
    await db()
      .delete(dealOperations)
      .where(inArray(dealOperations.paymentId, [deal.paymentId]));
  });

  it("is written by the ledger's module alone", () => {
    const sources = import.meta.glob(["/app/**/*.{ts,tsx}", "/workers/**/*.ts", "/db/**/*.ts"], {
      query: "?raw",
      import: "default",
      eager: true,
    }) as Record<string, string>;
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const writers = Object.entries(sources)
      .filter(([, text]) => /insert\(\s*ledgerEntries\s*\)|insert\s+into\s+[`"]?ledger_entries/i.test(text))
      .map(([path]) => path);
    expect(writers).toEqual(["/app/domain/deals/ledger/entries.server.ts"]);
  });
});
