/** The public profile of a seller. */
export function sellerPath(sellerId: string): `/sellers/${string}` {
  return `/sellers/${encodeURIComponent(sellerId)}`;
}
