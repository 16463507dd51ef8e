// "Delete my account": the owner leaves, after confirming it is them, as an admin's deletion
// leaves an account (moderation/admin-users.server.ts): the account is marked deleted, every session ends,
// its listings leave the storefront; the history others rely on (bookings, payments, messages,
// ratings, reports) stays. Beyond an admin's deletion it is anonymised: the name becomes "Deleted
// user", the address is released (the person may come back with it), and what was only theirs
// (password, Google link, phone, two-factor, links, notification choices, wishlist, saved
// addresses, the newsletter) is erased. Refused while a deal is unsettled (deals/unsettled.server.ts).
// Privacy's: what a person may do with what we keep about them.
import { and, eq, isNull, sql } from "drizzle-orm";
import { confirmIdentity, type ReauthResult } from "#app/domain/accounts/reauthentication.server";
import { forgetTwoFactorStatements } from "#app/domain/accounts/two-factor.server";
import { hasUnsettledDeals, unsettledDealsOf, unsettledMessage } from "#app/domain/deals/bookings/unsettled.server";
import { closePayoutAccountStatement } from "#app/domain/deals/payouts/accounts.server";
import type { Database } from "#db/client";
import {
  accountTokens,
  notificationPreferences,
  savedAddresses,
  sessions,
  subscribers,
  users,
  wishlistEntries,
} from "#db/schema";

export const DELETION_MESSAGES = {
  deleted: "Your account is deleted. Thank you for using Pay&Buy.",
  adminRefused: "An admin account cannot delete itself. Ask the operator who made it to remove it.",
} as const;

/** The name a deleted account shows wherever its history stays. */
export const DELETED_NAME = "Deleted user";

/** The address a deleted account keeps instead of its own: unique, and never deliverable. */
export const releasedAddress = (userId: string) => `deleted-${userId}@deleted.invalid`;

export type DeleteOwnAccountResult =
  | { ok: true; message: string }
  | { ok: false; status: 403 | 409; field: null; message: string }
  | Extract<ReauthResult, { ok: false }>;

export async function deleteOwnAccount(
  db: Database,
  user: { id: string; email: string; role: string },
  input: { currentPassword?: string; code?: string; confirmEmail?: string },
  options: { secrets: readonly string[]; clientAddress: string; now?: number },
): Promise<DeleteOwnAccountResult> {
  if (user.role === "admin") return { ok: false, status: 403, field: null, message: DELETION_MESSAGES.adminRefused };
  const confirmed = await confirmIdentity(db, user, input, options);
  if (!confirmed.ok) return confirmed;
  const open = await unsettledDealsOf(db, user.id);
  if (open.length > 0) return { ok: false, status: 409, field: null, message: unsettledMessage(open) };
  const now = options.now ?? Date.now();
  // Everything after the first statement happens only if it deleted the account, in this batch:
  // a deal opened since the check above stops the whole batch.
  const deletedNow = sql`exists (select 1 from ${users} where ${users.id} = ${user.id} and ${users.deletedAt} = ${now})`;
  const [deleted] = await db.batch([
    db
      .update(users)
      .set({
        deletedAt: new Date(now),
        updatedAt: new Date(now),
        name: DELETED_NAME,
        email: releasedAddress(user.id),
        phone: null,
        timeZone: null,
        camera: null,
        passwordHash: null,
        googleSubject: null,
      })
      .where(and(eq(users.id, user.id), isNull(users.deletedAt), sql`not ${hasUnsettledDeals(user.id)}`))
      .returning({ id: users.id }),
    db
      .update(sessions)
      .set({ revokedAt: new Date(now) })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), deletedNow)),
    db.delete(accountTokens).where(and(eq(accountTokens.userId, user.id), deletedNow)),
    ...forgetTwoFactorStatements(db, user.id, deletedNow),
    db.delete(notificationPreferences).where(and(eq(notificationPreferences.userId, user.id), deletedNow)),
    db.delete(wishlistEntries).where(and(eq(wishlistEntries.buyerId, user.id), deletedNow)),
    db.delete(savedAddresses).where(and(eq(savedAddresses.userId, user.id), deletedNow)),
    db.delete(subscribers).where(and(sql`lower(${subscribers.email}) = lower(${user.email})`, deletedNow)),
    closePayoutAccountStatement(db, user.id, deletedNow, now),
  ]);
  if (deleted.length === 0) {
    const opened = await unsettledDealsOf(db, user.id);
    if (opened.length > 0) return { ok: false, status: 409, field: null, message: unsettledMessage(opened) };
  }
  return { ok: true, message: DELETION_MESSAGES.deleted };
}
