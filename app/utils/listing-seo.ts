// What crawlers and link previews read of a listing page: Open Graph tags and a schema.org
// Product with its offer, as JSON-LD that no seller's text can break out of.
import type { MetaDescriptor } from "react-router";
import type { Listing, ListingPhoto } from "#app/domain/catalog/listings.server";
import { photoUrl } from "#app/domain/catalog/photo-keys";
import { type Currency, toUnitsText } from "#app/domain/shared/money";
import type { ProductStatus } from "#db/closed-lists";
import { listingPath } from "./listing-urls";
import { publicPageMeta } from "./seo";

const DESCRIPTION_MAX = 160;

/** The listing's own words, on one line, cut at a word near 160 characters. */
export function summary(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= DESCRIPTION_MAX) return line;
  const cut = line.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > 80 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const AVAILABILITY: Record<ProductStatus, { schema: string; openGraph: string }> = {
  available: { schema: "https://schema.org/InStock", openGraph: "in stock" },
  booked: { schema: "https://schema.org/Reserved", openGraph: "out of stock" },
  sold: { schema: "https://schema.org/SoldOut", openGraph: "out of stock" },
};

// The contact is never read here (a signed-out visitor's page holds none, ADR 0099).
type Page = { listing: Omit<Listing, "contact">; photos: ListingPhoto[]; origin: string; currency: Currency };

export function listingMeta({ listing, photos, origin, currency }: Page): MetaDescriptor[] {
  const [photo] = photos;
  return [
    ...publicPageMeta({
      title: `Pay&Buy ${listing.name}`,
      description: summary(`${listing.condition} ${listing.categoryTitle.toLowerCase()}: ${listing.description}`),
      origin,
      path: listingPath(listing.id),
      type: "product",
      image: photo ? { path: photoUrl(photo.key)!, alt: photo.alt } : undefined,
    }),
    { property: "product:price:amount", content: toUnitsText(listing.resalePriceCents, currency) },
    { property: "product:price:currency", content: currency.code },
    { property: "product:availability", content: AVAILABILITY[listing.status].openGraph },
    { property: "product:condition", content: "used" },
  ];
}

/** The schema.org Product of a listing page, with one Offer from its seller. */
export function listingJsonLd({ listing, photos, origin, currency }: Page) {
  const url = `${origin}${listingPath(listing.id)}`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: listing.name,
    description: listing.description,
    url,
    category: listing.categoryTitle,
    image: photos.map((photo) => `${origin}${photoUrl(photo.key)}`),
    itemCondition: "https://schema.org/UsedCondition",
    offers: {
      "@type": "Offer",
      url,
      price: toUnitsText(listing.resalePriceCents, currency),
      priceCurrency: currency.code,
      availability: AVAILABILITY[listing.status].schema,
      itemCondition: "https://schema.org/UsedCondition",
      seller: { "@type": "Person", name: listing.sellerName },
    },
  };
}

/**
 * JSON for an inline <script type="application/ld+json">. `<`, `>` and `&` are written as
 * \u escapes (a description holding "</script>" cannot end the script early) and so are the
 * two line separators older parsers take for line ends; the JSON's meaning is unchanged.
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
