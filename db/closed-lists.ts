// The marketplace's closed lists, each defined once. The schema's CHECK constraints and column
// types, the zod schemas, the search filters, the help page and their messages are all built from
// these arrays; the words people read for each value live with their concept in the domain, typed
// by these lists, so a new value does not compile until it has its words. Free of drizzle: the
// browser imports this file.
//
// A new value (a grade such as "Mint") is: the value here, its words in the domain, and one
// migration for the CHECK constraint (docs/guides/data.md).

export const ROLES = ["buyer", "seller", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Condition grades, best first: the order a "this grade or better" comparison uses. */
export const CONDITIONS = ["Excellent", "Good", "Fair"] as const;
export type Condition = (typeof CONDITIONS)[number];

export const PRODUCT_STATUSES = ["available", "booked", "sold"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const BOOKING_STATUSES = ["active", "paid", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Why a booking ended without being paid; shown to the buyer. */
export const BOOKING_END_REASONS = [
  "buyer_cancelled",
  "product_deleted",
  "listing_removed",
  "buyer_deleted",
  "seller_deleted",
  "expired",
] as const;
export type BookingEndReason = (typeof BOOKING_END_REASONS)[number];

export const PAYMENT_PROVIDERS = ["test", "stripe"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_STATUSES = ["succeeded", "refund_required", "refunded"] as const;

export const REFUND_REASONS = ["booking_not_payable", "already_paid", "amount_mismatch"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const REFUND_STATUSES = ["required", "refunded", "failed"] as const;

export const REPORT_REASONS = ["counterfeit_or_stolen", "wrong_category", "misleading", "offensive", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;

export const SESSION_KINDS = ["web", "api"] as const;

/** What a user can be told about: the domain's event kinds (app/domain/notifications/events.ts). */
export const NOTIFICATION_KINDS = [
  "booking_made",
  "booking_cancelled",
  "booking_expired",
  "payment_received",
  "message_received",
  "seller_verified",
  "listing_removed",
  "payment_released",
  "payment_refunded",
  "claim_opened",
  "claim_answered",
  "claim_decided",
  "payout_paid",
  "payout_failed",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Where a deal's money stands, as decided (the money moves in `deal_operations`, and what has
 * moved is in the ledger): held for the deal, released to the seller, all given back to the
 * buyer, or paid before the ledger existed (settled outside it, never paid again).
 */
export const DEAL_STATES = ["held", "released", "refunded", "settled_outside"] as const;
export type DealState = (typeof DEAL_STATES)[number];

/** What a buyer's claim is about; the words are in app/domain/deals/claims/claim-words.ts. */
export const CLAIM_REASONS = ["not_as_described", "not_handed_over", "other"] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

/** Open until the admin decides it, or until the buyer confirms receipt after all (withdrawn). */
export const CLAIM_STATUSES = ["open", "decided", "withdrawn"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_OUTCOMES = ["refund_full", "refund_partial", "release"] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];

/**
 * The ledger's movements. Per deal: a charge (money in), the platform's fee and the seller's
 * net transfer at release, refunds to the buyer, and after a release the transfer reversal and
 * the fee given back that pay for a refund. Per seller: payouts to the bank, and their failures
 * (the money returns to the seller's balance).
 */
export const LEDGER_KINDS = [
  "charge",
  "fee",
  "transfer",
  "refund",
  "transfer_reversal",
  "fee_refund",
  "payout",
  "payout_failure",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** A decided money movement of a deal: a release to the seller, or a refund to the buyer. */
export const OPERATION_KINDS = ["release", "refund"] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

/** Who decided it. */
export const OPERATION_ORIGINS = ["buyer_confirmed", "auto_release", "claim_decision", "provider_refund"] as const;
export type OperationOrigin = (typeof OPERATION_ORIGINS)[number];

export const OPERATION_STATUSES = ["pending", "done"] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

/** A payout to a seller's bank, as the provider reports it (Stripe's payout statuses). */
export const PAYOUT_STATUSES = ["pending", "in_transit", "paid", "failed", "canceled"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
