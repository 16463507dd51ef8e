// The body of a notification queue message: the event as the domain returned it, plus its
// idempotency key. Ids only, but for a one-time link's token: the consumer reads the current
// data when it writes the letters.
import * as z from "zod";
import { type DomainEvent, eventKey } from "#app/domain/shared/events";

export type NotificationMessage = DomainEvent & { key: string };

export function toNotificationMessage(event: DomainEvent): NotificationMessage {
  return { ...event, key: eventKey(event) };
}

const id = z.string().min(1).max(100);
const origin = z.url({ protocol: /^https?$/ }).max(200);

const eventSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("booking_made"), bookingId: id }),
  z.object({ kind: z.literal("booking_cancelled"), bookingId: id }),
  z.object({ kind: z.literal("booking_expired"), bookingId: id }),
  z.object({ kind: z.literal("payment_received"), bookingId: id }),
  z.object({ kind: z.literal("message_received"), messageId: id }),
  z.object({ kind: z.literal("seller_verified"), sellerId: id }),
  z.object({ kind: z.literal("listing_removed"), productId: id }),
  z.object({ kind: z.literal("payment_released"), operationId: id }),
  z.object({ kind: z.literal("payment_refunded"), operationId: id }),
  z.object({ kind: z.literal("claim_opened"), claimId: id }),
  z.object({ kind: z.literal("claim_answered"), claimId: id }),
  z.object({ kind: z.literal("claim_decided"), claimId: id }),
  z.object({ kind: z.literal("payout_paid"), payoutId: id }),
  z.object({ kind: z.literal("payout_failed"), payoutId: id }),
  z.object({ kind: z.literal("price_dropped"), productId: id, day: z.iso.date() }),
  z.object({ kind: z.literal("offer_received"), offerId: id }),
  z.object({ kind: z.literal("offer_countered"), offerId: id }),
  z.object({ kind: z.literal("offer_accepted"), offerId: id }),
  z.object({ kind: z.literal("offer_declined"), offerId: id }),
  z.object({ kind: z.literal("offer_expired"), offerId: id }),
  z.object({ kind: z.literal("saved_search_matches"), letterId: id }),
  z.object({ kind: z.literal("account_link"), linkId: id, token: z.string().min(1).max(100), origin }),
  z.object({
    kind: z.literal("email_changed"),
    userId: id,
    linkId: id,
    previousEmail: z.string().min(3).max(254),
    origin,
  }),
  z.object({ kind: z.literal("password_changed"), userId: id, changeId: id, origin }),
  z.object({ kind: z.literal("two_factor_changed"), userId: id, changeId: id, enabled: z.boolean(), origin }),
]);

/** A message body as the consumer receives it; null for anything that is not one of ours. */
export function parseNotificationMessage(body: unknown): DomainEvent | null {
  const parsed = eventSchema.safeParse(body);
  return parsed.success ? (parsed.data as DomainEvent) : null;
}
