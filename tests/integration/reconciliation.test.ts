// The daily reconciliation (ADR 0089): a day of real deals made with the offline provider agrees
// with the provider's own record; a difference planted in that record (a movement deleted, one
// added, an amount changed) is reported once, by a run that does nothing the second time, that
// resumes from its cursor after its bound or a failure, and that tells the admin only when it
// found something. With Stripe, through the SDK against the intercepted API, the platform's
// balance transactions are paged with starting_after. The page, its form and the REST calls are
// the admin's only.
import { SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { choosePaymentProvider } from "#app/domain/deals/payments/checkout.server";
import type { ProviderRecords } from "#app/domain/deals/providers/types";
import { dayToReconcile, reconcile, utcDay } from "#app/domain/deals/reconciliation/reconciliation.server";
import { plannedLetters } from "#app/domain/notifications/letters.server";
import { parseEnv } from "#app/server/env.server";
import {
  deals,
  ledgerEntries,
  payoutAccounts,
  reconciliationDifferences,
  reconciliationRuns,
  testProviderMovements,
} from "#db/schema";
import { app } from "../../workers/app";
import { bearerFor, ORIGIN, sessionCookieFor } from "./auth-helpers";
import { insertUser, USD } from "./factories";
import { apiCall, DAY, db, offlineProvider, paidDeal, refundAtProvider, tick } from "./money-fixtures";
import { bookedListing } from "./payment-fixtures";
import { signedEvent, stripeApi } from "./stripe-api";
import { testEnv } from "./test-env";

/**
 * A day of deals as the product makes them: one released, one released then refunded in full
 * (its transfer reversed), one refunded in part by the admin's decision, and the job's payouts.
 * The refund after the release is made at the provider (its Dashboard), not through a claim: a
 * release ends the buyer's protection and no claim can be opened after it (ADR 0098). The offline
 * provider records it in its own record and reports it as Stripe's webhook would, so the day's
 * movements are the same as before: no claim of that deal, and its refund is named by the
 * provider's refund id rather than by an operation of ours. The part refund is decided on a claim
 * opened while the money is still held.
 */
async function dayOfDeals() {
  const admin = await insertUser({ role: "admin" });
  const released = await paidDeal(120_000);
  const reversed = await paidDeal(50_000);
  const partial = await paidDeal(30_000);
  for (const deal of [released, reversed]) {
    expect((await apiCall(deal.buyer.user.id, "POST", `/api/bookings/${deal.booking.id}/receipt`)).status).toBe(200);
  }
  await refundAtProvider(reversed, 50_000);
  const opened = await apiCall(partial.buyer.user.id, "POST", `/api/bookings/${partial.booking.id}/claim`, {
    reason: "not_as_described",
    details: "The shutter sticks at 1/1000.",
  });
  expect(opened.status).toBe(201);
  const claim = await opened.json<{ _id: string }>();
  const decided = await apiCall(admin.id, "PUT", `/api/claims/${claim._id}/decision`, {
    outcome: "refund_partial",
    amount: "100",
  });
  expect(decided.status).toBe(200);
  const now = Date.now();
  await tick(now);
  return { admin, released, reversed, partial, day: utcDay(now), now };
}

const differencesOf = async (runId: string) =>
  (await db().select().from(reconciliationDifferences).where(eq(reconciliationDifferences.runId, runId)))
    .map((d) => ({
      kind: d.kind,
      ref: d.providerRef,
      ledgerKind: d.ledgerKind,
      ours: d.ourCents,
      theirs: d.theirCents,
    }))
    .sort((a, b) => a.kind.localeCompare(b.kind));

const runOf = async (provider: "test" | "stripe", day: string) =>
  (
    await db()
      .select()
      .from(reconciliationRuns)
      .where(and(eq(reconciliationRuns.provider, provider), eq(reconciliationRuns.day, day)))
  )[0]!;

/** A movement of the ledger, by deal and kind. */
async function entryOf(paymentId: string, kind: "charge" | "transfer" | "refund" | "transfer_reversal") {
  const [entry] = await db()
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.paymentId, paymentId), eq(ledgerEntries.kind, kind)));
  return entry!;
}

/** One of each difference, planted in the offline provider's own record. */
async function plantDifferences(world: Awaited<ReturnType<typeof dayOfDeals>>) {
  const lostTransfer = await entryOf(world.released.deal.paymentId, "transfer");
  const changedCharge = await entryOf(world.reversed.deal.paymentId, "charge");
  await db().delete(testProviderMovements).where(eq(testProviderMovements.providerRef, lostTransfer.providerRef));
  await db()
    .update(testProviderMovements)
    .set({ amountCents: 49_000 })
    .where(eq(testProviderMovements.providerRef, changedCharge.providerRef));
  await db()
    .insert(testProviderMovements)
    .values({ providerRef: "re_test_planted", kind: "refund", amountCents: 2_500, currency: "usd" });
  return [
    { kind: "amount_differs", ref: changedCharge.providerRef, ledgerKind: "charge", ours: 50_000, theirs: 49_000 },
    { kind: "missing_ours", ref: "re_test_planted", ledgerKind: "refund", ours: null, theirs: 2_500 },
    { kind: "missing_theirs", ref: lostTransfer.providerRef, ledgerKind: "transfer", ours: 110_400, theirs: null },
  ];
}

describe("the offline provider's day", () => {
  it("records every movement it makes, and a day of real deals reconciles with no difference and no letter", async () => {
    const world = await dayOfDeals();
    const movements = await db().select().from(testProviderMovements);
    const count = (kind: string) => movements.filter((m) => m.kind === kind).length;
    expect([count("charge"), count("transfer"), count("refund"), count("transfer_reversal"), count("payout")]).toEqual([
      3, 3, 2, 1, 2,
    ]);
    const result = await reconcile(db(), offlineProvider(), world.day, world.now);
    expect(result).toMatchObject({ status: "done", differences: 0, error: null, events: [] });
    // Both sides read: the provider's 11 movements, then the ledger's 11 entries of those kinds.
    expect(result.checked).toBe(22);
    expect(await differencesOf(result.runId)).toEqual([]);
  });

  it("reports a planted difference of each kind once, with a letter, and a second run changes nothing", async () => {
    const world = await dayOfDeals();
    const planted = await plantDifferences(world);
    const first = await reconcile(db(), offlineProvider(), world.day, world.now);
    expect(first).toMatchObject({ status: "done", differences: 3, events: [{ kind: "reconciliation_differences" }] });
    expect(await differencesOf(first.runId)).toEqual(planted);
    const letters = await plannedLetters(db(), first.events[0]!, { appName: "Pay&Buy", currency: USD });
    expect(letters.map((letter) => [letter.recipient.id, letter.subject])).toEqual([
      [world.admin.id, `Reconciliation of ${world.day}: 3 differences`],
    ]);

    const run = await runOf("test", world.day);
    const again = await reconcile(db(), offlineProvider(), world.day, world.now + DAY);
    expect(again).toMatchObject({ runId: first.runId, status: "done", checked: 0, differences: 3, events: [] });
    expect(await runOf("test", world.day)).toEqual(run);
    expect(await db().select().from(reconciliationDifferences)).toHaveLength(3);
  });

  it("stopped after every record, resumes from its cursor and ends with the same differences, once", async () => {
    const world = await dayOfDeals();
    const planted = await plantDifferences(world);
    const calls: Awaited<ReturnType<typeof reconcile>>[] = [];
    do calls.push(await reconcile(db(), offlineProvider(), world.day, world.now, 1));
    while (calls.at(-1)!.status === "running" && calls.length < 50);
    // The provider's 11 movements, then the ledger's 11 entries, one a call; the last call reads the
    // empty page that ends the ledger's side.
    expect(calls.map((call) => call.checked)).toEqual([...Array(22).fill(1), 0]);
    expect(calls.slice(0, -1).every((call) => call.status === "running" && call.events.length === 0)).toBe(true);
    expect(calls.at(-1)).toMatchObject({
      status: "done",
      differences: 3,
      events: [{ kind: "reconciliation_differences" }],
    });
    expect(await differencesOf(calls[0]!.runId)).toEqual(planted);
  });

  it("keeps a failure on the run and goes on from the page it stopped at", async () => {
    const world = await dayOfDeals();
    const planted = await plantDifferences(world);
    const provider = offlineProvider();
    let pages = 0;
    const failing: ProviderRecords = {
      ...provider.records,
      async list(day, cursor, limit) {
        if (++pages === 3) throw new Error("The provider is unavailable");
        return provider.records.list(day, cursor, limit);
      },
    };
    const failed = await reconcile(db(), { name: "test", records: failing }, world.day, world.now, 200, 4);
    expect(failed).toMatchObject({ status: "running", checked: 8, error: "The provider is unavailable", events: [] });
    const stopped = await runOf("test", world.day);
    expect(stopped).toMatchObject({ status: "running", checked: 8, lastError: "The provider is unavailable" });
    expect(JSON.parse(stopped.cursor!)).toMatchObject({ side: "theirs" });

    const resumed = await reconcile(db(), provider, world.day, world.now + 60_000, 200, 4);
    expect(resumed).toMatchObject({ status: "done", checked: 22 - 8, differences: 3 });
    expect(await runOf("test", world.day)).toMatchObject({ status: "done", checked: 22, lastError: null });
    expect(await differencesOf(resumed.runId)).toEqual(planted);
  });

  it("is run by the Cron Trigger for the day that is over, and is then a no-op", async () => {
    const world = await dayOfDeals();
    await plantDifferences(world);
    const tomorrow = Date.parse(`${world.day}T00:00:00.000Z`) + DAY;
    // Before the hour's slack after midnight the day before is the one reconciled.
    expect(dayToReconcile(tomorrow + 30 * 60_000)).not.toBe(world.day);
    expect(dayToReconcile(tomorrow + 65 * 60_000)).toBe(world.day);
    await tick(tomorrow + 65 * 60_000);
    const run = await runOf("test", world.day);
    expect(run).toMatchObject({ status: "done", differences: 3 });
    await tick(tomorrow + 70 * 60_000);
    expect(await runOf("test", world.day)).toEqual(run);
  });
});

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

async function stripeCall(userId: string, method: string, path: string) {
  return call(path, { method, headers: { Authorization: await bearerFor(userId) } });
}

async function webhook(endpoint: "platform" | "connect", type: string, object: unknown, account?: string) {
  const signed = await signedEvent(endpoint === "platform" ? PLATFORM_SECRET : CONNECT_SECRET, type, object, {
    ...(account ? { account } : {}),
  });
  return call(endpoint === "platform" ? "/api/webhooks/stripe" : "/api/webhooks/stripe/connect", {
    method: "POST",
    body: signed.payload,
    headers: { "Stripe-Signature": signed.signature, "Content-Type": "application/json" },
  });
}

describe("Stripe's balance transactions", () => {
  it("are paged through the SDK, and a transfer our ledger does not hold is reported as missing on our side", async () => {
    const stripe = stripeApi();
    // A seller onboarded through Stripe, paid for a sale the buyer confirmed.
    const seller = await insertUser({ role: "seller" }, { payouts: false });
    await stripeCall(seller.id, "POST", "/api/payouts/onboarding");
    const [account] = await db().select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, seller.id));
    const ready = stripe.completeOnboarding(account!.accountId);
    expect((await webhook("connect", "account.updated", ready, account!.accountId)).status).toBe(200);
    const listing = await bookedListing(80_000, { sellerId: seller.id });
    const intent = stripe.succeededIntent(listing.booking.id, 80_000);
    expect((await webhook("platform", "payment_intent.succeeded", intent)).status).toBe(200);
    expect(
      (await stripeCall(listing.buyer.user.id, "POST", `/api/bookings/${listing.booking.id}/receipt`)).status,
    ).toBe(200);
    const [deal] = await db().select().from(deals).where(eq(deals.bookingId, listing.booking.id));
    expect(deal!.state).toBe("released");
    // On the platform's balance, beside the charge and the transfer: Stripe's own fee (not the
    // ledger's), and a transfer Pay&Buy never made.
    stripe.balanceTransaction("stripe_fee", "ch_fee_source", -250, "usd");
    stripe.balanceTransaction("transfer", "tr_not_ours", -5_000, "usd");

    const provider = choosePaymentProvider(db(), parseEnv(stripeEnv() as unknown as Record<string, unknown>).settings);
    const now = Date.now();
    const result = await reconcile(db(), provider, utcDay(now), now, 200, 2);
    expect(result).toMatchObject({ status: "done", differences: 1, events: [{ kind: "reconciliation_differences" }] });
    expect(await differencesOf(result.runId)).toEqual([
      { kind: "missing_ours", ref: "tr_not_ours", ledgerKind: "transfer", ours: null, theirs: 5_000 },
    ]);
    // Two pages of two, the second after the first's last: has_more and starting_after, as the SDK sends them.
    const listed = stripe.calls("GET /v1/balance_transactions").filter((seen) => !seen.query.get("source"));
    expect(listed.map((seen) => [seen.query.get("limit"), Boolean(seen.query.get("starting_after"))])).toEqual([
      ["2", false],
      ["2", true],
    ]);
    expect(listed[1]!.query.get("starting_after")).toMatch(/^txn_/);
    expect(listed[0]!.query.get("created[gte]")).toBe(String(Date.parse(`${utcDay(now)}T00:00:00.000Z`) / 1000));
    // The ledger's side: each of its movements looked up by its Stripe object (a charge by its ch_).
    const looked = stripe.calls("GET /v1/balance_transactions").map((seen) => seen.query.get("source"));
    expect(looked).toEqual(expect.arrayContaining([intent.latest_charge, expect.stringMatching(/^tr_test/)]));
  });
});

describe("who may see and mark the differences", () => {
  it("the admin: the page, its form and the REST calls; nobody else", async () => {
    const world = await dayOfDeals();
    await plantDifferences(world);
    const run = await reconcile(db(), offlineProvider(), world.day, world.now);
    const [difference] = await db()
      .select()
      .from(reconciliationDifferences)
      .where(and(eq(reconciliationDifferences.runId, run.runId), eq(reconciliationDifferences.kind, "missing_ours")));
    const seller = await insertUser({ role: "seller" });
    const page = (userId: string) =>
      sessionCookieFor(userId).then((cookie) =>
        SELF.fetch(`${ORIGIN}/dashboard/reconciliation`, { headers: { Cookie: cookie }, redirect: "manual" }),
      );
    const resolve = (userId: string) =>
      sessionCookieFor(userId).then((cookie) =>
        SELF.fetch(`${ORIGIN}/dashboard/reconciliation`, {
          method: "POST",
          headers: {
            Cookie: cookie,
            "Content-Type": "application/x-www-form-urlencoded",
            Origin: ORIGIN,
            Host: new URL(ORIGIN).host,
          },
          body: new URLSearchParams({ intent: "resolve", differenceId: difference!.id }),
          redirect: "manual",
        }),
      );
    expect((await page(seller.id)).status).toBe(403);
    expect((await resolve(seller.id)).status).toBe(403);
    expect((await page(world.released.buyer.user.id)).status).toBe(403);
    const refused = await apiCall(seller.id, "GET", "/api/platform/reconciliation");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { status: 403, code: expect.any(String) } });
    expect((await apiCall(null, "GET", "/api/platform/reconciliation")).status).toBe(401);
    const resolveApi = `/api/platform/reconciliation/differences/${difference!.id}/resolve`;
    expect((await apiCall(seller.id, "POST", resolveApi)).status).toBe(403);
    expect((await db().select().from(reconciliationDifferences)).every((d) => d.resolvedAt === null)).toBe(true);

    const html = await (await page(world.admin.id)).text();
    expect(html).toContain("Missing from our ledger: Refund to a buyer");
    expect(html).toContain("re_test_planted");
    expect(html).toContain("Missing at the payment provider: Transfer to a seller");
    expect(html).toContain(world.day);
    const listed = await (await apiCall(world.admin.id, "GET", "/api/platform/reconciliation")).json<{
      runs: Array<{ day: string; status: string; differences: number }>;
      differences: { total: number; open: Array<{ _id: string; kind: string; theirs: number | null }> };
    }>();
    expect(listed.runs.find((r) => r.day === world.day)).toMatchObject({ status: "done", differences: 3 });
    expect(listed.differences.total).toBe(3);
    expect(listed.differences.open.find((d) => d._id === difference!.id)).toMatchObject({
      kind: "missing_ours",
      theirs: 25,
    });

    // Marked once by the form; a double submit and the REST call after it change nothing.
    expect((await resolve(world.admin.id)).status).toBe(302);
    const [marked] = await db()
      .select()
      .from(reconciliationDifferences)
      .where(eq(reconciliationDifferences.id, difference!.id));
    expect(marked).toMatchObject({ resolvedBy: world.admin.id });
    expect((await resolve(world.admin.id)).status).toBe(302);
    const repeat = await apiCall(world.admin.id, "POST", resolveApi);
    expect(await repeat.json()).toMatchObject({ resolved: false });
    const [still] = await db()
      .select()
      .from(reconciliationDifferences)
      .where(eq(reconciliationDifferences.id, difference!.id));
    expect(still!.resolvedAt).toEqual(marked!.resolvedAt);
    expect(await (await page(world.admin.id)).text()).not.toContain("re_test_planted");
    const unknown = await apiCall(
      world.admin.id,
      "POST",
      `/api/platform/reconciliation/differences/${crypto.randomUUID()}/resolve`,
    );
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { status: 404, code: "not_found" } });
  });
});
