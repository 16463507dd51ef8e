// Response shapes of spec section 3, shared by the REST handlers. Prices are given both in
// dollars (the spec's numbers) and in integer cents (what the product stores).
import type { Context } from "hono";
import { type CardFit, fitOfCard, type ListingCard } from "#app/domain/catalog/catalog.server";
import { conditionWords } from "#app/domain/catalog/conditions";
import { deliveryLine } from "#app/domain/catalog/delivery";
import { detailsOf, type PublicDetailRow } from "#app/domain/catalog/listing-details.server";
import type { ListingLookup } from "#app/domain/catalog/listings.server";
import { photoUrl } from "#app/domain/catalog/photo-keys";
import { shownPreviousPrice } from "#app/domain/catalog/price-drops";
import type { PriceGuidance } from "#app/domain/catalog/price-guidance";
import { maySeeContact, withContactFor } from "#app/domain/catalog/seller-contact";
import type { Camera } from "#app/domain/gear/camera";
import { gearRecord } from "#app/domain/gear/describe";
import { type Page, readPage } from "#app/domain/shared/list-query";
import { type Currency, toUnits } from "#app/domain/shared/money";

/** A card's gear for programs: what the cards show (mount, shutter count), the kind and the model. */
function cardGear(product: ListingCard) {
  return { kind: product.gearKind, model: product.model, mount: product.mount, shutterCount: product.shutterCount };
}

/**
 * A listing card for programs. Its seller's contact number is for a signed-in caller (a valid
 * bearer token) only: null for anyone else (ADR 0099).
 */
export function advertisedProduct(
  product: ListingCard,
  {
    viewer,
    currency,
    camera = null,
    now = Date.now(),
  }: { viewer: { role: string } | null; currency: Currency; camera?: Camera | null; now?: number },
) {
  const fit: CardFit = fitOfCard(product, camera);
  // A recent price drop's previous price, as the pages strike it through (null: none shown).
  const previous = shownPreviousPrice(product, now);
  return {
    _id: product.id,
    productName: product.name,
    img: photoUrl(product.photoKey),
    location: product.location,
    resalePrice: toUnits(product.resalePriceCents, currency),
    resalePriceCents: product.resalePriceCents,
    originalPrice: toUnits(product.originalPriceCents, currency),
    originalPriceCents: product.originalPriceCents,
    previousResalePrice: previous === null ? null : toUnits(previous, currency),
    previousResalePriceCents: previous,
    priceDroppedAt: previous === null ? null : (product.priceDroppedAt?.toISOString() ?? null),
    purchaseYear: product.purchaseYear,
    condition: product.condition,
    date: product.createdAt.toISOString(),
    sellerId: product.sellerId,
    name: product.sellerName,
    email: product.sellerEmail,
    contact: maySeeContact(viewer) ? product.contact : null,
    // How it changes hands (ADR 0085); a null shipping price is the carrier's rate at booking.
    delivery: product.delivery,
    shipsFromCountry: product.shipsFromCountry,
    shippingPrice: product.shippingPriceCents === null ? null : toUnits(product.shippingPriceCents, currency),
    shippingPriceCents: product.shippingPriceCents,
    deliverySummary: deliveryLine(product, currency),
    isSellerVerification: product.sellerVerifiedAt !== null,
    sellerRating: { average: product.sellerRatingAverage, count: product.sellerRatingCount },
    gear: cardGear(product),
    // With a camera (`?camera=`, or the caller's own): how a lens fits it; null otherwise.
    fit,
  };
}

/**
 * A listing's details under the spec's names, prices in whole units and in cents: every detail the
 * form takes (listing-details.server), so a detail added to the form is in the records too.
 */
export function detailRecord<R extends PublicDetailRow>(row: R, currency: Currency) {
  return {
    ...detailsOf(row),
    originalPrice: toUnits(row.originalPriceCents, currency),
    originalPriceCents: row.originalPriceCents,
    resalePrice: toUnits(row.resalePriceCents, currency),
    resalePriceCents: row.resalePriceCents,
    // Null: the carrier's rate for the buyer's address (or no shipping: see `delivery`).
    shippingPrice: row.shippingPriceCents === null ? null : toUnits(row.shippingPriceCents, currency),
    shippingPriceCents: row.shippingPriceCents,
  };
}

/** One listing as its page shows it: the card's fields, its words, its state, its gear, its photos. */
export function listingDetail(
  { listing, photos, sellerListings }: Extract<ListingLookup, { kind: "listed" }>,
  guidance: unknown,
  { viewer, camera, currency }: { viewer: { role: string } | null; camera: Camera | null; currency: Currency },
) {
  return {
    ...advertisedProduct(listing, { viewer, camera, currency }),
    ...withContactFor(detailRecord(listing, currency), viewer),
    gear: gearRecord(listing),
    priceGuidance: guidance,
    conditionNote: conditionWords(listing.condition)?.text ?? null,
    category: listing.categorySlug,
    categoryTitle: listing.categoryTitle,
    status: listing.status,
    isBooking: listing.status === "booked",
    isSold: listing.status === "sold",
    offersAccepted: listing.offersAccepted,
    photos: photos.map((photo) => ({ img: photoUrl(photo.key), alt: photo.alt })),
    // The seller's other listings that can be booked now, newest first (a few).
    sellerListings: sellerListings.map((card) => advertisedProduct(card, { viewer, camera, currency })),
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

/** Price guidance for programs: counts, cents and whole units; no range with too few sales. */
export function guidanceRecord(guidance: PriceGuidance | null, currency: Currency) {
  if (!guidance) return null;
  const base = {
    sales: guidance.sales,
    grades: guidance.grades,
    periodDays: guidance.periodDays,
    enough: guidance.enough,
  };
  if (!guidance.enough) return base;
  return {
    ...base,
    lowCents: guidance.lowCents,
    highCents: guidance.highCents,
    medianCents: guidance.medianCents,
    low: toUnits(guidance.lowCents, currency),
    high: toUnits(guidance.highCents, currency),
    median: toUnits(guidance.medianCents, currency),
  };
}
