// Product photos: recognised by their first bytes (never by the browser's content type or the
// file name), turned into renditions, stored in R2 under a generated key, and removed only when
// nothing can show them.
import { sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { bookings, productPhotos, products, reports, wishlistEntries } from "#db/schema";
import {
  newPhotoStem,
  PHOTO_MAX_BYTES,
  PHOTO_MESSAGES,
  type PhotoType,
  photoMessage,
  renditionKey,
  storedObjectKeys,
} from "./photo-keys";
import { makeRenditions, type Renditions } from "./photo-renditions.server";

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** The photo type these bytes start with, or null (SVG, HTML, text, HEIC… are all null). */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => bytes[i] === byte)) return "image/png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "image/webp";
  // ISO-BMFF: a leading "ftyp" box whose major or compatible brands name AVIF.
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
    const end = Math.min(boxSize, bytes.length);
    for (let at = 8; at + 4 <= end; at += at === 8 ? 8 : 4) {
      const brand = ascii(bytes, at, at + 4);
      if (brand === "avif" || brand === "avis") return "image/avif";
    }
  }
  return null;
}

export type PhotoCheck = { ok: true; type: PhotoType } | { ok: false; message: string };

/** The size is read from the file's metadata first; only the first bytes are read to sniff. */
export async function checkPhoto(file: File): Promise<PhotoCheck> {
  if (file.size === 0) return { ok: false, message: PHOTO_MESSAGES.empty };
  if (file.size > PHOTO_MAX_BYTES) return { ok: false, message: PHOTO_MESSAGES.tooLarge };
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  const type = sniffPhotoType(head);
  return type ? { ok: true, type } : { ok: false, message: PHOTO_MESSAGES.wrongType };
}

/** Where photos go: R2 for the files, the Images binding to make their renditions. */
export interface PhotoStore {
  photos: R2Bucket;
  images: ImagesBinding;
}

export type PreparedPhotos =
  | { ok: true; photos: Renditions[] }
  | { ok: false; message: string /** 0-based, in the order the files were sent */; index: number };

/**
 * Every photo of a request checked (size and magic bytes, all of them first, since that is
 * cheap) and turned into renditions, or the first reason one of them cannot be: then nothing
 * has been stored anywhere.
 */
export async function preparePhotos(images: ImagesBinding, files: File[]): Promise<PreparedPhotos> {
  for (const [index, file] of files.entries()) {
    const check = await checkPhoto(file);
    if (!check.ok) return { ok: false, message: photoMessage(check.message, index, files.length), index };
  }
  const results = await Promise.all(files.map((file) => makeRenditions(images, file)));
  const photos: Renditions[] = [];
  for (const [index, result] of results.entries()) {
    if (!result.ok) return { ok: false, message: photoMessage(result.message, index, files.length), index };
    photos.push(result.renditions);
  }
  return { ok: true, photos };
}

export interface StoredPhoto {
  key: string;
  width: number;
  height: number;
}

/**
 * Stores the renditions of each photo under a new generated stem (the seed names its own, so
 * that seeding twice changes nothing). If any write fails, what was written is deleted again.
 */
export async function storePhotos(
  photos: R2Bucket,
  prepared: Renditions[],
  stems: string[] = prepared.map(() => newPhotoStem()),
): Promise<StoredPhoto[]> {
  const stored: StoredPhoto[] = [];
  try {
    for (const [index, renditions] of prepared.entries()) {
      const key = stems[index]!;
      stored.push({ key, width: renditions.width, height: renditions.height });
      await Promise.all(
        renditions.files.map((file) =>
          photos.put(renditionKey(key, file.width), file.bytes, { httpMetadata: { contentType: "image/webp" } }),
        ),
      );
    }
  } catch (error) {
    await discardPhotos(
      photos,
      stored.map((photo) => photo.key),
    );
    throw error;
  }
  return stored;
}

/** Removing photos must never hide the cause of a failure that is already on its way up. */
export async function discardPhotos(photos: R2Bucket, keys: string[]): Promise<void> {
  const objects = keys.flatMap(storedObjectKeys);
  if (objects.length === 0) return;
  try {
    await photos.delete(objects);
  } catch (error) {
    console.error("Could not delete photos", keys, error);
  }
}

/** A listing with any history that can show its photos: bookings, wishlist entries, reports. */
const hasHistory = (productId: unknown) => sql`(
  exists (select 1 from ${bookings} where ${bookings.productId} = ${productId})
  or exists (select 1 from ${wishlistEntries} where ${wishlistEntries.productId} = ${productId})
  or exists (select 1 from ${reports} where ${reports.productId} = ${productId}))`;

/**
 * A photo is still needed while a listing that is not deleted shows it, or while a listing that
 * shows or showed it has any history: bookings (the buyer's orders, paid or ended), wishlist
 * entries, reports (what the listing showed when it was reported). Sales are bookings too (every
 * payment belongs to one), so a sold product's photo stays with the order. Rows are read both
 * from the photo table (removed photos keep their row) and from products' cover column.
 */
export async function isPhotoNeeded(db: Database, key: string): Promise<boolean> {
  const [row] = await db.all<{ needed: number }>(sql`select (
    exists (
      select 1 from ${productPhotos} join ${products} on ${products.id} = ${productPhotos.productId}
      where ${productPhotos.key} = ${key}
        and ((${productPhotos.removedAt} is null and ${products.deletedAt} is null) or ${hasHistory(products.id)})
    )
    or exists (
      select 1 from ${products}
      where ${products.photoKey} = ${key} and (${products.deletedAt} is null or ${hasHistory(products.id)})
    )) as needed`);
  return Boolean(row?.needed);
}

/** Deletes the photo from R2 when nothing needs it any more; reports whether it did. */
export async function deletePhotoIfUnneeded(db: Database, photos: R2Bucket, key: string): Promise<boolean> {
  if (await isPhotoNeeded(db, key)) return false;
  await discardPhotos(photos, [key]);
  return true;
}
