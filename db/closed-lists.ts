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
export type SessionKind = (typeof SESSION_KINDS)[number];

/**
 * What a one-time link in a letter is for (account_tokens): a new password, the account's own
 * address confirmed, or a new address confirmed before it replaces the old one.
 */
export const ACCOUNT_TOKEN_PURPOSES = ["reset_password", "verify_email", "change_email"] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/** What a user can be told about: the domain's event kinds (app/domain/notifications/events.ts). */
export const NOTIFICATION_KINDS = [
  "booking_made",
  "booking_cancelled",
  "booking_expired",
  "payment_received",
  "message_received",
  "seller_verified",
  "listing_removed",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Letters about the account itself: its one-time links (one per token purpose) and the notices
 * that something about it changed. They are always sent: no setting turns them off.
 */
export const ACCOUNT_LETTER_KINDS = [
  ...ACCOUNT_TOKEN_PURPOSES,
  "email_changed",
  "password_changed",
  "two_factor_changed",
] as const;
export type AccountLetterKind = (typeof ACCOUNT_LETTER_KINDS)[number];

/** Every kind of letter the outbox and the email provider carry. */
export const LETTER_KINDS = [...NOTIFICATION_KINDS, ...ACCOUNT_LETTER_KINDS] as const;
export type LetterKind = (typeof LETTER_KINDS)[number];
