// A seller's two balances, as the ledger keeps them (ADR 0087), summed by the table of kinds:
// - what their payout account holds: sent to it (transfers, less reversals), less paid out to the
//   bank (payouts, less those that came back);
// - what they owe Pay&Buy: a refund's share their account could not give back (`seller_debt`),
//   less what was recovered of it since (`debt_recovery`: withheld from a later sale, or a
//   reversal made later).
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import type { PaymentProviderName } from "#db/closed-lists";
import { ledgerEntries } from "#db/schema";
import { accountBalanceSum, debtSum } from "./sums.server";

/** The seller's entries in one provider and currency. */
export const sellerEntries = (sellerId: string, provider: PaymentProviderName, currency: string) =>
  and(eq(ledgerEntries.sellerId, sellerId), eq(ledgerEntries.provider, provider), eq(ledgerEntries.currency, currency));

/** What the payout account a transfer went to holds now (the offline provider's own balance). */
export async function sellerAccountBalance(db: Database, transferId: string): Promise<number> {
  const [row] = await db
    .select({ balance: accountBalanceSum })
    .from(ledgerEntries)
    .where(
      sql`(${ledgerEntries.sellerId}, ${ledgerEntries.provider}, ${ledgerEntries.currency}) in
        (select seller_id, provider, currency from ${ledgerEntries} where kind = 'transfer' and provider_ref = ${transferId})`,
    );
  return row?.balance ?? 0;
}

/** What a seller owes in one provider and currency. */
export async function sellerDebt(
  db: Database,
  seller: { sellerId: string; provider: PaymentProviderName; currency: string },
): Promise<number> {
  const [row] = await db
    .select({ owed: debtSum })
    .from(ledgerEntries)
    .where(sellerEntries(seller.sellerId, seller.provider, seller.currency));
  return row?.owed ?? 0;
}
