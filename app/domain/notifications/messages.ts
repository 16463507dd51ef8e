// The body of a notification queue message: the event as the domain returned it, plus its
// idempotency key. Ids only, but for a one-time link's token: the consumer reads the current
// data when it writes the letters. The schema is the events' own (shared/events.ts): a kind the
// domain can return is a kind the consumer reads.
import { type DomainEvent, domainEventSchema, eventKey } from "#app/domain/shared/events";

export type NotificationMessage = DomainEvent & { key: string };

export function toNotificationMessage(event: DomainEvent): NotificationMessage {
  return { ...event, key: eventKey(event) };
}

/** A message body as the consumer receives it; null for anything that is not one of ours. */
export function parseNotificationMessage(body: unknown): DomainEvent | null {
  const parsed = domainEventSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}
