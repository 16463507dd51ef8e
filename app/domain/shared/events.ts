// What happened in the marketplace that someone may want to be told about: the vocabulary of
// every room, so it lives in shared (every room returns these; notifications, the top room,
// turns them into letters). Domain operations return these with their result; the adapters hand
// them to the notification queue as they are, so the decision "this deserves a notification" is
// made once, here in the domain.
// Events carry ids only: whoever turns one into a message reads the current data. The one
// exception is a one-time link's token, which must reach its letter without being stored in
// clear anywhere: it travels in the queue message only (docs/decisions, "One-time links in
// letters").
import { NOTIFICATION_KINDS } from "#db/closed-lists";

// The kinds a user can turn off are the schema's (the preferences table's column accepts these
// and no other).
export const EVENT_KINDS = NOTIFICATION_KINDS;

export type EventKind = (typeof EVENT_KINDS)[number];

/** Events of the marketplace, one letter kind each, each a kind a user may turn off. */
export type NotificationEvent =
  | { kind: "booking_made"; bookingId: string }
  | { kind: "booking_cancelled"; bookingId: string }
  | { kind: "booking_expired"; bookingId: string }
  | { kind: "payment_received"; bookingId: string }
  | { kind: "message_received"; messageId: string }
  | { kind: "seller_verified"; sellerId: string }
  | { kind: "listing_removed"; productId: string }
  | { kind: "payment_released"; operationId: string }
  | { kind: "payment_refunded"; operationId: string }
  | { kind: "claim_opened"; claimId: string }
  | { kind: "claim_answered"; claimId: string }
  | { kind: "claim_decided"; claimId: string }
  | { kind: "payout_paid"; payoutId: string }
  | { kind: "payout_failed"; payoutId: string }
  /**
   * A listing's price went down on `day` (its UTC date): its wishlisting buyers are told at most
   * once a day per listing, whatever the seller does to the price that day (ADR 0063).
   */
  | { kind: "price_dropped"; productId: string; day: string }
  | { kind: "offer_received"; offerId: string }
  | { kind: "offer_countered"; offerId: string }
  | { kind: "offer_accepted"; offerId: string }
  | { kind: "offer_declined"; offerId: string }
  | { kind: "offer_expired"; offerId: string }
  /** A letter of new matches of a user's saved searches (ADR 0062). */
  | { kind: "saved_search_matches"; letterId: string };

/**
 * Events of an account, always told to its owner. `origin` is the site's address the letter's
 * links start with (APP_URL, or the address the request came to).
 */
export type AccountEvent =
  /** A one-time link was issued (its row's id and its token); its letter says what it is for. */
  | { kind: "account_link"; linkId: string; token: string; origin: string }
  /** The address was changed by the link `linkId`: the previous address is told. */
  | { kind: "email_changed"; userId: string; linkId: string; previousEmail: string; origin: string }
  | { kind: "password_changed"; userId: string; changeId: string; origin: string }
  | { kind: "two_factor_changed"; userId: string; changeId: string; enabled: boolean; origin: string };

export type DomainEvent = NotificationEvent | AccountEvent;

/** The one id an event is about: with the kind it makes the event's idempotency key. */
export function eventSubject(event: DomainEvent): string {
  switch (event.kind) {
    case "message_received":
      return event.messageId;
    case "seller_verified":
      return event.sellerId;
    case "listing_removed":
      return event.productId;
    case "payment_released":
    case "payment_refunded":
      return event.operationId;
    case "claim_opened":
    case "claim_answered":
    case "claim_decided":
      return event.claimId;
    case "payout_paid":
    case "payout_failed":
      return event.payoutId;
    case "price_dropped":
      return `${event.productId}:${event.day}`;
    case "offer_received":
    case "offer_countered":
    case "offer_accepted":
    case "offer_declined":
    case "offer_expired":
      return event.offerId;
    case "account_link":
    case "email_changed":
      return event.linkId;
    case "password_changed":
    case "two_factor_changed":
      return event.changeId;
    case "saved_search_matches":
      return event.letterId;
    default:
      return event.bookingId;
  }
}

/** Stable for one happening: a retried delivery of the same event carries the same key. */
export function eventKey(event: DomainEvent): string {
  return `${event.kind}:${eventSubject(event)}`;
}
