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

/** The search's camera-gear filters (the search parameters of the same names; focal: from and to). */
export const GEAR_FILTERS = ["brand", "mount", "sensor", "shutter_max", "focal", "fits"] as const;
export type GearFilter = (typeof GEAR_FILTERS)[number];

/**
 * The gear filters that fit a kind of gear: a body has a sensor format and a shutter count, a
 * lens a focal range and a mount a camera takes ("only gear that fits"); gear without camera data
 * (tripods, bags, batteries) has none. A search of every category offers them all.
 */
const FILTERS_OF_KIND: Record<GearKind, readonly GearFilter[]> = {
  body: ["brand", "mount", "sensor", "shutter_max"],
  lens: ["brand", "mount", "focal", "fits"],
};

/** The gear filters a search of the category offers (no category, or an unknown one: every filter). */
export function gearFiltersFor(categorySlug: string | null | undefined): ReadonlySet<GearFilter> {
  const slug = categorySlug?.trim().toLowerCase() ?? "";
  if (!slug) return new Set(GEAR_FILTERS);
  const kind = gearKindOf(slug);
  return new Set(kind ? FILTERS_OF_KIND[kind] : []);
}
