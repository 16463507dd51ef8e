// Listings held for a stolen-serial review (ADR 0056). A listing whose serial matches a live
// stolen-gear registration is held (products.held_at): the listing rule keeps it out of the
// storefront, search and booking until the admin clears the hold or removes the listing. The
// statements here go into the batch of the write that gives a listing its serial (Add Product, an
// edit) or that registers a stolen serial, so a match and its hold happen in the same transaction.
// Whether anything matched is never returned to the caller of a registration.
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { type AttemptLimit, claimAttempt, releaseAttempt } from "#app/domain/shared/attempt-limits.server";
import type { Database } from "#db/client";
import { intoColumns } from "#db/insert-select";
import { products, serialEntries, serialMatches, stolenSerials } from "#db/schema";
import { endActiveBookingsStatements } from "./availability.server";

/**
 * Only a seller whose email address is confirmed gives a listing a serial number: a throwaway
 * account cannot list with a serial to learn whether it is held (ADR 0073). Said on the serial
 * field, with how to confirm.
 */
export const SERIAL_NEEDS_CONFIRMED_ADDRESS =
  "Confirm your email address before giving a serial number: open the link we sent you, or ask for a new one on the Confirm your email page (/verify-email) or in Settings. Until then, leave the serial number empty.";

/** How many serial numbers a seller may give listings in a day: listing is not a way to probe the register. */
export const SERIAL_ENTRIES_PER_DAY = 20;
const DAY_MS = 86_400_000;

/**
 * A registration and a listing name the same item: the same normalised serial and, where both
 * say which, the same brand (a registration or a listing of "Other" brand, or a listing without a
 * brand, matches on the serial alone). Only a registration still standing (not withdrawn, not
 * deleted) and a listing still there (not deleted, not removed) match.
 */
function matching(registration: typeof stolenSerials, listing: typeof products): SQL {
  return sql`${listing.serialNumber} = ${registration.serial}
    and (${listing.brand} is null or ${listing.brand} = 'other' or ${registration.brand} = 'other' or ${listing.brand} = ${registration.brand})
    and ${registration.withdrawnAt} is null and ${registration.deletedAt} is null
    and ${listing.deletedAt} is null and ${listing.removedAt} is null`;
}

/** Records the matches of the listings and registrations `which` picks (a pair matched before stays as it was). */
function insertMatches(db: Database, now: number, which: SQL) {
  return db
    .insert(serialMatches)
    .select(
      db
        .select(
          intoColumns(serialMatches, {
            productId: products.id,
            stolenSerialId: stolenSerials.id,
            matchedAt: sql`${now}`,
            resolvedAt: sql`null`,
            resolvedBy: sql`null`,
            resolution: sql`null`,
          }),
        )
        .from(products)
        .innerJoin(stolenSerials, matching(stolenSerials, products))
        .where(which),
    )
    .onConflictDoNothing();
}

const openMatchOf = (productId: SQL | string) =>
  sql`exists (select 1 from ${serialMatches} where ${serialMatches.productId} = ${productId} and ${serialMatches.resolvedAt} is null)`;

/**
 * The statements that match one listing's serial with the registrations and hold it if any
 * matches (a match cleared before, for the same registration, holds it no more). For the batch
 * that writes the listing, after its row.
 */
export function holdListingStatements(db: Database, productId: string, now: number) {
  return [
    insertMatches(db, now, eq(products.id, productId)),
    db
      .update(products)
      .set({ heldAt: new Date(now) })
      .where(and(eq(products.id, productId), isNull(products.heldAt), openMatchOf(productId))),
  ] as const;
}

/**
 * The statements that match a new registration with the listings and hold each that matches: its
 * unpaid booking ends (the buyer is told the listing is held for review) and it leaves the
 * storefront. For the registration's batch, after its row; they run whether or not anything
 * matches, so the registration costs the same either way.
 */
export function holdRegistrationStatements(db: Database, stolenSerialId: string, now: number) {
  const heldNow = sql`(select ${serialMatches.productId} from ${serialMatches}
    where ${serialMatches.stolenSerialId} = ${stolenSerialId} and ${serialMatches.resolvedAt} is null)`;
  return [
    insertMatches(db, now, eq(stolenSerials.id, stolenSerialId)),
    ...endActiveBookingsStatements(db, { productIn: heldNow }, "listing_held", { releaseProducts: true, now }),
    db
      .update(products)
      .set({ heldAt: new Date(now) })
      .where(and(isNull(products.heldAt), sql`${products.id} in ${heldNow}`)),
  ] as const;
}

/** The seller's limit of serial numbers a day. */
const serialLimit = (sellerId: string): AttemptLimit => ({
  table: serialEntries,
  owner: eq(serialEntries.userId, sellerId),
  at: serialEntries.createdAt,
  windowMs: DAY_MS,
  max: SERIAL_ENTRIES_PER_DAY,
});

/**
 * Claims one of the seller's serial numbers of the day, by the statement that counts the others
 * (ADR 0072): the id of the entry, or null when the day's are used up. The claim is made before
 * the listing is written and given back (`releaseSerialEntry`) if it is not.
 */
export async function claimSerialEntry(db: Database, sellerId: string, now: number): Promise<string | null> {
  const id = crypto.randomUUID();
  const claim = await claimAttempt(db, {
    table: serialEntries,
    id: serialEntries.id,
    rows: [{ id: sql`${id}`, userId: sql`${sellerId}`, createdAt: sql`${now}` }],
    limits: [serialLimit(sellerId)],
    now,
  });
  return claim.ok ? id : null;
}

/** Gives a claimed serial number back: the listing that would have carried it was not written. */
export function releaseSerialEntry(db: Database, id: string) {
  return releaseAttempt(db, serialEntries, serialEntries.id, [id]);
}
