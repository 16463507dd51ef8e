// The URLs of a listing search: the pager keeps every parameter, and the empty state offers one
// link per active filter that removes only that filter.

import type { SearchFilters } from "#app/domain/catalog/search-params";
import { brandName } from "#app/domain/gear/brands";
import { MOUNT_FACTS } from "#app/domain/gear/mounts";
import { SENSOR_FORMAT_WORDS } from "#app/domain/gear/sensor-formats";
import { groupThousands } from "#app/domain/shared/numbers";
import type { Condition } from "#db/closed-lists";

/** The filters as the URL spells them (prices in dollars), page 1 unless told. */
export function searchHref(pathname: string, filters: SearchFilters, page = 1): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.category) params.set("category", filters.category);
  for (const condition of filters.condition) params.append("condition", condition);
  if (filters.min !== undefined) params.set("min", centsToText(filters.min));
  if (filters.max !== undefined) params.set("max", centsToText(filters.max));
  if (filters.verified) params.set("verified", "1");
  if (filters.brand) params.set("brand", filters.brand);
  if (filters.mount) params.set("mount", filters.mount);
  if (filters.sensor) params.set("sensor", filters.sensor);
  if (filters.shutter_max !== undefined) params.set("shutter_max", String(filters.shutter_max));
  if (filters.focal_min !== undefined) params.set("focal_min", String(filters.focal_min));
  if (filters.focal_max !== undefined) params.set("focal_max", String(filters.focal_max));
  if (filters.fits) params.set("fits", "1");
  if (filters.camera) params.set("camera", filters.camera);
  if (filters.sort) params.set("sort", filters.sort);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** 25000 → "250", 9950 → "99.50": what a person would type. */
export function centsToText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

export type FilterRemoval = { label: string; href: string };

/** One link per active filter (the words excepted), each removing that filter alone. */
export function filterRemovals(
  pathname: string,
  filters: SearchFilters,
  categoryTitle?: string | null,
): FilterRemoval[] {
  const without = (change: Partial<SearchFilters>) => searchHref(pathname, { ...filters, ...change });
  const removals: FilterRemoval[] = [];
  if (filters.category) {
    removals.push({
      label: `Remove category: ${categoryTitle ?? filters.category}`,
      href: without({ category: undefined }),
    });
  }
  for (const condition of filters.condition) {
    removals.push({
      label: `Remove condition: ${condition}`,
      href: without({ condition: filters.condition.filter((other: Condition) => other !== condition) }),
    });
  }
  if (filters.min !== undefined) {
    removals.push({ label: `Remove min price: $${centsToText(filters.min)}`, href: without({ min: undefined }) });
  }
  if (filters.max !== undefined) {
    removals.push({ label: `Remove max price: $${centsToText(filters.max)}`, href: without({ max: undefined }) });
  }
  if (filters.verified) removals.push({ label: "Remove verified sellers only", href: without({ verified: false }) });
  if (filters.brand)
    removals.push({ label: `Remove brand: ${brandName(filters.brand)}`, href: without({ brand: undefined }) });
  if (filters.mount) {
    removals.push({ label: `Remove mount: ${MOUNT_FACTS[filters.mount].name}`, href: without({ mount: undefined }) });
  }
  if (filters.sensor) {
    removals.push({
      label: `Remove sensor format: ${SENSOR_FORMAT_WORDS[filters.sensor].name}`,
      href: without({ sensor: undefined }),
    });
  }
  if (filters.shutter_max !== undefined) {
    removals.push({
      label: `Remove max shutter count: ${groupThousands(filters.shutter_max)}`,
      href: without({ shutter_max: undefined }),
    });
  }
  if (filters.focal_min !== undefined || filters.focal_max !== undefined) {
    removals.push({
      label: `Remove focal length: ${filters.focal_min ?? "any"}–${filters.focal_max ?? "any"} mm`,
      href: without({ focal_min: undefined, focal_max: undefined }),
    });
  }
  if (filters.fits) removals.push({ label: "Remove only gear that fits", href: without({ fits: false }) });
  return removals;
}

/** Does the search narrow by anything but its words (and order)? Such pages are not indexed. */
export function hasFilters(filters: SearchFilters): boolean {
  return Boolean(
    filters.category ||
      filters.condition.length > 0 ||
      filters.min !== undefined ||
      filters.max !== undefined ||
      filters.verified,
  );
}
