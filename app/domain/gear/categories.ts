// Which categories' listings carry camera data, and as what: the demo and production categories
// by their slug (the URL /products/:name names them, so a slug does not change). Browser-safe.
import type { GearKind } from "#db/closed-lists";

export const GEAR_KIND_BY_CATEGORY: Readonly<Record<string, GearKind>> = {
  camera: "body",
  "camera lens": "lens",
};

/** The kind of gear a category's listings are, or null (tripods, bags, batteries… or not a slug at all). */
export function gearKindOf(categorySlug: unknown): GearKind | null {
  const slug = typeof categorySlug === "string" ? categorySlug.trim().toLowerCase() : "";
  return Object.hasOwn(GEAR_KIND_BY_CATEGORY, slug) ? GEAR_KIND_BY_CATEGORY[slug]! : null;
}
