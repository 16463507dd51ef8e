// The admin's decisions on accounts: the seller and buyer lists, verifying a seller and deleting
// an account. Deleting hides the account and ends its access at once, ends its unpaid bookings
// and hides its listings, but keeps what others rely on: sales, payments and paid orders are
// never touched (ADR 0013). Moderation's, above accounts and catalog: it decides about both.
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { emailMatches } from "#app/domain/accounts/emails";
import { revokeUserSessionsStatement } from "#app/domain/accounts/sessions.server";
import { endActiveBookingsStatements } from "#app/domain/catalog/availability.server";
import { ANY_STATUS, isListed } from "#app/domain/catalog/catalog.server";
import { ratingSummaryColumns } from "#app/domain/catalog/seller-ratings.server";
import { closePayoutAccountStatement } from "#app/domain/deals/payouts/accounts.server";
import type { DomainEvent } from "#app/domain/shared/events";
import { containsText, LIST_PAGE_SIZE, type ListQuery, listPage, pageOffset } from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import { products, users } from "#db/schema";

/** The accounts an admin manages; admins themselves are never listed, verified or deleted. */
export type ManagedRole = "seller" | "buyer";

export const ADMIN_MESSAGES = {
  verified: "Seller verification completed successfully",
  sellerDeleted: "Seller has been deleted",
  buyerDeleted: "Buyer has been deleted",
  noSuchSeller: "There is no such seller.",
  noSuchBuyer: "There is no such buyer.",
  adminProtected: "Admin accounts cannot be deleted.",
} as const;

/** "There is no such seller." / "… buyer.": an account of the role that does not exist, or is gone. */
export const noSuchAccount = (role: ManagedRole) =>
  role === "seller" ? ADMIN_MESSAGES.noSuchSeller : ADMIN_MESSAGES.noSuchBuyer;

const liveAccountOf = (role: ManagedRole) => and(eq(users.role, role), isNull(users.deletedAt));

function nameOrEmailContains(q: string | undefined) {
  if (!q) return undefined;
  return or(containsText(users.name, q), containsText(users.email, q));
}

/**
 * One page of live sellers or buyers, newest first, optionally searched by name or email (All
 * Buyers, All Sellers). The rows and their count start together: one D1 batch (ADR 0069).
 */
export async function listAccounts(db: Database, role: ManagedRole, query: ListQuery) {
  const where = and(liveAccountOf(role), nameOrEmailContains(query.q));
  return listPage(
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        verifiedAt: users.verifiedAt,
        createdAt: users.createdAt,
        // A seller's rating summary (a buyer has none), in the same query.
        ...ratingSummaryColumns(users.id),
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(query.page)),
    db.select({ total: sql<number>`count(*)` }).from(users).where(where),
    query.page,
  );
}

export type ManagedAccount = Awaited<ReturnType<typeof listAccounts>>["rows"][number];

/** A live account of this role, for a confirmation dialog. */
export async function findAccount(db: Database, role: ManagedRole, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), liveAccountOf(role)))
    .limit(1);
  return row ?? null;
}

export type VerifyResult =
  | { ok: true; userModified: number; listingsShowingBadge: number; events: DomainEvent[] }
  | { ok: false; status: 404; message: string };

/**
 * Sets the seller's verified_at. The badge on every listing is read from there through joins,
 * so nothing else is written; the listing count only tells the caller how many now show it.
 */
export async function verifySeller(db: Database, target: { id: string } | { email: string }): Promise<VerifyResult> {
  const which = "id" in target ? eq(users.id, target.id) : emailMatches(users.email, target.email);
  const seller = and(which, liveAccountOf("seller"));
  const now = new Date();
  const [updated, found, listed] = await db.batch([
    db
      .update(users)
      .set({ verifiedAt: now, updatedAt: now })
      .where(and(seller, isNull(users.verifiedAt))),
    db.select({ id: users.id }).from(users).where(seller).limit(1),
    db
      .select({ count: sql<number>`count(*)` })
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(and(seller, isListed(ANY_STATUS))),
  ]);
  if (!found[0]) return { ok: false, status: 404, message: ADMIN_MESSAGES.noSuchSeller };
  const userModified = (updated as D1Result).meta.changes;
  return {
    ok: true,
    userModified,
    listingsShowingBadge: userModified ? Number(listed[0]?.count ?? 0) : 0,
    // Verified now, not already: a repeat tells nobody again.
    events: userModified ? [{ kind: "seller_verified", sellerId: found[0].id }] : [],
  };
}

export type DeleteAccountResult =
  | { ok: true; deletedCount: number; message: string }
  | { ok: false; status: 403 | 404; message: string };

/**
 * Deletes a seller or a buyer in one D1 batch (a transaction): the account is marked deleted
 * (it can no longer sign in, and the storefront hides a seller's listings through the join),
 * every session and token is revoked, and the unpaid bookings it is part of end, leaving no
 * product `booked` without a live booking. Paid bookings and payments stay as they are.
 * An id of the other kind is a 404 and deletes nothing; admins are never deleted here.
 */
export async function deleteAccount(db: Database, role: ManagedRole, userId: string): Promise<DeleteAccountResult> {
  const [target] = await db
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  if (target?.role === "admin") return { ok: false, status: 403, message: ADMIN_MESSAGES.adminProtected };
  if (target?.role !== role) return { ok: false, status: 404, message: noSuchAccount(role) };
  const now = Date.now();
  const endBookings =
    role === "seller"
      ? endActiveBookingsStatements(db, { sellerId: userId }, "seller_deleted", { releaseProducts: true, now })
      : endActiveBookingsStatements(db, { buyerId: userId }, "buyer_deleted", { releaseProducts: true, now });
  const removedNow = sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.deletedAt} = ${now})`;
  const [deleted] = await db.batch([
    db
      .update(users)
      .set({ deletedAt: new Date(now), updatedAt: new Date(now) })
      .where(and(eq(users.id, userId), liveAccountOf(role)))
      // Rows, not D1's change count: a seller's deletion also writes the search index.
      .returning({ id: users.id }),
    revokeUserSessionsStatement(db, userId),
    ...endBookings,
    // A removed seller is never paid again (ADR 0079): their payout account closes with them.
    closePayoutAccountStatement(db, userId, removedNow, now),
  ]);
  const deletedCount = deleted.length;
  // Someone else deleted it a moment ago: the rest of the batch changed nothing either.
  if (deletedCount === 0) return { ok: false, status: 404, message: noSuchAccount(role) };
  return {
    ok: true,
    deletedCount,
    message: role === "seller" ? ADMIN_MESSAGES.sellerDeleted : ADMIN_MESSAGES.buyerDeleted,
  };
}
