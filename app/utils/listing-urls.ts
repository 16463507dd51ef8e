/** The public page of a listing. */
export function listingPath(productId: string): `/listings/${string}` {
  return `/listings/${encodeURIComponent(productId)}`;
}
