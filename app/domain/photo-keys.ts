// Product photo keys in R2: generated keys only, content types we chose, never the user's file name.

export const PHOTO_TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/avif": "avif",
} as const;
export type PhotoType = keyof typeof PHOTO_TYPES;

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
