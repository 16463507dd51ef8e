import type { CardView } from "#app/domain/catalog/catalog.server";
import { grid } from "#app/styles/utilities.css";
import type { Role } from "#db/closed-lists";
import { ListingActions } from "./listing-actions";
import { ListingCard } from "./listing-card";
import { cardGrid } from "./listing-card.css";

/**
 * A storefront's grid of listings, each card with the visitor's actions (book, wishlist,
 * report). On a results page the cards are the page's first content: the first photo is the
 * largest paint and is fetched first, and the cards' names are level-2 headings.
 */
export function ListingCards({
  products,
  viewer,
  currentYear,
  results = false,
  linkSearch = "",
}: {
  products: ReadonlyArray<CardView>;
  viewer: { role: Role } | null;
  currentYear: number;
  /** A page of results under the page's title (category, search), not a section of a page. */
  results?: boolean;
  /** What each card's link carries to the listing page (the visitor's camera: `cameraSearch`). */
  linkSearch?: string;
}) {
  return (
    <div className={`${grid} ${cardGrid}`}>
      {products.map((product, index) => (
        <ListingCard
          key={product.id}
          product={product}
          currentYear={currentYear}
          priority={results && index === 0}
          headingLevel={results ? 2 : 3}
          linkSearch={linkSearch}
        >
          <ListingActions
            productId={product.id}
            productName={product.name}
            viewer={viewer}
            bookability={product.bookability}
          />
        </ListingCard>
      ))}
    </div>
  );
}
