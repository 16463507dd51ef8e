// Carrying out a deal's decided money movements at the provider, in order, each once (ADR 0058).
// The provider is asked with an idempotency key made from the operation's id, and, on a retry,
// looks for what an earlier attempt made before making anything; the ledger entries are written
// with the provider's ids (unique), together with the operation marked done, in one batch. Two
// runs of the same operation at once (a request and the scheduled job) get the same ids from the
// provider and write the ledger once. A movement that fails waits and is retried by the job.
import { and, asc, eq, gt, inArray, lte, notExists, sql } from "drizzle-orm";
import type { DomainEvent } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import type { LedgerKind } from "#db/closed-lists";
import { dealOperations, deals, ledgerEntries, payments, payoutAccounts } from "#db/schema";
import { sellerEntries } from "../ledger/balances.server";
import { entryColumns, type LedgerEntry, ledgerEntry, recordEntry, recordEntryFrom } from "../ledger/entries.server";
import { kindsMoving, refundEntryKind } from "../ledger/kinds";
import { debtSum, ledgerSum } from "../ledger/sums.server";
import { sellerRemoved } from "../payouts/accounts.server";
import type { PaymentProvider } from "../providers/types";
import { disputeOpen } from "./deals.server";

/** The longest wait between two attempts of a movement. */
export const MAX_RETRY_DELAY_MS = 6 * 3600 * 1000;
const FIRST_RETRY_DELAY_MS = 60 * 1000;

/** When the attempt after `attempts` failed ones is due: 1, 2, 4 … minutes, at most 6 hours. */
export function nextAttemptAt(attempts: number, now: number): number {
  return now + Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2 ** Math.min(attempts, 20));
}

/** A movement that cannot be made yet, for a reason of ours (not the provider's answer). */
class NotYet extends Error {}

type Operation = typeof dealOperations.$inferSelect;

async function dealOf(db: Database, paymentId: string) {
  const [row] = await db
    .select({
      paymentId: deals.paymentId,
      bookingId: deals.bookingId,
      sellerId: deals.sellerId,
      provider: deals.provider,
      currency: deals.currency,
      chargeRef: deals.chargeRef,
      transactionId: payments.transactionId,
      account: {
        provider: payoutAccounts.provider,
        accountId: payoutAccounts.accountId,
        detailsSubmitted: payoutAccounts.detailsSubmitted,
        transfersActive: payoutAccounts.transfersActive,
        payoutsEnabled: payoutAccounts.payoutsEnabled,
      },
      // Nothing is transferred to a removed seller (ADR 0079), even a release decided before.
      sellerRemoved: sql<boolean>`${sellerRemoved(deals.sellerId)}`.mapWith(Boolean),
      // Nor anything while the buyer's bank disputes the payment (ADR 0081).
      disputed: sql<boolean>`${disputeOpen(deals.paymentId)}`.mapWith(Boolean),
      transferRef: sql<string | null>`(select ${ledgerEntries.providerRef} from ${ledgerEntries}
        where ${ledgerEntries.paymentId} = ${deals.paymentId} and ${ledgerEntries.kind} = 'transfer' limit 1)`,
      // What of the deal's transfer its seller's account could still give back (ADR 0087).
      reversible: sql<number>`(select ${ledgerSum("account")} from ${ledgerEntries}
        where ${ledgerEntries.paymentId} = ${deals.paymentId})`.mapWith(Number),
    })
    .from(deals)
    .innerJoin(payments, eq(payments.id, deals.paymentId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.sellerId, deals.sellerId))
    .where(eq(deals.paymentId, paymentId))
    .limit(1);
  return row ?? null;
}

type DealOf = NonNullable<Awaited<ReturnType<typeof dealOf>>>;

function entry(
  deal: DealOf,
  operation: Operation,
  kind: LedgerKind,
  amountCents: number,
  providerRef: string,
  now: number,
): LedgerEntry {
  return ledgerEntry({
    kind,
    amountCents,
    currency: deal.currency,
    provider: deal.provider,
    providerRef,
    sellerId: deal.sellerId,
    paymentId: deal.paymentId,
    operationId: operation.id,
    createdAt: new Date(now),
  });
}

/**
 * What a release withholds of the seller's net for what they owe (ADR 0087): recorded once, before
 * anything is transferred, in one statement that reads the debt it recovers (so two sales never
 * recover the same debt); nothing while a reversal recovering it is in flight. A retry reads the
 * amount recorded by the first attempt, so the transfer's amount never changes.
 */
async function withholdDebt(db: Database, deal: DealOf, operation: Operation, now: number): Promise<number> {
  const ref = `netted:${operation.id}`;
  const owed = db
    .select({ owed: sql`${debtSum}`.as("owed") })
    .from(ledgerEntries)
    .where(
      and(sellerEntries(deal.sellerId, deal.provider, deal.currency), inArray(ledgerEntries.kind, kindsMoving("debt"))),
    )
    .as("seller_owed");
  const [, recorded] = await db.batch([
    recordEntryFrom(
      db,
      db
        .select(
          entryColumns("debt_recovery", {
            amountCents: sql`min(owed, ${operation.amountCents})`,
            currency: sql`${deal.currency}`,
            provider: sql`${deal.provider}`,
            providerRef: sql`${ref}`,
            sellerId: sql`${deal.sellerId}`,
            paymentId: sql`${deal.paymentId}`,
            operationId: sql`${operation.id}`,
            payoutId: sql`null`,
            createdAt: sql`${now}`,
          }),
        )
        .from(owed)
        .where(
          and(
            sql`owed > 0`,
            notExists(
              db
                .select({ one: sql`1` })
                .from(payoutAccounts)
                .where(
                  and(eq(payoutAccounts.sellerId, deal.sellerId), gt(payoutAccounts.recoveryLockUntil, new Date(now))),
                ),
            ),
          ),
        ),
    ),
    db
      .select({ amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.provider, deal.provider),
          eq(ledgerEntries.kind, "debt_recovery"),
          eq(ledgerEntries.providerRef, ref),
        ),
      ),
  ]);
  return recorded[0]?.amountCents ?? 0;
}

/** Makes the movement at the provider; the ledger entries it leaves. */
async function carryOut(db: Database, provider: PaymentProvider, deal: DealOf, operation: Operation, now: number) {
  const order = {
    operationId: operation.id,
    bookingId: deal.bookingId,
    currency: deal.currency,
    retry: operation.attempts > 0,
  };
  if (operation.kind === "release") {
    let transferId: string | null = null;
    let withheld = 0;
    if (operation.amountCents > 0) {
      if (deal.sellerRemoved) throw new NotYet("The seller's account was removed: nothing is transferred to it.");
      if (deal.disputed) throw new NotYet("The payment is disputed by the buyer's bank: nothing is transferred.");
      const account = deal.account;
      if (!account || account.provider !== deal.provider) throw new NotYet("The seller has no payout account yet.");
      if (!(account.detailsSubmitted && account.transfersActive && account.payoutsEnabled)) {
        throw new NotYet("The seller's payout account is not ready to receive transfers.");
      }
      // What the seller owes is paid from this sale first (ADR 0087); the rest is transferred.
      withheld = await withholdDebt(db, deal, operation, now);
      if (operation.amountCents > withheld) {
        transferId = await provider.payouts.transfer({
          ...order,
          amountCents: operation.amountCents - withheld,
          destination: account.accountId,
          chargeRef: deal.chargeRef,
          transactionId: deal.transactionId,
        });
      }
    }
    return [
      ...(operation.feeCents > 0
        ? [entry(deal, operation, "fee", operation.feeCents, transferId ?? `fee_${operation.id}`, now)]
        : []),
      ...(transferId ? [entry(deal, operation, "transfer", operation.amountCents - withheld, transferId, now)] : []),
      // The label's cost, kept by the platform, which paid the carrier for it (ADR 0086).
      ...(operation.labelCents > 0
        ? [entry(deal, operation, "label", operation.labelCents, `label_${operation.id}`, now)]
        : []),
    ];
  }
  // The buyer's money first, from the platform's balance: a refund never waits on the seller
  // (ADR 0087). A chargeback the bank decided was given back by the bank itself (no refund made).
  const refundId =
    operation.externalRef ??
    (await provider.payouts.refund({
      ...order,
      amountCents: operation.amountCents,
      transactionId: deal.transactionId,
    }));
  // Then the seller's share, taken back from their account as far as the deal's transfer and the
  // account allow; what cannot be is what the seller owes, recovered later.
  let reversed = 0;
  let reversalId: string | null = null;
  const toReverse = Math.min(operation.reversalCents, Math.max(0, deal.reversible));
  if (toReverse > 0 && deal.transferRef) {
    try {
      reversalId = await provider.payouts.reverseTransfer({
        ...order,
        amountCents: toReverse,
        transferId: deal.transferRef,
      });
      reversed = toReverse;
    } catch (error) {
      console.warn("A transfer reversal failed; the seller owes it", operation.id, errorText(error));
    }
  }
  const owed = operation.reversalCents - reversed;

  return [
    ...(reversalId ? [entry(deal, operation, "transfer_reversal", reversed, reversalId, now)] : []),
    ...(owed > 0 ? [entry(deal, operation, "seller_debt", owed, `debt:${operation.id}`, now)] : []),
    ...(operation.feeCents > 0 ? [entry(deal, operation, "fee_refund", operation.feeCents, refundId, now)] : []),
    ...(operation.labelCents > 0 ? [entry(deal, operation, "label_refund", operation.labelCents, refundId, now)] : []),
    entry(deal, operation, refundEntryKind(operation.origin), operation.amountCents, refundId, now),
  ];
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500) || "Unknown error";
}

/**
 * Carries out the deal's pending movements, in order, with the provider the deal was paid with;
 * stops at the first one that cannot be made (it waits for its next attempt). Returns what
 * happened, for notifications.
 */
export async function settleDeal(
  db: Database,
  provider: PaymentProvider,
  paymentId: string,
  now = Date.now(),
): Promise<DomainEvent[]> {
  const pending = await db
    .select()
    .from(dealOperations)
    .where(and(eq(dealOperations.paymentId, paymentId), eq(dealOperations.status, "pending")))
    .orderBy(asc(dealOperations.seq));
  if (pending.length === 0) return [];
  const deal = await dealOf(db, paymentId);
  if (!deal) return [];
  const events: DomainEvent[] = [];
  for (const operation of pending) {
    if (operation.nextAttemptAt.getTime() > now) break;
    try {
      if (deal.provider !== provider.name)
        throw new NotYet(`This deal was paid through the ${deal.provider} provider.`);
      const entries: LedgerEntry[] = await carryOut(db, provider, deal, operation, now);
      const [marked] = await db.batch([
        db
          .update(dealOperations)
          .set({ status: "done", completedAt: new Date(now), lastError: null })
          .where(and(eq(dealOperations.id, operation.id), eq(dealOperations.status, "pending")))
          .returning({ id: dealOperations.id }),
        ...entries.map((row) => recordEntry(db, row)),
      ]);
      // What a later movement of this run can take back of the transfer.
      for (const row of entries) {
        if (row.kind === "transfer") {
          deal.transferRef = row.providerRef;
          deal.reversible += row.amountCents;
        } else if (row.kind === "transfer_reversal") deal.reversible -= row.amountCents;
      }
      // Told once: by the run that marked it done.
      if (marked.length === 1) {
        events.push(
          operation.kind === "release"
            ? { kind: "payment_released", operationId: operation.id }
            : { kind: "payment_refunded", operationId: operation.id },
        );
        const debt = entries.find((row) => row.kind === "seller_debt");
        if (debt) events.push({ kind: "seller_debt", entryId: debt.id });
      }
    } catch (error) {
      if (!(error instanceof NotYet)) console.error("A money movement failed; it will be retried", operation.id, error);
      await db
        .update(dealOperations)
        .set({
          attempts: operation.attempts + 1,
          nextAttemptAt: new Date(nextAttemptAt(operation.attempts, now)),
          lastError: errorText(error),
        })
        .where(and(eq(dealOperations.id, operation.id), eq(dealOperations.status, "pending")));
      break;
    }
  }
  return events;
}

/** The deals with a movement due at `now` (the scheduled job's retries), oldest first. */
export async function dealsWithDueMovements(db: Database, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ paymentId: dealOperations.paymentId })
    .from(dealOperations)
    .where(and(eq(dealOperations.status, "pending"), lte(dealOperations.nextAttemptAt, new Date(now))))
    .limit(limit);
  return rows.map((row) => row.paymentId);
}
