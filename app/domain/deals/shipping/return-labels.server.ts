// A return's label as the people of its deal read it (ADR 0107): its buyer, its seller and an
// admin, once the label is bought. It goes from the address the deal shipped to back to the
// seller's default sender address; the return keeps neither, so both are read from where they
// are kept, and an address erased since is not printed.
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import type { ShippingCountry } from "#db/closed-lists";
import { returns, savedAddresses, shipments } from "#db/schema";
import type { ShippingAddress } from "../parcels/address";
import type { Viewer } from "./parcel-reads.server";

/**
 * A return's bought label for someone allowed to see it: the return's buyer, its seller, or an
 * admin; null for anyone else, and while no label is bought.
 */
export async function findReturnLabelFor(db: Database, viewer: Viewer, bookingId: string) {
  const [row] = await db
    .select({
      bookingId: returns.bookingId,
      buyerId: returns.buyerId,
      sellerId: returns.sellerId,
      carrierProvider: returns.carrierProvider,
      carrier: returns.carrier,
      trackingNumber: returns.trackingNumber,
      labelUrl: returns.labelUrl,
      parcel: shipments.parcel,
      country: shipments.country,
      addressErasedAt: shipments.addressErasedAt,
      recipient: shipments.recipient,
      line1: shipments.line1,
      line2: shipments.line2,
      city: shipments.city,
      region: shipments.region,
      postalCode: shipments.postalCode,
      // Aliased: a batched read keys rows by column name, and the shipment's address shares them.
      senderName: sql<string | null>`${savedAddresses.recipient}`.as("sender_recipient"),
      senderLine1: sql<string | null>`${savedAddresses.line1}`.as("sender_line1"),
      senderLine2: sql<string | null>`${savedAddresses.line2}`.as("sender_line2"),
      senderCity: sql<string | null>`${savedAddresses.city}`.as("sender_city"),
      senderRegion: sql<string | null>`${savedAddresses.region}`.as("sender_region"),
      senderPostalCode: sql<string | null>`${savedAddresses.postalCode}`.as("sender_postal_code"),
      senderCountry: sql<ShippingCountry | null>`${savedAddresses.country}`.as("sender_country"),
    })
    .from(returns)
    .innerJoin(shipments, eq(shipments.bookingId, returns.bookingId))
    // Going back to the seller's default sender address (Settings → Addresses), as it is now.
    .leftJoin(
      savedAddresses,
      and(
        eq(savedAddresses.userId, returns.sellerId),
        eq(savedAddresses.kind, "sender"),
        eq(savedAddresses.isDefault, true),
      ),
    )
    .where(eq(returns.bookingId, bookingId))
    .limit(1);
  if (!row) return null;
  const isBuyer = row.buyerId === viewer.id;
  const isSeller = row.sellerId === viewer.id;
  if (!isBuyer && !isSeller && viewer.role !== "admin") return null;
  if (!row.trackingNumber || !row.carrierProvider) return null;
  const { recipient, line1, line2, city, region, postalCode } = row;
  // Picked up where the deal was delivered: the buyer's address, as its shipment keeps it.
  const from: ShippingAddress | null =
    row.addressErasedAt === null && recipient && line1 && city && region && postalCode
      ? { recipient, line1, line2, city, region, postalCode, country: row.country }
      : null;
  const to: ShippingAddress | null =
    row.senderName && row.senderLine1 && row.senderCity && row.senderRegion && row.senderPostalCode && row.senderCountry
      ? {
          recipient: row.senderName,
          line1: row.senderLine1,
          line2: row.senderLine2,
          city: row.senderCity,
          region: row.senderRegion,
          postalCode: row.senderPostalCode,
          country: row.senderCountry,
        }
      : null;
  return {
    bookingId: row.bookingId,
    viewer: isSeller ? ("seller" as const) : isBuyer ? ("buyer" as const) : ("admin" as const),
    carrierProvider: row.carrierProvider,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    labelUrl: row.labelUrl,
    parcel: row.parcel,
    country: row.country,
    from,
    to,
  };
}

export type ReturnLabelView = NonNullable<Awaited<ReturnType<typeof findReturnLabelFor>>>;
