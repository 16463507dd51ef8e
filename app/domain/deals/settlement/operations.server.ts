// Carrying out a deal's decided money movements at the provider, in order, each once (ADR 0058).
// The provider is asked with an idempotency key made from the operation's id, and, on a retry,
// looks for what an earlier attempt made before making anything; the ledger entries are written
// with the provider's ids (unique), together with the operation marked done, in one batch. Two
// runs of the same operation at once (a request and the scheduled job) get the same ids from the
// provider and write the ledger once. A movement that fails waits and is retried by the job.
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { DomainEvent } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import { dealOperations, deals, ledgerEntries, payments, payoutAccounts } from "#db/schema";
import type { PaymentProvider } from "../payments/types";
import { disputeOpen, sellerRemoved } from "./deals.server";

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
  kind: (typeof ledgerEntries.$inferInsert)["kind"],
  amountCents: number,
  providerRef: string,
  now: number,
) {
  return {
    kind,
    amountCents,
    currency: deal.currency,
    provider: deal.provider,
    providerRef,
    sellerId: deal.sellerId,
    paymentId: deal.paymentId,
    operationId: operation.id,
    createdAt: new Date(now),
  };
}

/** Makes the movement at the provider; the ledger entries it leaves. */
async function carryOut(provider: PaymentProvider, deal: DealOf, operation: Operation, now: number) {
  const order = {
    operationId: operation.id,
    bookingId: deal.bookingId,
    currency: deal.currency,
    retry: operation.attempts > 0,
  };
  if (operation.kind === "release") {
    let transferId: string | null = null;
    if (operation.amountCents > 0) {
      if (deal.sellerRemoved) throw new NotYet("The seller's account was removed: nothing is transferred to it.");
      if (deal.disputed) throw new NotYet("The payment is disputed by the buyer's bank: nothing is transferred.");
      const account = deal.account;
      if (!account || account.provider !== deal.provider) throw new NotYet("The seller has no payout account yet.");
      if (!(account.detailsSubmitted && account.transfersActive && account.payoutsEnabled)) {
        throw new NotYet("The seller's payout account is not ready to receive transfers.");
      }
      transferId = await provider.payouts.transfer({
        ...order,
        amountCents: operation.amountCents,
        destination: account.accountId,
        chargeRef: deal.chargeRef,
        transactionId: deal.transactionId,
      });
      deal.transferRef = transferId;
    }
    return [
      ...(operation.feeCents > 0
        ? [entry(deal, operation, "fee", operation.feeCents, transferId ?? `fee_${operation.id}`, now)]
        : []),
      ...(transferId ? [entry(deal, operation, "transfer", operation.amountCents, transferId, now)] : []),
      // The label's cost, kept by the platform, which paid the carrier for it (ADR 0086).
      ...(operation.labelCents > 0
        ? [entry(deal, operation, "label", operation.labelCents, `label_${operation.id}`, now)]
        : []),
    ];
  }
  let reversalId: string | null = null;
  if (operation.reversalCents > 0) {
    if (!deal.transferRef) throw new NotYet("The transfer to take back is not recorded yet.");
    reversalId = await provider.payouts.reverseTransfer({
      ...order,
      amountCents: operation.reversalCents,
      transferId: deal.transferRef,
    });
  }
  const refundId =
    operation.externalRef ??
    (await provider.payouts.refund({
      ...order,
      amountCents: operation.amountCents,
      transactionId: deal.transactionId,
    }));
  return [
    ...(reversalId ? [entry(deal, operation, "transfer_reversal", operation.reversalCents, reversalId, now)] : []),
    ...(operation.feeCents > 0 ? [entry(deal, operation, "fee_refund", operation.feeCents, refundId, now)] : []),
    ...(operation.labelCents > 0 ? [entry(deal, operation, "label_refund", operation.labelCents, refundId, now)] : []),
    entry(deal, operation, "refund", operation.amountCents, refundId, now),
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
      const entries = await carryOut(provider, deal, operation, now);
      const [marked] = await db.batch([
        db
          .update(dealOperations)
          .set({ status: "done", completedAt: new Date(now), lastError: null })
          .where(and(eq(dealOperations.id, operation.id), eq(dealOperations.status, "pending")))
          .returning({ id: dealOperations.id }),
        ...entries.map((row) => db.insert(ledgerEntries).values(row).onConflictDoNothing()),
      ]);
      // Told once: by the run that marked it done.
      if (marked.length === 1) {
        events.push(
          operation.kind === "release"
            ? { kind: "payment_released", operationId: operation.id }
            : { kind: "payment_refunded", operationId: operation.id },
        );
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
