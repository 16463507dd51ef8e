// The wishlist: products a buyer wants to keep an eye on. One row per buyer and product; "Paid"
// is read from the product, never copied.
import { and, desc, eq, sql } from "drizzle-orm";
import type { SessionUser } from "#app/domain/accounts/sessions.server";
import { LIST_PAGE_SIZE, listPage, pageOffset } from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import { intoColumns } from "#db/insert-select";
import { bookings, products, users, wishlistEntries } from "#db/schema";
import { ANY_STATUS, isBookable, isListed } from "./catalog.server";
import { shownPreviousPrice } from "./price-drops";

export const WISHLIST_MESSAGES = {
  added: "This product has been added to your wishlist",
  already: "You added this product already to your wishlist",
  removed: "The product has been removed from your wishlist",
  notFound: "This product is no longer available.",
  notBuyer: "Only buyers can keep a wishlist.",
  notInWishlist: "This product is not in your wishlist.",
} as const;

export type WishlistResult = { ok: true; message: string } | { ok: false; status: 403 | 404 | 409; message: string };

export async function addToWishlist(
  db: Database,
  buyer: Pick<SessionUser, "id" | "role">,
  productId: string,
): Promise<WishlistResult> {
  if (buyer.role !== "buyer") return { ok: false, status: 403, message: WISHLIST_MESSAGES.notBuyer };
  const inserted = await db
    .insert(wishlistEntries)
    .select(
      db
        .select(
          intoColumns(wishlistEntries, {
            buyerId: sql`${buyer.id}`,
            productId: products.id,
            createdAt: sql`${Date.now()}`,
          }),
        )
        .from(products)
        .where(and(eq(products.id, productId), isListed(ANY_STATUS))),
    )
    .onConflictDoNothing({ target: [wishlistEntries.buyerId, wishlistEntries.productId] });
  if (inserted.meta.changes === 1) return { ok: true, message: WISHLIST_MESSAGES.added };
  const [existing] = await db
    .select({ productId: wishlistEntries.productId })
    .from(wishlistEntries)
    .where(and(eq(wishlistEntries.buyerId, buyer.id), eq(wishlistEntries.productId, productId)))
    .limit(1);
  return existing
    ? { ok: false, status: 409, message: WISHLIST_MESSAGES.already }
    : { ok: false, status: 404, message: WISHLIST_MESSAGES.notFound };
}

export async function removeFromWishlist(
  db: Database,
  buyer: Pick<SessionUser, "id">,
  productId: string,
): Promise<WishlistResult> {
  const removed = await db
    .delete(wishlistEntries)
    .where(and(eq(wishlistEntries.buyerId, buyer.id), eq(wishlistEntries.productId, productId)))
    .returning({ productId: wishlistEntries.productId });
  return removed.length === 1
    ? { ok: true, message: WISHLIST_MESSAGES.removed }
    : { ok: false, status: 404, message: WISHLIST_MESSAGES.notInWishlist };
}

/**
 * One page of the buyer's wishlist with what the table shows; seller and status read through
 * joins, and the buyer's own unpaid booking of each product (the Pay link) in the same query.
 */
export async function listWishlist(db: Database, buyerId: string, page: number) {
  const mine = eq(wishlistEntries.buyerId, buyerId);
  return listPage(
    db
      .select({
        productId: products.id,
        productName: products.name,
        photoKey: products.photoKey,
        priceCents: products.resalePriceCents,
        // A recent drop's previous price (wishlistItemView decides whether it is shown).
        previousPriceCents: products.previousPriceCents,
        previousPriceUntil: products.previousPriceUntil,
        priceDroppedAt: products.priceDroppedAt,
        status: products.status,
        // Gone from the storefront: deleted, removed, or its seller deleted.
        removed: sql<boolean>`not (${isListed(ANY_STATUS)})`.mapWith(Boolean),
        bookable: sql<boolean>`${isBookable()}`.mapWith(Boolean),
        // Available, but its seller cannot be paid yet.
        payoutsPending: sql<boolean>`${isListed(["available"])} and not (${isBookable()})`.mapWith(Boolean),
        sellerEmail: users.email,
        addedAt: wishlistEntries.createdAt,
        // At most one: a product has at most one live booking (a unique index).
        bookingId: sql<string | null>`${bookings.id}`.as("booking_id"),
      })
      .from(wishlistEntries)
      .innerJoin(products, eq(products.id, wishlistEntries.productId))
      .innerJoin(users, eq(users.id, products.sellerId))
      .leftJoin(
        bookings,
        and(
          eq(bookings.productId, wishlistEntries.productId),
          eq(bookings.buyerId, buyerId),
          eq(bookings.status, "active"),
        ),
      )
      .where(mine)
      .orderBy(desc(wishlistEntries.createdAt), desc(wishlistEntries.productId))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ total: sql<number>`count(*)` }).from(wishlistEntries).where(mine),
    page,
  );
}

export type WishlistItem = Awaited<ReturnType<typeof listWishlist>>["rows"][number];

/** A wishlist row as its table shows it: the previous price struck through while a drop is shown. */
export function wishlistItemView<Row extends WishlistItem>(
  { previousPriceCents, previousPriceUntil, priceDroppedAt, ...row }: Row,
  now: number = Date.now(),
) {
  return {
    ...row,
    wasPriceCents: shownPreviousPrice(
      { resalePriceCents: row.priceCents, previousPriceCents, previousPriceUntil, priceDroppedAt },
      now,
    ),
  };
}
