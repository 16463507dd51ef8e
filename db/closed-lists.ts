// The marketplace's closed lists, each defined once. The schema's CHECK constraints and column
// types, the zod schemas, the search filters, the help page and their messages are all built from
// these arrays; the words people read for each value live with their concept in the domain, typed
// by these lists, so a new value does not compile until it has its words. Free of drizzle: the
// browser imports this file.
//
// A new value (a grade such as "Mint") is: the value here, its words in the domain, and one
// migration for the CHECK constraint (docs/guides/data.md). The lists that grow (LEDGER_KINDS,
// OPERATION_KINDS, OPERATION_ORIGINS, NOTIFICATION_KINDS, CLAIM_REASONS) have no CHECK (ADR 0094):
// the value here and its words are all.

export const ROLES = ["buyer", "seller", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** Condition grades, best first: the order a "this grade or better" comparison uses. */
export const CONDITIONS = ["Excellent", "Good", "Fair"] as const;
export type Condition = (typeof CONDITIONS)[number];

/**
 * How a listing can change hands (PRODUCT.md, shipping): met in person (the spec's way), sent by
 * post, or either, as its seller says.
 */
export const DELIVERY_METHODS = ["meetup", "ship", "both"] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** The countries listings ship within (ADR 0085): a listing ships inside the country it ships from. */
export const SHIPPING_COUNTRIES = ["US", "CA"] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];

/** What a saved address of an account is for (ADR 0103): a buyer's delivery, a seller's sender. */
export const ADDRESS_KINDS = ["delivery", "sender"] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/** How a booked listing changes hands: met in person, or sent to the buyer's address. */
export const BOOKING_DELIVERIES = ["meetup", "ship"] as const;
export type BookingDelivery = (typeof BOOKING_DELIVERIES)[number];

/**
 * Where a shipped deal's parcel is (ADR 0086): waiting for its seller to send it, then the
 * carrier's states (a label made, on its way, delivered, sent back, lost or damaged), or
 * cancelled before it was sent.
 */
export const SHIPMENT_STATUSES = [
  "awaiting_shipment",
  "pre_transit",
  "in_transit",
  "delivered",
  "returned",
  "failure",
  "cancelled",
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** The carriers a parcel is tracked with: the real carrier API's, and the offline one. */
export const CARRIER_PROVIDERS = ["offline", "shippo"] as const;
export type CarrierProvider = (typeof CARRIER_PROVIDERS)[number];

/** The parcel a listing ships in, by size: each preset's weight and box live in catalog/delivery. */
export const PARCEL_SIZES = ["small", "medium", "large"] as const;
export type ParcelSize = (typeof PARCEL_SIZES)[number];

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
  "listing_held",
] as const;
export type BookingEndReason = (typeof BOOKING_END_REASONS)[number];

/**
 * A buyer's offer on a listing (ADR 0061): open (the seller's turn), countered (the buyer's
 * turn), then accepted (a booking at the agreed price), declined, withdrawn by the buyer, or
 * expired at its deadline. Open and countered offers are live; the others are history.
 */
export const OFFER_STATUSES = ["open", "countered", "accepted", "declined", "withdrawn", "expired"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Why an offer was declined: by its seller, by its buyer (the counter), or the listing was booked. */
export const OFFER_DECLINE_REASONS = ["seller_declined", "buyer_declined", "listing_booked"] as const;
export type OfferDeclineReason = (typeof OFFER_DECLINE_REASONS)[number];

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

/** What a user can be told about: the domain's event kinds (app/domain/shared/events.ts). */
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
  "price_dropped",
  "offer_received",
  "offer_countered",
  "offer_accepted",
  "offer_declined",
  "offer_expired",
  "saved_search_matches",
  // A shipped deal's parcel (ADR 0086).
  "parcel_sent",
  "parcel_delivered",
  "ship_reminder",
  "unshipped_cancelled",
  // Money under faults: a seller told what they owe (ADR 0087), admins told of a chargeback and
  // of the differences a reconciliation found (ADR 0081, ADR 0089).
  "seller_debt",
  "dispute_opened",
  "reconciliation_differences",
  // A parcel its seller tracks themselves, which Pay&Buy cannot follow: its buyer told when the
  // protection window starts without a delivery seen (ADR 0092).
  "parcel_release_due",
  // Returns (ADR 0107): each letter to the person who must act next.
  "return_requested",
  "return_answered",
  "return_label_ready",
  "return_delivered",
  "return_refunded",
  "return_to_admin",
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
export const CLAIM_REASONS = ["not_as_described", "not_handed_over", "not_received", "other"] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

/** Open until the admin decides it, or until the buyer confirms receipt after all (withdrawn). */
export const CLAIM_STATUSES = ["open", "decided", "withdrawn"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_OUTCOMES = ["refund_full", "refund_partial", "release"] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];

/**
 * A chargeback's state, as the card's bank and Stripe move it (Stripe's dispute statuses): open
 * while it needs a response or is under review; closed when won, lost, or (an inquiry) closed.
 */
export const DISPUTE_STATUSES = [
  "warning_needs_response",
  "warning_under_review",
  "warning_closed",
  "needs_response",
  "under_review",
  "won",
  "lost",
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
/** The statuses a dispute stays in for good. */
export const CLOSED_DISPUTE_STATUSES = ["warning_closed", "won", "lost"] as const satisfies readonly DisputeStatus[];

/**
 * The ledger's movements; what each does to the money is its row in
 * app/domain/deals/ledger/kinds.ts (ADR 0096). Per deal: a charge (money in), the platform's fee and the seller's
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
  // A shipping label bought through Pay&Buy (ADR 0086): its cost taken from the deal at release,
  // and the part given back when a later refund leaves too little to pay for it.
  "label",
  "label_refund",
  // A chargeback the platform lost (ADR 0081): the amount the buyer's bank took back (a refund in
  // every sum of the deal's money), and the provider's dispute fee, the platform's cost.
  "dispute_loss",
  "dispute_fee",
  // The part of a lost chargeback beyond what was left of the payment (a refund had given some of
  // it back already): the platform's loss, never the seller's, in a column of its own.
  "dispute_excess",
  // What a seller owes (ADR 0087): a refund's share the seller's account could not give back, and
  // the part of it recovered since (withheld from a later sale, or a transfer reversal retried).
  "seller_debt",
  "debt_recovery",
  // A return's prepaid label for a fault (ADR 0107): the platform paid the carrier and the
  // seller owes it, recovered like any debt.
  "return_label",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * The daily comparison of the ledger with the provider's records (ADR 0089): a movement only one
 * side has, or one whose amounts differ.
 */
export const RECONCILIATION_DIFFERENCES = ["missing_ours", "missing_theirs", "amount_differs"] as const;
export type ReconciliationDifference = (typeof RECONCILIATION_DIFFERENCES)[number];
export const RECONCILIATION_RUN_STATUSES = ["running", "done"] as const;
export type ReconciliationRunStatus = (typeof RECONCILIATION_RUN_STATUSES)[number];

/** A decided money movement of a deal: a release to the seller, or a refund to the buyer. */
export const OPERATION_KINDS = ["release", "refund"] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

/** Who decided it. */
export const OPERATION_ORIGINS = [
  "buyer_confirmed",
  "auto_release",
  "claim_decision",
  "provider_refund",
  // A shipped deal's parcel not sent in time: the buyer cancelled, or the scheduled job did (ADR 0086).
  "not_shipped",
  // A chargeback the buyer's bank decided for the buyer (ADR 0081): the bank took the money back
  // itself, so its ledger movement is `dispute_loss`, not a refund Pay&Buy made (ADR 0096).
  "chargeback_lost",
  // Returns (ADR 0107): refunded once the item came back, a part refunded for the buyer to keep
  // it, or the admin's decision on a return that reached them.
  "return_received",
  "return_partial",
  "return_decision",
] as const;
export type OperationOrigin = (typeof OPERATION_ORIGINS)[number];

export const OPERATION_STATUSES = ["pending", "done"] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

/** A payout to a seller's bank, as the provider reports it (Stripe's payout statuses). */
export const PAYOUT_STATUSES = ["pending", "in_transit", "paid", "failed", "canceled"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

// Gear data (ADR 0054). The words and facts of each value live in app/domain/gear/.

/** What a category's listings are, when they carry camera data: bodies or lenses. */
export const GEAR_KINDS = ["body", "lens"] as const;
export type GearKind = (typeof GEAR_KINDS)[number];

/**
 * Lens mounts of interchangeable-lens bodies and lenses. "canon-ef-s" is the mount of Canon's
 * APS-C DSLRs, which take EF lenses too; an EF-S lens does not fit an EF body.
 */
export const MOUNTS = [
  "canon-rf",
  "canon-ef",
  "canon-ef-s",
  "canon-ef-m",
  "nikon-z",
  "nikon-f",
  "sony-e",
  "sony-a",
  "fujifilm-x",
  "fujifilm-g",
  "l-mount",
  "micro-four-thirds",
  "four-thirds",
  "leica-m",
  "pentax-k",
  "hasselblad-x",
  "m42",
] as const;
export type Mount = (typeof MOUNTS)[number];

/** Sensor (or film) formats, largest first. */
export const SENSOR_FORMATS = ["medium-format", "full-frame", "aps-c", "four-thirds", "one-inch"] as const;
export type SensorFormat = (typeof SENSOR_FORMATS)[number];

/** Where a body's shutter count was read, as its seller says. */
export const SHUTTER_COUNT_METHODS = ["camera-menu", "photo-exif", "software", "service-report", "estimate"] as const;
export type ShutterCountMethod = (typeof SHUTTER_COUNT_METHODS)[number];

/** What may come with a listed item. */
export const INCLUDED_ITEMS = [
  "box",
  "manual",
  "receipt",
  "body-cap",
  "front-cap",
  "rear-cap",
  "hood",
  "battery",
  "charger",
  "strap",
  "case",
  "cable",
] as const;
export type IncludedItem = (typeof INCLUDED_ITEMS)[number];

/** The defect checklist: what a buyer of a body or a lens asks about first. */
export const CONDITION_CHECKS = [
  "sensor",
  "shutter",
  "screen",
  "autofocus",
  "aperture",
  "haze-fungus",
  "front-element",
] as const;
export type ConditionCheck = (typeof CONDITION_CHECKS)[number];

/** A seller's answer to one item of the checklist; an item left unanswered was not checked. */
export const CHECK_ANSWERS = ["fine", "issue"] as const;
export type CheckAnswer = (typeof CHECK_ANSWERS)[number];

/** How the admin ended a hold on a listing whose serial matched a stolen-gear report. */
export const SERIAL_MATCH_RESOLUTIONS = ["cleared", "removed"] as const;
export type SerialMatchResolution = (typeof SERIAL_MATCH_RESOLUTIONS)[number];
/**
 * Letters about the account itself: its one-time links (one per token purpose) and the notices
 * that something about it changed. They are always sent: no setting turns them off.
 */
export const ACCOUNT_LETTER_KINDS = [
  ...ACCOUNT_TOKEN_PURPOSES,
  "email_changed",
  "password_changed",
  "two_factor_changed",
  "recovery_codes_replaced",
] as const;
export type AccountLetterKind = (typeof ACCOUNT_LETTER_KINDS)[number];

/** Every kind of letter the outbox and the email provider carry. */
export const LETTER_KINDS = [...NOTIFICATION_KINDS, ...ACCOUNT_LETTER_KINDS] as const;
export type LetterKind = (typeof LETTER_KINDS)[number];

// Returns (ADR 0106, ADR 0107). Each is a list that grows (ADR 0094): typed, no CHECK.

/** What a seller takes back on a shipped deal: faults only, or any reason within 14 or 30 days of delivery. */
export const RETURN_POLICIES = ["faults_only", "any_reason_14", "any_reason_30"] as const;
export type ReturnPolicy = (typeof RETURN_POLICIES)[number];

/** Why a buyer sends an item back: a fault (covered whatever the policy), or a change of mind. */
export const RETURN_REASONS = [
  "not_as_described",
  "does_not_work",
  "wrong_item",
  "damaged_in_transit",
  "changed_mind",
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** Where a return stands (app/domain/deals/returns/steps.ts moves it). */
export const RETURN_STATES = [
  "requested",
  "accepted",
  "sent",
  "delivered",
  "refunded",
  "offered",
  "kept",
  "to_admin",
  "decided",
  "lapsed",
  "stopped",
] as const;
export type ReturnState = (typeof RETURN_STATES)[number];
/** The states of a return still open: nothing of its deal is released meanwhile (ADR 0107). */
export const OPEN_RETURN_STATES = [
  "requested",
  "accepted",
  "sent",
  "delivered",
  "offered",
  "to_admin",
] as const satisfies readonly ReturnState[];

/** What a seller may report of the item that came back. */
export const RETURN_PROBLEMS = ["not_the_item", "damaged_by_buyer"] as const;
export type ReturnProblem = (typeof RETURN_PROBLEMS)[number];

/** Why a return reached the admin. */
export const RETURN_ADMIN_REASONS = [
  "declined",
  "offer_declined",
  "no_answer",
  "problem",
  "serial_mismatch",
  "label_too_dear",
] as const;
export type ReturnAdminReason = (typeof RETURN_ADMIN_REASONS)[number];

/** Whose photo of a return it is: the buyer's when asking, the seller's on arrival. */
export const RETURN_PHOTO_SIDES = ["buyer", "seller"] as const;
export type ReturnPhotoSide = (typeof RETURN_PHOTO_SIDES)[number];
