// Payouts: a seller's money leaving their balance for their bank. With Stripe, Stripe pays the
// connected account out on its schedule and tells us through payout.* events of that account;
// offline, the scheduled job pays each seller's balance out of the ledger itself. Either way a
// payout is one row (its status only moves forward: pending, in transit, paid; failed or
// canceled last) and its ledger entries: the payout, and its failure, which returns the money.
import { and, asc, desc, eq, exists, inArray, lte, sql } from "drizzle-orm";
import { entryColumns, recordEntryFrom } from "#app/domain/deals/ledger/entries.server";
import type { DomainEvent } from "#app/domain/shared/events";
import { LIST_PAGE_SIZE, listPage, pageOffset } from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import type { PaymentProviderName } from "#db/closed-lists";
import { intoColumns } from "#db/insert-select";
import { ledgerEntries, payoutAccounts, payouts, testProviderMovements } from "#db/schema";
import { accountBalanceSum } from "../ledger/sums.server";
import type { ReportedPayout } from "../providers/types";

/** How far along a status is: a report of an earlier one (out of order) changes nothing. */
const statusRank = (status: unknown) =>
  sql`case ${status} when 'pending' then 0 when 'in_transit' then 1 when 'paid' then 2 else 3 end`;

/** Ledger entries of a payout, read from its row: the payout, and (failed or canceled) its return. */
function payoutEntries(db: Database, payout: { provider: PaymentProviderName; payoutId: string }, now: number) {
  const entry = (kind: "payout" | "payout_failure") =>
    recordEntryFrom(
      db,
      db
        .select(
          entryColumns(kind, {
            amountCents: payouts.amountCents,
            currency: payouts.currency,
            provider: payouts.provider,
            providerRef: payouts.providerPayoutId,
            sellerId: payouts.sellerId,
            paymentId: sql`null`,
            operationId: sql`null`,
            payoutId: payouts.id,
            createdAt: sql`${now}`,
          }),
        )
        .from(payouts)
        .where(
          and(
            eq(payouts.provider, payout.provider),
            eq(payouts.providerPayoutId, payout.payoutId),
            kind === "payout_failure" ? inArray(payouts.status, ["failed", "canceled"]) : undefined,
          ),
        ),
    );
  return [entry("payout"), entry("payout_failure")] as const;
}

/**
 * A payout the provider reports (Stripe's payout.created, .updated, .paid, .failed, .canceled
 * of a connected account), recorded once however often and in whatever order it is reported.
 * Returns what the seller is told: paid, or failed, once each.
 */
export async function recordPayout(db: Database, report: ReportedPayout, now = Date.now()): Promise<DomainEvent[]> {
  const [account] = await db
    .select({ sellerId: payoutAccounts.sellerId })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.provider, report.provider), eq(payoutAccounts.accountId, report.accountId)))
    .limit(1);
  if (!account) return [];
  const [before] = await db
    .select({ id: payouts.id, status: payouts.status })
    .from(payouts)
    .where(and(eq(payouts.provider, report.provider), eq(payouts.providerPayoutId, report.payoutId)))
    .limit(1);
  const id = before?.id ?? crypto.randomUUID();
  const [written] = await db.batch([
    db
      .insert(payouts)
      .values({
        id,
        sellerId: account.sellerId,
        provider: report.provider,
        providerPayoutId: report.payoutId,
        amountCents: report.amountCents,
        currency: report.currency,
        status: report.status,
        arrivalAt: report.arrivalAt,
        failureMessage: report.failureMessage,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })
      .onConflictDoUpdate({
        target: [payouts.provider, payouts.providerPayoutId],
        set: {
          status: report.status,
          arrivalAt: report.arrivalAt,
          failureMessage: report.failureMessage,
          updatedAt: new Date(now),
        },
        setWhere: sql`${statusRank(report.status)} > ${statusRank(payouts.status)}`,
      })
      .returning({ id: payouts.id, status: payouts.status }),
    ...payoutEntries(db, report, now),
  ]);
  const [row] = written;
  // Told once: when this report moved the payout to paid or failed.
  if (!row || row.status === before?.status) return [];
  if (row.status === "paid") return [{ kind: "payout_paid", payoutId: row.id }];
  if (row.status === "failed") return [{ kind: "payout_failed", payoutId: row.id }];
  return [];
}

/** What a seller has received and not yet been paid out, per currency, from the ledger. */
const balanceOf = accountBalanceSum;

/** Sellers paid out per run of the offline job. */
export const PAYOUT_BATCH_LIMIT = 100;

/**
 * The offline provider's payouts, made from the ledger by the scheduled job: payouts on their way
 * since an earlier run are paid now, and every positive balance is paid out (on its way until
 * the next run). The amount is computed inside the same transaction that records it, so money
 * received meanwhile waits for the next run and nothing is paid out twice.
 */
export async function payOutFromLedger(db: Database, provider: PaymentProviderName, now: number) {
  const arrived = await db
    .update(payouts)
    .set({ status: "paid", updatedAt: new Date(now) })
    .where(
      and(
        eq(payouts.provider, provider),
        inArray(payouts.status, ["pending", "in_transit"]),
        lte(payouts.arrivalAt, new Date(now)),
      ),
    )
    .returning({ id: payouts.id });
  const events: DomainEvent[] = arrived.map((row) => ({ kind: "payout_paid", payoutId: row.id }));
  const balances = await db
    .select({ sellerId: ledgerEntries.sellerId, currency: ledgerEntries.currency, balance: balanceOf })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.provider, provider),
        // As the provider pays out: only to an account whose payouts are on (a removed seller's
        // account is closed, ADR 0079).
        exists(
          db
            .select({ one: sql`1` })
            .from(payoutAccounts)
            .where(and(eq(payoutAccounts.sellerId, ledgerEntries.sellerId), eq(payoutAccounts.payoutsEnabled, true))),
        ),
      ),
    )
    .groupBy(ledgerEntries.sellerId, ledgerEntries.currency)
    .having(sql`${balanceOf} > 0`)
    .limit(PAYOUT_BATCH_LIMIT);
  let made = 0;
  for (const { sellerId, currency } of balances) {
    const id = crypto.randomUUID();
    const payoutId = `po_test_${id.replace(/-/g, "")}`;
    const mine = and(
      eq(ledgerEntries.provider, provider),
      eq(ledgerEntries.sellerId, sellerId),
      eq(ledgerEntries.currency, currency),
    );
    const [inserted] = await db.batch([
      db.insert(payouts).select(
        db
          .select(
            intoColumns(payouts, {
              id: sql`${id}`,
              sellerId: sql`${sellerId}`,
              provider: sql`${provider}`,
              providerPayoutId: sql`${payoutId}`,
              amountCents: sql`balance`,
              currency: sql`${currency}`,
              status: sql`'in_transit'`,
              // On its way until the next run of the job.
              arrivalAt: sql`${now}`,
              failureMessage: sql`null`,
              createdAt: sql`${now}`,
              updatedAt: sql`${now}`,
            }),
          )
          .from(
            db
              .select({ balance: sql`${balanceOf}`.as("balance") })
              .from(ledgerEntries)
              .where(mine)
              .as("seller_balance"),
          )
          .where(sql`balance > 0`),
      ),
      ...payoutEntries(db, { provider, payoutId }, now),
      // The provider's own record of the payout, with the amount just paid out (ADR 0089).
      db
        .insert(testProviderMovements)
        .select(
          db
            .select(
              intoColumns(testProviderMovements, {
                providerRef: payouts.providerPayoutId,
                kind: sql`'payout'`,
                amountCents: payouts.amountCents,
                currency: payouts.currency,
                createdAt: sql`${now}`,
              }),
            )
            .from(payouts)
            .where(and(eq(payouts.provider, provider), eq(payouts.providerPayoutId, payoutId))),
        )
        .onConflictDoNothing(),
    ]);
    made += (inserted as D1Result).meta.changes ?? 0;
  }
  return { paid: arrived.length, made, events };
}

/**
 * A page of a seller's payouts, newest first. The rows and their count start together: the
 * request's read batcher sends them as one batch (ADR 0069).
 */
export async function listPayouts(db: Database, sellerId: string, page: number) {
  return listPage(
    db
      .select({
        id: payouts.id,
        providerPayoutId: payouts.providerPayoutId,
        amountCents: payouts.amountCents,
        currency: payouts.currency,
        status: payouts.status,
        arrivalAt: payouts.arrivalAt,
        failureMessage: payouts.failureMessage,
        createdAt: payouts.createdAt,
      })
      .from(payouts)
      .where(eq(payouts.sellerId, sellerId))
      .orderBy(desc(payouts.createdAt), asc(payouts.id))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ total: sql<number>`count(*)` }).from(payouts).where(eq(payouts.sellerId, sellerId)),
    page,
  );
}
