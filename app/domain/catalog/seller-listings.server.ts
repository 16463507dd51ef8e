// A seller's own products: add one with its photos, list them, advertise, delete. Ownership is
// part of every query (`seller_id = :me`): another seller's product is simply not found.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { SessionUser } from "#app/domain/accounts/sessions.server";
import { countLimit, LIST_PAGE_SIZE, pageOffset, toCappedPage } from "#app/domain/shared/list-query";
import { type Database, rowsChanged } from "#db/client";
import { intoColumns } from "#db/insert-select";
import { categories, productPhotos, products } from "#db/schema";
import { endActiveBookingsStatements } from "./availability.server";
import { ANY_STATUS, isListed } from "./catalog.server";
import { listingColumns } from "./listing-columns.server";
import { detailSelection, sameDetails } from "./listing-details.server";
import { gearColumns, gearRowsStatements, gearSelection } from "./listing-gear.server";
import type { NewProduct } from "./listing-schema";
import {
  claimSerialEntry,
  holdListingStatements,
  releaseSerialEntry,
  SERIAL_ENTRIES_PER_DAY,
  SERIAL_NEEDS_CONFIRMED_ADDRESS,
} from "./serial-holds.server";
import { deletePhotoIfUnneeded, discardPhotos, type PhotoStore, preparePhotos, storePhotos } from "./uploads.server";

export const LISTING_MESSAGES = {
  added: "Product added Successfully",
  advertised: "Product is ready for advertising",
  deleted: "Product has been deleted",
  unknownCategory: "Choose a category from the list.",
  notSeller: "Only sellers can add products.",
  notFound: "There is no such product among yours.",
  soldCannotAdvertise: "A sold product cannot be advertised.",
  removedCannotAdvertise: "This product was removed by an admin and cannot be advertised.",
  requestReused: "This form was already used to add a different product.",
  tooManySerials: `You have given ${SERIAL_ENTRIES_PER_DAY} serial numbers today, the most a day: leave the serial number empty, or add this listing tomorrow.`,
  held: "Product added Successfully. It is held for review before it appears on Pay&Buy.",
} as const;

type Seller = Pick<SessionUser, "id" | "role" | "emailVerified">;

export type CreateListingResult =
  | { ok: true; productId: string; replayed: boolean; held: boolean }
  | {
      ok: false;
      status: 403 | 422 | 429;
      field: "img" | "category" | "serialNumber" | null;
      message: string;
      reused?: true;
    };

/** The fields a repeat of the request must carry to be the same product (the photo aside). */
function sameListing(stored: typeof products.$inferSelect & { categorySlug: string }, input: NewProduct) {
  return (
    sameDetails(stored, input) &&
    stored.categorySlug === input.category.toLowerCase() &&
    Object.entries(gearColumns(input.gear)).every(([key, value]) => stored[key as keyof typeof stored] === value)
  );
}

/** The answer to a repeat: the product this request already added, or a refusal. */
async function earlierAnswer(
  db: Database,
  seller: Seller,
  productId: string,
  input: NewProduct,
): Promise<CreateListingResult | null> {
  const [stored] = await db
    .select({ product: products, categorySlug: categories.slug })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, productId))
    .limit(1);
  if (!stored) return null;
  if (
    stored.product.sellerId === seller.id &&
    sameListing({ ...stored.product, categorySlug: stored.categorySlug }, input)
  ) {
    return { ok: true, productId, replayed: true, held: stored.product.heldAt !== null };
  }
  return { ok: false, status: 422, field: null, message: LISTING_MESSAGES.requestReused, reused: true };
}

/**
 * The photos are checked and turned into renditions, then stored, then the rows are written in
 * one batch: the product (only when the category exists) and its photos (only when that product
 * row is the one this request wrote, known by the photos revision it set). If that writes
 * nothing or fails, the renditions just stored are deleted again, so a failure leaves nothing
 * behind in R2 or D1.
 *
 * With a `productId` (from a form token or an Idempotency-Key) the request happens once: a
 * repeat finds the product already there and answers as the first time did, before storing its
 * photos; repeats that race each other meet at the primary key, and the loser's photos are
 * deleted.
 */
export async function createListing(
  db: Database,
  store: PhotoStore,
  seller: Seller,
  input: NewProduct,
  request: { productId?: string } = {},
): Promise<CreateListingResult> {
  if (seller.role !== "seller") return { ok: false, status: 403, field: null, message: LISTING_MESSAGES.notSeller };
  if (request.productId) {
    const earlier = await earlierAnswer(db, seller, request.productId, input);
    if (earlier) return earlier;
  }
  if (input.gear.serial && !seller.emailVerified) {
    return { ok: false, status: 403, field: "serialNumber", message: SERIAL_NEEDS_CONFIRMED_ADDRESS };
  }
  const now = Date.now();
  // A serial claims its place under the seller's day before anything is stored, and is given back
  // below if the listing is not written (ADR 0072).
  const serialClaim = input.gear.serial ? await claimSerialEntry(db, seller.id, now) : null;
  if (input.gear.serial && !serialClaim) {
    return { ok: false, status: 429, field: "serialNumber", message: LISTING_MESSAGES.tooManySerials };
  }
  const release = async () => {
    if (serialClaim) await releaseSerialEntry(db, serialClaim);
  };
  const prepared = await preparePhotos(store.images, input.img);
  if (!prepared.ok) {
    await release();
    return { ok: false, status: 422, field: "img", message: prepared.message };
  }
  const stored = await storePhotos(store.photos, prepared.photos).catch(async (error: unknown) => {
    await release();
    throw error;
  });
  const productId = request.productId ?? crypto.randomUUID();
  const revision = crypto.randomUUID();
  // Only the row this request wrote carries this revision.
  const writtenHere = sql`${products.photosRevision} = ${revision}`;
  let written = false;
  let held = false;
  try {
    const [inserted, ...rest] = await db.batch([
      db
        .insert(products)
        .select(
          db
            .select(
              intoColumns(products, {
                id: sql`${productId}`,
                sellerId: sql`${seller.id}`,
                categoryId: categories.id,
                ...detailSelection(input),
                // Set by the photo rows' trigger: the cover is the photo at position 0.
                photoKey: sql`null`,
                photosRevision: sql`${revision}`,
                status: sql`'available'`,
                advertised: sql`0`,
                createdAt: sql`${now}`,
                updatedAt: sql`null`,
                deletedAt: sql`null`,
                removedAt: sql`null`,
                ...gearSelection(input.gear),
                heldAt: sql`null`,
                // A new listing has no price drop yet, and its price is set now (ADR 0063, 0077).
                previousPriceCents: sql`null`,
                priceDroppedAt: sql`null`,
                previousPriceUntil: sql`null`,
                priceSetAt: sql`${now}`,
                // A new listing takes offers until its seller turns them off (ADR 0061).
                offersAccepted: sql`1`,
              }),
            )
            .from(categories)
            .where(eq(categories.slug, input.category.toLowerCase())),
        )
        // A repeat of the same one-time token names the same id: it writes nothing.
        .onConflictDoNothing({ target: products.id }),
      ...stored.map((photo, position) =>
        db.insert(productPhotos).select(
          db
            .select(
              intoColumns(productPhotos, {
                id: sql`${crypto.randomUUID()}`,
                productId: products.id,
                position: sql`${position}`,
                key: sql`${photo.key}`,
                width: sql`${photo.width}`,
                height: sql`${photo.height}`,
                createdAt: sql`${now}`,
                removedAt: sql`null`,
              }),
            )
            .from(products)
            // Only the row this request wrote carries this revision.
            .where(and(eq(products.id, productId), eq(products.photosRevision, revision))),
        ),
      ),
      ...gearRowsStatements(db, productId, input.gear, writtenHere),
      // A serial (counted by its claim above) is matched with the stolen-gear register.
      ...(input.gear.serial ? holdListingStatements(db, productId, now) : []),
    ]);
    const photoRows = rest.slice(0, stored.length) as D1Result[];
    // D1 counts what triggers write too (the search index's row, the cover's update): a row
    // written is "at least one change".
    written = inserted.meta.changes > 0 && photoRows.every((row) => row.meta.changes > 0);
    // The hold, if any, is the batch's last statement.
    held = input.gear.serial !== null && rowsChanged(rest.at(-1)) > 0;
  } finally {
    if (!written) {
      await release();
      await discardPhotos(
        store.photos,
        stored.map((photo) => photo.key),
      );
    }
  }
  if (written) return { ok: true, productId, replayed: false, held };
  const earlier = request.productId ? await earlierAnswer(db, seller, request.productId, input) : null;
  return earlier ?? { ok: false, status: 422, field: "category", message: LISTING_MESSAGES.unknownCategory };
}

/**
 * One page of the seller's products that are not deleted, newest first (removed ones stay,
 * marked), its total capped at COUNT_CAP. The rows and their count start together: the request's
 * read batcher sends them with the page's other reads (ADR 0069).
 */
export async function listSellerListings(db: Database, sellerId: string, page: number) {
  const mine = and(eq(products.sellerId, sellerId), isNull(products.deletedAt));
  const [rows, counted] = await Promise.all([
    db
      .select({
        ...listingColumns,
        photoKey: products.photoKey,
        status: products.status,
        advertised: products.advertised,
        createdAt: products.createdAt,
        removedAt: products.removedAt,
        heldAt: products.heldAt,
        // Its public page can be opened (booked and sold ones too).
        listed: sql<boolean>`${isListed(ANY_STATUS)}`.mapWith(Boolean).as("listed"),
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(mine)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(page)),
    // Capped like the storefront's counts (ADR 0035): a seller with thousands of listings is
    // not counted to the last one on every page.
    db.select({ total: sql<number>`count(*)` }).from(
      db
        .select({ one: sql`1`.as("one") })
        .from(products)
        .where(mine)
        .limit(countLimit(page))
        .as("mine"),
    ),
  ]);
  return toCappedPage(rows, Number(counted[0]?.total ?? 0), page);
}

export type SellerListing = Awaited<ReturnType<typeof listSellerListings>>["rows"][number];

export type ChangeResult = { ok: true; changed: boolean } | { ok: false; status: 404 | 409; message: string };

const ownedLive = (sellerId: string, productId: string) =>
  and(eq(products.id, productId), eq(products.sellerId, sellerId), isNull(products.deletedAt));

/**
 * Advertise: the product shows on the home page while it is available. Advertising twice
 * changes nothing; a sold or removed product cannot be advertised.
 */
export async function advertiseListing(db: Database, sellerId: string, productId: string): Promise<ChangeResult> {
  const result = await db
    .update(products)
    .set({ advertised: true, updatedAt: new Date() })
    .where(
      and(
        ownedLive(sellerId, productId),
        eq(products.advertised, false),
        sql`${products.status} <> 'sold'`,
        isNull(products.removedAt),
      ),
    );
  if (result.meta.changes === 1) return { ok: true, changed: true };
  const [product] = await db
    .select({ status: products.status, advertised: products.advertised, removedAt: products.removedAt })
    .from(products)
    .where(ownedLive(sellerId, productId))
    .limit(1);
  if (!product) return { ok: false, status: 404, message: LISTING_MESSAGES.notFound };
  if (product.status === "sold") return { ok: false, status: 409, message: LISTING_MESSAGES.soldCannotAdvertise };
  if (product.removedAt) return { ok: false, status: 409, message: LISTING_MESSAGES.removedCannotAdvertise };
  return { ok: true, changed: false };
}

/**
 * Deleting hides the product and loses nothing: the row stays (soft delete) with its bookings
 * and payments, an active (unpaid) booking is ended in the same batch so its buyer sees it as
 * cancelled, and its photos leave R2 only when no history can show them any more.
 */
export async function deleteListing(
  db: Database,
  photos: R2Bucket,
  sellerId: string,
  productId: string,
): Promise<ChangeResult> {
  // Ownership first: the booking statements below name the product alone. A seller never
  // changes and a deletion is never undone, so the answer cannot go stale before the batch.
  const [found, photoRows] = await Promise.all([
    db.select({ photoKey: products.photoKey }).from(products).where(ownedLive(sellerId, productId)).limit(1),
    // Every photo the listing shows or showed (removed photos kept for its history).
    db.select({ key: productPhotos.key }).from(productPhotos).where(eq(productPhotos.productId, productId)),
  ]);
  const product = found[0];
  if (!product) return { ok: false, status: 404, message: LISTING_MESSAGES.notFound };
  const now = Date.now();
  const [deleted] = await db.batch([
    db
      .update(products)
      .set({ deletedAt: new Date(now), updatedAt: new Date(now) })
      .where(ownedLive(sellerId, productId)),
    // Released too: a product is booked only while a live booking holds it.
    ...endActiveBookingsStatements(db, { productId }, "product_deleted", { releaseProducts: true, now }),
  ]);
  // At most one row matches; the search index's trigger adds its own changes to the count.
  const changed = rowsChanged(deleted) > 0;
  if (changed) {
    const keys = new Set([product.photoKey, ...photoRows.map((row) => row.key)].filter((key) => key !== null));
    for (const key of keys) await deletePhotoIfUnneeded(db, photos, key);
  }
  return { ok: true, changed };
}
