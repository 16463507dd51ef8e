// The URLs of a listing search: the pager keeps every parameter, and the empty state offers one
// link per active filter that removes only that filter.

import { type SearchFilters, searchQueryParams } from "#app/domain/catalog/search-params";
import { brandName } from "#app/domain/gear/brands";
import { MOUNT_FACTS } from "#app/domain/gear/mounts";
import { SENSOR_FORMAT_WORDS } from "#app/domain/gear/sensor-formats";
import { type Currency, formatMoney } from "#app/domain/shared/money";
import { groupThousands } from "#app/domain/shared/numbers";
import type { Condition } from "#db/closed-lists";

/** The filters as the URL spells them (prices in whole units of the currency), page 1 unless told. */
export function searchHref(pathname: string, filters: SearchFilters, currency: Currency, page = 1): string {
  const search = searchQueryParams(filters, currency, page).toString();
  return search ? `${pathname}?${search}` : pathname;
}

export type FilterRemoval = { label: string; href: string };

/** One link per active filter (the words excepted), each removing that filter alone. */
export function filterRemovals(
  pathname: string,
  filters: SearchFilters,
  currency: Currency,
  categoryTitle?: string | null,
): FilterRemoval[] {
  const without = (change: Partial<SearchFilters>) => searchHref(pathname, { ...filters, ...change }, currency);
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
    removals.push({
      label: `Remove min price: ${formatMoney(filters.min, currency)}`,
      href: without({ min: undefined }),
    });
  }
  if (filters.max !== undefined) {
    removals.push({
      label: `Remove max price: ${formatMoney(filters.max, currency)}`,
      href: without({ max: undefined }),
    });
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
