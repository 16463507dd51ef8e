// Renditions of an uploaded photo, made by the Cloudflare Images binding (ADR 0029): WebP at
// 320, 640 and 1280 pixels wide, never upscaled, turned upright by the photo's EXIF
// orientation, with no metadata left in them (GPS positions stay out of served files).
import {
  LARGE_RENDITION,
  PHOTO_MAX_PIXELS,
  PHOTO_MAX_SIDE,
  PHOTO_MESSAGES,
  RENDITION_WIDTHS,
  type RenditionWidth,
} from "./photo-keys";

/**
 * WebP quality: a card's 640 rendition of a typical photo stays under 30 KB (measured in ADR
 * 0029). The local Images binding of `wrangler dev` and the tests ignores it (sharp's default,
 * 80, is used there), so local files are somewhat larger than production's.
 */
export const RENDITION_QUALITY = 70;

export interface Renditions {
  /** The size of the largest rendition (the photo, upright, at most 1280 wide). */
  width: number;
  height: number;
  files: Array<{ width: RenditionWidth; bytes: Uint8Array }>;
}

export type RenditionResult = { ok: true; renditions: Renditions } | { ok: false; message: string };

const streamOf = (bytes: Uint8Array | Blob) =>
  (bytes instanceof Blob ? bytes : new Blob([bytes as Uint8Array<ArrayBuffer>])).stream();

async function webp(images: ImagesBinding, input: Uint8Array | Blob, width: number): Promise<Uint8Array> {
  const result = await images
    .input(streamOf(input))
    .transform({ width, fit: "scale-down" })
    .output({ format: "image/webp", quality: RENDITION_QUALITY });
  const bytes = new Uint8Array(await result.response().arrayBuffer());
  if (!isWebp(bytes)) throw new Error(`The Images binding answered ${result.contentType()}, not WebP`);
  return stripWebpMetadata(bytes);
}

/**
 * The photo's renditions, or why it cannot have any: not an image the binding can read, or a
 * decoded size past the limits (checked from the header, before anything is decoded). The large
 * rendition is made from the upload; the smaller ones from the large one, so the upload is
 * decoded once.
 */
export async function makeRenditions(images: ImagesBinding, photo: Blob): Promise<RenditionResult> {
  let info: ImageInfoResponse;
  try {
    info = await images.info(photo.stream());
  } catch (error) {
    console.warn("Images binding could not read an upload", error);
    return { ok: false, message: PHOTO_MESSAGES.unreadable };
  }
  if (!("width" in info)) return { ok: false, message: PHOTO_MESSAGES.wrongType };
  if (info.width > PHOTO_MAX_SIDE || info.height > PHOTO_MAX_SIDE || info.width * info.height > PHOTO_MAX_PIXELS) {
    return { ok: false, message: PHOTO_MESSAGES.tooManyPixels };
  }
  try {
    const large = await webp(images, photo, LARGE_RENDITION);
    const size = await images.info(streamOf(large));
    if (!("width" in size)) throw new Error("The large rendition has no size");
    const files: Renditions["files"] = [];
    for (const width of RENDITION_WIDTHS) {
      files.push({ width, bytes: width === LARGE_RENDITION ? large : await webp(images, large, width) });
    }
    return { ok: true, renditions: { width: size.width, height: size.height, files } };
  } catch (error) {
    console.warn("Images binding could not transform an upload", error);
    return { ok: false, message: PHOTO_MESSAGES.unreadable };
  }
}

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

function isWebp(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 0) === "RIFF" && ascii(bytes, 8) === "WEBP";
}

/** VP8X flags: bit 3 says an EXIF chunk follows, bit 2 an XMP chunk. */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

/**
 * The WebP without its EXIF and XMP chunks (where camera positions live), whatever the encoder
 * kept: the privacy of served files does not depend on the image service's defaults.
 */
export function stripWebpMetadata(bytes: Uint8Array): Uint8Array {
  if (!isWebp(bytes)) return bytes;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [];
  let dropped = false;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = view.getUint32(at + 4, true);
    const end = Math.min(at + 8 + size + (size % 2), bytes.length);
    const fourcc = ascii(bytes, at);
    if (fourcc === "EXIF" || fourcc === "XMP ") dropped = true;
    else kept.push(bytes.subarray(at, end));
    at = end;
  }
  if (!dropped) return bytes;
  const length = 12 + kept.reduce((sum, chunk) => sum + chunk.length, 0);
  const out = new Uint8Array(length);
  out.set(bytes.subarray(0, 12));
  new DataView(out.buffer).setUint32(4, length - 8, true);
  let at = 12;
  for (const chunk of kept) {
    out.set(chunk, at);
    if (ascii(chunk, 0) === "VP8X") out[at + 8] = chunk[8]! & ~(VP8X_EXIF | VP8X_XMP);
    at += chunk.length;
  }
  return out;
}
