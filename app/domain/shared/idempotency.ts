// A request that may arrive twice (a double click, a retry after a lost answer) names what it
// makes up front: a client's Idempotency-Key (or a form's one-time field) is checked here, and
// the row's id is a hash of it, so a repeat names the same row and writes nothing new (products,
// photos, offers, messages; ADR 0016, 0032, 0061). Each room derives its own ids from these two.

/** What a call is told when its `Idempotency-Key` header is not one. */
export const IDEMPOTENCY_KEY_MESSAGE = "The Idempotency-Key header must be 1 to 255 printable ASCII characters.";

/** Printable ASCII, 1 to 255 characters (what the IETF draft and common APIs allow). */
export function isIdempotencyKey(key: string): boolean {
  return /^[\x21-\x7e][\x20-\x7e]{0,253}[\x21-\x7e]$|^[\x21-\x7e]$/.test(key);
}

/**
 * A SHA-256 of the text laid out as a UUID (version 8, "custom"): the id a request's key names,
 * so a repeat names the same row (products, photos, offers, messages).
 */
export async function hashedUuid(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  const bytes = digest.slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
