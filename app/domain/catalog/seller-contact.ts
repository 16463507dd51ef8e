// Who sees a seller's contact number (ADR 0099): signed-in visitors only. A signed-out visitor,
// the pages the edge cache keeps for every signed-out visitor, and the signed-out REST reads get
// none: the number is an invitation to deal off the platform (and lose the buyer's protection),
// and a list any scraper would collect.

/** What a listing shows in place of its contact number when the visitor is signed out. */
export const CONTACT_HIDDEN_TEXT = "Sign in to see the contact";

/** Whether a visitor may see sellers' contact numbers: anyone signed in. */
export function maySeeContact(viewer: { role: string } | null | undefined): boolean {
  return viewer != null;
}

/** The listing with its contact number for the visitor: null in its place for a signed-out one. */
export function withContactFor<T extends { contact: string | null }>(
  listing: T,
  viewer: { role: string } | null | undefined,
): Omit<T, "contact"> & { contact: string | null } {
  return { ...listing, contact: maySeeContact(viewer) ? listing.contact : null };
}
