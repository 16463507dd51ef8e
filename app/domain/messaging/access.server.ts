// Who may read and write a booking's conversation (ADR 0032). Only its buyer and its product's
// seller write in it, and only while the deal is live (live-deal.ts): a booking that ended
// (cancelled, or past its hold), a listing an admin removed, or a party who left Pay&Buy makes it
// read-only. An admin may read it, read-only, while the listing has an open report. Nobody else
// learns it exists (404).
import { eq, or, sql } from "drizzle-orm";
import { alias, type SQLiteSelect } from "drizzle-orm/sqlite-core";
import type { SessionUser } from "#app/domain/accounts/sessions.server";
import type { Database } from "#db/client";
import { bookings, products, users } from "#db/schema";
import { isLiveDeal } from "./live-deal";
import { DELETED_USER, type ReadOnlyReason } from "./message-words";

export type Viewer = Pick<SessionUser, "id" | "role">;

/** Who is reading: one of the two parties, or an admin looking into a reported listing. */
export type ConversationRole = "buyer" | "seller" | "admin";

export const buyerUser = alias(users, "conversation_buyer");
export const sellerUser = alias(users, "conversation_seller");

/** The listing has an open report (the admin's right to read its conversations). */
export const productReported = sql<number>`exists (select 1 from reports r where r.product_id = "products"."id" and r.status = 'open')`;

/** What every read of a conversation selects: the booking, its listing and its two parties. */
export const conversationFields = {
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
export const isParty = (userId: string) => or(eq(bookings.buyerId, userId), eq(products.sellerId, userId));

/** `bookings` joined with its product and both parties (the aliases `conversationFields` reads). */
export function withParties<T extends SQLiteSelect>(query: T) {
  return query
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(buyerUser, eq(buyerUser.id, bookings.buyerId))
    .innerJoin(sellerUser, eq(sellerUser.id, products.sellerId));
}

export type ConversationRow = {
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

/** The viewer's part in the conversation, or null when they may not even know it exists. */
export function roleIn(row: ConversationRow, viewer: Viewer): ConversationRole | null {
  if (row.buyerId === viewer.id) return "buyer";
  if (row.sellerId === viewer.id) return "seller";
  if (viewer.role === "admin" && row.reported) return "admin";
  return null;
}

/** Why this reader may not write in the conversation at `now` (null: they may). */
export function readOnlyReason(row: ConversationRow, role: ConversationRole, now: number): ReadOnlyReason | null {
  if (role === "admin") return "admin";
  if (!isLiveDeal(row, now)) return "ended";
  if (row.removed) return "removed";
  if (row.buyerDeleted || row.sellerDeleted) return "partyGone";
  return null;
}

/** The other party's name as this viewer sees it ("Deleted user" once the account is gone). */
export function otherParty(row: ConversationRow, role: ConversationRole) {
  const seller = { name: row.sellerDeleted ? DELETED_USER : row.sellerName, role: "seller" as const };
  const buyer = { name: row.buyerDeleted ? DELETED_USER : row.buyerName, role: "buyer" as const };
  return role === "buyer" ? seller : buyer;
}

/** A booking id no row can have: the statements keep their shape and find nothing. */
export function boundedBookingId(bookingId: string): string {
  return bookingId.length === 0 || bookingId.length > 100 ? "" : bookingId;
}

/** The conversation as this viewer may see it, their role and why they may not write (or null). */
export async function findConversation(db: Database, viewer: Viewer, bookingId: string, now: number) {
  const id = boundedBookingId(bookingId);
  if (!id) return null;
  const [row] = await withParties(db.select(conversationFields).from(bookings).$dynamic())
    .where(eq(bookings.id, id))
    .limit(1);
  if (!row) return null;
  const role = roleIn(row, viewer);
  if (!role) return null;
  return { row, role, readOnly: readOnlyReason(row, role, now) };
}
