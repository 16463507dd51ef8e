// The catalog as the storefront shows it: categories and listings that buyers can still book.
import { and, asc, desc, eq, exists, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { alias, QueryBuilder } from "drizzle-orm/sqlite-core";
import { type Camera, listingFit } from "#app/domain/gear/compatibility";
import { countLimit, toCappedPage } from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import {
  type DeliveryMethod,
  type GearKind,
  type Mount,
  PRODUCT_STATUSES,
  type ProductStatus,
  type ReturnPolicy,
  type ShippingCountry,
} from "#db/closed-lists";
import {
  availableListingTerms,
  categories,
  payoutAccountReadyTerms,
  payoutAccounts,
  products,
  users,
} from "#db/schema";
import { type Bookability, bookabilityOf } from "./bookability";
import { shownPreviousPrice } from "./price-drops";
import { withContactFor } from "./seller-contact";
import { ratingSummaryColumns } from "./seller-ratings.server";

/** Every status a listing can be in: for the pages that show booked and sold listings too. */
export const ANY_STATUS = PRODUCT_STATUSES;

const listingSeller = alias(users, "listing_seller");
/** The seller may be shown: not deleted, and their address verified (an unverified seller's listings are not public). */
const sellerIsLive = exists(
  new QueryBuilder()
    .select({ live: sql`1` })
    .from(listingSeller)
    .where(
      and(
        eq(listingSeller.id, products.sellerId),
        isNull(listingSeller.deletedAt),
        isNotNull(listingSeller.emailVerifiedAt),
      ),
    ),
);

/**
 * The one rule for what a buyer may see, book, wishlist or report: a listing in one of the
 * statuses the page needs (the storefront and booking: available only), not deleted by its
 * seller, not removed by an admin, not held for a stolen-serial review (ADR 0056), its seller not
 * deleted and their email address verified. The terms are literal SQL, so SQLite matches them
 * with the partial indexes (`products_storefront_advertised`); a hold is rare, so it is tested on
 * the rows an index gives. The full-text index's triggers (migrations 0008-0010) repeat the
 * rule: a change here changes them too.
 */
export function isListed(statuses: readonly ProductStatus[]): SQL {
  const known = PRODUCT_STATUSES.filter((status) => statuses.includes(status));
  if (known.length === 0) throw new Error("isListed needs at least one product status");
  const notHeld = sql`${products.heldAt} is null`;
  if (known.length === 1 && known[0] === "available")
    return sql`${availableListingTerms(products)} and ${notHeld} and ${sellerIsLive}`;
  const status =
    known.length === 1
      ? sql`${products.status} = ${sql.raw(`'${known[0]}'`)}`
      : sql`${products.status} in (${sql.raw(known.map((value) => `'${value}'`).join(", "))})`;
  return sql`${status} and ${products.deletedAt} is null and ${products.removedAt} is null and ${notHeld} and ${sellerIsLive}`;
}

/** The listing's seller can be paid: their payout account is ready (ADR 0057). */
const sellerCanBePaid = exists(
  new QueryBuilder()
    .select({ ready: sql`1` })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.sellerId, products.sellerId), payoutAccountReadyTerms(payoutAccounts))),
);

/**
 * The one rule for what a buyer may book: a listing available by the listing rule whose seller
 * can be paid. A seller still setting up payouts keeps their listings on show, not bookable.
 */
export function isBookable(): SQL {
  return sql`${isListed(["available"])} and ${sellerCanBePaid}`;
}

const isAdvertised = sql`${products.advertised} = 1 and ${isListed(["available"])}`;

/** The fields of a product card (spec: advertised product), seller details read by join. */
export const cardFields = {
  id: products.id,
  name: products.name,
  photoKey: products.photoKey,
  location: products.location,
  resalePriceCents: products.resalePriceCents,
  originalPriceCents: products.originalPriceCents,
  // A recent price drop's kept price, struck through (price-drops.ts decides, ADR 0063, 0077).
  previousPriceCents: products.previousPriceCents,
  previousPriceUntil: products.previousPriceUntil,
  priceDroppedAt: products.priceDroppedAt,
  purchaseYear: products.purchaseYear,
  condition: products.condition,
  contact: products.contact,
  createdAt: products.createdAt,
  // How it changes hands (ADR 0085): the card's delivery line and the API's card.
  delivery: products.delivery,
  shipsFromCountry: products.shipsFromCountry,
  shippingPriceCents: products.shippingPriceCents,
  // What a card shows of the gear (its mount, a body's shutter count) and what "fits my camera"
  // reads (the kind, model and mount).
  gearKind: products.gearKind,
  model: products.model,
  mount: products.mount,
  shutterCount: products.shutterCount,
  // The seller's public profile (/sellers/<id>) is linked from the card.
  sellerId: products.sellerId,
  // Aliased: D1 returns rows keyed by column name, and "name" or "email" would collide.
  sellerName: sql`${users.name}`.mapWith(users.name).as("seller_name"),
  sellerEmail: sql`${users.email}`.mapWith(users.email).as("seller_email"),
  sellerVerifiedAt: sql`${users.verifiedAt}`.mapWith(users.verifiedAt).as("seller_verified_at"),
  // The seller's rating summary, in the same query: cards stay one round trip.
  ...ratingSummaryColumns(products.sellerId),
  // Whether the seller can be paid yet (the half of the booking rule a card shows).
  sellerPayoutsReady: sql<boolean>`${sellerCanBePaid}`.mapWith(Boolean).as("seller_payouts_ready"),
};

export type ListingCard = {
  id: string;
  name: string;
  photoKey: string | null;
  location: string;
  resalePriceCents: number;
  originalPriceCents: number;
  previousPriceCents: number | null;
  previousPriceUntil: Date | null;
  priceDroppedAt: Date | null;
  purchaseYear: number;
  condition: string;
  contact: string;
  createdAt: Date;
  delivery: DeliveryMethod;
  shipsFromCountry: ShippingCountry | null;
  shippingPriceCents: number | null;
  gearKind: GearKind | null;
  model: string | null;
  mount: Mount | null;
  shutterCount: number | null;
  sellerId: string;
  sellerName: string;
  sellerEmail: string;
  sellerVerifiedAt: Date | null;
  sellerRatingAverage: number | null;
  sellerRatingCount: number;
  sellerPayoutsReady: boolean;
};

export const HOME_CATEGORY_COUNT = 3;
export const ADVERTISED_LIMIT = 24;
/**
 * The home page shows a dozen advertised listings, whatever the catalog's size: its cost and
 * weight stay the same as advertisements grow (ADR 0036). GET /api/advertiseProduct gives 24.
 */
export const HOME_ADVERTISED_COUNT = 12;

/** How a card's lens fits the buyer's camera, in words (null: not a lens, no camera, or it does not fit). */
export type CardFit = { label: string; kind: "native" | "adapter" } | null;

/**
 * What a card renders, and no more: the loader data of a page of cards, which the page also
 * carries as hydration data. No seller's email; the previous price it strikes through (null: none
 * shown) in place of the drop's columns; the booking rule's answer and the fit badge in place of
 * what they are decided from (whether the seller can be paid, the gear's kind and model).
 */
export type CardView = Omit<
  ListingCard,
  | "sellerEmail"
  | "previousPriceCents"
  | "previousPriceUntil"
  | "priceDroppedAt"
  | "gearKind"
  | "model"
  | "sellerPayoutsReady"
  | "contact"
> & {
  bookability: Bookability;
  fit: CardFit;
  wasPriceCents: number | null;
  /** The seller's number for a signed-in visitor; null for a signed-out one (ADR 0099). */
  contact: string | null;
};

/** The fit of a listing's lens on the camera, for its badge. */
export function fitOfCard(card: Pick<ListingCard, "gearKind" | "mount" | "model">, camera: Camera | null): CardFit {
  const fit = listingFit(card, camera);
  return fit ? { label: fit.label, kind: fit.kind } : null;
}

/**
 * A card of the storefront (its listings are available): bookable, or its seller not paid yet;
 * with its lens's fit on the buyer's camera, its previous price while a drop is shown at `now`,
 * and its seller's contact number only for a signed-in viewer.
 */
export function toCardView(
  {
    sellerEmail: _email,
    previousPriceCents,
    previousPriceUntil,
    priceDroppedAt,
    gearKind,
    model,
    sellerPayoutsReady,
    ...card
  }: ListingCard,
  {
    camera = null,
    viewer,
    now = Date.now(),
  }: { camera?: Camera | null; viewer: { role: string } | null; now?: number },
): CardView {
  return {
    ...withContactFor(card, viewer),
    bookability: bookabilityOf({ status: "available", sellerPayoutsReady }),
    fit: fitOfCard({ gearKind, model, mount: card.mount }, camera),
    wasPriceCents: shownPreviousPrice({ ...card, previousPriceCents, previousPriceUntil, priceDroppedAt }, now),
  };
}

function categoriesQuery(db: Database) {
  return db
    .select({
      id: categories.id,
      slug: categories.slug,
      title: categories.title,
      imagePath: categories.imagePath,
    })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.title));
}

function advertisedQuery(db: Database, limit: number) {
  return db
    .select(cardFields)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(isAdvertised)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit);
}

export async function listCategories(db: Database) {
  return categoriesQuery(db);
}

/** The home page's advertised listings (a query: awaited for rows, or read for its plan). */
export function listAdvertisedProducts(db: Database, limit = ADVERTISED_LIMIT) {
  return advertisedQuery(db, limit);
}

/** Everything the home page shows, in one D1 round trip (its cards before `toCardView`). */
export async function loadStorefront(db: Database, options: { allCategories: boolean }) {
  const [allCategories, advertised] = await Promise.all([
    categoriesQuery(db),
    advertisedQuery(db, HOME_ADVERTISED_COUNT),
  ]);
  const shown = options.allCategories ? allCategories : allCategories.slice(0, HOME_CATEGORY_COUNT);
  return {
    categories: shown,
    categoryCount: allCategories.length,
    advertised: advertised as ListingCard[],
  };
}

export const CATEGORY_PAGE_SIZE = 12;

function categoryBySlugQuery(db: Database, slug: string) {
  return db
    .select({ id: categories.id, slug: categories.slug, title: categories.title })
    .from(categories)
    .where(eq(categories.slug, slug.trim().toLowerCase()))
    .limit(1);
}

const categoryListed = (slug: string) =>
  and(
    sql`${products.categoryId} = (select id from ${categories} where slug = ${slug.trim().toLowerCase()})`,
    isListed(["available"]),
  );

/**
 * One page of a category's listings that buyers can book, newest first, with the category and
 * the (capped) total count, in one D1 round trip. Pages are numbered from 1.
 */
export async function loadCategoryPage(db: Database, slug: string, page: number) {
  const offset = (Math.max(1, page) - 1) * CATEGORY_PAGE_SIZE;
  const [found, rows, counted] = await Promise.all([
    categoryBySlugQuery(db, slug),
    db
      .select(cardFields)
      .from(products)
      .innerJoin(users, eq(users.id, products.sellerId))
      .where(categoryListed(slug))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(CATEGORY_PAGE_SIZE)
      .offset(offset),
    // Capped like the search's count (ADR 0035).
    db.select({ total: sql<number>`count(*)` }).from(
      db
        .select({ one: sql`1`.as("one") })
        .from(products)
        .innerJoin(users, eq(users.id, products.sellerId))
        .where(categoryListed(slug))
        .limit(countLimit(Math.max(1, page), CATEGORY_PAGE_SIZE))
        .as("matches"),
    ),
  ]);
  const listed = toCappedPage(
    rows as ListingCard[],
    Number(counted[0]?.total ?? 0),
    Math.max(1, page),
    CATEGORY_PAGE_SIZE,
  );
  return {
    category: found[0] ?? null,
    products: listed.rows,
    total: listed.total,
    capped: listed.capped,
    page: listed.page,
    pageCount: listed.pageCount,
    pageSize: listed.pageSize,
  };
}

/**
 * A listing a buyer may book, with what the booking dialog shows (seller read by join), its
 * return policy among it (ADR 0106).
 */
export async function findBookableProduct(db: Database, productId: string) {
  const [row] = await db
    .select({ ...cardFields, returnPolicy: products.returnPolicy })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(and(eq(products.id, productId), isListed(["available"])))
    .limit(1);
  return (row as (ListingCard & { returnPolicy: ReturnPolicy }) | undefined) ?? null;
}
