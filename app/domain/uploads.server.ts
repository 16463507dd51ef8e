// Product photos: recognised by their first bytes (never by the browser's content type or the
// file name), stored in R2 under a generated key, and removed only when nothing can show them.
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { bookings, products, reports, wishlistEntries } from "../../db/schema";
import { newPhotoKey, PHOTO_MAX_BYTES, PHOTO_MESSAGES, type PhotoType } from "./photo-keys";

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

/** Stores a checked photo under a new key, with the content type we recognised. */
export async function storePhoto(photos: R2Bucket, file: File, type: PhotoType): Promise<string> {
  const key = newPhotoKey(type);
  await photos.put(key, file, { httpMetadata: { contentType: type } });
  return key;
}

/** Removing a photo must never hide the cause of a failure that is already on its way up. */
export async function discardPhoto(photos: R2Bucket, key: string): Promise<void> {
  try {
    await photos.delete(key);
  } catch (error) {
    console.error("Could not delete photo", key, error);
  }
}

/**
 * A photo is still needed while a product carrying it is live, or has any history that can
 * show it: bookings (the buyer's orders, paid or ended), wishlist entries, reports. Sales are
 * bookings too (every payment belongs to one), so a sold product's photo stays with the order.
 */
export async function isPhotoNeeded(db: Database, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.photoKey, key),
        or(
          isNull(products.deletedAt),
          sql`exists (select 1 from ${bookings} where ${bookings.productId} = ${products.id})`,
          sql`exists (select 1 from ${wishlistEntries} where ${wishlistEntries.productId} = ${products.id})`,
          sql`exists (select 1 from ${reports} where ${reports.productId} = ${products.id})`,
        ),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Deletes the photo from R2 when nothing needs it any more; reports whether it did. */
export async function deletePhotoIfUnneeded(db: Database, photos: R2Bucket, key: string): Promise<boolean> {
  if (await isPhotoNeeded(db, key)) return false;
  await discardPhoto(photos, key);
  return true;
}
