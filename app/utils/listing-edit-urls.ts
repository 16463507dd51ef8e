// A listing's edit page and the URL each of its forms posts to (ADR 0071): one small action per
// form, each a child route of the page, which shows every section whatever child matched.
import { useMatches } from "react-router";

/** The edit page of a seller's listing. */
export const editPath = (productId: string) => `/dashboard/my_product/${encodeURIComponent(productId)}/edit`;

/** Where each form of the edit page posts, below the page's own URL. */
export const EDIT_ACTIONS = {
  details: "details",
  offers: "offers",
  addPhotos: "photos/add",
  movePhoto: "photos/move",
  removePhoto: "photos/remove",
} as const;

export type EditAction = keyof typeof EDIT_ACTIONS;

/** The URL a form of the listing's edit page posts to. */
export const editActionPath = (productId: string, action: EditAction) =>
  `${editPath(productId)}/${EDIT_ACTIONS[action]}`;

/** The sections whose form a child route renders itself, with the errors its action sent back. */
export type EditSection = "details" | "photos";

/** A child route's `handle`: the section the edit page leaves to the child's own form. */
export const editSection = (section: EditSection) => ({ editSection: section });

/** The section a child route renders (through the page's Outlet), if one matched. */
export function useEditSection(): EditSection | undefined {
  const matches = useMatches();
  for (const match of matches) {
    const handle = match.handle as { editSection?: EditSection } | undefined;
    if (handle?.editSection) return handle.editSection;
  }
  return undefined;
}
