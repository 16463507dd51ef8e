// Product photos in R2: generated keys only, content types we chose, never the user's file name.
// Browser-safe: the forms show the same limits and messages the server enforces, and the pages
// build their <img> sources here.
import { groupThousands } from "#app/domain/shared/numbers";

export const PHOTO_TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
} as const;
export type PhotoType = keyof typeof PHOTO_TYPES;

/** 5 MB per photo (PRODUCT.md: uploads). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** A listing has 1 to 8 photos (the database holds at most 8 positions). */
export const MIN_PHOTOS = 1;
export const MAX_PHOTOS = 8;

/**
 * Each photo is stored as WebP renditions of these widths, never wider than the photo itself:
 * 320 for table thumbnails, 640 for cards on phones, 1280 for the listing page.
 */
export const RENDITION_WIDTHS = [320, 640, 1280] as const;
export type RenditionWidth = (typeof RENDITION_WIDTHS)[number];
export const LARGE_RENDITION: RenditionWidth = 1280;

/** Decoded sizes beyond these are refused before any work is done (a "pixel bomb"). */
export const PHOTO_MAX_SIDE = 12_000;
export const PHOTO_MAX_PIXELS = 100_000_000;

export const PHOTO_MESSAGES = {
  required: "photo is required",
  notAFile: "Send the photo as a file in the img field.",
  empty: "The photo file is empty. Choose a JPEG, PNG, WebP or AVIF image.",
  tooLarge: "The photo must be 5 MB or smaller.",
  wrongType: "The photo must be a JPEG, PNG, WebP or AVIF image.",
  unreadable: "The photo could not be read as an image. Choose another JPEG, PNG, WebP or AVIF file.",
  tooManyPixels: `The photo is too large in pixels: at most ${groupThousands(PHOTO_MAX_SIDE)} pixels a side and ${PHOTO_MAX_PIXELS / 1_000_000} megapixels.`,
  tooMany: `A listing can have at most ${MAX_PHOTOS} photos.`,
} as const;

export function photoRoomMessage(room: number): string {
  if (room <= 0) return `This listing already has ${MAX_PHOTOS} photos, the most it can have. Remove one first.`;
  return `A listing can have at most ${MAX_PHOTOS} photos: add at most ${room} more.`;
}

/** The message for the photo at `index` (0-based) of a request that sends several. */
export function photoMessage(message: string, index: number, count: number): string {
  return count > 1 ? `Photo ${index + 1}: ${message}` : message;
}

const HEX = "[0-9a-f]{32}";
// Photos stored since renditions exist: a stem, and one WebP object per rendition width.
const STEM_PATTERN = new RegExp(`^p-${HEX}$`);
const RENDITION_PATTERN = new RegExp(`^p-${HEX}-(${RENDITION_WIDTHS.join("|")})\\.webp$`);
// Photos stored before renditions existed: the checked original, under its own key.
const ORIGINAL_PATTERN = new RegExp(`^p-${HEX}\\.(jpg|png|webp|avif)$`);

/** A key the image route serves: a rendition, or an original stored before renditions existed. */
export function isServedPhotoKey(key: string): boolean {
  return RENDITION_PATTERN.test(key) || ORIGINAL_PATTERN.test(key);
}

/** A photo's key names renditions (a stem) rather than one original object. */
export function hasRenditions(key: string): boolean {
  return STEM_PATTERN.test(key);
}

export function newPhotoStem(): string {
  const hex = [...crypto.getRandomValues(new Uint8Array(16))]
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("");
  return `p-${hex}`;
}

export function renditionKey(stem: string, width: RenditionWidth): string {
  return `${stem}-${width}.webp`;
}

// A return's photo (ADR 0107): a stem of its own prefix, stored as the same renditions.
const RETURN_STEM_PATTERN = new RegExp(`^r-${HEX}$`);

/** Every R2 object a photo key stands for (a listing's or a return's stem: its renditions). */
export function storedObjectKeys(key: string): string[] {
  return hasRenditions(key) || RETURN_STEM_PATTERN.test(key)
    ? RENDITION_WIDTHS.map((width) => renditionKey(key, width))
    : [key];
}

/** One URL for the photo (the large rendition): the REST API's `img`, links to the full photo. */
export function photoUrl(key: string | null | undefined): string | null {
  if (!key) return null;
  return hasRenditions(key) ? `/images/${renditionKey(key, LARGE_RENDITION)}` : `/images/${key}`;
}

/** Where a photo is shown: a 64 px table thumbnail, a listing card, the listing page. */
export type PhotoUse = "thumb" | "card" | "large";

const USE_WIDTH: Record<PhotoUse, RenditionWidth> = { thumb: 320, card: 640, large: 1280 };

export interface PhotoSources {
  src: string;
  /** The renditions by width, for the browser to choose from with the element's `sizes`. */
  srcSet?: string;
}

/**
 * The <img> sources for a photo key: `src` is the rendition this use needs (what a browser
 * without srcset support loads); cards and the listing page also get `srcSet` (give the <img> a
 * `sizes`). A 64 px thumbnail needs nothing larger than 320, so it gets `src` alone. With the
 * photo's `width` (of its largest rendition) the widths in `srcSet` are exact; without it they
 * are the nominal ones, and a photo narrower than 1280 is simply picked a little early. Photos
 * stored before renditions existed have only their original.
 */
export function photoSources(
  key: string | null | undefined,
  use: PhotoUse,
  width?: number | null,
): PhotoSources | null {
  if (!key) return null;
  if (!hasRenditions(key)) return { src: `/images/${key}` };
  const src = `/images/${renditionKey(key, USE_WIDTH[use])}`;
  if (use === "thumb") return { src };
  // A card is at most ~380 CSS px wide: 640 covers it up to a 1.7x phone screen and keeps its
  // file small (ADR 0036); only the listing page offers the 1280 rendition.
  const srcSet = photoRenditions(key, width)
    .filter((rendition) => rendition.width <= USE_WIDTH[use])
    .map((rendition) => `${rendition.url} ${rendition.width}w`)
    .join(", ");
  return { src, srcSet };
}

/**
 * A photo's files with their widths, narrowest first. With the photo's `width` (of its largest
 * rendition) the widths are exact and a rendition no smaller than the photo is listed once;
 * without it they are the nominal ones. An original stored before renditions existed is one
 * file of unknown width (0).
 */
export function photoRenditions(key: string, width?: number | null): Array<{ url: string; width: number }> {
  if (!hasRenditions(key)) return [{ url: `/images/${key}`, width: width ?? 0 }];
  const widest = width ?? LARGE_RENDITION;
  return RENDITION_WIDTHS.filter((_, i) => i === 0 || RENDITION_WIDTHS[i - 1]! < widest).map((nominal) => ({
    url: `/images/${renditionKey(key, nominal)}`,
    width: Math.min(nominal, widest),
  }));
}
