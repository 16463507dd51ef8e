// One listing as its public page (and GET /api/listings/:id) shows it, and the listings the
// sitemap names. What may be shown is decided by the catalog's one rule, `isListed`.
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { StoredGear } from "#app/domain/gear/describe";
import { SERIAL_SHOWN } from "#app/domain/gear/serials";
import { idSchema } from "#app/domain/shared/schemas";
import type { Database } from "#db/client";
import type { ProductStatus } from "#db/closed-lists";
import { categories, products, users } from "#db/schema";
import { type Bookability, bookabilityOf } from "./bookability";
import { ANY_STATUS, cardFields, isListed, type ListingCard } from "./catalog.server";
import { gearSpecColumns } from "./listing-columns.server";
import { type PublicDetailRow, publicDetailColumns } from "./listing-details.server";
import { gearListsOf } from "./listing-gear.server";
import { photosOf } from "./listing-photos.server";
import { shownPreviousPrice } from "./price-drops";
import { type PriceGuidance, priceGuidance } from "./price-guidance.server";

/** A photo of a listing as the gallery shows it: its stored key and its text alternative. */
export interface ListingPhoto {
  key: string;
  alt: string;
}

/**
 * The photos of a listing, the cover first, from its shown photos (product_photos); the gallery,
 * the Open Graph image and the JSON-LD read this list only. A listing without photo rows (none
 * is made so, but a row written by hand could be) still shows its cover.
 */
export function listingPhotos(
  listing: { name: string; photoKey: string | null },
  shown: ReadonlyArray<{ key: string }>,
): ListingPhoto[] {
  if (shown.length > 0) {
    return shown.map((photo, index) => ({
      key: photo.key,
      alt: index === 0 ? listing.name : `${listing.name}, photo ${index + 1}`,
    }));
  }
  return listing.photoKey ? [{ key: listing.photoKey, alt: listing.name }] : [];
}

/** A listing's gear as its page shows it: every part read; the serial only by its last characters. */
export type ListingGear = Required<StoredGear>;

export type Listing = ListingCard &
  ListingGear &
  PublicDetailRow & {
    status: ProductStatus;
    categorySlug: string;
    categoryTitle: string;
    updatedAt: Date | null;
    bookability: Bookability;
    /** The previous price struck through beside the price, while a drop is shown (ADR 0063). */
    wasPriceCents: number | null;
    /** Its seller takes offers on it (ADR 0061). */
    offersAccepted: boolean;
  };

/**
 * What a listing's URL answers: the listing; `gone` for one that existed and left (deleted by
 * its seller, removed by an admin, or its seller deleted); `missing` for an id that never was, or
 * for a listing that is not public yet (its seller's address is not verified).
 */
export type ListingLookup =
  | {
      kind: "listed";
      listing: Listing;
      photos: ListingPhoto[];
      sellerListings: ListingCard[];
      guidance: PriceGuidance | null;
    }
  | { kind: "gone" }
  | { kind: "missing" };

/** How many of the seller's other listings the page shows. */
export const SELLER_LISTINGS_LIMIT = 4;

const listingFields = {
  ...cardFields,
  // Every detail the seller gave that anyone may read (the card has only some).
  ...publicDetailColumns,
  status: products.status,
  updatedAt: products.updatedAt,
  offersAccepted: products.offersAccepted,
  categorySlug: sql`${categories.slug}`.mapWith(categories.slug).as("category_slug"),
  categoryTitle: sql`${categories.title}`.mapWith(categories.title).as("category_title"),
  ...gearSpecColumns,
  // Never the whole serial: only what the page may show is read.
  serialEnd: sql<string | null>`substr(${products.serialNumber}, -${sql.raw(String(SERIAL_SHOWN))})`.as("serial_end"),
  // Booked and sold listings stay visible with their state; anything else has left.
  listed: sql<boolean>`case when ${isListed(ANY_STATUS)} then 1 else 0 end`.mapWith(Boolean).as("listed"),
  // A listing of a seller whose address is not verified yet was never public: not found, not gone.
  sellerUnverified: sql<boolean>`case when ${users.emailVerifiedAt} is null then 1 else 0 end`
    .mapWith(Boolean)
    .as("seller_unverified"),
};

/**
 * A listing with its photos, its gear lists, the price guidance of its model and a few of its
 * seller's other available listings, in one D1 round trip. Ids that cannot be ours (empty, over
 * 100 characters) are missing without a query.
 */
export async function findListing(
  db: Database,
  rawId: string,
  currency: string,
  now: number = Date.now(),
): Promise<ListingLookup> {
  const parsed = idSchema.safeParse(rawId);
  if (!parsed.success) return { kind: "missing" };
  const id = parsed.data;
  const [found, others, shown, gearLists, guidance] = await Promise.all([
    db
      .select(listingFields)
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(eq(products.id, id))
      .limit(1),
    db
      .select(cardFields)
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(
        and(
          sql`${products.sellerId} = (select p.seller_id from ${products} p where p.id = ${id})`,
          ne(products.id, id),
          isListed(["available"]),
        ),
      )
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(SELLER_LISTINGS_LIMIT),
    photosOf(db, [id]),
    gearListsOf(db, id),
    priceGuidance(db, { productId: id }, currency),
  ]);
  const row = found[0];
  if (!row) return { kind: "missing" };
  if (!row.listed) return row.sellerUnverified ? { kind: "missing" } : { kind: "gone" };
  const { listed: _listed, sellerUnverified: _unverified, ...fields } = row;
  const listing = {
    ...fields,
    ...gearLists,
    bookability: bookabilityOf(fields),
    wasPriceCents: shownPreviousPrice(fields, now),
  };
  return {
    kind: "listed",
    listing,
    photos: listingPhotos(listing, shown),
    sellerListings: others as ListingCard[],
    guidance,
  };
}

/** Listings per sitemap file: well under the protocol's 50,000 URLs and 50 MB. */
export const SITEMAP_LISTINGS_PER_FILE = 5_000;

/** The listings a crawler should know: those buyers can book now (the storefront's rule). */
const sitemapListed = () => isListed(["available"]);

function sitemapCountQuery(db: Database) {
  return db.select({ total: sql<number>`count(*)` }).from(products).where(sitemapListed());
}

const filesFor = (counted: Array<{ total: number }>) =>
  Math.ceil(Number(counted[0]?.total ?? 0) / SITEMAP_LISTINGS_PER_FILE);

/** How many sitemap files of listings there are (none when nothing is listed). */
export async function countSitemapFiles(db: Database): Promise<number> {
  return filesFor(await sitemapCountQuery(db));
}

/**
 * One sitemap file of listings, oldest first (new listings land on the last file, so the
 * others change only when a listing leaves), with the time each last changed, and how many
 * files there are: one D1 round trip.
 */
export async function loadSitemapFile(db: Database, file: number) {
  const [counted, rows] = await Promise.all([
    sitemapCountQuery(db),
    db
      .select({
        id: products.id,
        lastModified: sql`coalesce(${products.updatedAt}, ${products.createdAt})`
          .mapWith(products.createdAt)
          .as("last_modified"),
      })
      .from(products)
      .where(sitemapListed())
      .orderBy(asc(products.createdAt), asc(products.id))
      .limit(SITEMAP_LISTINGS_PER_FILE)
      .offset((Math.max(1, file) - 1) * SITEMAP_LISTINGS_PER_FILE),
  ]);
  return { files: filesFor(counted), rows };
}
