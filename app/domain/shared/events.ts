// What happened in the marketplace that someone may want to be told about: the vocabulary of
// every room, so it lives in shared (every room returns these; notifications, the top room,
// turns them into letters). Domain operations return these with their result; the adapters hand
// them to the notification queue as they are, so the decision "this deserves a notification" is
// made once, here in the domain.
// Events carry ids only: whoever turns one into a message reads the current data. The one
// exception is a one-time link's token, which must reach its letter without being stored in
// clear anywhere: it travels in the queue message only (docs/decisions, "One-time links in
// letters").
//
// Each kind is defined once, in the tables below: the fields it carries (a zod schema, from which
// the event's type is inferred, so the queue's parser and the type cannot differ) and the fields
// naming the one thing it is about. The notifications room keeps, per kind, its words and its
// letters (app/domain/notifications/kinds.server.ts), in a table typed so that a kind missing
// there does not compile.
import * as z from "zod";
import { NOTIFICATION_KINDS, type NotificationKind } from "#db/closed-lists";

// The kinds a user can turn off are the schema's (the preferences table's column accepts these
// and no other).
export const EVENT_KINDS = NOTIFICATION_KINDS;

export type EventKind = (typeof EVENT_KINDS)[number];

const id = z.string().min(1).max(100);
const origin = z.url({ protocol: /^https?$/ }).max(200);

/**
 * One kind of event: its schema (the kind and the fields it carries, as a queue message holds
 * them) and the fields that name the one thing it is about (with the kind, its idempotency key).
 */
function defineEvent<const K extends string, const F extends z.ZodRawShape>(
  kind: K,
  fields: F,
  subject: readonly [keyof F & string, ...(keyof F & string)[]],
) {
  return { schema: z.object({ kind: z.literal(kind), ...fields }), subject };
}

type EventDefinitions<Kinds extends string> = {
  [K in Kinds]: { schema: z.ZodType<{ kind: K }>; subject: readonly string[] };
};

/** Events of the marketplace, one letter kind each, each a kind a user may turn off. */
export const NOTIFICATION_EVENTS = {
  booking_made: defineEvent("booking_made", { bookingId: id }, ["bookingId"]),
  booking_cancelled: defineEvent("booking_cancelled", { bookingId: id }, ["bookingId"]),
  booking_expired: defineEvent("booking_expired", { bookingId: id }, ["bookingId"]),
  payment_received: defineEvent("payment_received", { bookingId: id }, ["bookingId"]),
  message_received: defineEvent("message_received", { messageId: id }, ["messageId"]),
  seller_verified: defineEvent("seller_verified", { sellerId: id }, ["sellerId"]),
  listing_removed: defineEvent("listing_removed", { productId: id }, ["productId"]),
  payment_released: defineEvent("payment_released", { operationId: id }, ["operationId"]),
  payment_refunded: defineEvent("payment_refunded", { operationId: id }, ["operationId"]),
  claim_opened: defineEvent("claim_opened", { claimId: id }, ["claimId"]),
  claim_answered: defineEvent("claim_answered", { claimId: id }, ["claimId"]),
  claim_decided: defineEvent("claim_decided", { claimId: id }, ["claimId"]),
  payout_paid: defineEvent("payout_paid", { payoutId: id }, ["payoutId"]),
  payout_failed: defineEvent("payout_failed", { payoutId: id }, ["payoutId"]),
  /**
   * A listing's price went down on `day` (its UTC date): its wishlisting buyers are told at most
   * once a day per listing, whatever the seller does to the price that day (ADR 0063).
   */
  price_dropped: defineEvent("price_dropped", { productId: id, day: z.iso.date() }, ["productId", "day"]),
  offer_received: defineEvent("offer_received", { offerId: id }, ["offerId"]),
  offer_countered: defineEvent("offer_countered", { offerId: id }, ["offerId"]),
  offer_accepted: defineEvent("offer_accepted", { offerId: id }, ["offerId"]),
  offer_declined: defineEvent("offer_declined", { offerId: id }, ["offerId"]),
  offer_expired: defineEvent("offer_expired", { offerId: id }, ["offerId"]),
  /** A letter of new matches of a user's saved searches (ADR 0062). */
  saved_search_matches: defineEvent("saved_search_matches", { letterId: id }, ["letterId"]),
  /** A shipped deal's parcel (ADR 0086): sent, delivered, due soon, or cancelled unsent. */
  parcel_sent: defineEvent("parcel_sent", { bookingId: id }, ["bookingId"]),
  parcel_delivered: defineEvent("parcel_delivered", { bookingId: id }, ["bookingId"]),
  ship_reminder: defineEvent("ship_reminder", { bookingId: id }, ["bookingId"]),
  unshipped_cancelled: defineEvent("unshipped_cancelled", { bookingId: id }, ["bookingId"]),
  /** A self-tracked parcel's protection window started without a delivery seen (ADR 0092). */
  parcel_release_due: defineEvent("parcel_release_due", { bookingId: id }, ["bookingId"]),
  /** Money under faults: a seller's new debt (its ledger entry), a chargeback, a reconciliation's differences. */
  seller_debt: defineEvent("seller_debt", { entryId: id }, ["entryId"]),
  dispute_opened: defineEvent("dispute_opened", { disputeId: id }, ["disputeId"]),
  reconciliation_differences: defineEvent("reconciliation_differences", { runId: id }, ["runId"]),
  /** A return (ADR 0107), told at each step to the one who must act next; `step` names the step. */
  return_requested: defineEvent("return_requested", { returnId: id }, ["returnId"]),
  return_answered: defineEvent("return_answered", { returnId: id }, ["returnId"]),
  return_label_ready: defineEvent("return_label_ready", { returnId: id }, ["returnId"]),
  return_delivered: defineEvent("return_delivered", { returnId: id }, ["returnId"]),
  return_refunded: defineEvent("return_refunded", { returnId: id }, ["returnId"]),
  return_to_admin: defineEvent("return_to_admin", { returnId: id }, ["returnId"]),
} satisfies EventDefinitions<NotificationKind>;

/**
 * Events of an account, always told to its owner. `origin` is the site's address the letter's
 * links start with (APP_URL, or the address the request came to).
 */
export const ACCOUNT_EVENTS = {
  /** A one-time link was issued (its row's id and its token); its letter says what it is for. */
  account_link: defineEvent("account_link", { linkId: id, token: z.string().min(1).max(100), origin }, ["linkId"]),
  /** The address was changed by the link `linkId`: the previous address is told. */
  email_changed: defineEvent(
    "email_changed",
    { userId: id, linkId: id, previousEmail: z.string().min(3).max(254), origin },
    ["linkId"],
  ),
  password_changed: defineEvent("password_changed", { userId: id, changeId: id, origin }, ["changeId"]),
  /** New recovery codes were made: the old ones no longer work. */
  recovery_codes_replaced: defineEvent("recovery_codes_replaced", { userId: id, changeId: id, origin }, ["changeId"]),
  two_factor_changed: defineEvent("two_factor_changed", { userId: id, changeId: id, enabled: z.boolean(), origin }, [
    "changeId",
  ]),
};

export type AccountEventKind = keyof typeof ACCOUNT_EVENTS;

const DOMAIN_EVENTS = { ...NOTIFICATION_EVENTS, ...ACCOUNT_EVENTS };
// The kinds as the tables define them (equal to NOTIFICATION_KINDS and the account kinds when it
// compiles): a kind missing from a table is one error, there, rather than one per use.
export type DomainEventKind = keyof typeof DOMAIN_EVENTS;
type NotificationEventKind = keyof typeof NOTIFICATION_EVENTS;

/** The event of one kind, as its schema reads it. */
export type EventOf<K extends DomainEventKind> = z.infer<(typeof DOMAIN_EVENTS)[K]["schema"]>;

export type NotificationEvent = { [K in NotificationEventKind]: EventOf<K> }[NotificationEventKind];
export type AccountEvent = { [K in AccountEventKind]: EventOf<K> }[AccountEventKind];
export type DomainEvent = NotificationEvent | AccountEvent;

type EventSchema = (typeof DOMAIN_EVENTS)[DomainEventKind]["schema"];

/** Every event the domain returns, as a queue message carries it; nothing else. */
export const domainEventSchema = z.discriminatedUnion(
  "kind",
  Object.values(DOMAIN_EVENTS).map((definition) => definition.schema) as [EventSchema, ...EventSchema[]],
);

export function isAccountEvent(event: DomainEvent): event is AccountEvent {
  return Object.hasOwn(ACCOUNT_EVENTS, event.kind);
}

/** The one id an event is about (two, joined, for a price drop's listing and day). */
export function eventSubject(event: DomainEvent): string {
  const subject: readonly string[] = DOMAIN_EVENTS[event.kind].subject;
  const fields: Readonly<Record<string, unknown>> = event;
  return subject.map((field) => String(fields[field])).join(":");
}

/** Stable for one happening: a retried delivery of the same event carries the same key. */
export function eventKey(event: DomainEvent): string {
  return `${event.kind}:${eventSubject(event)}`;
}
