// A listing's photos: read in order for the pages, and added, removed and reordered by the seller
// while the listing is available. Every change is written as one batch that replaces the
// listing's shown photos, and only if nothing changed them since they were read (the listing's
// photos_revision, compared and set in the batch's first statement); a change that lost such a
// race is worked out again from what is there now. The cover (products.photo_key) follows by
// trigger (migration 0002).
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { intoColumns } from "#db/insert-select";
import { productPhotos, products } from "#db/schema";
import {
  type EditRefusal,
  editableListing,
  findListingForEdit,
  LISTING_EDIT_MESSAGES,
  type ShownPhoto,
} from "./listing-edits.server";
import { photoIdsForUpload } from "./listing-requests.server";
import { MAX_PHOTOS, MIN_PHOTOS, photoRoomMessage } from "./photo-keys";
import {
  deletePhotoIfUnneeded,
  discardPhotos,
  type PhotoStore,
  preparePhotos,
  type StoredPhoto,
  storePhotos,
} from "./uploads.server";

export const PHOTO_EDIT_MESSAGES = {
  added: "The photos have been added",
  addedOne: "The photo has been added",
  removed: "The photo has been removed",
  moved: "The photos have been reordered",
  lastPhoto: `A listing needs at least ${MIN_PHOTOS} photo: add another one before removing this one.`,
  noSuchPhoto: "This photo is not among the listing's photos (it may have been removed already).",
  badPosition: "Choose a position among the listing's photos.",
  badOrder: "Send every photo of the listing once, in the new order.",
  busy: "The photos were being changed by another request. Please try again.",
} as const;

export interface ProductPhoto {
  id: string;
  productId: string;
  position: number;
  key: string;
  /** Of the largest rendition; null for a photo stored before renditions existed. */
  width: number | null;
  height: number | null;
}

// D1 binds at most 100 parameters per query.
const IDS_PER_QUERY = 90;

/** The query of these listings' shown photos, in order; for a caller's own db.batch. */
export function photosOf(db: Database, productIds: string[]) {
  return db
    .select({
      id: productPhotos.id,
      productId: productPhotos.productId,
      position: productPhotos.position,
      key: productPhotos.key,
      width: productPhotos.width,
      height: productPhotos.height,
    })
    .from(productPhotos)
    .where(and(inArray(productPhotos.productId, productIds), isNotNull(productPhotos.position)))
    .orderBy(asc(productPhotos.productId), asc(productPhotos.position));
}

/**
 * The shown photos of these listings, each listing's in order (position 0, the cover, first),
 * in one D1 round trip. It does not decide who may see a listing: ask with listed ids.
 */
export async function listProductPhotos(db: Database, productIds: string[]): Promise<ProductPhoto[]> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return [];
  const chunks: string[][] = [];
  for (let at = 0; at < ids.length; at += IDS_PER_QUERY) chunks.push(ids.slice(at, at + IDS_PER_QUERY));
  const [first, ...rest] = chunks.map((chunk) => photosOf(db, chunk));
  const results = await db.batch([first!, ...rest]);
  return results.flat() as ProductPhoto[];
}

type PhotoRow = Pick<ShownPhoto, "id" | "key" | "width" | "height" | "createdAt">;

/** A change of the shown photos, worked out from the photos shown now. */
type PhotoChange = { ok: true; shown: PhotoRow[]; removed: PhotoRow[] } | { ok: true; unchanged: true } | EditRefusal;

/**
 * The batch that makes `shown` (in this order) the listing's photos and keeps `removed` as
 * removed rows, if the listing is still editable and its photos are still at `expected`.
 */
function photoSetStatements(
  db: Database,
  target: { sellerId: string; productId: string; expected: string },
  shown: PhotoRow[],
  removed: PhotoRow[],
) {
  const { sellerId, productId, expected } = target;
  const revision = crypto.randomUUID();
  const now = new Date();
  const claimed = sql`exists (select 1 from ${products} where ${products.id} = ${productId} and ${products.photosRevision} = ${revision})`;
  const insert = (photo: PhotoRow, position: number | null) =>
    db.insert(productPhotos).select(
      db
        .select(
          intoColumns(productPhotos, {
            id: sql`${photo.id}`,
            productId: products.id,
            position: sql`${position}`,
            key: sql`${photo.key}`,
            width: sql`${photo.width}`,
            height: sql`${photo.height}`,
            createdAt: sql`${photo.createdAt.getTime()}`,
            removedAt: position === null ? sql`${now.getTime()}` : sql`null`,
          }),
        )
        .from(products)
        .where(and(eq(products.id, productId), eq(products.photosRevision, revision))),
    );
  return [
    db
      .update(products)
      .set({ photosRevision: revision, updatedAt: now })
      .where(and(editableListing(sellerId, productId), eq(products.photosRevision, expected))),
    db
      .delete(productPhotos)
      .where(and(eq(productPhotos.productId, productId), isNotNull(productPhotos.position), claimed)),
    ...shown.map((photo, position) => insert(photo, position)),
    ...removed.map((photo) => insert(photo, null)),
  ] as const;
}

export type PhotoEditResult = { ok: true; changed: boolean; photoIds?: string[] } | EditRefusal;

/**
 * Reads the listing's photos, asks `change` what they should become, and writes that if nothing
 * changed them meanwhile; otherwise reads again (a few times) so a race is worked out on what is
 * there now. Returns the photos it removed, for their objects to be let go.
 */
async function changePhotos(
  db: Database,
  sellerId: string,
  productId: string,
  change: (shown: ShownPhoto[]) => Promise<PhotoChange> | PhotoChange,
): Promise<{ ok: true; changed: boolean; removed: PhotoRow[] } | EditRefusal> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const found = await findListingForEdit(db, sellerId, productId);
    if (!found) return { ok: false, status: 404, message: LISTING_EDIT_MESSAGES.notFound };
    if (found.refusal) return found.refusal;
    const wanted = await change(found.photos);
    if (!wanted.ok) return wanted;
    if ("unchanged" in wanted) return { ok: true, changed: false, removed: [] };
    const target = { sellerId, productId, expected: found.listing.photosRevision };
    const [claim, ...rest] = photoSetStatements(db, target, wanted.shown, wanted.removed);
    const [claimed] = await db.batch([claim, ...rest]);
    if (claimed.meta.changes === 1) return { ok: true, changed: true, removed: wanted.removed };
  }
  return { ok: false, status: 409, message: PHOTO_EDIT_MESSAGES.busy };
}

/**
 * Adds photos after the listing's others. With an `uploadId` (the edit form's one-time field, or
 * an Idempotency-Key) the photos' ids are named by the request, so a repeat finds them there and
 * adds nothing. Photos are checked and stored before the write and deleted again if it fails.
 */
export async function addListingPhotos(
  db: Database,
  store: PhotoStore,
  sellerId: string,
  productId: string,
  files: File[],
  request: { uploadId?: string } = {},
): Promise<PhotoEditResult & { replayed?: boolean }> {
  const ids = request.uploadId
    ? await photoIdsForUpload(productId, request.uploadId, files.length)
    : files.map(() => crypto.randomUUID());
  const alreadyAdded = async () =>
    request.uploadId !== undefined &&
    (await db.select({ id: productPhotos.id }).from(productPhotos).where(eq(productPhotos.id, ids[0]!)).limit(1))
      .length > 0;
  const room = (shown: ShownPhoto[]): EditRefusal | null =>
    shown.length + files.length > MAX_PHOTOS
      ? { ok: false, status: 422, message: photoRoomMessage(MAX_PHOTOS - shown.length) }
      : null;

  // Refusals that need no photo work first: not the seller's, not editable, no room, a repeat.
  const found = await findListingForEdit(db, sellerId, productId);
  if (!found) return { ok: false, status: 404, message: LISTING_EDIT_MESSAGES.notFound };
  if (found.refusal) return found.refusal;
  if (await alreadyAdded()) return { ok: true, changed: false, photoIds: ids, replayed: true };
  const full = room(found.photos);
  if (full) return full;

  const prepared = await preparePhotos(store.images, files);
  if (!prepared.ok) return { ok: false, status: 422, message: prepared.message };
  const stored: StoredPhoto[] = await storePhotos(store.photos, prepared.photos);
  let replayed = false;
  let written = false;
  try {
    const now = new Date();
    const result = await changePhotos(db, sellerId, productId, async (shown) => {
      if (await alreadyAdded()) {
        replayed = true;
        return { ok: true, unchanged: true };
      }
      const refusal = room(shown);
      if (refusal) return refusal;
      const added = stored.map((photo, i) => ({ ...photo, id: ids[i]!, createdAt: now }));
      return { ok: true, shown: [...shown, ...added], removed: [] };
    });
    written = result.ok && result.changed;
    if (!result.ok) return result;
    return { ok: true, changed: written, photoIds: ids, ...(replayed ? { replayed } : {}) };
  } finally {
    if (!written)
      await discardPhotos(
        store.photos,
        stored.map((photo) => photo.key),
      );
  }
}

/**
 * Removes one photo (never the last one). Its row stays, marked removed, while the listing has
 * history that may need it (ADR 0028); otherwise its objects leave R2 and the row goes too.
 */
export async function removeListingPhoto(
  db: Database,
  photos: R2Bucket,
  sellerId: string,
  productId: string,
  photoId: string,
): Promise<PhotoEditResult> {
  const result = await changePhotos(db, sellerId, productId, (shown) => {
    const photo = shown.find((candidate) => candidate.id === photoId);
    if (!photo) return { ok: false, status: 404, message: PHOTO_EDIT_MESSAGES.noSuchPhoto };
    if (shown.length <= MIN_PHOTOS) return { ok: false, status: 409, message: PHOTO_EDIT_MESSAGES.lastPhoto };
    return { ok: true, shown: shown.filter((candidate) => candidate !== photo), removed: [photo] };
  });
  if (!result.ok) return result;
  for (const photo of result.removed) {
    if (await deletePhotoIfUnneeded(db, photos, photo.key)) {
      await db
        .delete(productPhotos)
        .where(and(eq(productPhotos.id, photo.id), sql`${productPhotos.removedAt} is not null`));
    }
  }
  return { ok: true, changed: result.changed };
}

/** Moves one photo to a position (0 is the cover). Moving it where it is changes nothing. */
export async function moveListingPhoto(
  db: Database,
  sellerId: string,
  productId: string,
  photoId: string,
  position: number,
): Promise<PhotoEditResult> {
  const result = await changePhotos(db, sellerId, productId, (shown) => {
    const from = shown.findIndex((candidate) => candidate.id === photoId);
    if (from < 0) return { ok: false, status: 404, message: PHOTO_EDIT_MESSAGES.noSuchPhoto };
    if (!Number.isInteger(position) || position < 0 || position >= shown.length) {
      return { ok: false, status: 422, message: PHOTO_EDIT_MESSAGES.badPosition };
    }
    if (from === position) return { ok: true, unchanged: true };
    const order = shown.filter((_, i) => i !== from);
    order.splice(position, 0, shown[from]!);
    return { ok: true, shown: order, removed: [] };
  });
  return result.ok ? { ok: true, changed: result.changed } : result;
}

/** Puts the photos in this order: every shown photo's id, once. The same order changes nothing. */
export async function orderListingPhotos(
  db: Database,
  sellerId: string,
  productId: string,
  photoIds: string[],
): Promise<PhotoEditResult> {
  const result = await changePhotos(db, sellerId, productId, (shown) => {
    const byId = new Map(shown.map((photo) => [photo.id, photo]));
    const order = photoIds.map((id) => byId.get(id));
    if (
      photoIds.length !== shown.length ||
      new Set(photoIds).size !== photoIds.length ||
      order.some((photo) => !photo)
    ) {
      return { ok: false, status: 422, message: PHOTO_EDIT_MESSAGES.badOrder };
    }
    if (order.every((photo, i) => photo === shown[i])) return { ok: true, unchanged: true };
    return { ok: true, shown: order as ShownPhoto[], removed: [] };
  });
  return result.ok ? { ok: true, changed: result.changed } : result;
}
