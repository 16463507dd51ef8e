// A deal's money with the offline provider, end to end through the REST calls and the scheduled
// job: held at payment, released by the buyer or by the end of the protection window, claims
// decided by the admin, refunds before and after the release, payouts from the ledger. Exactly
// once under races, and the ledger's invariant after each step.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { platformFee } from "#app/domain/deals/ledger/fees";
import { completeTestOnboarding } from "#app/domain/deals/payouts/accounts.server";
import { confirmReceipt, decideClaim } from "#app/domain/deals/settlement/decisions.server";
import { plannedLetters } from "#app/domain/notifications/letters.server";
import { formatMoney } from "#app/domain/shared/money";
import { claims, deals, payoutAccounts } from "#db/schema";
import { insertUser, USD } from "./factories";
import { expectLedgerHolds } from "./ledger-invariant";
import {
  apiCall,
  DAY,
  db,
  dealState,
  listingForNewSeller,
  offlineProvider,
  paidDeal,
  payoutsOf,
  settings,
  tick,
} from "./money-fixtures";
import { testEnv } from "./test-env";

const FEE = { basisPoints: 800, fixedCents: 0 };

describe("a payment is held, then released", () => {
  it("the buyer's confirmation releases the net to the seller; the job pays it out, then it is paid", async () => {
    const { buyer, seller, deal, booking } = await paidDeal(120_000);
    let state = await dealState(deal.paymentId);
    expect(state.deal.state).toBe("held");
    expect(state.charged).toBe(120_000);
    expect(state.deal.releaseDueAt!.getTime() - state.deal.createdAt.getTime()).toBe(3 * DAY);
    await expectLedgerHolds(testEnv.DB);

    const confirmed = await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/receipt`);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ decided: true });
    state = await dealState(deal.paymentId);
    expect(state.deal.state).toBe("released");
    // "You receive $ 1,104.00 of $ 1,200.00".
    expect(state.fee).toBe(9_600);
    expect(state.net).toBe(110_400);
    expect(state.count("transfer")).toBe(1);
    expect(state.operations.map((o) => [o.kind, o.status, o.origin])).toEqual([["release", "done", "buyer_confirmed"]]);
    await expectLedgerHolds(testEnv.DB);

    const again = await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/receipt`);
    expect(await again.json()).toMatchObject({ decided: false });
    expect((await dealState(deal.paymentId)).count("transfer")).toBe(1);

    const summary = async () =>
      (await (await apiCall(seller.id, "GET", "/api/payouts")).json<{ amounts: Record<string, number> }>()).amounts;
    expect(await summary()).toMatchObject({ heldCents: 0, onItsWayCents: 110_400, paidCents: 0, feesCents: 9_600 });

    const now = Date.now();
    await tick(now);
    const [made] = await payoutsOf(seller.id);
    expect(made).toMatchObject({ status: "in_transit", amountCents: 110_400 });
    await tick(now + 5 * 60_000);
    expect((await payoutsOf(seller.id)).map((p) => p.status)).toEqual(["paid"]);
    expect(await summary()).toMatchObject({ onItsWayCents: 0, paidCents: 110_400 });
    // Nothing left to pay out: another run pays nothing twice.
    await tick(now + 10 * 60_000);
    expect(await payoutsOf(seller.id)).toHaveLength(1);
    await expectLedgerHolds(testEnv.DB);
  });

  it("ten confirmations at once release once", async () => {
    const { buyer, deal, booking } = await paidDeal(45_000);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => confirmReceipt(db(), offlineProvider(), settings(), buyer.user, booking.id)),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    expect(results.filter((result) => result.ok && result.decided)).toHaveLength(1);
    const state = await dealState(deal.paymentId);
    expect(state.operations).toHaveLength(1);
    expect(state.count("transfer")).toBe(1);
    expect(state.net).toBe(45_000 - platformFee(45_000, FEE));
    await expectLedgerHolds(testEnv.DB);
  });

  it("a confirmation racing the scheduled job at the end of the window releases once", async () => {
    const { buyer, deal, booking } = await paidDeal(30_000);
    const after = deal.releaseDueAt!.getTime() + 60_000;
    await Promise.all([
      confirmReceipt(db(), offlineProvider(), settings(), buyer.user, booking.id, after),
      tick(after),
      confirmReceipt(db(), offlineProvider(), settings(), buyer.user, booking.id, after),
      tick(after),
    ]);
    const state = await dealState(deal.paymentId);
    expect(state.deal.state).toBe("released");
    expect(state.operations).toHaveLength(1);
    expect(state.count("transfer")).toBe(1);
    await expectLedgerHolds(testEnv.DB);
  });

  it("the job releases an unconfirmed deal at the end of its window, not before, and not while a claim is open", async () => {
    const first = await paidDeal(20_000);
    const second = await paidDeal(25_000);
    const due = first.deal.releaseDueAt!.getTime();
    const claimed = await apiCall(second.buyer.user.id, "POST", `/api/bookings/${second.booking.id}/claim`, {
      reason: "not_handed_over",
      details: "The seller did not come to the meetup.",
    });
    expect(claimed.status).toBe(201);
    await tick(due - 60_000);
    expect((await dealState(first.deal.paymentId)).deal.state).toBe("held");
    await tick(due + 60 * DAY);
    const released = await dealState(first.deal.paymentId);
    expect(released.deal.state).toBe("released");
    expect(released.operations[0]).toMatchObject({ origin: "auto_release", status: "done" });
    expect((await dealState(second.deal.paymentId)).deal.state).toBe("held");
    await expectLedgerHolds(testEnv.DB);
  });
});

describe("claims", () => {
  it("opened, answered by the seller, decided by the admin with a partial refund", async () => {
    const { buyer, seller, deal, booking, product } = await paidDeal(120_000);
    const admin = await insertUser({ role: "admin" });
    const opened = await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/claim`, {
      reason: "not_as_described",
      details: "The lens has a scratch the photos did not show.",
    });
    expect(opened.status).toBe(201);
    const claim = await opened.json<{ _id: string; status: string }>();
    expect(claim.status).toBe("open");
    const answered = await apiCall(seller.id, "PUT", `/api/claims/${claim._id}/answer`, {
      answer: "It was in the last photo; I offer $ 200 back.",
    });
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ sellerAnswer: "It was in the last photo; I offer $ 200 back." });

    const decided = await apiCall(admin.id, "PUT", `/api/claims/${claim._id}/decision`, {
      outcome: "refund_partial",
      amount: "200",
      note: "A partial refund for the scratch.",
    });
    expect(decided.status).toBe(200);
    expect(await decided.json()).toMatchObject({
      claim: { status: "decided", outcome: "refund_partial", refundCents: 20_000 },
    });
    const state = await dealState(deal.paymentId);
    expect(state.deal.state).toBe("released");
    expect(state.refunded).toBe(20_000);
    // The seller keeps $ 1,000.00 of the sale, less 8 %.
    expect(state.fee).toBe(8_000);
    expect(state.net).toBe(92_000);
    expect(state.charged).toBe(state.fee + state.net + state.refunded);
    expect(state.operations.map((o) => o.kind)).toEqual(["refund", "release"]);
    await expectLedgerHolds(testEnv.DB);

    // The release letters say what went back to the buyer first.
    const release = state.operations.find((o) => o.kind === "release")!;
    const letters = await plannedLetters(
      db(),
      { kind: "payment_released", operationId: release.id },
      { appName: "Pay&Buy", currency: USD },
    );
    const toSeller = letters.find((l) => l.recipient.id === seller.id)!;
    const toBuyer = letters.find((l) => l.recipient.id === buyer.user.id)!;
    expect(toSeller.text).toContain(
      `You receive ${formatMoney(92_000, USD)} of ${formatMoney(120_000, USD)} for "${product.name}", after ${formatMoney(20_000, USD)} went back to the buyer`,
    );
    expect(toBuyer.text).toContain(
      `${formatMoney(20_000, USD)} of your payment for "${product.name}" is refunded to you; the rest, ${formatMoney(100_000, USD)}, is now the seller's.`,
    );

    // Decided once: a second decision is refused, and so is the buyer's second claim.
    const twice = await apiCall(admin.id, "PUT", `/api/claims/${claim._id}/decision`, { outcome: "refund_full" });
    expect(twice.status).toBe(409);
    const another = await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/claim`, {
      reason: "other",
      details: "Again",
    });
    expect(another.status).toBe(409);
  });

  it("after an early confirmation, a claim within the window refunded in full reverses the transfer and the fee", async () => {
    const { buyer, deal, booking } = await paidDeal(50_000);
    const admin = await insertUser({ role: "admin" });
    await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/receipt`);
    expect((await dealState(deal.paymentId)).net).toBe(46_000);
    const opened = await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/claim`, {
      reason: "not_as_described",
      details: "At home the shutter sticks.",
    });
    const claim = await opened.json<{ _id: string }>();
    const decided = await apiCall(admin.id, "PUT", `/api/claims/${claim._id}/decision`, { outcome: "refund_full" });
    expect(decided.status).toBe(200);
    const state = await dealState(deal.paymentId);
    expect(state.deal.state).toBe("refunded");
    expect(state).toMatchObject({ refunded: 50_000, fee: 0, net: 0 });
    expect(state.count("transfer_reversal")).toBe(1);
    expect(state.entries.find((e) => e.kind === "transfer_reversal")!.amountCents).toBe(46_000);
    expect(state.entries.find((e) => e.kind === "fee_refund")!.amountCents).toBe(4_000);
    await expectLedgerHolds(testEnv.DB);
  });

  it("an admin's decision racing the buyer's confirmation: exactly one of them decides", async () => {
    for (let round = 0; round < 3; round++) {
      const { buyer, deal, booking } = await paidDeal(40_000);
      const admin = await insertUser({ role: "admin" });
      const opened = await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/claim`, {
        reason: "other",
        details: "Let us see who wins.",
      });
      const { _id } = await opened.json<{ _id: string }>();
      const [decision, confirmation] = await Promise.all([
        decideClaim(db(), offlineProvider(), settings(), admin, _id, { outcome: "refund_full" }, null),
        confirmReceipt(db(), offlineProvider(), settings(), buyer.user, booking.id),
      ]);
      const [claim] = await db().select().from(claims).where(eq(claims.id, _id));
      const state = await dealState(deal.paymentId);
      if (claim!.status === "decided") {
        // The refund won: the confirmation found the money refunded.
        expect(decision.ok).toBe(true);
        expect(confirmation).toMatchObject({ ok: false, status: 409 });
        expect(state).toMatchObject({ refunded: 40_000, net: 0 });
      } else {
        // The confirmation won: the claim was withdrawn and the admin found it closed.
        expect(claim!.status).toBe("withdrawn");
        expect(decision).toMatchObject({ ok: false, status: 409 });
        expect(state).toMatchObject({ refunded: 0, net: 40_000 - 3_200 });
      }
      await expectLedgerHolds(testEnv.DB);
    }
  });

  it("is refused: another buyer's order, after the window, a partial refund of everything, a stranger's answer", async () => {
    const { buyer, deal, booking, seller } = await paidDeal(10_000);
    const stranger = await insertUser({ role: "buyer" });
    const otherSeller = await insertUser({ role: "seller" });
    const admin = await insertUser({ role: "admin" });
    const body = { reason: "other", details: "Something" };
    expect((await apiCall(stranger.id, "POST", `/api/bookings/${booking.id}/claim`, body)).status).toBe(404);
    expect((await apiCall(seller.id, "POST", `/api/bookings/${booking.id}/claim`, body)).status).toBe(403);
    expect((await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/claim`, { reason: "lost" })).status).toBe(
      422,
    );
    const opened = await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/claim`, body);
    const { _id } = await opened.json<{ _id: string }>();
    expect((await apiCall(otherSeller.id, "PUT", `/api/claims/${_id}/answer`, { answer: "Not mine" })).status).toBe(
      404,
    );
    // Control characters: a clear 422, never the database's CHECK (a leading NUL cuts SQLite's
    // length() to 0) as a 500, and nothing written.
    for (const answer of ["\u0000\u0001\u0007\u001b", "Sent\u0000it"]) {
      expect((await apiCall(seller.id, "PUT", `/api/claims/${_id}/answer`, { answer })).status).toBe(422);
    }
    expect((await apiCall(buyer.user.id, "GET", `/api/claims/${_id}`)).status).toBe(200);
    const nul = await apiCall(buyer.user.id, "POST", `/api/bookings/${booking.id}/claim`, {
      reason: "other",
      details: "\u0000broken",
    });
    expect(nul.status).toBe(422);
    expect((await apiCall(stranger.id, "GET", `/api/claims/${_id}`)).status).toBe(404);
    expect((await apiCall(otherSeller.id, "GET", `/api/claims/${_id}`)).status).toBe(404);
    expect((await apiCall(buyer.user.id, "GET", `/api/claims/${_id}`)).status).toBe(200);
    const everything = await apiCall(admin.id, "PUT", `/api/claims/${_id}/decision`, {
      outcome: "refund_partial",
      amount: 100,
    });
    expect(everything.status).toBe(422);
    const noAmount = await apiCall(admin.id, "PUT", `/api/claims/${_id}/decision`, { outcome: "refund_partial" });
    expect(noAmount.status).toBe(422);
    expect((await dealState(deal.paymentId)).operations).toEqual([]);

    // Past the window, once the money moved, no claim can be opened (while it is still held one
    // can, until the scheduled job moves it: ADR 0092).
    const late = await paidDeal(10_000);
    await db()
      .update(deals)
      .set({ releaseDueAt: new Date(Date.now() - 1000) })
      .where(eq(deals.paymentId, late.deal.paymentId));
    await tick(Date.now());
    expect((await dealState(late.deal.paymentId)).deal.state).toBe("released");
    const refused = await apiCall(late.buyer.user.id, "POST", `/api/bookings/${late.booking.id}/claim`, body);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { message: expect.stringContaining("protection") } });
    await expectLedgerHolds(testEnv.DB);
  });
});

describe("a seller who has not set up payouts", () => {
  it("cannot set up payouts before the account's email address is verified, on the API and in the page", async () => {
    const seller = await insertUser({ role: "seller", emailVerifiedAt: null }, { payouts: false });
    const refused = await apiCall(seller.id, "POST", "/api/payouts/onboarding");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { message: "Verify your email address before setting up payouts." },
    });
    await expect(
      completeTestOnboarding(db(), offlineProvider(), { ...seller, emailVerified: false }),
    ).resolves.toMatchObject({ ok: false, message: "Verify your email address before setting up payouts." });
    expect(await db().select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, seller.id))).toEqual([]);
  });

  it("keeps the listing on show but refuses bookings, on the API and in the page's action, until onboarded", async () => {
    const { product, seller, buyer } = await listingForNewSeller();
    const listing = await apiCall(null, "GET", `/api/listings/${product.id}`);
    expect(listing.status).toBe(200);
    const booking = { productId: product.id, meetLocation: "Union Square", buyerContact: "+1 415 555 0101" };
    const refused = await apiCall(buyer.user.id, "POST", "/api/booking", booking);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { message: expect.stringContaining("setting up payouts") } });
    const onboarding = await apiCall(seller.id, "POST", "/api/payouts/onboarding");
    expect(await onboarding.json()).toMatchObject({
      url: expect.stringMatching(/\/dashboard\/payouts\/test-onboarding$/),
    });
    const before = await (await apiCall(seller.id, "GET", "/api/payouts")).json<{ account: { setup: string } }>();
    expect(before.account.setup).toBe("incomplete");
    await completeTestOnboarding(db(), offlineProvider(), { ...seller, emailVerified: true });
    const after = await (await apiCall(seller.id, "GET", "/api/payouts")).json<{ account: { setup: string } }>();
    expect(after.account.setup).toBe("ready");
    expect((await apiCall(buyer.user.id, "POST", "/api/booking", booking)).status).toBe(201);
  });
});
