// A notification kind is defined once: its event's fields and schema in the shared room
// (app/domain/shared/events.ts), its words, roles and letters in the notifications room
// (kinds.server.ts). The type checks below fail to compile when the two drift apart; the tests
// run every kind, an event made of its definition's fields, through the queue's parser and its
// letters, so a new kind needs nothing in this file.
import { describe, expect, expectTypeOf, it } from "vitest";
import type * as z from "zod";
import { NOTIFICATIONS } from "#app/domain/notifications/kinds.server";
import { plannedLetters } from "#app/domain/notifications/letters.server";
import { parseNotificationMessage, toNotificationMessage } from "#app/domain/notifications/messages";
import { LETTER_LABELS, NOTIFICATION_LABELS } from "#app/domain/notifications/preferences.server";
import {
  ACCOUNT_EVENTS,
  type AccountEventKind,
  type DomainEvent,
  type DomainEventKind,
  type domainEventSchema,
  type EventOf,
  eventKey,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
} from "#app/domain/shared/events";
import { database } from "#db/client";
import { NOTIFICATION_KINDS, type NotificationKind } from "#db/closed-lists";
import { testEnv } from "./test-env";

const ORIGIN = "https://pay-and-buy.example";

/** A value of each field an event carries, by the field's name. */
const FIELD_SAMPLES: Record<string, unknown> = {
  bookingId: "b1",
  messageId: "m1",
  sellerId: "u1",
  productId: "p1",
  operationId: "o1",
  claimId: "c1",
  payoutId: "po1",
  day: "2026-11-28",
  offerId: "of1",
  letterId: "l1",
  entryId: "le1",
  disputeId: "d1",
  runId: "r1",
  linkId: "k1",
  token: "t".repeat(43),
  origin: ORIGIN,
  userId: "u1",
  previousEmail: "old@example.com",
  changeId: "ch1",
  enabled: true,
};

/**
 * One event of every kind the domain can return, made of its definition's fields: a new kind
 * needs nothing here unless it carries a field no kind carried before, which the first test names.
 */
const SAMPLES = Object.fromEntries(
  Object.entries({ ...NOTIFICATION_EVENTS, ...ACCOUNT_EVENTS }).map(([kind, definition]) => [
    kind,
    {
      ...Object.fromEntries(Object.keys(definition.schema.shape).map((field) => [field, FIELD_SAMPLES[field]])),
      kind,
    },
  ]),
) as { [K in DomainEventKind]: EventOf<K> };

describe("a notification kind, defined once", () => {
  it("has a sample event made of known fields", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...NOTIFICATION_KINDS, ...Object.keys(ACCOUNT_EVENTS)].sort());
    for (const event of Object.values(SAMPLES) as DomainEvent[]) {
      const unknown = Object.entries(event)
        .filter(([, value]) => value === undefined)
        .map(([field]) => field);
      expect(unknown, `${event.kind}: a field without its value in FIELD_SAMPLES`).toEqual([]);
    }
  });

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
