// The offline test provider: the product runs without Stripe keys, clearly in test mode. The
// card is typed into our own form and charged here (only Stripe's public test numbers), so the
// charge is the confirmation; a refund is immediate because no real money moved. Sellers are
// onboarded on a test page of our own site, and the deal's money moves through the same state
// machine as with Stripe: only how it moves differs (ids made here, payouts from the ledger).
// Every movement it makes is written to its own record too, which the daily reconciliation
// compares with the ledger as it would Stripe's balance transactions (ADR 0089).
import type { Database } from "#db/client";
import { sellerAccountBalance } from "../ledger/balances.server";
import type { PaymentSettings } from "../providers/settings";
import type { PaymentProvider } from "../providers/types";
import { markRefund, settlePayment } from "./fulfilment.server";
import { PAYMENT_MESSAGES } from "./messages";
import { chargeTestCard } from "./test-card";
import { recordTestMovement, testProviderRecords } from "./test-provider-records.server";

/** The offline provider's onboarding page, on our own site (test mode only). */
export const TEST_ONBOARDING_PATH = "/dashboard/payouts/test-onboarding";

/** The offline account's answer to a reversal larger than what it holds (Stripe's is alike). */
export const TEST_INSUFFICIENT_FUNDS =
  "Insufficient funds: the seller's account does not hold the amount to take back.";

export function testPaymentProvider(db: Database, settings: PaymentSettings): PaymentProvider {
  const provider: PaymentProvider = {
    name: "test",
    testMode: true,
    publishableKey: null,
    async start() {
      return { clientSecret: null };
    },
    async pay(booking, request) {
      if (request.method !== "card") {
        return { ok: false, status: 400, message: "In test mode the card is entered on the payment page." };
      }
      // One booking, one charge: a double submit gets the same transaction back.
      const charge = await chargeTestCard(request.cardNumber, `booking:${booking.id}`);
      if (!charge.ok) return { ok: false, status: 402, message: charge.message, field: charge.field };
      const currency = settings.PAYMENT_CURRENCY;
      await recordTestMovement(db, {
        ref: charge.transactionId,
        kind: "charge",
        amountCents: booking.amountCents,
        currency,
      });
      const fulfilment = await settlePayment(
        db,
        provider,
        {
          bookingId: booking.id,
          provider: "test",
          transactionId: charge.transactionId,
          amountCents: booking.amountCents,
          currency,
          chargeRef: charge.transactionId,
        },
        { protectionDays: settings.BUYER_PROTECTION_DAYS },
      );
      if (fulfilment.outcome === "refund_required") return { ok: false, status: 409, message: PAYMENT_MESSAGES.refund };
      return { ok: true, fulfilment, transactionId: charge.transactionId };
    },
    async confirm() {
      return {
        ok: false,
        status: 422,
        message: "Test mode: send the card (cardNumber, expiry, cvc) to pay; there is no other payment to confirm.",
      };
    },
    async refund(payment, refundId) {
      const ref = `re_${payment.transactionId}`;
      await recordTestMovement(db, {
        ref,
        kind: "refund",
        amountCents: payment.amountCents,
        currency: payment.currency,
      });
      await markRefund(db, refundId, { status: "refunded", providerRefundId: ref });
    },
    // Offline, the bank takes the evidence and decides when the admin's test control says so.
    disputes: {
      async submitEvidence() {},
    },
    records: testProviderRecords(db),
    // Ids are made from the seller's and the operation's ids, as an idempotency key would: a
    // movement carried out twice is the same movement.
    payouts: {
      paysOutFromLedger: true,
      async createAccount(seller) {
        return { accountId: `acct_test_${seller.id.replace(/-/g, "")}`, state: null };
      },
      async onboardingUrl() {
        return TEST_ONBOARDING_PATH;
      },
      async accountState() {
        return null;
      },
      async transfer(order) {
        const ref = `tr_test_${order.operationId.replace(/-/g, "")}`;
        await recordTestMovement(db, {
          ref,
          kind: "transfer",
          amountCents: order.amountCents,
          currency: order.currency,
        });
        return ref;
      },
      async refund(order) {
        const ref = `re_test_${order.operationId.replace(/-/g, "")}`;
        await recordTestMovement(db, { ref, kind: "refund", amountCents: order.amountCents, currency: order.currency });
        return ref;
      },
      // As Stripe does, a reversal takes money back only while the seller's account still holds
      // it: once paid out to their bank, it fails, and what the seller owes is recorded (ADR 0087).
      async reverseTransfer(order) {
        const held = await sellerAccountBalance(db, order.transferId);
        if (held < order.amountCents) throw new Error(TEST_INSUFFICIENT_FUNDS);
        const ref = `trr_test_${order.operationId.replace(/-/g, "")}`;
        await recordTestMovement(db, {
          ref,
          kind: "transfer_reversal",
          amountCents: order.amountCents,
          currency: order.currency,
        });
        return ref;
      },
    },
  };
  return provider;
}
