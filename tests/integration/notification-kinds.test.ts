// A notification kind is defined once: its event's fields and schema in the shared room
// (app/domain/shared/events.ts), its words, roles and letters in the notifications room
// (kinds.server.ts). The type checks below fail to compile when the two drift apart; the tests
// run every kind through the queue's parser and its letters.
import { describe, expect, expectTypeOf, it } from "vitest";
import type * as z from "zod";
import { NOTIFICATIONS } from "#app/domain/notifications/kinds.server";
import { plannedLetters } from "#app/domain/notifications/letters.server";
import { parseNotificationMessage, toNotificationMessage } from "#app/domain/notifications/messages";
import { LETTER_LABELS, NOTIFICATION_LABELS } from "#app/domain/notifications/preferences.server";
import {
  type AccountEventKind,
  type DomainEvent,
  type DomainEventKind,
  type domainEventSchema,
  type EventOf,
  eventKey,
  type NotificationEvent,
} from "#app/domain/shared/events";
import { database } from "#db/client";
import { NOTIFICATION_KINDS, type NotificationKind } from "#db/closed-lists";
import { testEnv } from "./test-env";

const ORIGIN = "https://pay-and-buy.example";

/** One event of every kind the domain can return: a kind without its sample does not compile. */
const SAMPLES: { [K in DomainEventKind]: EventOf<K> } = {
  booking_made: { kind: "booking_made", bookingId: "b1" },
  booking_cancelled: { kind: "booking_cancelled", bookingId: "b1" },
  booking_expired: { kind: "booking_expired", bookingId: "b1" },
  payment_received: { kind: "payment_received", bookingId: "b1" },
  message_received: { kind: "message_received", messageId: "m1" },
  seller_verified: { kind: "seller_verified", sellerId: "u1" },
  listing_removed: { kind: "listing_removed", productId: "p1" },
  payment_released: { kind: "payment_released", operationId: "o1" },
  payment_refunded: { kind: "payment_refunded", operationId: "o1" },
  claim_opened: { kind: "claim_opened", claimId: "c1" },
  claim_answered: { kind: "claim_answered", claimId: "c1" },
  claim_decided: { kind: "claim_decided", claimId: "c1" },
  payout_paid: { kind: "payout_paid", payoutId: "po1" },
  payout_failed: { kind: "payout_failed", payoutId: "po1" },
  price_dropped: { kind: "price_dropped", productId: "p1", day: "2026-11-28" },
  offer_received: { kind: "offer_received", offerId: "of1" },
  offer_countered: { kind: "offer_countered", offerId: "of1" },
  offer_accepted: { kind: "offer_accepted", offerId: "of1" },
  offer_declined: { kind: "offer_declined", offerId: "of1" },
  offer_expired: { kind: "offer_expired", offerId: "of1" },
  saved_search_matches: { kind: "saved_search_matches", letterId: "l1" },
  parcel_sent: { kind: "parcel_sent", bookingId: "b1" },
  parcel_delivered: { kind: "parcel_delivered", bookingId: "b1" },
  ship_reminder: { kind: "ship_reminder", bookingId: "b1" },
  unshipped_cancelled: { kind: "unshipped_cancelled", bookingId: "b1" },
  parcel_release_due: { kind: "parcel_release_due", bookingId: "b1" },
  seller_debt: { kind: "seller_debt", entryId: "le1" },
  dispute_opened: { kind: "dispute_opened", disputeId: "d1" },
  reconciliation_differences: { kind: "reconciliation_differences", runId: "r1" },
  account_link: { kind: "account_link", linkId: "k1", token: "t".repeat(43), origin: ORIGIN },
  email_changed: {
    kind: "email_changed",
    userId: "u1",
    linkId: "k1",
    previousEmail: "old@example.com",
    origin: ORIGIN,
  },
  password_changed: { kind: "password_changed", userId: "u1", changeId: "ch1", origin: ORIGIN },
  two_factor_changed: { kind: "two_factor_changed", userId: "u1", changeId: "ch1", enabled: true, origin: ORIGIN },
  recovery_codes_replaced: { kind: "recovery_codes_replaced", userId: "u1", changeId: "ch1", origin: ORIGIN },
};

describe("a notification kind, defined once", () => {
  it("has one type: the queue schema's, the domain's events, the closed list's kinds", () => {
    expectTypeOf<z.infer<typeof domainEventSchema>>().toEqualTypeOf<DomainEvent>();
    expectTypeOf<NotificationEvent["kind"]>().toEqualTypeOf<NotificationKind>();
    expectTypeOf<DomainEventKind>().toEqualTypeOf<NotificationKind | AccountEventKind>();
    // Each table entry's schema is of its own kind (the key and the literal cannot differ).
    expectTypeOf<{ [K in DomainEventKind]: EventOf<K>["kind"] }>().toEqualTypeOf<{ [K in DomainEventKind]: K }>();
    // Each kind's letters take that kind's event.
    expectTypeOf<Parameters<(typeof NOTIFICATIONS)["price_dropped"]["letters"]>[1]>().toEqualTypeOf<
      EventOf<"price_dropped">
    >();
  });

  it("every kind of the closed list has its words, its roles and its letters", () => {
    expect(Object.keys(NOTIFICATIONS).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    for (const kind of NOTIFICATION_KINDS) {
      const entry = NOTIFICATIONS[kind];
      expect(entry.label, kind).not.toBe("");
      expect(entry.description, kind).toMatch(/\.$/);
      expect(entry.roles.length, kind).toBeGreaterThan(0);
      expect(entry.letters, kind).toBeTypeOf("function");
      expect(NOTIFICATION_LABELS[kind]).toEqual({ label: entry.label, description: entry.description });
      expect(LETTER_LABELS[kind]).toBe(entry.label);
    }
  });

  it("the queue's parser reads back every event the domain can return, as it was sent", () => {
    for (const event of Object.values(SAMPLES) as DomainEvent[]) {
      expect(parseNotificationMessage(toNotificationMessage(event)), event.kind).toEqual(event);
    }
  });

  it("the queue's parser refuses unknown kinds and events missing their fields", () => {
    expect(parseNotificationMessage({ kind: "listing_sold", productId: "p1", key: "listing_sold:p1" })).toBeNull();
    expect(parseNotificationMessage({ kind: "booking_made", key: "booking_made:" })).toBeNull();
    expect(parseNotificationMessage({ kind: "booking_made", productId: "p1" })).toBeNull();
    expect(parseNotificationMessage({ kind: "price_dropped", productId: "p1", day: "yesterday" })).toBeNull();
    expect(parseNotificationMessage({ kind: "account_link", linkId: "k1", token: "t", origin: "ftp://x" })).toBeNull();
    expect(parseNotificationMessage(null)).toBeNull();
    expect(parseNotificationMessage("booking_made")).toBeNull();
  });

  it("keys each event by its kind and the thing it is about", () => {
    expect(eventKey(SAMPLES.booking_made)).toBe("booking_made:b1");
    expect(eventKey(SAMPLES.price_dropped)).toBe("price_dropped:p1:2026-11-28");
    expect(eventKey(SAMPLES.email_changed)).toBe("email_changed:k1");
    expect(eventKey(SAMPLES.two_factor_changed)).toBe("two_factor_changed:ch1");
  });

  it("every kind's letters run, and write none when what the event is about is gone", async () => {
    const db = database(testEnv.DB);
    for (const event of Object.values(SAMPLES) as DomainEvent[]) {
      expect(await plannedLetters(db, event, { appName: "Pay&Buy" }), event.kind).toEqual([]);
    }
  });
});
