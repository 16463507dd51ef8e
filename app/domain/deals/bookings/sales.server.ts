// My Buyers: a seller's sales, read from the payments (the record of money received), with the
// buyer and the product read by join. Deleted buyers and deleted products stay in this history.
import { desc, eq, sql } from "drizzle-orm";
import { ANY_STATUS, isListed } from "#app/domain/catalog/catalog.server";
import { LIST_PAGE_SIZE, listPage, pageOffset } from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import type { ShipmentStatus } from "#db/closed-lists";
import { payments, products, shipments, users } from "#db/schema";

/**
 * One page of the seller's sales, newest first: its rows and their count, started together (the
 * request's read batcher sends them with the page's other reads, ADR 0069).
 */
export async function listSales(db: Database, sellerId: string, page: number) {
  return listPage(
    db
      .select({
        id: payments.id,
        bookingId: payments.bookingId,
        productId: payments.productId,
        amountCents: payments.amountCents,
        // The part of the payment that paid for shipping (ADR 0086): the item's price is the rest.
        shippingCents: payments.shippingCents,
        currency: payments.currency,
        transactionId: payments.transactionId,
        status: payments.status,
        paidAt: payments.createdAt,
        // Aliased: D1 returns rows keyed by column name, and users.name and products.name collide.
        buyerName: sql`${users.name}`.mapWith(users.name).as("buyer_name"),
        buyerEmail: sql`${users.email}`.mapWith(users.email).as("buyer_email"),
        productName: sql`${products.name}`.mapWith(products.name).as("product_name"),
        // Its public page can be opened (booked and sold ones too).
        listed: sql<boolean>`${isListed(ANY_STATUS)}`.mapWith(Boolean).as("listed"),
        // A shipped deal's parcel (ADR 0086): where it is; null for a meetup.
        shipmentStatus: sql<ShipmentStatus | null>`(select ${shipments.status} from ${shipments}
          where ${shipments.bookingId} = ${payments.bookingId})`.as("shipment_status"),
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.buyerId))
      .innerJoin(products, eq(products.id, payments.productId))
      .where(eq(payments.sellerId, sellerId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ total: sql<number>`count(*)` }).from(payments).where(eq(payments.sellerId, sellerId)),
    page,
  );
}

export type Sale = Awaited<ReturnType<typeof listSales>>["rows"][number];
