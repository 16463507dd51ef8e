// Money to sellers through Stripe Connect, with the real `stripe` SDK against Stripe's HTTP API
// intercepted inside workerd (stripe-api.ts): Express onboarding with an Account Link and
// account.updated, the charge held and transferred from at release (source_transaction), refunds
// before and after the release (with a transfer reversal), refunds made in Stripe's Dashboard
// (charge.refunded), payouts (payout.paid, payout.failed) — events twice and out of order, and
// calls that fail and are retried — each movement made once, with its idempotency key.
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { database } from "#db/client";
import { claims, dealOperations, deals, disputes, payoutAccounts, processedEvents, refunds } from "#db/schema";
import { app } from "../../workers/app";
import { bearerFor, sessionCookieFor } from "./auth-helpers";
import { amountsIn, insertUser } from "./factories";
import { expectLedgerHolds } from "./ledger-invariant";
import { DAY, dealState, payoutsOf, tick } from "./money-fixtures";
import { bookedListing } from "./payment-fixtures";
import { signedEvent, stripeApi } from "./stripe-api";
import { testEnv } from "./test-env";

const PLATFORM_SECRET = "whsec_platform_for_integration";
const CONNECT_SECRET = "whsec_connect_for_integration";
const stripeEnv = () => ({
  ...testEnv,
  STRIPE_SECRET_KEY: "sk_test_integration",
  STRIPE_PUBLISHABLE_KEY: "pk_test_integration",
  STRIPE_WEBHOOK_SECRET: PLATFORM_SECRET,
  STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
});
const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
const call = (path: string, init: RequestInit = {}) => app.request(`https://pay.test${path}`, init, stripeEnv(), ctx);
const db = () => database(testEnv.DB);
afterEach(() => vi.restoreAllMocks());

async function api(userId: string, method: string, path: string, body?: unknown) {
  return call(path, {
    method,
    headers: { Authorization: await bearerFor(userId), "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

function webhook(endpoint: "platform" | "connect", signed: { payload: string; signature: string }) {
  return call(endpoint === "platform" ? "/api/webhooks/stripe" : "/api/webhooks/stripe/connect", {
    method: "POST",
    body: signed.payload,
    headers: { "Stripe-Signature": signed.signature, "Content-Type": "application/json" },
  });
}

const connectEvent = (type: string, object: unknown, account: string, options: { created?: number } = {}) =>
  signedEvent(CONNECT_SECRET, type, object, { account, ...options });
const platformEvent = (type: string, object: unknown, options: { created?: number; id?: string } = {}) =>
  signedEvent(PLATFORM_SECRET, type, object, options);

/** A seller onboarded through Stripe: the Express account made ready by account.updated. */
async function stripeSeller(stripe: ReturnType<typeof stripeApi>) {
  const seller = await insertUser({ role: "seller" }, { payouts: false });
  await api(seller.id, "POST", "/api/payouts/onboarding");
  const [account] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, seller.id));
  const ready = stripe.completeOnboarding(account!.accountId);
  expect((await webhook("connect", await connectEvent("account.updated", ready, account!.accountId))).status).toBe(200);
  return { seller, accountId: account!.accountId };
}

/** A booking of the seller's listing paid through Stripe (payment_intent.succeeded). */
async function stripeDeal(stripe: ReturnType<typeof stripeApi>, sellerId: string, priceCents: number) {
  const listing = await bookedListing(priceCents, { sellerId });
  const intent = stripe.succeededIntent(listing.booking.id, priceCents);
  const paid = await webhook("platform", await platformEvent("payment_intent.succeeded", intent));
  expect(await paid.json()).toMatchObject({ outcome: "fulfilled" });
  const [deal] = await db().select().from(deals).where(eq(deals.bookingId, listing.booking.id));
  return { ...listing, intent, deal: deal! };
}

describe("Connect onboarding", () => {
  it("opens one Express account, sends the seller to Stripe's Account Link, and takes its state from account.updated", async () => {
    const stripe = stripeApi();
    const seller = await insertUser({ role: "seller" }, { payouts: false });
    const first = await api(seller.id, "POST", "/api/payouts/onboarding");
    const second = await api(seller.id, "POST", "/api/payouts/onboarding");
    expect(first.status).toBe(200);
    const { url } = await first.json<{ url: string }>();
    expect(url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_test\d+\//);
    expect(second.status).toBe(200);
    const created = stripe.calls("POST /v1/accounts");
    expect(created).toHaveLength(1);
    expect(created[0]!.idempotencyKey).toBe(`pay-and-buy:account:${seller.id}`);
    expect(Object.fromEntries(created[0]!.body)).toMatchObject({
      "controller[stripe_dashboard][type]": "express",
      "controller[fees][payer]": "application",
      "controller[losses][payments]": "application",
      "capabilities[transfers][requested]": "true",
      "metadata[sellerId]": seller.id,
    });
    const links = stripe.calls("POST /v1/account_links");
    expect(links).toHaveLength(2);
    expect(Object.fromEntries(links[0]!.body)).toMatchObject({
      type: "account_onboarding",
      return_url: "https://pay.test/dashboard/payouts?onboarding=return",
      refresh_url: "https://pay.test/dashboard/payouts?onboarding=refresh",
    });
    const accounts = await db().select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, seller.id));
    expect(accounts).toHaveLength(1);
    const accountId = accounts[0]!.accountId;

    const payouts = async () =>
      (await (await api(seller.id, "GET", "/api/payouts")).json<{ account: { setup: string; missing: string[] } }>())
        .account;
    expect(await payouts()).toMatchObject({
      setup: "incomplete",
      missing: ["a bank account for payouts", "proof of identity", "accepting the payment provider's terms"],
    });

    const before = Math.floor(Date.now() / 1000) - 60;
    const ready = await connectEvent("account.updated", stripe.completeOnboarding(accountId), accountId);
    expect((await webhook("connect", ready)).status).toBe(200);
    expect(await payouts()).toMatchObject({ setup: "ready", missing: [] });
    // An older state arriving late changes nothing; the same event again is a duplicate.
    const stale = await connectEvent(
      "account.updated",
      { ...stripe.objects.get(accountId), payouts_enabled: false },
      accountId,
      {
        created: before,
      },
    );
    expect(await (await webhook("connect", stale)).json()).toMatchObject({ outcome: "account_unchanged" });
    expect(await (await webhook("connect", ready)).json()).toMatchObject({ duplicate: true });
    expect((await payouts()).setup).toBe("ready");
    // A connected account's event signed for the other endpoint is not believed.
    const misplaced = await signedEvent(CONNECT_SECRET, "account.updated", stripe.objects.get(accountId), {
      account: accountId,
    });
    expect((await webhook("platform", misplaced)).status).toBe(400);
  });
});

describe("the charge, the release and the payout", () => {
  it("transfers the seller's net from the deal's own charge, once, and records payouts however they are reported", async () => {
    const stripe = stripeApi();
    const { seller, accountId } = await stripeSeller(stripe);
    const { buyer, booking, deal, intent } = await stripeDeal(stripe, seller.id, 120_000);
    expect(deal).toMatchObject({ state: "held", chargeRef: intent.latest_charge, provider: "stripe" });

    const confirmations = await Promise.all([
      api(buyer.user.id, "POST", `/api/bookings/${booking.id}/receipt`),
      api(buyer.user.id, "POST", `/api/bookings/${booking.id}/receipt`),
    ]);
    expect(confirmations.map((r) => r.status)).toEqual([200, 200]);
    const transfers = stripe.calls("POST /v1/transfers");
    expect(transfers).toHaveLength(1);
    const [operation] = await db().select().from(dealOperations).where(eq(dealOperations.paymentId, deal.paymentId));
    expect(transfers[0]!.idempotencyKey).toBe(`pay-and-buy:transfer:${operation!.id}`);
    expect(Object.fromEntries(transfers[0]!.body)).toMatchObject({
      amount: "110400",
      currency: "usd",
      destination: accountId,
      source_transaction: intent.latest_charge,
      transfer_group: booking.id,
      "metadata[operation]": operation!.id,
    });
    const state = await dealState(deal.paymentId);
    expect(state).toMatchObject({ fee: 9_600, net: 110_400 });
    expect(state.entries.find((e) => e.kind === "transfer")!.providerRef).toMatch(/^tr_test/);

    const payout = {
      id: "po_test_1",
      object: "payout",
      amount: 110_400,
      currency: "usd",
      status: "paid",
      arrival_date: Math.floor(Date.now() / 1000),
      failure_code: null,
      failure_message: null,
    };
    const paid = await connectEvent("payout.paid", payout, accountId);
    expect((await webhook("connect", paid)).status).toBe(200);
    // Delivered twice, and an earlier status arriving after it: still one paid payout.
    expect(await (await webhook("connect", paid)).json()).toMatchObject({ duplicate: true });
    await webhook("connect", await connectEvent("payout.created", { ...payout, status: "pending" }, accountId));
    expect((await payoutsOf(seller.id)).map((p) => [p.status, p.amountCents])).toEqual([["paid", 110_400]]);
    const summary = await (await api(seller.id, "GET", "/api/payouts")).json<{ amounts: Record<string, number> }>();
    expect(summary.amounts).toMatchObject({ paidCents: 110_400, onItsWayCents: 0 });
    const history = await (await api(seller.id, "GET", "/api/payouts/history")).json<Array<{ status: string }>>();
    expect(history.map((p) => p.status)).toEqual(["paid"]);

    // A payout the bank returns later: failed, the money back in the balance, recorded once.
    const failed = {
      ...payout,
      status: "failed",
      failure_code: "account_closed",
      failure_message: "The bank account has been closed.",
    };
    await webhook("connect", await connectEvent("payout.failed", failed, accountId));
    await webhook("connect", await connectEvent("payout.failed", failed, accountId));
    expect((await payoutsOf(seller.id)).map((p) => [p.status, p.failureMessage])).toEqual([
      ["failed", "The bank account has been closed."],
    ]);
    await expectLedgerHolds(testEnv.DB);
    // Another seller's payout events (an account that is not ours) change nothing.
    await webhook("connect", await connectEvent("payout.paid", { ...payout, id: "po_other" }, "acct_unknown"));
    expect(await payoutsOf(seller.id)).toHaveLength(1);
  });

  it("a transfer whose answer is lost is found by the job's retry, never made twice", async () => {
    const stripe = stripeApi();
    const { seller } = await stripeSeller(stripe);
    const { buyer, booking, deal } = await stripeDeal(stripe, seller.id, 30_000);
    // Stripe makes the transfer; both of the SDK's attempts lose the answer.
    stripe.fail(/^POST \/v1\/transfers$/, { lose: true, times: 2 });
    const confirmed = await api(buyer.user.id, "POST", `/api/bookings/${booking.id}/receipt`);
    expect(confirmed.status).toBe(200);
    let [operation] = await db().select().from(dealOperations).where(eq(dealOperations.paymentId, deal.paymentId));
    expect(operation).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: expect.stringContaining("unavailable"),
    });
    expect((await dealState(deal.paymentId)).count("transfer")).toBe(0);
    await expectLedgerHolds(testEnv.DB);

    await tick(operation!.nextAttemptAt.getTime(), stripeEnv());
    [operation] = await db().select().from(dealOperations).where(eq(dealOperations.paymentId, deal.paymentId));
    expect(operation!.status).toBe("done");
    // The retry looked for it first and found the one Stripe had made.
    expect(stripe.calls("GET /v1/transfers")).toHaveLength(1);
    expect([...stripe.objects.values()].filter((o) => o.object === "transfer")).toHaveLength(1);
    expect((await dealState(deal.paymentId)).net).toBe(27_600);
    await expectLedgerHolds(testEnv.DB);
  });
});

describe("refunds", () => {
  it("a partial refund before the release is refunded at Stripe and the rest transferred; after a release no claim is opened", async () => {
    const stripe = stripeApi();
    const { seller } = await stripeSeller(stripe);
    const admin = await insertUser({ role: "admin" });

    const before = await stripeDeal(stripe, seller.id, 100_000);
    const claimBefore = await (
      await api(before.buyer.user.id, "POST", `/api/bookings/${before.booking.id}/claim`, {
        reason: "not_as_described",
        details: "A scratch on the front element.",
      })
    ).json<{ _id: string }>();
    const decided = await api(admin.id, "PUT", `/api/claims/${claimBefore._id}/decision`, {
      outcome: "refund_partial",
      amount: 200,
    });
    expect(decided.status).toBe(200);
    const refunds = stripe.calls("POST /v1/refunds");
    expect(refunds).toHaveLength(1);
    expect(Object.fromEntries(refunds[0]!.body)).toMatchObject({ payment_intent: before.intent.id, amount: "20000" });
    expect(refunds[0]!.idempotencyKey).toMatch(/^pay-and-buy:deal-refund:/);
    expect(Object.fromEntries(stripe.calls("POST /v1/transfers")[0]!.body)).toMatchObject({ amount: "73600" });
    expect(await dealState(before.deal.paymentId)).toMatchObject({ refunded: 20_000, fee: 6_400, net: 73_600 });

    // After the buyer's confirmation no claim can be opened (ADR 0098): a refund after a release,
    // with its reversal, comes from Stripe's Dashboard or a lost chargeback (tests below).
    const after = await stripeDeal(stripe, seller.id, 50_000);
    expect((await api(after.buyer.user.id, "POST", `/api/bookings/${after.booking.id}/receipt`)).status).toBe(200);
    const claimAfter = await api(after.buyer.user.id, "POST", `/api/bookings/${after.booking.id}/claim`, {
      reason: "not_as_described",
      details: "The shutter sticks at home.",
    });
    expect(claimAfter.status).toBe(409);
    expect(await dealState(after.deal.paymentId)).toMatchObject({ refunded: 0, fee: 4_000, net: 46_000 });

    // Stripe's charge.refunded for our own refunds records nothing again.
    const operations = (await db().select().from(dealOperations)).length;
    for (const deal of [before, after]) {
      const event = await platformEvent("charge.refunded", stripe.charge(deal.intent.id));
      expect((await webhook("platform", event)).status).toBe(200);
    }
    expect(await db().select().from(dealOperations)).toHaveLength(operations);
    await expectLedgerHolds(testEnv.DB);
  });

  it("My Orders says a refund is on its way until Stripe has made it, then that it is refunded", async () => {
    const stripe = stripeApi();
    const { seller } = await stripeSeller(stripe);
    const admin = await insertUser({ role: "admin" });
    const { buyer, booking, deal } = await stripeDeal(stripe, seller.id, 40_000);
    const claim = await (
      await api(buyer.user.id, "POST", `/api/bookings/${booking.id}/claim`, {
        reason: "not_handed_over",
        details: "The seller never came.",
      })
    ).json<{ _id: string }>();
    // Stripe does not answer the refund (the SDK tries twice): the refund is decided, not made.
    stripe.fail(/^POST \/v1\/refunds$/, { times: 2 });
    expect((await api(admin.id, "PUT", `/api/claims/${claim._id}/decision`, { outcome: "refund_full" })).status).toBe(
      200,
    );
    const cookie = await sessionCookieFor(buyer.user.id);
    const orders = async () => (await call("/dashboard/my_orders", { headers: { Cookie: cookie } })).text();
    const ordersApi = async () =>
      (
        await (
          await api(buyer.user.id, "GET", "/api/myOrders")
        ).json<Array<{ _id: string; deal: { refundedCents: number; refundPendingCents: number } }>>()
      ).find((order) => order._id === booking.id)!.deal;
    let page = await orders();
    expect(page).toContain(amountsIn("A refund of $ 400.00 is on its way to you"));
    expect(page).not.toContain("Refunded to you");
    expect(page).not.toContain(amountsIn("Refunded: $ 400.00"));
    expect(await ordersApi()).toMatchObject({ refundedCents: 0, refundPendingCents: 40_000 });

    const [operation] = await db().select().from(dealOperations).where(eq(dealOperations.paymentId, deal.paymentId));
    await tick(operation!.nextAttemptAt.getTime(), stripeEnv());
    page = await orders();
    expect(page).toContain("Refunded to you");
    expect(page).toContain(amountsIn("Refunded: $ 400.00"));
    expect(page).not.toContain("is on its way to you");
    expect(await ordersApi()).toMatchObject({ refundedCents: 40_000, refundPendingCents: 0 });
    await expectLedgerHolds(testEnv.DB);
  });

  it("a refund made in Stripe's Dashboard after the release is recorded once, with the seller's share reversed", async () => {
    const stripe = stripeApi();
    const { seller } = await stripeSeller(stripe);
    const { buyer, booking, deal, intent } = await stripeDeal(stripe, seller.id, 120_000);
    await api(buyer.user.id, "POST", `/api/bookings/${booking.id}/receipt`);
    const refund = stripe.dashboardRefund(intent.id, 10_000);
    const first = await platformEvent("charge.refunded", stripe.charge(intent.id));
    const again = await platformEvent("charge.refunded", stripe.charge(intent.id));
    expect((await webhook("platform", first)).status).toBe(200);
    expect((await webhook("platform", again)).status).toBe(200);
    const state = await dealState(deal.paymentId);
    const recorded = state.operations.filter((o) => o.origin === "provider_refund");
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      externalRef: refund.id,
      amountCents: 10_000,
      reversalCents: 9_200,
      feeCents: 800,
    });
    // No second refund at Stripe: the money went back already.
    expect(stripe.calls("POST /v1/refunds")).toHaveLength(0);
    expect(state).toMatchObject({ refunded: 10_000, fee: 8_800, net: 101_200 });
    await expectLedgerHolds(testEnv.DB);
  });

  it("a refund of a payment whose own event has not arrived yet is asked for again later", async () => {
    const stripe = stripeApi();
    const { seller } = await stripeSeller(stripe);
    const listing = await bookedListing(20_000, { sellerId: seller.id });
    const intent = stripe.succeededIntent(listing.booking.id, 20_000);
    stripe.dashboardRefund(intent.id, 20_000);
    const early = await platformEvent("charge.refunded", stripe.charge(intent.id));
    const response = await webhook("platform", early);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("60");
    expect(await db().select().from(processedEvents).where(eq(processedEvents.id, early.event.id))).toHaveLength(0);
    // The payment's event arrives, then Stripe's retry of the refund's: the deal is refunded.
    await webhook("platform", await platformEvent("payment_intent.succeeded", intent));
    expect((await webhook("platform", early)).status).toBe(200);
    const [deal] = await db().select().from(deals).where(eq(deals.bookingId, listing.booking.id));
    expect(deal!.state).toBe("refunded");
    await expectLedgerHolds(testEnv.DB);
  });
  it("a charge Pay&Buy never took (another product on the account) is acknowledged once and recorded nowhere", async () => {
    const stripe = stripeApi();
    await stripeSeller(stripe);
    // A payment another product took: its PaymentIntent names no booking of ours.
    const intent = Object.assign(stripe.succeededIntent("not-ours", 7_000), { metadata: { order: "elsewhere-1" } });
    stripe.dashboardRefund(intent.id, 7_000);
    const event = await platformEvent("charge.refunded", stripe.charge(intent.id));
    const response = await webhook("platform", event);
    expect(response.status).toBe(200);
    expect(response.headers.get("Retry-After")).toBeNull();
    expect(await db().select().from(refunds).where(eq(refunds.transactionId, intent.id))).toHaveLength(0);
    // Stripe's retry (the same event again) is a duplicate, not a new question.
    expect((await webhook("platform", event)).status).toBe(200);
    await expectLedgerHolds(testEnv.DB);
  });
});

describe("the scheduled job with Stripe", () => {
  it("releases an unconfirmed deal at the end of its window through a transfer", async () => {
    const stripe = stripeApi();
    const { seller } = await stripeSeller(stripe);
    const { deal } = await stripeDeal(stripe, seller.id, 10_000);
    await tick(deal.releaseDueAt!.getTime() + DAY, stripeEnv());
    const [row] = await db().select().from(deals).where(eq(deals.paymentId, deal.paymentId));
    expect(row!.state).toBe("released");
    expect(stripe.calls("POST /v1/transfers")).toHaveLength(1);
    const open = await db()
      .select()
      .from(claims)
      .where(and(eq(claims.paymentId, deal.paymentId)));
    expect(open).toHaveLength(0);
    await expectLedgerHolds(testEnv.DB);
  });
});

describe("chargebacks", () => {
  /** Stripe's dispute of a payment, in a status. */
  const disputeOf = (intent: { id: string; latest_charge: string }, amount: number, status: string, id = "dp_1") => ({
    id,
    object: "dispute",
    amount,
    currency: "usd",
    charge: intent.latest_charge,
    payment_intent: intent.id,
    reason: "fraudulent",
    status,
    evidence_details: { due_by: Math.floor(Date.now() / 1000) + 7 * 86_400 },
  });
  const disputeRows = (paymentId: string) => db().select().from(disputes).where(eq(disputes.paymentId, paymentId));

  it("an open dispute stops the deal: no release by the buyer, the job or an admin; won, the deal goes on", async () => {
    const stripe = stripeApi();
    const { seller } = await stripeSeller(stripe);
    const admin = await insertUser({ role: "admin" });
    const { buyer, booking, deal, intent } = await stripeDeal(stripe, seller.id, 60_000);
    const opened = await platformEvent("charge.dispute.created", disputeOf(intent, 60_000, "needs_response"));
    expect(await (await webhook("platform", opened)).json()).toMatchObject({ outcome: "dispute_needs_response" });
    // Stripe sends an event again: one dispute.
    expect((await webhook("platform", opened)).status).toBe(200);
    expect(await disputeRows(deal.paymentId)).toHaveLength(1);

    const confirmed = await api(buyer.user.id, "POST", `/api/bookings/${booking.id}/receipt`);
    expect(confirmed.status).toBe(409);
    await tick(deal.releaseDueAt!.getTime() + 60 * DAY, stripeEnv());
    const claim = await (
      await api(buyer.user.id, "POST", `/api/bookings/${booking.id}/claim`, {
        reason: "not_as_described",
        details: "Not the lens I paid for.",
      })
    ).json<{ _id: string }>();
    const decided = await api(admin.id, "PUT", `/api/claims/${claim._id}/decision`, { outcome: "release" });
    expect(decided.status).toBe(409);
    let state = await dealState(deal.paymentId);
    expect(state.deal.state).toBe("held");
    expect(state.operations).toEqual([]);
    expect(stripe.calls("POST /v1/transfers")).toHaveLength(0);

    const listedResponse = await api(admin.id, "GET", "/api/platform/disputes");
    expect(listedResponse.status).toBe(200);
    const listed =
      await listedResponse.json<
        Array<{ providerDisputeId: string; open: boolean; evidence: { bookingId: string; claim: unknown } }>
      >();
    expect(listed[0]).toMatchObject({ providerDisputeId: "dp_1", open: true, evidence: { bookingId: booking.id } });
    expect(listed[0]!.evidence.claim).toMatchObject({ status: "open" });
    const claimsPage = await (
      await call("/dashboard/claims", { headers: { Cookie: await sessionCookieFor(admin.id) } })
    ).text();
    expect(claimsPage).toContain("Disputed payments");
    expect(claimsPage).toContain("Needs a response");
    expect(claimsPage).toContain("Not the lens I paid for.");

    const won = await platformEvent("charge.dispute.closed", disputeOf(intent, 60_000, "won"), {
      created: Math.floor(Date.now() / 1000) + 60,
    });
    expect((await webhook("platform", won)).status).toBe(200);
    expect(await disputeRows(deal.paymentId)).toMatchObject([{ status: "won", closedAt: expect.any(Date) }]);
    const release = await api(admin.id, "PUT", `/api/claims/${claim._id}/decision`, { outcome: "release" });
    expect(release.status).toBe(200);
    state = await dealState(deal.paymentId);
    expect(state.deal.state).toBe("released");
    expect(state.count("transfer")).toBe(1);
    await expectLedgerHolds(testEnv.DB);
  });

  it("lost after the release: the money goes back to the buyer once, and the seller's transfer is reversed", async () => {
    const stripe = stripeApi();
    const { seller } = await stripeSeller(stripe);
    const { buyer, booking, deal, intent } = await stripeDeal(stripe, seller.id, 50_000);
    await api(buyer.user.id, "POST", `/api/bookings/${booking.id}/receipt`);
    expect((await dealState(deal.paymentId)).net).toBe(46_000);
    const now = Math.floor(Date.now() / 1000);
    // Out of order: the closing report first, the opening one after it changes nothing.
    const lost = await platformEvent("charge.dispute.closed", disputeOf(intent, 50_000, "lost"), { created: now + 60 });
    const created = await platformEvent("charge.dispute.created", disputeOf(intent, 50_000, "needs_response"), {
      created: now,
    });
    expect((await webhook("platform", lost)).status).toBe(200);
    expect((await webhook("platform", created)).status).toBe(200);
    expect((await webhook("platform", lost)).status).toBe(200);
    expect(await disputeRows(deal.paymentId)).toMatchObject([{ status: "lost" }]);
    const state = await dealState(deal.paymentId);
    expect(state.deal.state).toBe("refunded");
    expect(state.refunded).toBe(50_000);
    expect(state.net).toBe(0);
    expect(state.operations.filter((o) => o.kind === "refund")).toHaveLength(1);
    // The bank took the money back: nothing is refunded at Stripe again.
    expect(stripe.calls("POST /v1/refunds")).toHaveLength(0);
    const transfer = [...stripe.objects.values()].find((o) => o.object === "transfer")!;
    expect(stripe.calls(`POST /v1/transfers/${transfer.id}/reversals`)).toHaveLength(1);
    await expectLedgerHolds(testEnv.DB);
  });

  it("the admin sends our evidence through the SDK, once; Stripe failing leaves it to be sent again", async () => {
    const stripe = stripeApi();
    const { seller } = await stripeSeller(stripe);
    const admin = await insertUser({ role: "admin" });
    const { booking, deal, intent } = await stripeDeal(stripe, seller.id, 40_000);
    await webhook(
      "platform",
      await platformEvent("charge.dispute.created", disputeOf(intent, 40_000, "needs_response")),
    );
    const [row] = await disputeRows(deal.paymentId);
    // Down for longer than the SDK retries.
    stripe.fail(/^POST \/v1\/disputes\//, { status: 500, times: 2 });
    const failed = await api(admin.id, "POST", `/api/platform/disputes/${row!.id}/evidence`);
    expect(failed.status).toBe(502);
    expect((await disputeRows(deal.paymentId))[0]!.evidenceSubmittedAt).toBeNull();
    const sent = await api(admin.id, "POST", `/api/platform/disputes/${row!.id}/evidence`);
    expect(sent.status).toBe(200);
    expect((await api(admin.id, "POST", `/api/platform/disputes/${row!.id}/evidence`)).status).toBe(409);
    const calls = stripe.calls("POST /v1/disputes/dp_1");
    expect(calls).toHaveLength(3);
    // The SDK's retry keeps its key; the admin's second attempt has its own.
    expect(calls.map((call) => call.idempotencyKey!.replace(/:\d+$/, ""))).toEqual(
      Array(3).fill("pay-and-buy:dispute-evidence:dp_1"),
    );
    expect(calls[0]!.idempotencyKey).toBe(calls[1]!.idempotencyKey);
    expect(calls[2]!.idempotencyKey).not.toBe(calls[1]!.idempotencyKey);
    const body = Object.fromEntries(calls[2]!.body);
    expect(body).toMatchObject({ submit: "true", "evidence[customer_email_address]": expect.stringContaining("@") });
    expect(body["evidence[uncategorized_text]"]).toContain("Booked on Pay&Buy");
    expect(body["evidence[uncategorized_text]"]).toContain(booking.meetLocation);
  });

  it("lost after the payout with the reversal refused: the bank's fee is recorded and the seller owes their share", async () => {
    const stripe = stripeApi();
    const { seller } = await stripeSeller(stripe);
    const { buyer, booking, deal, intent } = await stripeDeal(stripe, seller.id, 50_000);
    await api(buyer.user.id, "POST", `/api/bookings/${booking.id}/receipt`);
    // The seller's account was paid out: Stripe refuses to reverse the transfer.
    stripe.fail(/\/reversals$/, { status: 400, message: "Insufficient funds in the connected account." });
    const lost = {
      ...disputeOf(intent, 50_000, "lost", "dp_lost"),
      balance_transactions: [{ id: "txn_d1", object: "balance_transaction", amount: -50_000, fee: 1_500 }],
    };
    expect((await webhook("platform", await platformEvent("charge.dispute.closed", lost))).status).toBe(200);
    const state = await dealState(deal.paymentId);
    expect(state.deal.state).toBe("refunded");
    expect(state.count("dispute_loss")).toBe(1);
    expect(state.entries.filter((e) => e.kind === "dispute_fee").map((e) => e.amountCents)).toEqual([1_500]);
    expect(state.entries.filter((e) => e.kind === "seller_debt").map((e) => e.amountCents)).toEqual([46_000]);
    expect(stripe.calls("POST /v1/refunds")).toHaveLength(0);
    // The same event again records nothing twice.
    await webhook("platform", await platformEvent("charge.dispute.closed", lost));
    expect((await dealState(deal.paymentId)).entries).toHaveLength(state.entries.length);
    await expectLedgerHolds(testEnv.DB);
  });

  it("a dispute of a charge another product took is acknowledged and recorded nowhere; one of a payment not recorded yet is asked for again", async () => {
    const stripe = stripeApi();
    const foreign = {
      id: "pi_foreign",
      object: "payment_intent",
      amount: 1_000,
      currency: "usd",
      status: "succeeded",
      latest_charge: "ch_foreign",
      metadata: {},
    };
    stripe.objects.set(foreign.id, foreign);
    const event = await platformEvent("charge.dispute.created", disputeOf(foreign, 1_000, "needs_response", "dp_f"));
    const answer = await webhook("platform", event);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ outcome: "not_ours" });
    expect(await db().select().from(disputes)).toEqual([]);

    const listing = await bookedListing(2_000);
    const unpaid = stripe.succeededIntent(listing.booking.id, 2_000);
    const early = await webhook(
      "platform",
      await platformEvent("charge.dispute.created", disputeOf(unpaid, 2_000, "needs_response", "dp_early")),
    );
    expect(early.status).toBe(503);
  });
});
