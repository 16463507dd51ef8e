// "Download my data": everything Pay&Buy keeps about one person, as one JSON document: the
// account, its listings, bookings (made and received), payments, the messages of its
// conversations, ratings (given and received), reports, its consents (notification choices and
// the newsletter), its saved addresses and its sessions. Read in one D1 batch, for the signed-in owner only; it reads
// the tables of every room, and changes none. Privacy's: it reads every room, notification
// choices included.
import { asc, eq, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { liveSessionsOf, SESSION_FIELDS } from "#app/domain/accounts/sessions.server";
import { detailColumns } from "#app/domain/catalog/listing-details.server";
import { listSavedAddresses } from "#app/domain/deals/bookings/saved-addresses.server";
import { buyerDetail } from "#app/domain/deals/parcels/buyer-details";
import { listNotificationSettings } from "#app/domain/notifications/preferences.server";
import type { Database } from "#db/client";
import {
  bookings,
  messages,
  payments,
  products,
  ratings,
  reports,
  sessions,
  subscribers,
  twoFactorCredentials,
  users,
} from "#db/schema";

/** The format's version, for programs that read the file. */
export const EXPORT_VERSION = 1;

const listing = alias(products, "listing");

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export async function exportAccountData(db: Database, userId: string, now = Date.now()) {
  const myBooking = or(
    eq(bookings.buyerId, userId),
    inArray(bookings.productId, db.select({ id: products.id }).from(products).where(eq(products.sellerId, userId))),
  );
  const [account, twoFactor, listings, deals, paid, conversation, rated, reported, choices, newsletter, live, kept] =
    await Promise.all([
      db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          role: users.role,
          phone: users.phone,
          timeZone: users.timeZone,
          camera: users.camera,
          createdAt: users.createdAt,
          emailVerifiedAt: users.emailVerifiedAt,
          sellerVerifiedAt: users.verifiedAt,
          google: users.googleSubject,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1),
      db
        .select({ enabledAt: twoFactorCredentials.enabledAt })
        .from(twoFactorCredentials)
        .where(eq(twoFactorCredentials.userId, userId)),
      db
        .select({
          id: products.id,
          ...detailColumns,
          status: products.status,
          advertised: products.advertised,
          createdAt: products.createdAt,
          updatedAt: products.updatedAt,
          deletedAt: products.deletedAt,
          removedAt: products.removedAt,
        })
        .from(products)
        .where(eq(products.sellerId, userId))
        .orderBy(asc(products.createdAt)),
      db
        .select({
          id: bookings.id,
          productId: bookings.productId,
          productName: listing.name,
          buyerId: bookings.buyerId,
          priceCents: bookings.priceCents,
          meetLocation: bookings.meetLocation,
          buyerContact: bookings.buyerContact,
          status: bookings.status,
          endReason: bookings.endReason,
          createdAt: bookings.createdAt,
          paidAt: bookings.paidAt,
          cancelledAt: bookings.cancelledAt,
        })
        .from(bookings)
        .innerJoin(listing, eq(listing.id, bookings.productId))
        .where(myBooking)
        .orderBy(asc(bookings.createdAt)),
      db
        .select({
          id: payments.id,
          bookingId: payments.bookingId,
          productId: payments.productId,
          buyerId: payments.buyerId,
          amountCents: payments.amountCents,
          currency: payments.currency,
          provider: payments.provider,
          transactionId: payments.transactionId,
          status: payments.status,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .where(or(eq(payments.buyerId, userId), eq(payments.sellerId, userId)))
        .orderBy(asc(payments.createdAt)),
      db
        .select({
          id: messages.id,
          bookingId: messages.bookingId,
          senderId: messages.senderId,
          body: messages.body,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .where(inArray(messages.bookingId, db.select({ id: bookings.id }).from(bookings).where(myBooking)))
        .orderBy(asc(messages.createdAt)),
      db
        .select({
          id: ratings.id,
          paymentId: ratings.paymentId,
          buyerId: ratings.buyerId,
          sellerId: ratings.sellerId,
          stars: ratings.stars,
          comment: ratings.comment,
          createdAt: ratings.createdAt,
        })
        .from(ratings)
        .where(or(eq(ratings.buyerId, userId), eq(ratings.sellerId, userId)))
        .orderBy(asc(ratings.createdAt)),
      db
        .select({
          id: reports.id,
          productId: reports.productId,
          reason: reports.reason,
          details: reports.details,
          status: reports.status,
          createdAt: reports.createdAt,
          resolvedAt: reports.resolvedAt,
        })
        .from(reports)
        .where(eq(reports.reporterId, userId))
        .orderBy(asc(reports.createdAt)),
      listNotificationSettings(db, userId),
      db
        .select({ createdAt: subscribers.createdAt })
        .from(subscribers)
        .where(
          sql`lower(${subscribers.email}) = (select lower(${users.email}) from ${users} where ${users.id} = ${userId})`,
        ),
      db.select(SESSION_FIELDS).from(sessions).where(liveSessionsOf(userId, now)).orderBy(asc(sessions.createdAt)),
      listSavedAddresses(db, userId),
    ]);
  const me = account[0];
  if (!me) return null;
  const side = (buyerId: string) => (buyerId === userId ? "buyer" : "seller");
  return {
    format: "pay-and-buy-account-data",
    version: EXPORT_VERSION,
    exportedAt: new Date(now).toISOString(),
    account: {
      id: me.id,
      name: me.name,
      email: me.email,
      role: me.role,
      phone: me.phone,
      timeZone: me.timeZone,
      camera: me.camera,
      createdAt: iso(me.createdAt),
      emailVerifiedAt: iso(me.emailVerifiedAt),
      sellerVerifiedAt: iso(me.sellerVerifiedAt),
      signsInWithGoogle: me.google !== null,
      twoFactorSince: iso(twoFactor[0]?.enabledAt),
    },
    listings: listings.map((row) => ({
      ...row,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      deletedAt: iso(row.deletedAt),
      removedAt: iso(row.removedAt),
    })),
    bookings: deals.map(({ buyerId, ...row }) => ({
      ...row,
      // A seller's copy carries the buyer's number by the bookings' rule: once the booking is paid.
      buyerContact: buyerDetail(side(buyerId), row.status, row.buyerContact),
      yourSide: side(buyerId),
      createdAt: iso(row.createdAt),
      paidAt: iso(row.paidAt),
      cancelledAt: iso(row.cancelledAt),
    })),
    payments: paid.map(({ buyerId, ...row }) => ({ ...row, yourSide: side(buyerId), createdAt: iso(row.createdAt) })),
    messages: conversation.map(({ senderId, ...row }) => ({
      ...row,
      from: senderId === userId ? "you" : "the other party",
      createdAt: iso(row.createdAt),
    })),
    ratings: rated.map(({ buyerId, sellerId: _seller, ...row }) => ({
      ...row,
      given: buyerId === userId,
      createdAt: iso(row.createdAt),
    })),
    reports: reported.map((row) => ({ ...row, createdAt: iso(row.createdAt), resolvedAt: iso(row.resolvedAt) })),
    consents: {
      notifications: choices.map(({ kind, label, enabled }) => ({
        kind,
        label,
        enabled,
      })),
      newsletter: newsletter[0] ? { subscribedAt: iso(newsletter[0].createdAt) } : null,
    },
    // The addresses the account keeps (ADR 0103); a booking's own copy is in its shipment.
    addresses: kept.map((row) => ({ ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) })),
    sessions: live.map((row) => ({
      ...row,
      createdAt: iso(row.createdAt),
      lastSeenAt: iso(row.lastSeenAt),
      expiresAt: iso(row.expiresAt),
    })),
  };
}

export type AccountData = NonNullable<Awaited<ReturnType<typeof exportAccountData>>>;

/** The file's name: the site and the day. */
export function exportFileName(now = Date.now()): string {
  return `pay-and-buy-data-${new Date(now).toISOString().slice(0, 10)}.json`;
}
