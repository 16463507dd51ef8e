// Photos built byte by byte for the cases a camera or an attacker produces: a JPEG carrying EXIF
// (an orientation, a GPS position), a PNG whose header claims an absurd size, a WebP with an
// EXIF chunk. Built here rather than stored, so each test says what is inside.
import { realPhoto } from "./photo-fixtures";

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const u16 = (value: number) => [(value >> 8) & 0xff, value & 0xff];
const u32 = (value: number) => [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];

/** The latitude written into the GPS block: 37° 46' 29" (bytes a served file must not contain). */
export const GPS_LATITUDE = [37, 1, 46, 1, 29, 1] as const;
export const GPS_LATITUDE_BYTES = GPS_LATITUDE.flatMap((value) => u32(value));

/**
 * The fixture JPEG with an APP1 EXIF block (big-endian TIFF): an orientation (6 = the camera was
 * turned a quarter clockwise) and a GPS block with a latitude.
 */
export function jpegWithExif(orientation = 1): Uint8Array<ArrayBuffer> {
  // TIFF header (8) + IFD0: count (2) + 2 entries (24) + next offset (4) = 38; then the GPS IFD.
  const gpsIfd = 38;
  const latitude = gpsIfd + 2 + 2 * 12 + 4;
  const tiff = [
    ...ascii("MM"),
    ...u16(42),
    ...u32(8),
    ...u16(2),
    ...[...u16(0x0112), ...u16(3), ...u32(1), ...u16(orientation), 0, 0],
    ...[...u16(0x8825), ...u16(4), ...u32(1), ...u32(gpsIfd)],
    ...u32(0),
    ...u16(2),
    ...[...u16(0x0001), ...u16(2), ...u32(2), ...ascii("N"), 0, 0, 0],
    ...[...u16(0x0002), ...u16(5), ...u32(3), ...u32(latitude)],
    ...u32(0),
    ...GPS_LATITUDE_BYTES,
  ];
  const app1 = [0xff, 0xe1, ...u16(2 + 6 + tiff.length), ...ascii("Exif"), 0, 0, ...tiff];
  const jpeg = realPhoto("jpeg");
  return new Uint8Array([...jpeg.subarray(0, 2), ...app1, ...jpeg.subarray(2)]);
}

function crc32(bytes: number[]): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: number[]): number[] {
  const body = [...ascii(type), ...data];
  return [...u32(data.length), ...body, ...u32(crc32(body))];
}

/** A well-formed PNG header claiming `width`×`height` pixels, with almost no pixel data. */
export function pngClaiming(width: number, height: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    0x89,
    ...ascii("PNG"),
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...pngChunk("IHDR", [...u32(width), ...u32(height), 8, 2, 0, 0, 0]),
    ...pngChunk("IDAT", [0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]),
    ...pngChunk("IEND", []),
  ]);
}

const le32 = (value: number) => [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, (value >>> 24) & 0xff];
const le24 = (value: number) => [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff];

/**
 * A simple (VP8) WebP rewritten in the extended format with an EXIF chunk after the image, as
 * an encoder that keeps metadata writes it.
 */
export function webpWithExif(simple: Uint8Array, width: number, height: number): Uint8Array<ArrayBuffer> {
  const image = [...simple.subarray(12)];
  const vp8x = [...ascii("VP8X"), ...le32(10), 0x08, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)];
  const exifData = [...ascii("Exif"), 0, 0, ...GPS_LATITUDE_BYTES];
  const exif = [...ascii("EXIF"), ...le32(exifData.length), ...exifData];
  const body = [...ascii("WEBP"), ...vp8x, ...image, ...exif];
  return new Uint8Array([...ascii("RIFF"), ...le32(body.length), ...body]);
}

/** Whether `needle` occurs in `bytes`. */
export function contains(bytes: Uint8Array, needle: readonly number[]): boolean {
  outer: for (let at = 0; at + needle.length <= bytes.length; at++) {
    for (let i = 0; i < needle.length; i++) if (bytes[at + i] !== needle[i]) continue outer;
    return true;
  }
  return false;
}

export const asciiBytes = ascii;
