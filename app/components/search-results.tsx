import { Link } from "react-router";
import type { CardView } from "#app/domain/catalog/catalog.server";
import type { SearchFilters } from "#app/domain/catalog/search-params";
import { type CameraView, cameraSearch } from "#app/utils/camera-urls";
import { type FilterRemoval, searchHref } from "#app/utils/search-urls";
import { useCurrency } from "#app/utils/use-currency";
import type { Role } from "#db/closed-lists";
import { Pager } from "./list-controls";
import { ListingCards } from "./listing-cards";
import * as styles from "./search-results.css";

/**
 * A page of search results (the search page, a category page): the cards, or an empty state that
 * offers one link per active filter to remove it, then the pager, whose links keep every filter.
 */
export function SearchResults({
  listings,
  filters,
  removals,
  pathname,
  viewer,
  currentYear,
  camera,
}: {
  listings: { rows: ReadonlyArray<CardView>; page: number; pageCount: number; capped: boolean };
  filters: SearchFilters;
  removals: FilterRemoval[];
  pathname: string;
  viewer: { role: Role } | null;
  currentYear: number;
  camera: CameraView | null;
}) {
  const currency = useCurrency();
  return (
    <>
      {listings.rows.length === 0 ? (
        <div className={styles.empty}>
          <p>No listing matches this search.</p>
          {removals.length > 0 ? (
            <>
              <p>Try removing a filter:</p>
              <ul className={styles.removals}>
                {removals.map((removal) => (
                  <li key={removal.href}>
                    <Link to={removal.href}>{removal.label}</Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>Try other words, or browse the categories on the home page.</p>
          )}
        </div>
      ) : (
        <ListingCards
          products={listings.rows}
          viewer={viewer}
          currentYear={currentYear}
          results
          linkSearch={cameraSearch(camera)}
        />
      )}
      <Pager
        pathname={pathname}
        page={listings.page}
        pageCount={listings.pageCount}
        capped={listings.capped}
        hrefFor={(page) => searchHref(pathname, filters, currency, page)}
      />
    </>
  );
}
