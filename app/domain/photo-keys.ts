// Product photos in R2: generated keys only, content types we chose, never the user's file name.
// Browser-safe: the Add Product form shows the same limits and messages the server enforces.

export const PHOTO_TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
} as const;
export type PhotoType = keyof typeof PHOTO_TYPES;

/** 5 MB (PRODUCT.md: uploads). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

export const PHOTO_MESSAGES = {
  required: "photo is required",
  notAFile: "Send the photo as a file in the img field.",
  empty: "The photo file is empty. Choose a JPEG, PNG, WebP or AVIF image.",
  tooLarge: "The photo must be 5 MB or smaller.",
  wrongType: "The photo must be a JPEG, PNG, WebP or AVIF image.",
} as const;

const KEY_PATTERN = /^p-[0-9a-f]{32}\.(jpg|png|webp|avif)$/;

export function isPhotoKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function newPhotoKey(type: PhotoType): string {
  const hex = [...crypto.getRandomValues(new Uint8Array(16))]
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("");
  return `p-${hex}.${PHOTO_TYPES[type]}`;
}

export function photoUrl(key: string | null | undefined): string | null {
  return key ? `/images/${key}` : null;
}
