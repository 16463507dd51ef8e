// The offline test provider: the product runs without Stripe keys, clearly in test mode. The
// card is typed into our own form and charged here (only Stripe's public test numbers), so the
// charge is the confirmation; a refund is immediate because no real money moved.
import type { Database } from "#db/client";
import { markRefund, settlePayment } from "./fulfilment.server";
import { PAYMENT_MESSAGES } from "./messages";
import type { PaymentSettings } from "./settings";
import { chargeTestCard } from "./test-card";
import type { PaymentProvider } from "./types";

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
      const fulfilment = await settlePayment(db, provider, {
        bookingId: booking.id,
        provider: "test",
        transactionId: charge.transactionId,
        amountCents: booking.priceCents,
        currency: settings.PAYMENT_CURRENCY,
      });
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
      await markRefund(db, refundId, { status: "refunded", providerRefundId: `re_${payment.transactionId}` });
    },
  };
  return provider;
}
