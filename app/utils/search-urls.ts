// The URLs of a listing search: the pager keeps every parameter, and the empty state offers one
// link per active filter that removes only that filter.

import type { SearchFilters } from "#app/domain/catalog/search-params";
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
