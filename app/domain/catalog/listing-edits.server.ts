// A seller changes a listing only while it is still available: not booked, not sold, not removed
// by an admin, not deleted, and only its own (ownership and state are part of every write). A
// booking keeps the price it was made at (bookings store their own price), so a price edit never
// reaches a booking; and an available listing has no live booking.
import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { NotificationEvent } from "#app/domain/shared/events";
import { type Database, rowsChanged } from "#db/client";
import type { ProductStatus } from "#db/closed-lists";
import { categories, productPhotos, products, users } from "#db/schema";
import { listingColumns } from "./listing-columns.server";
import { detailRow } from "./listing-details.server";
import { gearColumns, gearListsOf, replaceGearRowsStatements } from "./listing-gear.server";
import type { ListingDetails } from "./listing-schema";
import { dropDay } from "./price-drops";
import { droppedBy, priceEditColumns } from "./price-drops.server";
import {
  claimSerialEntry,
  holdListingStatements,
  releaseSerialEntry,
  SERIAL_ENTRIES_PER_DAY,
  SERIAL_NEEDS_CONFIRMED_ADDRESS,
} from "./serial-holds.server";

export const LISTING_EDIT_MESSAGES = {
  saved: "Your changes have been saved",
  notFound: "There is no such product among yours.",
  booked: "This listing is booked: it can be changed again only if the booking ends.",
  sold: "This listing is sold and can no longer be changed.",
  removed: "This listing was removed by an admin and can no longer be changed.",
  unknownCategory: "Choose a category from the list.",
  held: "This listing is held for review and cannot be changed until the review ends.",
  tooManySerials: `You have given ${SERIAL_ENTRIES_PER_DAY} serial numbers today, the most a day: keep the serial number as it was, or change it tomorrow.`,
} as const;

export type EditRefusal = { ok: false; status: 403 | 404 | 409 | 422 | 429; message: string; field?: "serialNumber" };

/** The seller's own listing, not deleted (a deleted listing is gone, like another seller's). */
export const ownedListing = (sellerId: string, productId: string) =>
  and(eq(products.id, productId), eq(products.sellerId, sellerId), isNull(products.deletedAt));

/** The listing may still change: the seller's own, available, not removed, not held, not deleted. */
export const editableListing = (sellerId: string, productId: string) =>
  and(
    ownedListing(sellerId, productId),
    eq(products.status, "available"),
    isNull(products.removedAt),
    isNull(products.heldAt),
  );

/** Why a listing of the seller's can no longer change, or null if it can. */
export function editRefusal(listing: {
  status: ProductStatus;
  removedAt: Date | null;
  heldAt: Date | null;
}): EditRefusal | null {
  if (listing.removedAt) return { ok: false, status: 409, message: LISTING_EDIT_MESSAGES.removed };
  if (listing.heldAt) return { ok: false, status: 409, message: LISTING_EDIT_MESSAGES.held };
  if (listing.status === "sold") return { ok: false, status: 409, message: LISTING_EDIT_MESSAGES.sold };
  if (listing.status === "booked") return { ok: false, status: 409, message: LISTING_EDIT_MESSAGES.booked };
  return null;
}

const photoFields = {
  id: productPhotos.id,
  position: productPhotos.position,
  key: productPhotos.key,
  width: productPhotos.width,
  height: productPhotos.height,
  createdAt: productPhotos.createdAt,
};

/**
 * The seller's listing as its edit page shows it, with its photos in order and its gear lists, or
 * null: not the seller's (or gone). The three reads start together, so a request's read batcher
 * sends them as one batch (one transaction: the photos and the listing's photo revision agree,
 * which the photo edits' compare-and-set relies on). The photos and lists count only with the
 * listing, read with its owner.
 */
export async function findListingForEdit(db: Database, sellerId: string, productId: string) {
  const [found, photos, gearLists] = await Promise.all([
    db
      .select({
        ...listingColumns,
        status: products.status,
        removedAt: products.removedAt,
        heldAt: products.heldAt,
        photosRevision: products.photosRevision,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(ownedListing(sellerId, productId))
      .limit(1),
    db
      .select(photoFields)
      .from(productPhotos)
      .where(and(eq(productPhotos.productId, productId), isNotNull(productPhotos.position)))
      .orderBy(asc(productPhotos.position)),
    gearListsOf(db, productId),
  ]);
  const listing = found[0];
  if (!listing) return null;
  return { listing: { ...listing, ...gearLists }, photos: photos as ShownPhoto[], refusal: editRefusal(listing) };
}

export type ListingForEdit = NonNullable<Awaited<ReturnType<typeof findListingForEdit>>>;
export type ShownPhoto = {
  id: string;
  position: number;
  key: string;
  width: number | null;
  height: number | null;
  createdAt: Date;
};

/** Saved; `events` tells the listing's wishlisting buyers of a price drop (ADR 0063). */
export type DetailsSaved = { ok: true; held: boolean; events: NotificationEvent[] };

/**
 * Saves a listing's details (everything but its photos) in one conditional write: it happens
 * only while the listing is editable and the category exists, and its lists (included items,
 * checklist) are replaced in the same batch only when it happens. A new serial number is counted
 * for the rate limit and matched with the stolen-gear register (a match holds the listing).
 * Saving the same details twice leaves the listing as the first time did. A price below both the
 * price it replaces and the last price the listing kept for a day is a price drop
 * (price-drops.server): the event tells the buyers. `now` is the edit's instant (tests move it).
 */
export async function updateListingDetails(
  db: Database,
  sellerId: string,
  productId: string,
  details: ListingDetails,
  now = Date.now(),
): Promise<DetailsSaved | EditRefusal> {
  const slug = details.category.toLowerCase();
  const categoryId = sql`(select ${categories.id} from ${categories} where ${categories.slug} = ${slug})`;
  const serial = details.gear.serial;
  // A serial the listing did not have counts against the seller's day.
  const [current] = await db
    .select({ serialNumber: products.serialNumber, sellerConfirmed: isNotNull(users.emailVerifiedAt) })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(ownedListing(sellerId, productId))
    .limit(1);
  const newSerial = serial !== null && current !== undefined && current.serialNumber !== serial;
  // Only a seller whose address is confirmed gives a serial (one kept as it was stays).
  if (newSerial && !current.sellerConfirmed) {
    return { ok: false, status: 403, message: SERIAL_NEEDS_CONFIRMED_ADDRESS, field: "serialNumber" };
  }
  // A new serial claims its place under the seller's day first, and is given back below if the
  // listing is not saved (ADR 0072).
  const serialClaim = newSerial ? await claimSerialEntry(db, sellerId, now) : null;
  if (newSerial && !serialClaim) {
    return { ok: false, status: 429, message: LISTING_EDIT_MESSAGES.tooManySerials, field: "serialNumber" };
  }
  // The statements after the update happen only if it did (same instant, same listing).
  const saved = sql`${products.updatedAt} = ${now} and ${products.sellerId} = ${sellerId}`;
  const saving = db.batch([
    db
      .update(products)
      .set({
        ...detailRow(details),
        categoryId: sql`${categoryId}`,
        ...priceEditColumns(details.resalePrice, now),
        ...gearColumns(details.gear),
        updatedAt: new Date(now),
      })
      .where(and(editableListing(sellerId, productId), sql`${categoryId} is not null`))
      .returning({ priceDroppedAt: products.priceDroppedAt }),
    ...replaceGearRowsStatements(db, productId, details.gear, saved),
    ...(serial ? holdListingStatements(db, productId, now) : []),
  ]);
  const [result, ...rest] = await saving.catch(async (error: unknown) => {
    if (serialClaim) await releaseSerialEntry(db, serialClaim);
    throw error;
  });
  // At most one row matches.
  const [updated] = result as Array<{ priceDroppedAt: Date | null }>;
  if (updated) {
    const events: NotificationEvent[] = droppedBy(updated, now)
      ? [{ kind: "price_dropped", productId, day: dropDay(now) }]
      : [];
    return { ok: true, held: serial !== null && rowsChanged(rest.at(-1)) > 0, events };
  }
  if (serialClaim) await releaseSerialEntry(db, serialClaim);
  const [listing] = await db
    .select({ status: products.status, removedAt: products.removedAt, heldAt: products.heldAt })
    .from(products)
    .where(ownedListing(sellerId, productId))
    .limit(1);
  if (!listing) return { ok: false, status: 404, message: LISTING_EDIT_MESSAGES.notFound };
  return editRefusal(listing) ?? { ok: false, status: 422, message: LISTING_EDIT_MESSAGES.unknownCategory };
}

export const OFFER_SETTING_MESSAGES = {
  on: "Buyers can make offers on this listing",
  off: "This listing takes no offers",
} as const;

/**
 * The seller turns offers on or off for one of their listings (ADR 0061), whatever its state:
 * off refuses new offers; offers made before stay answerable until their deadline.
 */
export async function setOffersAccepted(
  db: Database,
  sellerId: string,
  productId: string,
  accepted: boolean,
): Promise<{ ok: true; message: string } | EditRefusal> {
  const changed = await db
    .update(products)
    .set({ offersAccepted: accepted })
    .where(and(ownedListing(sellerId, productId), isNull(products.removedAt)))
    .returning({ id: products.id });
  if (changed.length === 0) return { ok: false, status: 404, message: LISTING_EDIT_MESSAGES.notFound };
  return { ok: true, message: accepted ? OFFER_SETTING_MESSAGES.on : OFFER_SETTING_MESSAGES.off };
}
