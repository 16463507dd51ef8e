// The inbox: a viewer's conversations, newest activity first, each with its last message and
// unread count, and the Messages tab's badge (ADR 0032).
import { and, count, desc, eq, gt, or, type SQL, sql } from "drizzle-orm";
import { LIST_PAGE_SIZE, type Page, pageOffset, toPage } from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import type { Role } from "#db/closed-lists";
import { bookings, messageReads, messages, products } from "#db/schema";
import {
  conversationFields,
  isParty,
  otherParty,
  productReported,
  readOnlyReason,
  roleIn,
  type Viewer,
  withParties,
} from "./access.server";
import { liveDeal } from "./live-deal";
import { DELETED_USER, type ReadOnlyReason } from "./message-words";

/** How much of the last message the conversation list shows. */
export const EXCERPT_LENGTH = 120;

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
 * products — live deals, and ended ones with messages — and for an admin the bookings of
 * listings with an open report (optionally of one listing). The page's rows and their count are
 * read together: the request's read batcher sends them in one D1 batch (ADR 0069).
 */
export async function listConversations(
  db: Database,
  viewer: Viewer,
  options: { page?: number; productId?: string; now?: number } = {},
): Promise<Page<ConversationSummary>> {
  const page = options.page ?? 1;
  const now = options.now ?? Date.now();
  const me = viewer.id;
  const hasMessages = sql`exists (select 1 from messages m where m.booking_id = "bookings"."id")`;
  let where: SQL | undefined;
  if (viewer.role === "admin") {
    where = and(
      productReported,
      options.productId ? eq(products.id, options.productId.slice(0, 100)) : undefined,
      or(liveDeal(now), hasMessages),
    );
  } else {
    where = and(
      viewer.role === "buyer" ? eq(bookings.buyerId, me) : eq(products.sellerId, me),
      options.productId ? eq(products.id, options.productId.slice(0, 100)) : undefined,
      or(liveDeal(now), hasMessages),
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
  const [rows, counted] = await Promise.all([
    withParties(db.select(fields).from(bookings).$dynamic())
      .where(where)
      .orderBy(desc(sql`last_at`), desc(bookings.id))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ total: count() }).from(bookings).innerJoin(products, eq(products.id, bookings.productId)).where(where),
  ]);
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
 * The Messages tab's badge: messages to this buyer or seller not read yet, whatever the role the
 * viewer claims (a buyer is never a booking's seller, a seller never its buyer). Admins have none
 * (0, without a read).
 */
export async function unreadMessageCount(
  db: Database,
  viewer: { id: string; role?: Role | undefined },
): Promise<number> {
  if (viewer.role === "admin") return 0;
  const [found] = await db
    .select({ unread: count() })
    .from(messages)
    .innerJoin(bookings, eq(bookings.id, messages.bookingId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .leftJoin(messageReads, and(eq(messageReads.bookingId, messages.bookingId), eq(messageReads.userId, viewer.id)))
    .where(
      and(
        isParty(viewer.id),
        sql`${messages.senderId} <> ${viewer.id}`,
        gt(messages.createdAt, sql`coalesce(${messageReads.lastReadAt}, 0)`),
      ),
    );
  return Number(found?.unread ?? 0);
}
