// Adding a product happens once per request, however often the request arrives (a double click
// without JavaScript, a retry after a lost answer). Each request names the product id up front:
// - the Add Product form carries a one-time token, signed with the session secret, that binds
//   the seller and a product id generated when the page was served;
// - POST /api/product takes an `Idempotency-Key` header; the product id is derived from the
//   seller and the key, so two sellers' keys can never name the same product.
// The id is the product's primary key: a repeat finds the product already there (ADR 0016). The
// key's rule and the hash every room's ids use are shared/idempotency.ts.
import { hashedUuid, isIdempotencyKey } from "#app/domain/shared/idempotency";
import { readClaims, signClaims } from "#app/domain/shared/signed-tokens.server";

const AUDIENCE = "pay-and-buy:add-product";
/** How long an Add Product page can stay open before it must be loaded again. */
export const PRODUCT_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

export const LISTING_REQUEST_MESSAGES = {
  unverified: "This form could not be verified. Please send it again from this page.",
  expired: "This form has expired. Please send it again from this page.",
  otherSeller: "This form belongs to another account. Please send it again from this page.",
} as const;

/** A token for one Add Product page: this seller, a new product id, a day to send it. */
export function issueProductToken(sellerId: string, secrets: string[], now = Date.now()): Promise<string> {
  return signClaims(
    { pid: crypto.randomUUID() },
    { audience: AUDIENCE, subject: sellerId, expiresAt: new Date(now + PRODUCT_TOKEN_TTL_MS), secrets, now },
  );
}

export type ProductTokenCheck = { ok: true; productId: string } | { ok: false; status: 400 | 403; message: string };

/** The product id a form's token names, if the token is this seller's, genuine and fresh. */
export async function readProductToken(
  token: unknown,
  sellerId: string,
  secrets: string[],
): Promise<ProductTokenCheck> {
  const unverified = { ok: false, status: 400, message: LISTING_REQUEST_MESSAGES.unverified } as const;
  if (typeof token !== "string") return unverified;
  const read = await readClaims(token, { audience: AUDIENCE, secrets, required: ["pid"], maxLength: 2048 });
  if (!read.ok) {
    return read.expired ? { ok: false, status: 400, message: LISTING_REQUEST_MESSAGES.expired } : unverified;
  }
  const { pid, sub } = read.claims;
  if (typeof pid !== "string" || pid.length > 64) return unverified;
  if (sub !== sellerId) return { ok: false, status: 403, message: LISTING_REQUEST_MESSAGES.otherSeller };
  return { ok: true, productId: pid };
}

/**
 * The product id an Idempotency-Key names for this seller: a hash of both, laid out as a UUID.
 * Another seller's same key names another product.
 */
export async function productIdForKey(sellerId: string, key: string): Promise<string> {
  return hashedUuid(`pay-and-buy:add-product\n${sellerId}\n${key}`);
}

/**
 * The ids of the photos one upload adds to a listing (the edit form's one-time field, or an
 * Idempotency-Key): the same upload names the same photos, so a repeat adds nothing. The
 * listing's id is part of each, so an upload id names nothing on another listing.
 */
export async function photoIdsForUpload(productId: string, uploadId: string, count: number): Promise<string[]> {
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      hashedUuid(`pay-and-buy:add-photos\n${productId}\n${uploadId}\n${index}`),
    ),
  );
}

/** The edit form's one-time upload field: what a page load generates, or a client's key. */
export function isUploadId(value: unknown): value is string {
  return typeof value === "string" && isIdempotencyKey(value);
}
