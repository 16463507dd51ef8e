// The shapes of paying, in a module of their own that imports no payment module: the one shape
// of a payment provider (the offline test provider and Stripe implement it; the pages and the
// REST API only ever talk to this interface, chosen once from the settings in checkout.server.ts),
// the booking it is paid for and what fulfilment returns. The rules around them (which booking
// may be paid, fulfilment exactly once, replayed events) live in the domain, not in a provider or
// an adapter.

import type { DomainEvent } from "#app/domain/notifications/events";
import type { BookingEndReason, BookingStatus, PaymentProviderName, RefundReason } from "#db/closed-lists";

export type ProviderName = PaymentProviderName;

/** The buyer's own booking as the payment page shows it (checkout.server.ts reads it). */
export interface PayableBooking {
  id: string;
  status: BookingStatus;
  endReason: BookingEndReason | null;
  expiresAt: Date | null;
  priceCents: number;
  productId: string;
  productName: string;
  transactionId: string | null;
  paymentProvider: ProviderName | null;
  paidAt: Date | null;
}

/** Money a provider confirmed for a booking. */
export interface ConfirmedPayment {
  bookingId: string;
  provider: ProviderName;
  transactionId: string;
  amountCents: number;
  currency: string;
}

export type FulfilmentResult =
  // Only the first fulfilment of a payment tells anyone: a repeat is "already_fulfilled".
  | { outcome: "fulfilled"; bookingModified: number; productModified: number; events: DomainEvent[] }
  | { outcome: "already_fulfilled" }
  | { outcome: "refund_required"; reason: RefundReason; refundId: string };

/** What the buyer's Pay sends to our server. */
export type PayRequest =
  // The test provider's own card form (validated by testCardSchema): charged on the server.
  | { method: "card"; cardNumber: string }
  // A provider's hosted payment page, for browsers without JavaScript: the buyer is sent there.
  | { method: "hosted"; returnUrl: string; buyerEmail: string };

export type PaymentRefusal = {
  ok: false;
  status: 400 | 402 | 404 | 409 | 422;
  message: string;
  field?: "cardNumber";
};

export type PayResult =
  | { ok: true; fulfilment: FulfilmentResult; transactionId: string }
  | { ok: true; redirectTo: string }
  | PaymentRefusal;

/** An event the provider pushed to us, verified; fulfilling it is safe to repeat. */
export interface ProviderEvent {
  id: string;
  fulfil(): Promise<FulfilmentResult | null>;
}

export interface PaymentProvider {
  /** Recorded with every payment and refund. */
  readonly name: ProviderName;
  /** No real money moves: the pages say so, and the card form is our own. */
  readonly testMode: boolean;
  /** The browser-side key of the provider's own card form; null when the form is ours. */
  readonly publishableKey: string | null;
  /**
   * Prepares a payment the browser completes in the provider's card form (Stripe: one
   * PaymentIntent per booking and price); null when there is nothing to prepare.
   */
  start(booking: PayableBooking): Promise<{ clientSecret: string | null }>;
  /** The buyer's Pay, posted to our server: a card charged here, or a hosted page to go to. */
  pay(booking: PayableBooking, request: PayRequest): Promise<PayResult>;
  /** Money the provider reports for the booking, checked with the provider, then fulfilled. */
  confirm(booking: PayableBooking, transactionId: string | null): Promise<PayResult>;
  /** Gives back money recorded in `refunds`, and records the outcome. */
  refund(payment: ConfirmedPayment, refundId: string): Promise<void>;
  /** Verifies what the provider pushes to us (a signed webhook); absent when it pushes nothing. */
  readonly events?: { verify(payload: string, signature: string | null): Promise<ProviderEvent | null> };
}
