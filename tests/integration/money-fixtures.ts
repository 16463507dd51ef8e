// Deals as the product makes them: a seller onboarded for payouts (test mode), a buyer who
// booked and paid with the offline provider's test card, and the calls and job runs that move
// the money on. The Worker's settings are the test environment's (8 % fee, 3 days' protection).
import { createExecutionContext, createScheduledController, SELF, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { choosePaymentProvider, findPayableBooking, payBooking } from "#app/domain/deals/payments/checkout.server";
import { recordTestMovement } from "#app/domain/deals/payments/test-provider-records.server";
import { applyProviderFact } from "#app/domain/deals/settlement/provider-facts.server";
import { parseEnv } from "#app/server/env.server";
import { database } from "#db/client";
import { dealOperations, deals, ledgerEntries, payments, payouts } from "#db/schema";
import worker from "../../workers/app";
import { bearerFor, ORIGIN, signedInUser } from "./auth-helpers";
import { insertCategory, insertProduct, insertUser } from "./factories";
import { bookedListing } from "./payment-fixtures";
import { testEnv } from "./test-env";

export const db = () => database(testEnv.DB);
export const settings = () => parseEnv(testEnv as unknown as Record<string, unknown>).settings;
export const offlineProvider = () => choosePaymentProvider(db(), settings());
export const DAY = 86_400_000;

/** A booking paid with the test card 4242…: its deal is held for the buyer's protection. */
export async function paidDeal(priceCents = 120_000, options: { sellerId?: string } = {}) {
  const listing = await bookedListing(priceCents, options);
  const payable = await findPayableBooking(db(), listing.buyer.user, listing.booking.id);
  const paid = await payBooking(offlineProvider(), payable!, { method: "card", cardNumber: "4242424242424242" });
  if (!paid.ok) throw new Error(`The test payment failed: ${paid.message}`);
  const [deal] = await db().select().from(deals).where(eq(deals.bookingId, listing.booking.id));
  return { ...listing, deal: deal! };
}

/**
 * A refund an operator made at the payment provider itself (Stripe's Dashboard), of a deal the
 * offline provider was paid for: what the offline provider would do. It records the refund in its
 * own record as it records every refund it makes (recordTestMovement, the record the daily
 * reconciliation reads), then reports it as Stripe's webhook reports a Dashboard refund: a
 * ReportedRefund fact with no operation of ours, applied by the settlement's applyProviderFact
 * (recordProviderRefund: the buyer's refund, and after a release the seller's share taken back or
 * owed). The only refund after a release besides a lost chargeback, since a release ends the
 * buyer's protection and no claim can be opened any more (ADR 0098).
 */
export async function refundAtProvider(sale: { deal: { paymentId: string } }, amountCents: number) {
  const [payment] = await db()
    .select({ transactionId: payments.transactionId, currency: payments.currency, provider: payments.provider })
    .from(payments)
    .where(eq(payments.id, sale.deal.paymentId));
  if (payment?.provider !== "test") throw new Error("refundAtProvider refunds a payment taken by the offline provider");
  const refundRef = `re_test_dashboard_${crypto.randomUUID().replace(/-/g, "")}`;
  await recordTestMovement(db(), { ref: refundRef, kind: "refund", amountCents, currency: payment.currency });
  const handled = await applyProviderFact(db(), offlineProvider(), settings(), {
    kind: "refund",
    refund: { provider: "test", transactionId: payment.transactionId, refundRef, amountCents, operationId: null },
  });
  // applyProviderFact acknowledges a refund it could not record (logged, as for a webhook the
  // provider must not send again): a test's refund must have been recorded, as its movement.
  const [recorded] = await db()
    .select({ id: dealOperations.id })
    .from(dealOperations)
    .where(eq(dealOperations.externalRef, refundRef));
  if (handled.outcome !== "refunds_recorded" || !recorded) {
    throw new Error(`The refund made at the provider was not recorded (${handled.outcome})`);
  }
  return { refundRef, events: handled.events };
}

/** One tick of the Cron Trigger at `scheduledTime`, through the Worker's export. */
export async function tick(scheduledTime: number, env: Record<string, unknown> = testEnv as never) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "*/5 * * * *" }), env as never, ctx);
  await waitOnExecutionContext(ctx);
}

/** A JSON call to the REST API as `userId` (a real bearer token). */
export async function apiCall(userId: string | null, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (userId) headers.Authorization = await bearerFor(userId);
  return SELF.fetch(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function dealState(paymentId: string) {
  const [deal] = await db().select().from(deals).where(eq(deals.paymentId, paymentId));
  const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));
  const operations = await db().select().from(dealOperations).where(eq(dealOperations.paymentId, paymentId));
  const sum = (kind: string) =>
    entries.filter((entry) => entry.kind === kind).reduce((total, e) => total + e.amountCents, 0);
  return {
    deal: deal!,
    entries,
    operations,
    charged: sum("charge"),
    fee: sum("fee") - sum("fee_refund"),
    // The seller's net: sent, less taken back, less what they owe of a refund, plus what a sale's
    // money paid of what they owed (ADR 0087).
    net: sum("transfer") - sum("transfer_reversal") - sum("seller_debt") + sum("debt_recovery"),
    transferred: sum("transfer") - sum("transfer_reversal"),
    refunded: sum("refund") + sum("dispute_loss"),
    count: (kind: string) => entries.filter((entry) => entry.kind === kind).length,
  };
}

export async function payoutsOf(sellerId: string) {
  return db().select().from(payouts).where(eq(payouts.sellerId, sellerId));
}

/** An available listing of a seller who has not set up payouts yet, and a buyer. */
export async function listingForNewSeller() {
  const category = await insertCategory({ title: `Camera ${crypto.randomUUID().slice(0, 6)}` });
  const seller = await insertUser({ role: "seller" }, { payouts: false });
  const product = await insertProduct({ sellerId: seller.id, categoryId: category.id, name: "Nikon F3" });
  const buyer = await signedInUser("buyer");
  return { seller, product, buyer };
}
