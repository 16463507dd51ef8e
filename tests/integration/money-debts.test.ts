// What a seller owes (ADR 0087), with the offline provider, whose payout account gives back only
// what it still holds (as Stripe's does): a refund after the seller was paid out reaches the buyer
// at once, the share the account could not give back is the seller's debt, shown on Payouts and
// in the admin's totals, withheld from the seller's next sales before anything is transferred,
// and taken back by the scheduled job once the account holds money again. Never recovered twice.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordPayout } from "#app/domain/deals/payouts/payouts.server";
import { recoverDebts } from "#app/domain/deals/settlement/debts.server";
import { settleDeal } from "#app/domain/deals/settlement/operations.server";
import { ledgerEntries, payoutAccounts } from "#db/schema";
import { get, sessionCookieFor } from "./auth-helpers";
import { amountsIn, insertUser } from "./factories";
import { expectLedgerHolds } from "./ledger-invariant";
import {
  apiCall,
  DAY,
  db,
  dealState,
  offlineProvider,
  paidDeal,
  payoutsOf,
  refundAtProvider,
  tick,
} from "./money-fixtures";
import { testEnv } from "./test-env";

const amountsOf = async (sellerId: string) =>
  (await (await apiCall(sellerId, "GET", "/api/payouts")).json<{ amounts: Record<string, number> }>()).amounts;

const owedOf = async (sellerId: string) => (await amountsOf(sellerId)).owedCents;

/** A sale of `price` released and paid out to the seller's bank by the job (on its way, not arrived). */
async function paidOutSale(price: number, sellerId?: string) {
  const sale = await paidDeal(price, sellerId ? { sellerId } : {});
  const confirmed = await apiCall(sale.buyer.user.id, "POST", `/api/bookings/${sale.booking.id}/receipt`);
  expect(confirmed.status).toBe(200);
  await tick(Date.now());
  return sale;
}

/**
 * The whole payment refunded after the release. Not through a claim: a release ends the buyer's
 * protection and no claim can be opened after it (ADR 0098). The refunds after a release that
 * remain are one made at the provider (its Dashboard) and a lost chargeback; this is the first,
 * which the settlement records as it records any refund after a release (recordProviderRefund:
 * the buyer's money back at once, the seller's share reversed or owed). No claim row is written.
 */
async function refundInFull(sale: Awaited<ReturnType<typeof paidDeal>>) {
  await refundAtProvider(sale, sale.deal.amountCents);
}

describe("what a seller owes", () => {
  it("a refund after the payout reaches the buyer; what the account cannot give back is owed, shown, and withheld from the next sales", async () => {
    const admin = await insertUser({ role: "admin" });
    const first = await paidOutSale(100_000);
    const seller = first.seller;
    expect((await payoutsOf(seller.id)).map((p) => p.amountCents)).toEqual([92_000]);

    await refundInFull(first);
    let state = await dealState(first.deal.paymentId);
    // The buyer has everything back at once, whatever the seller's account holds.
    expect(state.deal.state).toBe("refunded");
    expect(state.refunded).toBe(100_000);
    expect(state.operations.every((o) => o.status === "done")).toBe(true);
    // The account held nothing: no reversal; the seller owes their share.
    expect(state.count("transfer_reversal")).toBe(0);
    expect(state.entries.filter((e) => e.kind === "seller_debt").map((e) => e.amountCents)).toEqual([92_000]);
    expect(state.net).toBe(0);
    await expectLedgerHolds(testEnv.DB);
    await tick(Date.now() + 5 * 60_000);
    expect(await amountsOf(seller.id)).toMatchObject({ owedCents: 92_000, onItsWayCents: 0, paidCents: 92_000 });

    // Shown on Payouts and in the admin's totals.
    const page = await (await get("/dashboard/payouts", { Cookie: await sessionCookieFor(seller.id) })).text();
    expect(page).toContain(amountsIn("You owe $ 920.00"));
    const totals = await (await apiCall(admin.id, "GET", "/api/platform/totals")).json<{
      currencies: Array<{ owedBySellersCents: number }>;
    }>();
    expect(totals.currencies[0]!.owedBySellersCents).toBeGreaterThanOrEqual(92_000);

    // The next sale pays the debt first: nothing is transferred of it.
    const second = await paidDeal(50_000, { sellerId: seller.id });
    await apiCall(second.buyer.user.id, "POST", `/api/bookings/${second.booking.id}/receipt`);
    state = await dealState(second.deal.paymentId);
    expect(state.deal.state).toBe("released");
    expect(state.count("transfer")).toBe(0);
    expect(state.entries.filter((e) => e.kind === "debt_recovery").map((e) => e.amountCents)).toEqual([46_000]);
    expect(state.net).toBe(46_000);
    expect(await owedOf(seller.id)).toBe(46_000);

    // The one after it pays the rest, and the seller receives what is left.
    const third = await paidDeal(120_000, { sellerId: seller.id });
    await apiCall(third.buyer.user.id, "POST", `/api/bookings/${third.booking.id}/receipt`);
    state = await dealState(third.deal.paymentId);
    expect(state.entries.filter((e) => e.kind === "debt_recovery").map((e) => e.amountCents)).toEqual([46_000]);
    expect(state.transferred).toBe(110_400 - 46_000);
    expect(await owedOf(seller.id)).toBe(0);
    // And nothing is paid out that was owed.
    await tick(Date.now() + 10 * 60_000);
    expect((await payoutsOf(seller.id)).map((p) => p.amountCents).sort()).toEqual([64_400, 92_000]);
    await expectLedgerHolds(testEnv.DB);
  });

  it("is taken back by the job once the account holds money again (a payout the bank returned), once", async () => {
    const sale = await paidOutSale(50_000);
    const [payout] = await payoutsOf(sale.seller.id);
    expect(payout).toMatchObject({ status: "in_transit", amountCents: 46_000 });
    await refundInFull(sale);
    expect(await owedOf(sale.seller.id)).toBe(46_000);

    // The job tries and fails (nothing held): it waits a day before trying again.
    const now = Date.now();
    expect(await recoverDebts(db(), offlineProvider(), now)).toEqual({ recovered: 0, failed: 1 });
    const [account] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, sale.seller.id));
    expect(account!.recoveryRetryAt!.getTime()).toBe(now + DAY);
    expect(await recoverDebts(db(), offlineProvider(), now + 60_000)).toEqual({ recovered: 0, failed: 0 });

    // The bank returns the payout: the money is back in the account.
    await recordPayout(db(), {
      provider: "test",
      accountId: account!.accountId,
      payoutId: payout!.providerPayoutId,
      amountCents: 46_000,
      currency: payout!.currency,
      status: "failed",
      arrivalAt: null,
      failureMessage: "The bank account is closed.",
    });
    // Two runs at once a day later: one reversal, one recovery.
    const later = now + DAY + 1;
    const runs = await Promise.all([
      recoverDebts(db(), offlineProvider(), later),
      recoverDebts(db(), offlineProvider(), later),
    ]);
    expect(runs.reduce((sum, run) => sum + run.recovered, 0)).toBe(1);
    const state = await dealState(sale.deal.paymentId);
    expect(state.entries.filter((e) => e.kind === "transfer_reversal").map((e) => e.amountCents)).toEqual([46_000]);
    expect(state.entries.filter((e) => e.kind === "debt_recovery").map((e) => e.amountCents)).toEqual([46_000]);
    expect(await owedOf(sale.seller.id)).toBe(0);
    // Nothing is left to pay out, and nothing more is taken.
    await tick(later + 60_000);
    expect(await recoverDebts(db(), offlineProvider(), later + 2 * DAY)).toEqual({ recovered: 0, failed: 0 });
    await expectLedgerHolds(testEnv.DB);
  });

  it("a sale's netting waits while a reversal recovering the debt is in flight, and never recovers more than owed", async () => {
    const sale = await paidOutSale(50_000);
    await refundInFull(sale);
    const seller = sale.seller;
    // A recovery holds the seller's lock.
    await db()
      .update(payoutAccounts)
      .set({ recoveryLockUntil: new Date(Date.now() + 60_000) })
      .where(eq(payoutAccounts.sellerId, seller.id));
    const next = await paidDeal(50_000, { sellerId: seller.id });
    await apiCall(next.buyer.user.id, "POST", `/api/bookings/${next.booking.id}/receipt`);
    let state = await dealState(next.deal.paymentId);
    expect(state.count("debt_recovery")).toBe(0);
    expect(state.transferred).toBe(46_000);
    expect(await owedOf(seller.id)).toBe(46_000);
    // Ten releases of ten sales at once recover exactly what is owed.
    await db().update(payoutAccounts).set({ recoveryLockUntil: null }).where(eq(payoutAccounts.sellerId, seller.id));
    const sales = await Promise.all(Array.from({ length: 5 }, () => paidDeal(20_000, { sellerId: seller.id })));
    await Promise.all(sales.map((s) => apiCall(s.buyer.user.id, "POST", `/api/bookings/${s.booking.id}/receipt`)));
    const recovered = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.sellerId, seller.id), eq(ledgerEntries.kind, "debt_recovery")));
    expect(recovered.reduce((sum, e) => sum + e.amountCents, 0)).toBe(46_000);
    expect(await owedOf(seller.id)).toBe(0);
    // A retried release reads what it withheld the first time.
    state = await dealState(sales[0]!.deal.paymentId);
    expect(await settleDeal(db(), offlineProvider(), sales[0]!.deal.paymentId)).toEqual([]);
    expect((await dealState(sales[0]!.deal.paymentId)).entries).toHaveLength(state.entries.length);
    await expectLedgerHolds(testEnv.DB);
  });
});
