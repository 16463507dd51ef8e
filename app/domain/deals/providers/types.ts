// The shapes of paying, in a module of their own that imports no payment module: the one shape
// of a payment provider (the offline test provider and Stripe implement it; the pages and the
// REST API only ever talk to this interface, chosen once from the settings in checkout.server.ts),
// the booking it is paid for and what fulfilment returns. The rules around them (which booking
// may be paid, fulfilment exactly once, replayed events) live in the domain, not in a provider or
// an adapter.

import type { DomainEvent } from "#app/domain/shared/events";
import type {
  BookingDelivery,
  BookingEndReason,
  BookingStatus,
  DisputeStatus,
  PaymentProviderName,
  PayoutStatus,
  RefundReason,
  ReturnPolicy,
} from "#db/closed-lists";

export type ProviderName = PaymentProviderName;

/** The buyer's own booking as the payment page shows it (checkout.server.ts reads it). */
export interface PayableBooking {
  id: string;
  status: BookingStatus;
  endReason: BookingEndReason | null;
  expiresAt: Date | null;
  priceCents: number;
  /** A shipped booking's shipping charge (0 for a meetup). */
  shippingCents: number;
  /** What the buyer pays: the price and the shipping, both the booking's. */
  amountCents: number;
  productId: string;
  productName: string;
  transactionId: string | null;
  paymentProvider: ProviderName | null;
  paidAt: Date | null;
  /** How it changes hands, and the return policy the booking copied from its listing (ADR 0106). */
  delivery: BookingDelivery;
  returnPolicy: ReturnPolicy;
}

/** Money a provider confirmed for a booking. */
export interface ConfirmedPayment {
  bookingId: string;
  provider: ProviderName;
  transactionId: string;
  amountCents: number;
  currency: string;
  /** The provider's charge the seller is later paid from (Stripe's latest_charge), if known. */
  chargeRef?: string | null;
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

/** What handling a provider's event did; `retryLater` asks the provider to send it again later. */
export interface EventHandling {
  outcome: string;
  events: DomainEvent[];
  retryLater?: boolean;
}

/**
 * What a provider reports, as a typed fact (ADR 0096): the adapter (Stripe's events, the offline
 * provider's test controls) turns what it receives into facts and never decides what they do to a
 * deal; settlement applies them (settlement/provider-facts.server.ts).
 */
export type ProviderFact =
  /** A payment confirmed and fulfilled by the payments room itself (fulfilment exactly once). */
  | { kind: "payment"; fulfilment: FulfilmentResult | null }
  | { kind: "account_state"; provider: ProviderName; accountId: string; state: ConnectedAccountState; at: number }
  | { kind: "payout"; payout: ReportedPayout }
  | { kind: "refund"; refund: ReportedRefund }
  | { kind: "dispute"; dispute: ReportedDispute };

/** A payout to a seller's bank as the provider reports it (Stripe's payout.* of a connected account). */
export interface ReportedPayout {
  provider: ProviderName;
  /** The connected account it was paid from (Stripe's event `account`). */
  accountId: string;
  payoutId: string;
  amountCents: number;
  currency: string;
  status: PayoutStatus;
  arrivalAt: Date | null;
  failureMessage: string | null;
}

/** A refund of a payment as the provider reports it: one Pay&Buy made (its operation), or not. */
export interface ReportedRefund {
  provider: ProviderName;
  transactionId: string;
  refundRef: string;
  amountCents: number;
  /** The decided movement a refund of ours carries out; null for one made elsewhere (a Dashboard). */
  operationId: string | null;
}

/** A chargeback as the provider reports it, as it moves (ADR 0081). */
export interface ReportedDispute {
  provider: ProviderName;
  disputeId: string;
  /** The payment's transaction at the provider (Stripe's PaymentIntent). */
  transactionId: string;
  amountCents: number;
  currency: string;
  reason: string;
  status: DisputeStatus;
  evidenceDueAt: Date | null;
  /** The provider's fee for the dispute, net of any given back (Stripe's balance transactions). */
  feeCents?: number;
  /** When the provider reported this state (the event's creation time). */
  at: number;
}

/** What applying a reported dispute did. */
export type DisputeRecorded =
  | { ok: true; status: DisputeStatus; created: boolean; events: DomainEvent[] }
  /** No payment of ours with that transaction yet: the provider sends the report again later. */
  | { ok: false; reason: "payment_not_recorded" };

/** What an event of the provider reports: its facts, or why it reports none (ignored, not ours). */
export interface ProviderReport {
  facts: ProviderFact[];
  /** Said when the event reports nothing to apply. */
  outcome?: string;
}

/** An event the provider pushed to us, verified; reading it is safe to repeat. */
export interface ProviderEvent {
  id: string;
  report(): Promise<ProviderReport>;
}

/** The two webhook endpoints: the platform's own events, and those of sellers' connected accounts. */
export type EventEndpoint = "platform" | "connect";

/** A seller's payout account as the provider knows it. */
export interface ConnectedAccountState {
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  transfersActive: boolean;
  /** The provider's names of what is still due (Stripe's requirements.currently_due). */
  requirementsDue: string[];
  disabledReason: string | null;
}

/** What Pay&Buy holds of a disputed deal, as the bank is sent it (Stripe's dispute evidence fields). */
export interface DisputeEvidence {
  productDescription: string;
  customerName: string;
  customerEmail: string;
  /** The day the buyer booked (a meetup's service date). */
  serviceDate: string;
  shippingCarrier: string | null;
  shippingTrackingNumber: string | null;
  shippingDate: string | null;
  /** The deal's story in words: booking, payment, handover or parcel, confirmation, claim, messages. */
  summary: string;
}

/** A decided money movement of a deal, as a provider carries it out (its id makes the idempotency key). */
export interface MovementOrder {
  operationId: string;
  bookingId: string;
  amountCents: number;
  currency: string;
  /** A retry: the provider looks for the movement made by an earlier attempt before making one. */
  retry: boolean;
}

/** The money out of the platform: sellers' payout accounts, transfers, refunds and reversals. */
export interface PayoutRail {
  /** Opens a payout account for the seller at the provider: its id, and its state as opened. */
  createAccount(seller: {
    id: string;
    email: string;
  }): Promise<{ accountId: string; state: ConnectedAccountState | null }>;
  /** Where the seller completes (or continues) the account's onboarding. */
  onboardingUrl(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  /** The account's state at the provider now; null where the provider keeps none (offline). */
  accountState(accountId: string): Promise<ConnectedAccountState | null>;
  /** The seller's net, from the deal's charge to their account; the transfer's id. */
  transfer(
    order: MovementOrder & { destination: string; chargeRef: string | null; transactionId: string },
  ): Promise<string>;
  /** Money back to the buyer from the deal's payment; the refund's id. */
  refund(order: MovementOrder & { transactionId: string }): Promise<string>;
  /** Part of a transfer taken back from the seller; the reversal's id. */
  reverseTransfer(order: MovementOrder & { transferId: string }): Promise<string>;
  /** The scheduled job pays sellers out from the ledger itself (offline); Stripe pays out on its own. */
  readonly paysOutFromLedger: boolean;
}

/** The ledger's kinds that name an object of the provider, compared by the daily reconciliation (ADR 0089). */
export const RECONCILED_KINDS = ["charge", "transfer", "refund", "transfer_reversal", "payout"] as const;
export type ReconciledKind = (typeof RECONCILED_KINDS)[number];

/** One money movement as the provider records it: its id, the ledger's kind for it, its size. */
export interface ProviderRecord {
  ref: string;
  kind: ReconciledKind;
  /** Always positive: the provider's sign (money in or out) is the kind's. */
  amountCents: number;
  currency: string;
}

/** A UTC day, as milliseconds: from its first instant, to the next day's. */
export interface DayWindow {
  from: number;
  to: number;
}

/** The provider's own record of money movements, read by the daily reconciliation (ADR 0089). */
export interface ProviderRecords {
  /** The kinds the provider's record holds (Stripe's platform balance holds no seller's payout). */
  readonly kinds: readonly ReconciledKind[];
  /** A page of the movements the provider made within the day, after `cursor`; `next` is null on the last. */
  list(
    day: DayWindow,
    cursor: string | null,
    limit: number,
  ): Promise<{ records: ProviderRecord[]; next: string | null }>;
  /** The provider's record of each of these movements it holds, whatever day it was made. */
  find(movements: ReadonlyArray<{ kind: ReconciledKind; ref: string }>): Promise<ProviderRecord[]>;
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
  /** Sellers' payout accounts and the money that leaves the platform. */
  readonly payouts: PayoutRail;
  /** Chargebacks (ADR 0081): Pay&Buy's evidence sent to the card's bank through the provider. */
  readonly disputes: {
    /** `attempt` names this submission (its idempotency key): a failed one is sent again under a new one. */
    submitEvidence(disputeId: string, evidence: DisputeEvidence, attempt: string): Promise<void>;
  };
  /** The provider's own record of the money it moved, for the daily reconciliation. */
  readonly records: ProviderRecords;
  /** Verifies what the provider pushes to us (a signed webhook); absent when it pushes nothing. */
  readonly events?: {
    /** Whether the endpoint has its signing secret. */
    accepts(endpoint: EventEndpoint): boolean;
    verify(payload: string, signature: string | null, endpoint: EventEndpoint): Promise<ProviderEvent | null>;
  };
}
