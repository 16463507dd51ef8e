// What a seller owes, recovered (ADR 0087). A refund after the seller was paid takes the seller's
// share back from their payout account; when that account no longer holds it (paid out to the
// bank, emptied, closed), the buyer is refunded all the same and the rest is the seller's debt
// (`seller_debt`, operations.server.ts). It is recovered two ways, never both at once:
// - a later sale of the seller's withholds it before anything is transferred (operations.server.ts);
// - the scheduled job tries the transfer reversal again, at most once a day per seller, while the
//   seller's recovery lock keeps the sales' netting out of the way.
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import type { PaymentProviderName } from "#db/closed-lists";
import { deals, ledgerEntries, payoutAccounts } from "#db/schema";
import { sellerEntries } from "../ledger/balances.server";
import { recordEntry } from "../ledger/entries.server";
import { kindsMoving } from "../ledger/kinds";
import { accountBalanceSum, debtSum, ledgerSum } from "../ledger/sums.server";
import type { PaymentProvider } from "../providers/types";

/** How long a recovery may hold a seller's lock (a Worker that stopped leaves it expiring). */
export const RECOVERY_LOCK_MS = 5 * 60 * 1000;
/** How long after a failed reversal the next is tried. */
export const RECOVERY_RETRY_MS = 24 * 3600 * 1000;
/** Sellers whose debt the job tries to recover per run. */
export const RECOVERY_BATCH_LIMIT = 20;

interface Debtor {
  sellerId: string;
  provider: PaymentProviderName;
  currency: string;
  owed: number;
}

/** Sellers who owe something through `provider` and whose next reversal is due, oldest lock first. */
export async function dueDebtors(db: Database, provider: PaymentProviderName, now: number, limit: number) {
  const rows = await db
    .select({
      sellerId: ledgerEntries.sellerId,
      provider: ledgerEntries.provider,
      currency: ledgerEntries.currency,
      owed: debtSum,
    })
    .from(ledgerEntries)
    .innerJoin(payoutAccounts, eq(payoutAccounts.sellerId, ledgerEntries.sellerId))
    .where(
      and(
        eq(ledgerEntries.provider, provider),
        inArray(ledgerEntries.kind, kindsMoving("debt")),
        or(isNull(payoutAccounts.recoveryRetryAt), lte(payoutAccounts.recoveryRetryAt, new Date(now))),
      ),
    )
    .groupBy(ledgerEntries.sellerId, ledgerEntries.provider, ledgerEntries.currency)
    .having(sql`${debtSum} > 0`)
    .limit(limit);
  return rows satisfies Debtor[];
}

/** The seller's deals with a transfer that can still be reversed, whose refunds left the debt first. */
async function reversibleTransfers(db: Database, debtor: Debtor) {
  return db
    .select({
      paymentId: deals.paymentId,
      bookingId: deals.bookingId,
      transferRef: sql<string>`max(case when ${ledgerEntries.kind} = 'transfer' then ${ledgerEntries.providerRef} end)`,
      // What of the deal's transfer its seller's account still holds (the account's sum over the deal).
      reversible: ledgerSum("account"),
    })
    .from(ledgerEntries)
    .innerJoin(deals, eq(deals.paymentId, ledgerEntries.paymentId))
    .where(
      and(
        sellerEntries(debtor.sellerId, debtor.provider, debtor.currency),
        inArray(ledgerEntries.kind, ["transfer", "transfer_reversal", "seller_debt"]),
      ),
    )
    .groupBy(deals.paymentId)
    .having(sql`sum(case ${ledgerEntries.kind} when 'seller_debt' then 1 else 0 end) > 0`)
    .orderBy(asc(sql`min(${ledgerEntries.createdAt})`))
    .limit(5);
}

export interface RecoveryResult {
  /** Sellers whose reversal was made. */
  recovered: number;
  /** Sellers whose reversal failed again (tried again in a day). */
  failed: number;
}

/**
 * One seller's debt: under the seller's lock (a sale's netting waits for it), the owed amount is
 * read and taken back from the transfers of the deals that left it, as far as each allows; the
 * reversal and its recovery are recorded together. A failure is tried again a day later.
 */
async function recoverOne(db: Database, provider: PaymentProvider, debtor: Debtor, now: number): Promise<boolean> {
  const token = new Date(now + RECOVERY_LOCK_MS);
  const [locked] = await db
    .update(payoutAccounts)
    .set({ recoveryLockUntil: token })
    .where(
      and(
        eq(payoutAccounts.sellerId, debtor.sellerId),
        or(isNull(payoutAccounts.recoveryLockUntil), lt(payoutAccounts.recoveryLockUntil, new Date(now))),
        or(isNull(payoutAccounts.recoveryRetryAt), lte(payoutAccounts.recoveryRetryAt, new Date(now))),
      ),
    )
    .returning({ sellerId: payoutAccounts.sellerId });
  if (!locked) return false;
  const unlock = (retryAt: Date | null) =>
    db
      .update(payoutAccounts)
      .set({ recoveryLockUntil: null, recoveryRetryAt: retryAt })
      .where(and(eq(payoutAccounts.sellerId, debtor.sellerId), eq(payoutAccounts.recoveryLockUntil, token)));
  let recovered = false;
  try {
    // Read under the lock: what sales withheld until now is not taken twice,
    // and what the account holds as the ledger knows it (a reversal beyond that would fail).
    const [balances] = await db
      .select({ owed: debtSum, held: accountBalanceSum })
      .from(ledgerEntries)
      .where(sellerEntries(debtor.sellerId, debtor.provider, debtor.currency));
    let owed = balances?.owed ?? 0;
    let held = balances?.held ?? 0;
    for (const deal of await reversibleTransfers(db, debtor)) {
      const amount = Math.min(owed, deal.reversible, held);
      if (amount <= 0 || !deal.transferRef) continue;
      const recoveryId = crypto.randomUUID();
      const reversalId = await provider.payouts.reverseTransfer({
        operationId: `recovery_${recoveryId}`,
        bookingId: deal.bookingId,
        amountCents: amount,
        currency: debtor.currency,
        retry: false,
        transferId: deal.transferRef,
      });
      const row = {
        amountCents: amount,
        currency: debtor.currency,
        provider: debtor.provider,
        providerRef: reversalId,
        sellerId: debtor.sellerId,
        paymentId: deal.paymentId,
        operationId: null,
        createdAt: new Date(now),
      };
      await db.batch([
        recordEntry(db, { ...row, kind: "transfer_reversal" }),
        recordEntry(db, { ...row, kind: "debt_recovery" }),
      ]);
      owed -= amount;
      held -= amount;
      recovered = true;
      if (owed <= 0) break;
    }
    await unlock(owed > 0 ? new Date(now + RECOVERY_RETRY_MS) : null);
  } catch (error) {
    console.warn("A debt's transfer reversal failed; tried again in a day", debtor.sellerId, String(error));
    await unlock(new Date(now + RECOVERY_RETRY_MS));
    return false;
  }
  return recovered;
}

/** The scheduled job's part: what sellers owe, taken back from their payout accounts where it can be. */
export async function recoverDebts(
  db: Database,
  provider: PaymentProvider,
  now: number,
  limit = RECOVERY_BATCH_LIMIT,
): Promise<RecoveryResult> {
  const result: RecoveryResult = { recovered: 0, failed: 0 };
  for (const debtor of await dueDebtors(db, provider.name, now, limit)) {
    if (await recoverOne(db, provider, debtor, now)) result.recovered += 1;
    else result.failed += 1;
  }
  return result;
}
