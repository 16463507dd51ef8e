// Sending a message: once per idempotency key, only to a live deal's conversation by one of its
// parties, at most MESSAGE_RATE_LIMIT a sender, all decided again by the statement that writes.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DomainEvent } from "#app/domain/shared/events";
import { hashedUuid, isIdempotencyKey } from "#app/domain/shared/idempotency";
import type { Database } from "#db/client";
import { intoColumns } from "#db/insert-select";
import { bookings, messages, products } from "#db/schema";
import { buyerUser, findConversation, isParty, sellerUser, type Viewer } from "./access.server";
import { liveDeal } from "./live-deal";
import { MESSAGE_RATE_LIMIT, MESSAGE_TEXTS, READ_ONLY_TEXTS } from "./message-words";

export type SendResult =
  | { ok: true; messageId: string; replayed: boolean; events: DomainEvent[] }
  | { ok: false; status: 400 | 403 | 404 | 409 | 422 | 429; message: string };

/** The message id a sender's key names: a repeat of the same request names the same message. */
export function messageIdForKey(senderId: string, key: string): Promise<string> {
  return hashedUuid(`pay-and-buy:message\n${senderId}\n${key}`);
}

/**
 * One party sends a message (the body already checked by messageSchema). The key makes it
 * once-only: the same sender and key post one message, a repeat of the same text answers as the
 * first did, and the key with other text is refused (422). The
 * row is written by one INSERT … SELECT that checks the booking, its parties and the rate limit,
 * so a booking that ends meanwhile or a burst of requests cannot get past them.
 */
export async function sendMessage(
  db: Database,
  sender: Viewer,
  bookingId: string,
  body: string,
  key: string,
  now = Date.now(),
): Promise<SendResult> {
  if (!isIdempotencyKey(key)) return { ok: false, status: 400, message: MESSAGE_TEXTS.badKey };
  const found = await findConversation(db, sender, bookingId, now);
  if (!found) return { ok: false, status: 404, message: MESSAGE_TEXTS.notFound };
  if (found.role === "admin") return { ok: false, status: 403, message: MESSAGE_TEXTS.adminReadOnly };
  const messageId = await messageIdForKey(sender.id, key);
  const replay = await replayOf(db, sender, messageId, key, found.row.bookingId, body);
  if (replay) return replay;
  if (found.readOnly) return { ok: false, status: 409, message: READ_ONLY_TEXTS[found.readOnly] };
  const since = now - MESSAGE_RATE_LIMIT.windowMs;
  const result = await db
    .insert(messages)
    .select(
      db
        .select(
          intoColumns(messages, {
            id: sql`${messageId}`,
            bookingId: bookings.id,
            senderId: sql`${sender.id}`,
            body: sql`${body}`,
            idempotencyKey: sql`${key}`,
            createdAt: sql`${now}`,
          }),
        )
        .from(bookings)
        .innerJoin(products, eq(products.id, bookings.productId))
        .innerJoin(buyerUser, eq(buyerUser.id, bookings.buyerId))
        .innerJoin(sellerUser, eq(sellerUser.id, products.sellerId))
        .where(
          and(
            eq(bookings.id, found.row.bookingId),
            isParty(sender.id),
            liveDeal(now),
            isNull(products.removedAt),
            isNull(buyerUser.deletedAt),
            isNull(sellerUser.deletedAt),
            sql`(select count(*) from messages m where m.sender_id = ${sender.id} and m.created_at > ${since}) < ${MESSAGE_RATE_LIMIT.count}`,
          ),
        ),
    )
    .onConflictDoNothing();
  if (result.meta.changes === 1) {
    return { ok: true, messageId, replayed: false, events: [{ kind: "message_received", messageId }] };
  }
  // Nothing written: a concurrent repeat was first, the booking ended meanwhile, or the limit.
  const raced = await replayOf(db, sender, messageId, key, found.row.bookingId, body);
  if (raced) return raced;
  const again = await findConversation(db, sender, bookingId, now);
  if (!again) return { ok: false, status: 404, message: MESSAGE_TEXTS.notFound };
  if (again.readOnly) return { ok: false, status: 409, message: READ_ONLY_TEXTS[again.readOnly] };
  return { ok: false, status: 429, message: MESSAGE_TEXTS.rateLimited };
}

/**
 * The answer to a repeated key: the first message if it was the same text to this booking, a 422
 * otherwise (a key sent again with other words would drop them silently).
 */
async function replayOf(
  db: Database,
  sender: Viewer,
  messageId: string,
  key: string,
  bookingId: string,
  body: string,
): Promise<SendResult | null> {
  const [sent] = await db
    .select({ id: messages.id, bookingId: messages.bookingId, body: messages.body })
    .from(messages)
    .where(and(eq(messages.senderId, sender.id), eq(messages.idempotencyKey, key)))
    .limit(1);
  if (!sent) return null;
  if (sent.bookingId !== bookingId || sent.id !== messageId || sent.body !== body) {
    return { ok: false, status: 422, message: MESSAGE_TEXTS.keyReused };
  }
  // Replayed: nothing new happened, so no event either.
  return { ok: true, messageId: sent.id, replayed: true, events: [] };
}
