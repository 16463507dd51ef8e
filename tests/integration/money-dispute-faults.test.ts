// Chargebacks the books must never miss (ADR 0081, ADR 0087): whatever the buyer's bank takes is
// a fact. After a partial refund, what was left of the payment goes back as the deal's refund and
// the part beyond it is the platform's loss, in a column of its own; the seller is told what they
// owe; a seller's statement lists the seller's money only; and a bank's dispute opened three
// times at once is one dispute.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { decideTestDispute } from "#app/domain/deals/payments/test-disputes.server";
import { platformMonths } from "#app/domain/deals/payouts/platform-statement.server";
import { disputeApplier } from "#app/domain/deals/settlement/disputes.server";
import { claims, disputes, ledgerEntries } from "#db/schema";
import { get, sessionCookieFor } from "./auth-helpers";
import { insertUser } from "./factories";
import { expectLedgerHolds } from "./ledger-invariant";
import { apiCall, db, dealState, offlineProvider, paidDeal, settings, tick } from "./money-fixtures";
import { testEnv } from "./test-env";

const disputeOf = async (paymentId: string) => {
  const [row] = await db().select().from(disputes).where(eq(disputes.paymentId, paymentId));
  return row!;
};

/** A $ 100.00 sale whose buyer claimed and was refunded `refund` by the admin's decision. */
async function refundedInPart(refund: { outcome: "refund_partial"; amount: string } | { outcome: "refund_full" }) {
  const sale = await paidDeal(10_000);
  const admin = await insertUser({ role: "admin" });
  const opened = await apiCall(sale.buyer.user.id, "POST", `/api/bookings/${sale.booking.id}/claim`, {
    reason: "not_as_described",
    details: "The front element is scratched.",
  });
  expect(opened.status).toBe(201);
  const [claim] = await db().select().from(claims).where(eq(claims.paymentId, sale.deal.paymentId));
  expect((await apiCall(admin.id, "PUT", `/api/claims/${claim!.id}/decision`, refund)).status).toBe(200);
  return { ...sale, admin };
}

async function loseChargeback(sale: Awaited<ReturnType<typeof refundedInPart>>) {
  expect((await apiCall(sale.buyer.user.id, "POST", `/api/bookings/${sale.booking.id}/test-dispute`)).status).toBe(201);
  const dispute = await disputeOf(sale.deal.paymentId);
  const lost = await decideTestDispute(
    db(),
    offlineProvider(),
    disputeApplier(db(), offlineProvider(), settings()),
    dispute.id,
    "lost",
  );
  expect(lost).toMatchObject({ ok: true });
  return { dispute, lost: lost as Extract<typeof lost, { ok: true }> };
}

const excessOf = async (paymentId: string) =>
  (await db().select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId)))
    .filter((entry) => entry.kind === "dispute_excess")
    .map((entry) => entry.amountCents);

describe("a chargeback lost after a partial refund", () => {
  it("gives back what was left and books the part beyond it as the platform's loss, once", async () => {
    const sale = await refundedInPart({ outcome: "refund_partial", amount: "40" });
    const { dispute } = await loseChargeback(sale);
    expect(dispute.amountCents).toBe(10_000);
    const state = await dealState(sale.deal.paymentId);
    expect(state.deal.state).toBe("refunded");
    expect(state.refunded).toBe(10_000);
    expect(state.entries.filter((e) => e.kind === "dispute_loss").map((e) => e.amountCents)).toEqual([6_000]);
    expect(await excessOf(sale.deal.paymentId)).toEqual([4_000]);
    // Decided again (the provider's report repeated): nothing more is written.
    await decideTestDispute(
      db(),
      offlineProvider(),
      disputeApplier(db(), offlineProvider(), settings()),
      dispute.id,
      "lost",
    );
    expect(await excessOf(sale.deal.paymentId)).toEqual([4_000]);
    // The platform's figures: lost to chargebacks, and beyond the sale, each in its own column.
    const [month] = (await platformMonths(db())).slice(-1);
    expect(month).toMatchObject({ disputesLost: 6_000, disputesBeyondSale: 4_000, refunds: 4_000 });
    const totals = await (await apiCall(sale.admin.id, "GET", "/api/platform/totals")).json<{
      currencies: Array<{ disputesLostCents: number; disputesBeyondSaleCents: number }>;
    }>();
    expect(totals.currencies[0]).toMatchObject({ disputesLostCents: 6_000, disputesBeyondSaleCents: 4_000 });
    const claimsPage = await (await get("/dashboard/claims", { Cookie: await sessionCookieFor(sale.admin.id) })).text();
    expect(claimsPage).toContain("Chargebacks beyond the sale");
    await expectLedgerHolds(testEnv.DB);
  });

  it("after a full refund, books the whole chargeback as the platform's loss", async () => {
    const sale = await refundedInPart({ outcome: "refund_full" });
    await loseChargeback(sale);
    const state = await dealState(sale.deal.paymentId);
    expect(state.count("dispute_loss")).toBe(0);
    expect(await excessOf(sale.deal.paymentId)).toEqual([10_000]);
    await expectLedgerHolds(testEnv.DB);
  });
});

describe("a chargeback lost after the seller was paid out", () => {
  it("tells the buyer and the seller: the refund, and what the seller owes", async () => {
    const sale = await paidDeal(50_000);
    await apiCall(sale.buyer.user.id, "POST", `/api/bookings/${sale.booking.id}/receipt`);
    await tick(Date.now());
    await tick(Date.now() + 5 * 60_000);
    await apiCall(sale.buyer.user.id, "POST", `/api/bookings/${sale.booking.id}/test-dispute`);
    const dispute = await disputeOf(sale.deal.paymentId);
    const lost = await decideTestDispute(
      db(),
      offlineProvider(),
      disputeApplier(db(), offlineProvider(), settings()),
      dispute.id,
      "lost",
    );
    expect(lost.ok).toBe(true);
    const kinds = (lost as { events: Array<{ kind: string }> }).events.map((event) => event.kind);
    expect(kinds).toEqual(expect.arrayContaining(["payment_refunded", "seller_debt"]));
    await expectLedgerHolds(testEnv.DB);
  });
});

describe("a seller's statement", () => {
  it("lists the seller's money only: no chargeback fee, no chargeback beyond the sale", async () => {
    const sale = await refundedInPart({ outcome: "refund_partial", amount: "40" });
    await loseChargeback(sale);
    const month = new Date().toISOString().slice(0, 7);
    const statement = await apiCall(sale.seller.id, "GET", `/api/payouts/statement?from=${month}&to=${month}`);
    expect(statement.status).toBe(200);
    const csv = await statement.text();
    expect(csv).toContain("Taken back by the buyer's bank (chargeback)");
    expect(csv).not.toContain("Chargeback fee");
    expect(csv).not.toContain("dispute_fee");
    expect(csv).not.toContain("dispute_excess");
    expect(csv).not.toContain("15.00");
  });
});

describe("the bank's dispute, test mode's control", () => {
  it("opened three times at once is one dispute: one 201, the others say it is open already", async () => {
    const { buyer, booking, deal } = await paidDeal(20_000);
    const answers = await Promise.all(
      [1, 2, 3].map(() => apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/test-dispute`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    expect((await db().select().from(disputes).where(eq(disputes.paymentId, deal.paymentId))).length).toBe(1);
  });
});
