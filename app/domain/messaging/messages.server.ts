// Messages: each booking has one conversation between its buyer and the product's seller (ADR
// 0032). Only those two write in it, and only while the deal is on: a booking that ended
// (cancelled or expired), a listing an admin removed, or a party who left Pay&Buy makes it
// read-only. An admin may read it, read-only, while the listing has an open report. Nobody else
// learns it exists (404).
import { and, count, desc, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import { alias, type SQLiteSelect } from "drizzle-orm/sqlite-core";
import { type SessionUser, sessionIsLive } from "#app/domain/accounts/sessions.server";
import type { DomainEvent } from "#app/domain/shared/events";
import { hashedUuid, isIdempotencyKey } from "#app/domain/shared/idempotency";
import { LIST_PAGE_SIZE, type Page, pageOffset, toPage } from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import { intoColumns } from "#db/insert-select";
import { bookings, messageReads, messages, products, users } from "#db/schema";

export {
  MESSAGE_BODY_MAX,
  MESSAGE_BODY_MESSAGES,
  type MessageInput,
  messageApiSchema,
  messageSchema,
} from "./message-schema";

/** At most this many messages per sender in the window, counted from the messages table. */
export const MESSAGE_RATE_LIMIT = { count: 20, windowMs: 10 * 60 * 1000 } as const;

/** How much of the last message the conversation list shows. */
export const EXCERPT_LENGTH = 120;

/** What a deleted account is called wherever its messages show. */
export const DELETED_USER = "Deleted user";

export const MESSAGE_TEXTS = {
  sent: "Message sent.",
  notFound: "There is no such conversation.",
  ended: "This booking has ended: its conversation is read-only.",
  removed: "This listing was removed: its conversation is read-only.",
  partyGone: "The other party has left Pay&Buy: this conversation is read-only.",
  adminReadOnly: "Administrators can read this conversation but not write in it.",
  rateLimited: `You have sent ${MESSAGE_RATE_LIMIT.count} messages in the last 10 minutes. Please wait a few minutes before sending more.`,
  badKey: "This form could not be verified. Please send it again from this page.",
  keyReused: "This idempotency key was already used for another message.",
} as const;

type Viewer = Pick<SessionUser, "id" | "role">;

/** Who is reading: one of the two parties, or an admin looking into a reported listing. */
export type ConversationRole = "buyer" | "seller" | "admin";

export type ReadOnlyReason = "ended" | "removed" | "partyGone" | "admin";

const buyerUser = alias(users, "conversation_buyer");
const sellerUser = alias(users, "conversation_seller");

/** The listing has an open report (the admin's right to read its conversations). */
const productReported = sql<number>`exists (select 1 from reports r where r.product_id = "products"."id" and r.status = 'open')`;

/** The deal is still on at `now`: paid, or active and within its hold (ADR 0030). */
const bookingLive = (now: number) =>
  sql`("bookings"."status" = 'paid' or ("bookings"."status" = 'active' and ("bookings"."expires_at" is null or "bookings"."expires_at" > ${now})))`;

const conversationFields = {
  // Aliased: D1 returns rows keyed by column name, and id and name appear more than once.
  bookingId: sql<string>`${bookings.id}`.as("conversation_booking_id"),
  productId: sql<string>`${products.id}`.as("conversation_product_id"),
  productName: sql<string>`${products.name}`.as("product_name"),
  photoKey: products.photoKey,
  buyerId: bookings.buyerId,
  sellerId: products.sellerId,
  buyerName: sql<string>`${buyerUser.name}`.as("buyer_name"),
  buyerDeleted: sql<boolean>`${buyerUser.deletedAt} is not null`.mapWith(Boolean).as("buyer_deleted"),
  sellerName: sql<string>`${sellerUser.name}`.as("seller_name"),
  sellerDeleted: sql<boolean>`${sellerUser.deletedAt} is not null`.mapWith(Boolean).as("seller_deleted"),
  status: bookings.status,
  expiresAt: bookings.expiresAt,
  removed: sql<boolean>`${products.removedAt} is not null`.mapWith(Boolean).as("product_removed"),
  reported: sql<boolean>`${productReported}`.mapWith(Boolean).as("product_reported"),
};

/**
 * The user is one of the booking's two parties: its buyer or its product's seller (`roleIn`'s
 * buyer and seller, for statements that decide in SQL). Needs `bookings` joined with `products`.
 */
const isParty = (userId: string) => or(eq(bookings.buyerId, userId), eq(products.sellerId, userId));

function withParties<T extends SQLiteSelect>(query: T) {
  return query
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(buyerUser, eq(buyerUser.id, bookings.buyerId))
    .innerJoin(sellerUser, eq(sellerUser.id, products.sellerId));
}

type ConversationRow = {
  bookingId: string;
  buyerId: string;
  sellerId: string;
  buyerName: string;
  buyerDeleted: boolean;
  sellerName: string;
  sellerDeleted: boolean;
  status: string;
  expiresAt: Date | null;
  removed: boolean;
  reported: boolean;
};

function roleIn(row: ConversationRow, viewer: Viewer): ConversationRole | null {
  if (row.buyerId === viewer.id) return "buyer";
  if (row.sellerId === viewer.id) return "seller";
  if (viewer.role === "admin" && row.reported) return "admin";
  return null;
}

function readOnlyReason(row: ConversationRow, role: ConversationRole, now: number): ReadOnlyReason | null {
  if (role === "admin") return "admin";
  const live = row.status === "paid" || (row.status === "active" && (!row.expiresAt || row.expiresAt.getTime() > now));
  if (!live) return "ended";
  if (row.removed) return "removed";
  if (row.buyerDeleted || row.sellerDeleted) return "partyGone";
  return null;
}

export const READ_ONLY_TEXTS: Record<ReadOnlyReason, string> = {
  ended: MESSAGE_TEXTS.ended,
  removed: MESSAGE_TEXTS.removed,
  partyGone: MESSAGE_TEXTS.partyGone,
  admin: MESSAGE_TEXTS.adminReadOnly,
};

/** The other party's name as this viewer sees it ("Deleted user" once the account is gone). */
function otherParty(row: ConversationRow, role: ConversationRole) {
  const seller = { name: row.sellerDeleted ? DELETED_USER : row.sellerName, role: "seller" as const };
  const buyer = { name: row.buyerDeleted ? DELETED_USER : row.buyerName, role: "buyer" as const };
  return role === "buyer" ? seller : buyer;
}

async function findConversation(db: Database, viewer: Viewer, bookingId: string, now: number) {
  if (bookingId.length === 0 || bookingId.length > 100) return null;
  const [row] = await withParties(db.select(conversationFields).from(bookings).$dynamic())
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row) return null;
  const role = roleIn(row, viewer);
  if (!role) return null;
  return { row, role, readOnly: readOnlyReason(row, role, now) };
}

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

/**
 * A conversation for one of its parties (or an admin, read-only, while the listing is reported):
 * one page of messages, oldest first (page 1 holds the newest), and marks it read for a party.
 */
export async function readThread(
  db: Database,
  viewer: Viewer & Reader,
  bookingId: string,
  options: { page?: number; now?: number } = {},
): Promise<ThreadResult> {
  const [found, newestFirst, counted] = await db.batch([
    ...threadReads(db, bookingId, options),
    threadReadMark(db, viewer, bookingId, options.now),
  ]);
  return toThread(viewer, [found, newestFirst, counted], options);
}

/**
 * The reads of a page of a thread: the booking with its parties, the page's messages, their
 * count. They name no viewer, so a page can send them in the session's D1 batch (ADR 0040);
 * `toThread` hands them over only to a party of the booking, or an admin if it is reported.
 */
export function threadReads(db: Database, bookingId: string, options: { page?: number } = {}) {
  const page = options.page ?? 1;
  // An impossible id finds nothing: the statements stay the same shape.
  const id = bookingId.length === 0 || bookingId.length > 100 ? "" : bookingId;
  const senders = alias(users, "message_sender");
  const ofThread = eq(messages.bookingId, id);
  return [
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
  ] as const;
}

type ReadResult<Q> = Q extends PromiseLike<infer R> ? R : never;
type ThreadReads = ReturnType<typeof threadReads>;
type ThreadResults = [ReadResult<ThreadReads[0]>, ReadResult<ThreadReads[1]>, ReadResult<ThreadReads[2]>];

/** The thread `threadReads` read, for this viewer: a 404 unless they may read it. */
export function toThread(
  viewer: Viewer,
  [found, newestFirst, counted]: ThreadResults,
  options: { page?: number; now?: number } = {},
): ThreadResult {
  const now = options.now ?? Date.now();
  const page = options.page ?? 1;
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

/** Who reads a thread, with the session that proves it. */
export type Reader = Pick<SessionUser, "id" | "sessionId">;

/**
 * Reading a thread marks it read for a party (never for an admin looking in). One statement that
 * decides for itself: it writes only if the reader's session is live and the reader is the
 * booking's buyer or seller, so a page sends it in the same D1 batch as the session's read and the
 * thread's, before either is known (ADR 0046). Otherwise it writes nothing.
 */
export function threadReadMark(db: Database, reader: Reader, bookingId: string, now = Date.now()) {
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
            bookingLive(now),
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

export interface ConversationSummary {
  bookingId: string;
  productId: string;
  productName: string;
  photoKey: string | null;
  otherParty: { name: string; role: "buyer" | "seller" };
  /** For an admin: both parties. */
  buyerName: string;
  sellerName: string;
  lastMessage: { excerpt: string; at: Date; mine: boolean } | null;
  unread: number;
  readOnly: ReadOnlyReason | null;
}

/**
 * The viewer's conversations, newest activity first (the last message, or the booking when
 * nothing was said yet), a page at a time: a buyer's bookings, a seller's bookings of its
 * products — those still on, and ended ones with messages — and for an admin the bookings of
 * listings with an open report (optionally of one listing).
 */
export async function listConversations(
  db: Database,
  viewer: Viewer,
  options: { page?: number; productId?: string; now?: number } = {},
): Promise<Page<ConversationSummary>> {
  const [rows, counted] = await db.batch(conversationListReads(db, viewer, options));
  return toConversationPage(viewer, [rows, counted], options);
}

/**
 * The two statements of a page of `listConversations` (the page's rows, the total), so that the
 * Messages page can send them in one D1 batch with the session's read (ADR 0040).
 */
export function conversationListReads(
  db: Database,
  viewer: Viewer,
  options: { page?: number; productId?: string } = {},
) {
  const page = options.page ?? 1;
  const me = viewer.id;
  const hasMessages = sql`exists (select 1 from messages m where m.booking_id = "bookings"."id")`;
  const live = sql`"bookings"."status" in ('active', 'paid')`;
  let where: SQL | undefined;
  if (viewer.role === "admin") {
    where = and(
      productReported,
      options.productId ? eq(products.id, options.productId.slice(0, 100)) : undefined,
      or(live, hasMessages),
    );
  } else {
    where = and(
      viewer.role === "buyer" ? eq(bookings.buyerId, me) : eq(products.sellerId, me),
      options.productId ? eq(products.id, options.productId.slice(0, 100)) : undefined,
      or(live, hasMessages),
    );
  }
  const lastAt = sql<number>`coalesce((select max(m.created_at) from messages m where m.booking_id = "bookings"."id"), "bookings"."created_at")`;
  const lastMessage = (column: string) =>
    sql.raw(
      `(select ${column} from messages m where m.booking_id = "bookings"."id" order by m.created_at desc, m.id desc limit 1)`,
    );
  const unread =
    viewer.role === "admin"
      ? sql<number>`0`
      : sql<number>`(select count(*) from messages m where m.booking_id = "bookings"."id" and m.sender_id <> ${me}
          and m.created_at > coalesce((select r.last_read_at from message_reads r where r.booking_id = "bookings"."id" and r.user_id = ${me}), 0))`;
  const fields = {
    ...conversationFields,
    lastAt: lastAt.as("last_at"),
    lastExcerpt: sql<string | null>`substr(${lastMessage("m.body")}, 1, ${EXCERPT_LENGTH + 1})`.as("last_excerpt"),
    lastSenderId: sql<string | null>`${lastMessage("m.sender_id")}`.as("last_sender_id"),
    lastMessageAt: sql<number | null>`${lastMessage("m.created_at")}`.as("last_message_at"),
    unread: unread.as("unread"),
  };
  return [
    withParties(db.select(fields).from(bookings).$dynamic())
      .where(where)
      .orderBy(desc(sql`last_at`), desc(bookings.id))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(bookings).innerJoin(products, eq(products.id, bookings.productId)).where(where),
  ] as const;
}

type ConversationListReads = ReturnType<typeof conversationListReads>;
type ConversationListResults = [ReadResult<ConversationListReads[0]>, ReadResult<ConversationListReads[1]>];

/** The page of conversations `conversationListReads` read, for the viewer it was built for. */
export function toConversationPage(
  viewer: Viewer,
  [rows, counted]: ConversationListResults,
  options: { page?: number; now?: number } = {},
): Page<ConversationSummary> {
  const page = options.page ?? 1;
  const now = options.now ?? Date.now();
  const me = viewer.id;
  const summaries = rows.map((row): ConversationSummary => {
    const role = roleIn(row, viewer) ?? "admin";
    const excerpt = row.lastExcerpt ?? "";
    return {
      bookingId: row.bookingId,
      productId: row.productId,
      productName: row.productName,
      photoKey: row.photoKey,
      otherParty: otherParty(row, role),
      buyerName: row.buyerDeleted ? DELETED_USER : row.buyerName,
      sellerName: row.sellerDeleted ? DELETED_USER : row.sellerName,
      lastMessage:
        row.lastMessageAt === null || row.lastMessageAt === undefined
          ? null
          : {
              excerpt:
                Array.from(excerpt).length > EXCERPT_LENGTH
                  ? `${Array.from(excerpt).slice(0, EXCERPT_LENGTH).join("")}…`
                  : excerpt,
              at: new Date(Number(row.lastMessageAt)),
              mine: row.lastSenderId === me,
            },
      unread: Number(row.unread ?? 0),
      readOnly: readOnlyReason(row, role, now),
    };
  });
  return toPage(summaries, Number(counted[0]?.total ?? 0), page);
}

/**
 * The Messages tab's badge: messages to this buyer or seller not read yet, in one query.
 * Admins have no conversations of their own (0).
 */
/**
 * The read of a user's unread messages, whatever their role: a buyer is never a booking's seller,
 * a seller never its buyer, an admin neither. A statement, so that the dashboard can send it in
 * one D1 batch with the session's read (ADR 0040).
 */
export function unreadMessagesRead(db: Database, userId: string) {
  return db
    .select({ unread: count() })
    .from(messages)
    .innerJoin(bookings, eq(bookings.id, messages.bookingId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .leftJoin(messageReads, and(eq(messageReads.bookingId, messages.bookingId), eq(messageReads.userId, userId)))
    .where(
      and(
        isParty(userId),
        sql`${messages.senderId} <> ${userId}`,
        gt(messages.createdAt, sql`coalesce(${messageReads.lastReadAt}, 0)`),
      ),
    );
}

export function toUnreadCount(rows: readonly { unread: number }[]): number {
  return Number(rows[0]?.unread ?? 0);
}

export async function unreadMessageCount(db: Database, viewer: Viewer): Promise<number> {
  if (viewer.role === "admin") return 0;
  return toUnreadCount(await unreadMessagesRead(db, viewer.id));
}
