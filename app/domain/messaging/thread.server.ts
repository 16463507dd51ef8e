// Reading one conversation: a page of its messages for one of its parties (or an admin, read-only,
// while the listing is reported), and the read mark that clears its unread count.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { type SessionUser, sessionIsLive } from "#app/domain/accounts/sessions.server";
import { LIST_PAGE_SIZE, type Page, pageOffset, toPage } from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import { intoColumns } from "#db/insert-select";
import { bookings, messageReads, messages, products, users } from "#db/schema";
import {
  boundedBookingId,
  type ConversationRole,
  conversationFields,
  isParty,
  otherParty,
  readOnlyReason,
  roleIn,
  type Viewer,
  withParties,
} from "./access.server";
import { DELETED_USER, MESSAGE_TEXTS, type ReadOnlyReason } from "./message-words";

export interface ThreadMessage {
  id: string;
  body: string;
  createdAt: Date;
  /** The sender's name, or "Deleted user". */
  senderName: string;
  /** Sent by the one reading. */
  mine: boolean;
  /** Sent by the booking's buyer (otherwise by the seller). */
  fromBuyer: boolean;
}

/** How many messages a thread page shows; page 1 is the newest, shown oldest first. */
export const THREAD_PAGE_SIZE = LIST_PAGE_SIZE;

export type ThreadResult =
  | {
      ok: true;
      conversation: {
        bookingId: string;
        productId: string;
        productName: string;
        role: ConversationRole;
        otherParty: { name: string; role: "buyer" | "seller" };
        buyerName: string;
        sellerName: string;
        readOnly: ReadOnlyReason | null;
      };
      messages: Page<ThreadMessage>;
    }
  | { ok: false; status: 404; message: string };

/** Who reads a thread, with the session that proves it. */
export type Reader = Pick<SessionUser, "id" | "sessionId">;

/**
 * A conversation for one of its parties (or an admin, read-only, while the listing is reported):
 * one page of messages, oldest first (page 1 holds the newest), and marks it read for a party.
 * The booking, the page, its count and the read mark (read back with `returning`) start together,
 * so the request's read batcher sends them in one D1 batch, with the session's read on a page
 * (ADR 0046, 0069). They are handed over only to a party of the booking, or an admin if it is
 * reported; anyone else gets a 404.
 */
export async function readThread(
  db: Database,
  viewer: Viewer & Reader,
  bookingId: string,
  options: { page?: number; now?: number } = {},
): Promise<ThreadResult> {
  const now = options.now ?? Date.now();
  const page = options.page ?? 1;
  const id = boundedBookingId(bookingId);
  const senders = alias(users, "message_sender");
  const ofThread = eq(messages.bookingId, id);
  const [found, newestFirst, counted] = await Promise.all([
    withParties(db.select(conversationFields).from(bookings).$dynamic()).where(eq(bookings.id, id)).limit(1),
    db
      .select({
        id: messages.id,
        body: messages.body,
        createdAt: messages.createdAt,
        senderId: messages.senderId,
        senderName: senders.name,
        senderDeleted: sql<boolean>`${senders.deletedAt} is not null`.mapWith(Boolean).as("sender_deleted"),
      })
      .from(messages)
      .innerJoin(senders, eq(senders.id, messages.senderId))
      .where(ofThread)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(THREAD_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(messages).where(ofThread),
    threadReadMark(db, viewer, bookingId, now).returning(),
  ]);
  const row = found[0];
  const role = row ? roleIn(row, viewer) : null;
  if (!row || !role) return { ok: false, status: 404, message: MESSAGE_TEXTS.notFound };
  const readOnly = readOnlyReason(row, role, now);
  const shown: ThreadMessage[] = [...newestFirst].reverse().map((message) => ({
    id: message.id,
    body: message.body,
    createdAt: message.createdAt,
    senderName: message.senderDeleted ? DELETED_USER : message.senderName,
    mine: message.senderId === viewer.id,
    fromBuyer: message.senderId === row.buyerId,
  }));
  return {
    ok: true,
    conversation: {
      bookingId: row.bookingId,
      productId: row.productId,
      productName: row.productName,
      role,
      otherParty: otherParty(row, role),
      buyerName: row.buyerDeleted ? DELETED_USER : row.buyerName,
      sellerName: row.sellerDeleted ? DELETED_USER : row.sellerName,
      readOnly,
    },
    messages: toPage(shown, Number(counted[0]?.total ?? 0), page),
  };
}

/**
 * Reading a thread marks it read for a party (never for an admin looking in). One statement that
 * decides for itself: it writes only if the reader's session is live and the reader is the
 * booking's buyer or seller, so a page sends it in the same D1 batch as the session's read and the
 * thread's, before either is known (ADR 0046). Otherwise it writes nothing.
 */
function threadReadMark(db: Database, reader: Reader, bookingId: string, now = Date.now()) {
  return db
    .insert(messageReads)
    .select(
      db
        .select(
          intoColumns(messageReads, {
            bookingId: bookings.id,
            userId: sql`${reader.id}`,
            lastReadAt: sql`${now}`,
          }),
        )
        .from(bookings)
        .innerJoin(products, eq(products.id, bookings.productId))
        .where(
          and(
            eq(bookings.id, bookingId),
            isParty(reader.id),
            sessionIsLive(db, reader.sessionId, reader.id, new Date(now)),
          ),
        ),
    )
    .onConflictDoUpdate({
      target: [messageReads.bookingId, messageReads.userId],
      set: { lastReadAt: sql`max(${messageReads.lastReadAt}, excluded.last_read_at)` },
    });
}
