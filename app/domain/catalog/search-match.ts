// The search's filters as a test of one listing, for the saved searches' matching (ADR 0062),
// which checks a few new listings in memory against many searches instead of asking the
// database once per search. It is the rule of `filtersOf` in listing-search.server.ts, term for
// term: a change there changes it here too (tests/integration/search-alerts.test.ts compares them).
import { mountsThatFit } from "#app/domain/gear/adapters";
import { readCamera } from "#app/domain/gear/camera";
import { CONDITIONS, type Condition, type GearKind, type Mount, type SensorFormat } from "#db/closed-lists";
import type { SearchFilters } from "./search-params";

/** What the filters read of a listing (and of its seller and category). */
export interface FilterableListing {
  categorySlug: string;
  condition: Condition;
  priceCents: number;
  sellerVerified: boolean;
  gearKind: GearKind | null;
  brand: string | null;
  mount: Mount | null;
  sensorFormat: SensorFormat | null;
  shutterCount: number | null;
  focalMinMm: number | null;
  focalMaxMm: number | null;
}

/** Whether a listing passes every filter of a search (its words are matched elsewhere). */
export function matchesFilters(filters: SearchFilters, listing: FilterableListing): boolean {
  if (filters.category && listing.categorySlug !== filters.category) return false;
  if (
    filters.condition.length > 0 &&
    filters.condition.length < CONDITIONS.length &&
    !filters.condition.includes(listing.condition)
  ) {
    return false;
  }
  if (filters.min !== undefined && listing.priceCents < filters.min) return false;
  if (filters.max !== undefined && listing.priceCents > filters.max) return false;
  if (filters.verified && !listing.sellerVerified) return false;
  if (filters.brand && listing.brand !== filters.brand) return false;
  if (filters.mount && listing.mount !== filters.mount) return false;
  if (filters.sensor && listing.sensorFormat !== filters.sensor) return false;
  // As in SQL, a listing without the number never passes a filter on it.
  if (
    filters.shutter_max !== undefined &&
    (listing.shutterCount === null || listing.shutterCount > filters.shutter_max)
  )
    return false;
  if (filters.focal_min !== undefined && (listing.focalMaxMm === null || listing.focalMaxMm < filters.focal_min))
    return false;
  if (filters.focal_max !== undefined && (listing.focalMinMm === null || listing.focalMinMm > filters.focal_max))
    return false;
  if (filters.fits) {
    // A saved search keeps the camera it was saved with (saved-searches.server.ts).
    const camera = readCamera(filters.camera);
    if (!camera || listing.gearKind !== "lens" || !listing.mount) return false;
    if (!mountsThatFit(camera.mount).includes(listing.mount)) return false;
  }
  return true;
}
