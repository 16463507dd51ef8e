// A seller an admin removes is never paid again (ADR 0079): their payout account closes in the
// batch that removes them; their held payments are released by nobody (the buyer, the job, a
// claim's decision), wait on the admin's Claims page and are refunded to the buyers from there
// or through the API; a release decided before is not transferred; no payout is made.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_REMOVED_REASON, applyAccountState } from "#app/domain/deals/payouts/accounts.server";
import { refundForRemovedSeller, SETTLEMENT_MESSAGES } from "#app/domain/deals/settlement/decisions.server";
import { settleDeal } from "#app/domain/deals/settlement/operations.server";
import { dealOperations, payoutAccounts } from "#db/schema";
import { get, sessionCookieFor } from "./auth-helpers";
import { insertUser } from "./factories";
import { expectLedgerHolds } from "./ledger-invariant";
import { apiCall, DAY, db, dealState, offlineProvider, paidDeal, payoutsOf, tick } from "./money-fixtures";
import { testEnv } from "./test-env";

async function removeSeller(adminId: string, sellerId: string) {
  const removed = await apiCall(adminId, "DELETE", `/api/seller/${sellerId}`);
  expect(removed.status).toBe(200);
}

async function payoutAccountOf(sellerId: string) {
  const [account] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, sellerId));
  return account!;
}

describe("a removed seller's money", () => {
  it("closes the payout account with the seller, and a later report of the provider does not open it", async () => {
    const { seller } = await paidDeal(30_000);
    const admin = await insertUser({ role: "admin" });
    await removeSeller(admin.id, seller.id);
    const closed = await payoutAccountOf(seller.id);
    expect(closed).toMatchObject({
      transfersActive: false,
      payoutsEnabled: false,
      disabledReason: ACCOUNT_REMOVED_REASON,
    });
    const reopened = await applyAccountState(db(), {
      provider: closed.provider,
      accountId: closed.accountId,
      state: {
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
        transfersActive: true,
        requirementsDue: [],
        disabledReason: null,
      },
      at: Date.now() + 60_000,
    });
    expect(reopened).toBeNull();
    expect(await payoutAccountOf(seller.id)).toMatchObject({ transfersActive: false, payoutsEnabled: false });
  });

  it("is released by nobody: not the buyer, not the job, not a claim's decision", async () => {
    const { buyer, seller, deal, booking } = await paidDeal(40_000);
    const admin = await insertUser({ role: "admin" });
    await removeSeller(admin.id, seller.id);

    const confirmed = await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/receipt`);
    expect(confirmed.status).toBe(409);
    expect(await confirmed.json()).toMatchObject({ error: { message: SETTLEMENT_MESSAGES.sellerRemoved } });

    await tick(deal.releaseDueAt!.getTime() + 60 * DAY);
    let state = await dealState(deal.paymentId);
    expect(state.deal.state).toBe("held");
    expect(state.operations).toEqual([]);

    const opened = await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/claim`, {
      reason: "not_handed_over",
      details: "The seller stopped answering.",
    });
    expect(opened.status).toBe(201);
    const { _id: claimId } = await opened.json<{ _id: string }>();
    for (const decision of [{ outcome: "release" }, { outcome: "refund_partial", amount: 100 }]) {
      const refused = await apiCall(admin.id, "PUT", `/api/claims/${claimId}/decision`, decision);
      expect(refused.status, decision.outcome).toBe(409);
      expect(await refused.json()).toMatchObject({ error: { message: SETTLEMENT_MESSAGES.releaseToRemovedSeller } });
    }
    state = await dealState(deal.paymentId);
    expect(state.deal.state).toBe("held");
    expect(state.operations).toEqual([]);
    expect(state.count("transfer")).toBe(0);
  });

  it("waits on the admin's list, and is refunded once however many refunds are sent", async () => {
    const { buyer, seller, deal, booking } = await paidDeal(52_500);
    const other = await paidDeal(10_000);
    const admin = await insertUser({ role: "admin" });
    await removeSeller(admin.id, seller.id);

    const listed = await apiCall(admin.id, "GET", "/api/platform/removed-sellers/payments");
    expect(listed.status).toBe(200);
    const rows = await listed.json<Array<{ bookingId: string; priceCents: number }>>();
    expect(rows.map((row) => row.bookingId)).toContain(booking.id);
    expect(rows.map((row) => row.bookingId)).not.toContain(other.booking.id);

    // Someone else's payment, whose seller is here: not this refund's to decide.
    const notRemoved = await apiCall(admin.id, "POST", `/api/bookings/${other.booking.id}/refund`);
    expect(notRemoved.status).toBe(409);
    expect((await dealState(other.deal.paymentId)).operations).toEqual([]);

    const results = await Promise.all(
      Array.from({ length: 10 }, () => refundForRemovedSeller(db(), offlineProvider(), admin, booking.id)),
    );
    expect(results.filter((result) => result.ok && result.decided)).toHaveLength(1);
    const state = await dealState(deal.paymentId);
    expect(state.deal.state).toBe("refunded");
    expect(state.refunded).toBe(52_500);
    expect(state.net).toBe(0);
    expect(state.operations.map((o) => [o.kind, o.status])).toEqual([["refund", "done"]]);
    await expectLedgerHolds(testEnv.DB);

    const again = await apiCall(admin.id, "POST", `/api/bookings/${booking.id}/refund`);
    expect(again.status).toBe(409);
    const after = await (await apiCall(admin.id, "GET", "/api/platform/removed-sellers/payments")).json<
      Array<{ bookingId: string }>
    >();
    expect(after.map((row) => row.bookingId)).not.toContain(booking.id);
    expect(buyer.user.id).not.toBe(seller.id);
  });

  it("tells the buyer on My Orders, without the confirmation the server would refuse", async () => {
    const { buyer, seller, booking } = await paidDeal(33_000);
    const admin = await insertUser({ role: "admin" });
    await removeSeller(admin.id, seller.id);
    const html = await (await get("/dashboard/my_orders", { Cookie: await sessionCookieFor(buyer.user.id) })).text();
    expect(html).toContain(SETTLEMENT_MESSAGES.sellerRemoved.replaceAll("'", "&#x27;"));
    expect(html).not.toContain('aria-label="I received it as described');
    expect(html).not.toContain("Payment held for your protection until");
    expect(booking.id).toBeTruthy();
  });

  it("is not transferred when a release decided before the removal is carried out", async () => {
    const { buyer, seller, deal, booking } = await paidDeal(20_000);
    const admin = await insertUser({ role: "admin" });
    // The seller's account is not ready yet: the release is decided, its transfer waits.
    await db().update(payoutAccounts).set({ transfersActive: false }).where(eq(payoutAccounts.sellerId, seller.id));
    const confirmed = await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/receipt`);
    expect(confirmed.status).toBe(200);
    expect((await dealState(deal.paymentId)).operations.map((o) => [o.kind, o.status])).toEqual([
      ["release", "pending"],
    ]);
    await removeSeller(admin.id, seller.id);
    // Even if the provider's record said the account could receive again.
    await db()
      .update(payoutAccounts)
      .set({ transfersActive: true, payoutsEnabled: true })
      .where(eq(payoutAccounts.sellerId, seller.id));
    await db()
      .update(dealOperations)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(dealOperations.paymentId, deal.paymentId));
    expect(await settleDeal(db(), offlineProvider(), deal.paymentId, Date.now())).toEqual([]);
    const state = await dealState(deal.paymentId);
    expect(state.count("transfer")).toBe(0);
    expect(state.operations[0]).toMatchObject({ status: "pending" });
    expect(state.operations[0]!.lastError).toContain("removed");
  });

  it("gets no payout of a balance received before the removal", async () => {
    const { buyer, seller, booking } = await paidDeal(25_000);
    const admin = await insertUser({ role: "admin" });
    const confirmed = await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/receipt`);
    expect(confirmed.status).toBe(200);
    await removeSeller(admin.id, seller.id);
    await tick(Date.now());
    expect(await payoutsOf(seller.id)).toEqual([]);
  });
});
