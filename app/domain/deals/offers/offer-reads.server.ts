// What the offer lists, the listing page and the REST API read of offers: a party's own only,
// ownership in the query (`WHERE buyer_id = :me` or `seller_id = :me`).
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { SessionUser } from "#app/domain/accounts/sessions.server";
import { buyerDetail } from "#app/domain/deals/parcels/buyer-details";
import { LIST_PAGE_SIZE, listPage, pageOffset } from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import type { BookingStatus } from "#db/closed-lists";
import { bookings, offers, products, users } from "#db/schema";

const buyers = alias(users, "offer_buyers");
const sellers = alias(users, "offer_sellers");

/** Which side of their offers a user lists: those they made, or those made on their listings. */
export type OfferSide = "buyer" | "seller";

const offerFields = {
  id: offers.id,
  productId: offers.productId,
  productName: products.name,
  buyerId: offers.buyerId,
  // Aliased: D1 returns a batch's rows keyed by column name.
  buyerName: sql`${buyers.name}`.mapWith(buyers.name).as("buyer_name"),
  sellerId: offers.sellerId,
  sellerName: sql`${sellers.name}`.mapWith(sellers.name).as("seller_name"),
  askingCents: offers.askingCents,
  amountCents: offers.amountCents,
  counterCents: offers.counterCents,
  status: offers.status,
  declineReason: offers.declineReason,
  meetLocation: offers.meetLocation,
  buyerContact: offers.buyerContact,
  bookingId: offers.bookingId,
  bookingStatus: sql`${bookings.status}`.mapWith(bookings.status).as("booking_status"),
  createdAt: offers.createdAt,
  respondBy: offers.respondBy,
};

function offersWithParties(db: Database) {
  return db
    .select(offerFields)
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(buyers, eq(buyers.id, offers.buyerId))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .leftJoin(bookings, eq(bookings.id, offers.bookingId));
}

const sideOf = (side: OfferSide, userId: string) =>
  side === "buyer" ? eq(offers.buyerId, userId) : eq(offers.sellerId, userId);

/**
 * A page of a user's offers, newest first, and their count, read together: the request's read
 * batcher sends them in one D1 batch, with the session's read on a page (ADR 0069).
 */
export async function listOffers(db: Database, side: OfferSide, userId: string, page: number) {
  const listed = await listPage(
    offersWithParties(db)
      .where(sideOf(side, userId))
      .orderBy(desc(offers.createdAt), desc(offers.id))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ total: sql<number>`count(*)` }).from(offers).where(sideOf(side, userId)),
    page,
  );
  return { ...listed, rows: listed.rows.map((row) => asReadBy(side, row)) };
}

/** An offer as one of its parties reads it: the buyer's contact by the bookings' rule. */
function asReadBy<Row extends { buyerContact: string; bookingStatus: BookingStatus | null }>(
  side: OfferSide,
  row: Row,
) {
  return { ...row, buyerContact: buyerDetail(side, row.bookingStatus, row.buyerContact) };
}

export type OfferView = Awaited<ReturnType<typeof listOffers>>["rows"][number];

/** One offer for its buyer or its seller; anyone else is told nothing (null). */
export async function getOfferFor(db: Database, viewer: Pick<SessionUser, "id">, offerId: string) {
  const [row] = await offersWithParties(db)
    .where(and(eq(offers.id, offerId), or(eq(offers.buyerId, viewer.id), eq(offers.sellerId, viewer.id))))
    .limit(1);
  return row ? asReadBy(row.buyerId === viewer.id ? "buyer" : "seller", row) : null;
}

/** The buyer's live offer on a listing, if any: what the listing page shows in place of the form. */
export async function findLiveOffer(db: Database, buyerId: string, productId: string) {
  const [row] = await offersWithParties(db)
    .where(
      and(eq(offers.buyerId, buyerId), eq(offers.productId, productId), inArray(offers.status, ["open", "countered"])),
    )
    .limit(1);
  return row ? asReadBy("buyer", row) : null;
}
