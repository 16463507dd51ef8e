// The URLs of a listing search: the pager keeps every parameter, and the empty state offers one
// link per active filter that removes only that filter.

import { centsToText, type SearchFilters, searchQueryParams } from "#app/domain/catalog/search-params";
import type { Condition } from "#db/closed-lists";

/** The filters as the URL spells them (prices in dollars), page 1 unless told. */
export function searchHref(pathname: string, filters: SearchFilters, page = 1): string {
  const search = searchQueryParams(filters, page).toString();
  return search ? `${pathname}?${search}` : pathname;
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
