// Response shapes of spec section 3, shared by the REST handlers. Prices are given both in
// dollars (the spec's numbers) and in integer cents (what the product stores).
import type { Context } from "hono";
import type { ProductCard } from "#app/domain/catalog/catalog.server";
import { conditionWords } from "#app/domain/catalog/conditions";
import type { ListingLookup } from "#app/domain/catalog/listings.server";
import { photoUrl } from "#app/domain/catalog/photo-keys";
import { type Page, readPage } from "#app/domain/shared/list-query";
import { toDollars } from "#app/domain/shared/money";

export function advertisedProduct(product: ProductCard) {
  return {
    _id: product.id,
    productName: product.name,
    img: photoUrl(product.photoKey),
    location: product.location,
    resalePrice: toDollars(product.resalePriceCents),
    resalePriceCents: product.resalePriceCents,
    originalPrice: toDollars(product.originalPriceCents),
    originalPriceCents: product.originalPriceCents,
    purchaseYear: product.purchaseYear,
    condition: product.condition,
    date: product.createdAt.toISOString(),
    name: product.sellerName,
    email: product.sellerEmail,
    contact: product.contact,
    isSellerVerification: product.sellerVerifiedAt !== null,
    sellerRating: { average: product.sellerRatingAverage, count: product.sellerRatingCount },
  };
}

/** One listing as its page shows it: the card's fields, its words, its state and its photos. */
export function listingDetail({ listing, photos, sellerListings }: Extract<ListingLookup, { kind: "listed" }>) {
  return {
    ...advertisedProduct(listing),
    description: listing.description,
    conditionNote: conditionWords(listing.condition)?.text ?? null,
    category: listing.categorySlug,
    categoryTitle: listing.categoryTitle,
    status: listing.status,
    isBooking: listing.status === "booked",
    isSold: listing.status === "sold",
    photos: photos.map((photo) => ({ img: photoUrl(photo.key), alt: photo.alt })),
    // The seller's other listings that can be booked now, newest first (a few).
    sellerListings: sellerListings.map(advertisedProduct),
  };
}

/** The page number a list call asks for (`?page=`; a bad value is the first page). */
export function requestedPage(c: Context): number {
  return readPage(c.req.query("page"));
}

/**
 * Paginated lists answer with an array (the spec's shape) and say the rest in headers: the
 * totals in X-Total-Count, X-Total-Capped, X-Page, X-Page-Count and X-Page-Size, and the
 * neighbouring pages' URLs in a Link header (RFC 8288: first, prev, next, and last unless capped).
 * The links carry the parameters the call used (`used`: its search, as read and bounded by its
 * schema) and the page, never the rest of the request's URL.
 */
export function listHeaders(
  c: Context,
  page: Pick<Page<unknown>, "total" | "page" | "pageCount" | "pageSize"> & { capped?: boolean },
  used: URLSearchParams = new URLSearchParams(),
) {
  c.header("X-Total-Count", String(page.total));
  // The storefront's counts stop at COUNT_CAP: then the total is a lower bound (ADR 0035).
  c.header("X-Total-Capped", String(page.capped ?? false));
  c.header("X-Page", String(page.page));
  c.header("X-Page-Count", String(page.pageCount));
  c.header("X-Page-Size", String(page.pageSize));
  const link = (number: number, rel: string) => {
    const url = new URL(c.req.path, c.req.url);
    const params = new URLSearchParams(used);
    params.set("page", String(number));
    url.search = params.toString();
    return `<${url.href}>; rel="${rel}"`;
  };
  const links = [link(1, "first")];
  if (page.page > 1) links.push(link(Math.min(page.page - 1, page.pageCount), "prev"));
  if (page.page < page.pageCount) links.push(link(page.page + 1, "next"));
  // A capped total knows no last page.
  if (!page.capped) links.push(link(page.pageCount, "last"));
  c.header("Link", links.join(", "));
}
