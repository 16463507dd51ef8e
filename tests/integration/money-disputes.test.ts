// Chargebacks with the offline provider's labelled test controls (ADR 0081): the buyer's bank
// disputes a paid order, nothing of the deal moves while it is open, the admin sends Pay&Buy's
// evidence once, and the bank decides: won, the deal goes on; lost, the amount and the dispute
// fee are ledger entries and, if the seller had been paid out, their share becomes what they owe
// (ADR 0087), withheld from their next sale. Through Stripe, the evidence goes through the SDK.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DISPUTE_MESSAGES } from "#app/domain/deals/providers/dispute-messages";
import { SETTLEMENT_MESSAGES } from "#app/domain/deals/settlement/decisions.server";
import { submitDisputeEvidence } from "#app/domain/deals/settlement/disputes.server";
import { disputes } from "#db/schema";
import { get, sessionCookieFor } from "./auth-helpers";
import { amountsIn, insertUser, USD } from "./factories";
import { expectLedgerHolds } from "./ledger-invariant";
import { apiCall, db, dealState, paidDeal, tick } from "./money-fixtures";
import { testEnv } from "./test-env";

afterEach(() => vi.restoreAllMocks());

const disputeOf = async (paymentId: string) => {
  const [row] = await db().select().from(disputes).where(eq(disputes.paymentId, paymentId));
  return row!;
};

describe("a chargeback, offline", () => {
  it("stops the deal; the evidence is sent once; lost, the amount and the fee are in the ledger", async () => {
    const { buyer, deal, booking } = await paidDeal(60_000);
    const admin = await insertUser({ role: "admin" });
    const stranger = await insertUser({ role: "buyer" });

    // Only its own buyer's bank disputes an order; once.
    expect((await apiCall(stranger.id, "POST", `/api/bookings/${booking.id}/test-dispute`)).status).toBe(404);
    const opened = await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/test-dispute`);
    expect(opened.status).toBe(201);
    const again = await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/test-dispute`);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { message: DISPUTE_MESSAGES.alreadyDisputed } });
    const dispute = await disputeOf(deal.paymentId);
    expect(dispute).toMatchObject({ status: "needs_response", amountCents: 60_000, feeCents: 1_500 });

    // Nothing moves while it is open: not the buyer's confirmation, not the job.
    const confirmed = await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/receipt`);
    expect(confirmed.status).toBe(409);
    expect(await confirmed.json()).toMatchObject({ error: { message: SETTLEMENT_MESSAGES.disputed } });
    await tick(deal.releaseDueAt!.getTime() + 60_000);
    expect((await dealState(deal.paymentId)).deal.state).toBe("held");

    // The buyer's My Orders says so; the admin's Claims shows the evidence and the controls.
    const orders = await (await get("/dashboard/my_orders", { Cookie: await sessionCookieFor(buyer.user.id) })).text();
    expect(orders).toContain("Your bank disputes this payment");
    const claimsPage = await (await get("/dashboard/claims", { Cookie: await sessionCookieFor(admin.id) })).text();
    expect(claimsPage).toContain("Send our evidence to the bank");
    expect(claimsPage).toContain("The bank decides the chargeback of");

    // The evidence, once: a second send is refused, and only the admin may send it.
    expect((await apiCall(buyer.user.id, "POST", `/api/platform/disputes/${dispute.id}/evidence`)).status).toBe(403);
    const sent = await Promise.all([
      apiCall(admin.id, "POST", `/api/platform/disputes/${dispute.id}/evidence`),
      apiCall(admin.id, "POST", `/api/platform/disputes/${dispute.id}/evidence`),
    ]);
    expect(sent.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await disputeOf(deal.paymentId)).evidenceSubmittedAt).toBeInstanceOf(Date);

    // Bad input is a 4xx with a message; the bank decides once.
    const bad = await apiCall(admin.id, "POST", `/api/platform/disputes/${dispute.id}/test-decision`, {
      outcome: "maybe",
    });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ error: { message: expect.stringContaining("outcome") } });
    const lost = await apiCall(admin.id, "POST", `/api/platform/disputes/${dispute.id}/test-decision`, {
      outcome: "lost",
    });
    expect(lost.status).toBe(200);
    const twice = await apiCall(admin.id, "POST", `/api/platform/disputes/${dispute.id}/test-decision`, {
      outcome: "won",
    });
    expect(twice.status).toBe(409);
    const state = await dealState(deal.paymentId);
    expect(state.deal.state).toBe("refunded");
    expect(state.count("dispute_loss")).toBe(1);
    expect(state.count("refund")).toBe(0);
    expect(state.entries.filter((e) => e.kind === "dispute_fee").map((e) => e.amountCents)).toEqual([1_500]);
    const sentAgain = await apiCall(admin.id, "POST", `/api/platform/disputes/${dispute.id}/evidence`);
    expect(sentAgain.status).toBe(409);
    const totals = await (await apiCall(admin.id, "GET", "/api/platform/totals")).json<{
      currencies: Array<{ disputesLostCents: number; disputeFeesCents: number }>;
    }>();
    expect(totals.currencies[0]!.disputesLostCents).toBeGreaterThanOrEqual(60_000);
    expect(totals.currencies[0]!.disputeFeesCents).toBeGreaterThanOrEqual(1_500);
    await expectLedgerHolds(testEnv.DB);
  });

  it("won, the deal goes on and no fee is recorded", async () => {
    const { buyer, deal, booking } = await paidDeal(30_000);
    const admin = await insertUser({ role: "admin" });
    await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/test-dispute`);
    const dispute = await disputeOf(deal.paymentId);
    expect(
      (await apiCall(admin.id, "POST", `/api/platform/disputes/${dispute.id}/test-decision`, { outcome: "won" }))
        .status,
    ).toBe(200);
    expect((await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/receipt`)).status).toBe(200);
    const state = await dealState(deal.paymentId);
    expect(state.deal.state).toBe("released");
    expect(state.count("dispute_fee") + state.count("dispute_loss")).toBe(0);
    await expectLedgerHolds(testEnv.DB);
  });

  it("lost after the seller was paid out: the seller owes it, it shows on Payouts, and the next sale pays it", async () => {
    const sale = await paidDeal(50_000);
    const admin = await insertUser({ role: "admin" });
    await apiCall(sale.buyer.user.id, "POST", `/api/bookings/${sale.booking.id}/receipt`);
    await tick(Date.now());
    await tick(Date.now() + 5 * 60_000);
    await apiCall(sale.buyer.user.id, "POST", `/api/bookings/${sale.booking.id}/test-dispute`);
    const dispute = await disputeOf(sale.deal.paymentId);
    await apiCall(admin.id, "POST", `/api/platform/disputes/${dispute.id}/test-decision`, { outcome: "lost" });
    const state = await dealState(sale.deal.paymentId);
    expect(state.refunded).toBe(50_000);
    expect(state.entries.filter((e) => e.kind === "seller_debt").map((e) => e.amountCents)).toEqual([46_000]);
    const page = await (await get("/dashboard/payouts", { Cookie: await sessionCookieFor(sale.seller.id) })).text();
    expect(page).toContain(amountsIn("You owe $ 460.00"));

    // The letters: the admins were told of the chargeback, the seller of what they owe.
    const { plannedLetters } = await import("#app/domain/notifications/letters.server");
    const options = { appName: "Pay&Buy", currency: USD, appUrl: "https://pay.test" };
    const toAdmins = await plannedLetters(db(), { kind: "dispute_opened", disputeId: dispute.id }, options);
    expect(toAdmins.length).toBeGreaterThan(0);
    expect(toAdmins[0]!.subject).toBe(`Chargeback: ${sale.product.name}`);
    expect(toAdmins[0]!.text).toContain("https://pay.test/dashboard/claims#disputes");
    const debt = state.entries.find((e) => e.kind === "seller_debt")!;
    const toSeller = await plannedLetters(db(), { kind: "seller_debt", entryId: debt.id }, options);
    expect(toSeller.map((letter) => letter.recipient.id)).toEqual([sale.seller.id]);
    expect(toSeller[0]!.text).toContain(amountsIn("$ 460.00 of it could not be taken back"));
    expect(toSeller[0]!.text).toContain("taken from your next sales");

    const next = await paidDeal(60_000, { sellerId: sale.seller.id });
    await apiCall(next.buyer.user.id, "POST", `/api/bookings/${next.booking.id}/receipt`);
    const nextState = await dealState(next.deal.paymentId);
    expect(nextState.transferred).toBe(55_200 - 46_000);
    expect(nextState.count("debt_recovery")).toBe(1);
    await expectLedgerHolds(testEnv.DB);
  });

  it("the test controls are refused for a payment made through Stripe, and evidence of no dispute is not found", async () => {
    const { submitted } = { submitted: await submitDisputeEvidence(db(), fakeStripe(), "no-such-dispute") };
    expect(submitted).toMatchObject({ ok: false, status: 404 });
  });
});

/** A provider that is not the offline one (nothing of it is called here). */
function fakeStripe() {
  return {
    name: "stripe",
    disputes: {
      submitEvidence: () => {
        throw new Error("not called");
      },
    },
  } as never;
}
