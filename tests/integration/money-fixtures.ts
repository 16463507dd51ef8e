// Deals as the product makes them: a seller onboarded for payouts (test mode), a buyer who
// booked and paid with the offline provider's test card, and the calls and job runs that move
// the money on. The Worker's settings are the test environment's (8 % fee, 3 days' protection).
import { createExecutionContext, createScheduledController, SELF, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { choosePaymentProvider, findPayableBooking, payBooking } from "#app/domain/deals/payments/checkout.server";
import { parseEnv } from "#app/server/env.server";
import { database } from "#db/client";
import { dealOperations, deals, ledgerEntries, payouts } from "#db/schema";
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
