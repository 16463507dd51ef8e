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
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
