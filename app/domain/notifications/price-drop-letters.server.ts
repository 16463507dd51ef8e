// The letter of a price drop (ADR 0063): every buyer who wishlisted the listing is told its old
// and new price, read as they are now. Only a drop buyers can still see is told: the listing is
// public and can be booked (available, by the listing rule) and its previous price is shown; a
// rise or a booking since the drop tells nobody. Its seller is never told of their own drop.
import { and, eq, ne } from "drizzle-orm";
import { isListed } from "#app/domain/catalog/catalog.server";
import { shownPreviousPrice } from "#app/domain/catalog/price-drops";
import type { DomainEvent } from "#app/domain/shared/events";
import { formatMoney } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import { products, users, wishlistEntries } from "#db/schema";
import { type LetterOf, type LetterOptions, link, type PlannedLetter } from "./letter-kit.server";

type PriceDropEvent = Extract<DomainEvent, { kind: "price_dropped" }>;

export async function priceDropLetters(
  db: Database,
  event: PriceDropEvent,
  options: LetterOptions & { now?: number },
  letter: LetterOf,
): Promise<PlannedLetter[]> {
  const [listing] = await db
    .select({
      id: products.id,
      name: products.name,
      sellerId: products.sellerId,
      resalePriceCents: products.resalePriceCents,
      previousPriceCents: products.previousPriceCents,
      previousPriceUntil: products.previousPriceUntil,
      priceDroppedAt: products.priceDroppedAt,
    })
    .from(products)
    .where(and(eq(products.id, event.productId), isListed(["available"])))
    .limit(1);
  const previous = listing ? shownPreviousPrice(listing, options.now ?? Date.now()) : null;
  if (!listing || previous === null) return [];
  const buyers = await db
    .select({ id: users.id, email: users.email, name: users.name, deletedAt: users.deletedAt })
    .from(wishlistEntries)
    .innerJoin(users, eq(users.id, wishlistEntries.buyerId))
    .where(and(eq(wishlistEntries.productId, listing.id), eq(users.role, "buyer"), ne(users.id, listing.sellerId)));
  const now = formatMoney(listing.resalePriceCents, options.currency);
  const was = formatMoney(previous, options.currency);
  return buyers.map((buyer) =>
    letter(
      { id: buyer.id, email: buyer.email, name: buyer.name, deleted: buyer.deletedAt !== null },
      `Price drop: ${listing.name}`,
      `"${listing.name}" on your wishlist now costs ${now}, down from ${was}.\n` +
        `${link(options, `/listings/${encodeURIComponent(listing.id)}`, "See the listing")}\n\n` +
        "You can turn off letters about price drops in your settings.",
    ),
  );
}
