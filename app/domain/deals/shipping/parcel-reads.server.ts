// A shipped booking's parcel as the people of its deal read it (ADR 0086): its buyer, its seller
// and an admin; the buyer's address kept in its shipment is given to the buyer, the admin, and the
// deal's seller once the deal is paid; nobody after it is erased. The parcel's answers' words.
import { eq, sql } from "drizzle-orm";
import { readsBuyerDetails } from "#app/domain/deals/parcels/buyer-details";
import type { DomainEvent } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import { bookings, products, shipments } from "#db/schema";
import { offlineTrackingUrl } from "./offline-carrier";

export const SHIPMENT_MESSAGES = {
  notFound: "There is no such shipment.",
  sent: "Tracking saved: the buyer can follow the parcel.",
  notAwaiting: "This parcel is already on its way: its tracking is set.",
  notPaid: "This parcel is sent once the buyer has paid.",
  notHeld: "This deal is settled: there is nothing to send.",
  trackingTaken: "This tracking number is already another parcel's.",
  notOffline: "Test mode's carrier control moves only the test carrier's own parcels, and only in test mode.",
  nothingToAdvance: "This parcel is not on its way: there is nothing to move on.",
  advanced: "The test carrier moved the parcel on.",
} as const;

/** Who asks about a parcel: the signed-in person and their role. */
export type Viewer = { id: string; role: string | undefined };

/**
 * A shipped booking's parcel for someone allowed to see it: its buyer, its seller, or an admin;
 * anyone else gets null. The address is given to the buyer, to the admin, and to the seller only
 * once the deal is paid (ADR 0086); after it is erased, to nobody.
 */
export async function findShipmentFor(db: Database, viewer: Viewer, bookingId: string) {
  const [row] = await db
    .select({
      bookingId: shipments.bookingId,
      status: shipments.status,
      recipient: shipments.recipient,
      line1: shipments.line1,
      line2: shipments.line2,
      city: shipments.city,
      region: shipments.region,
      postalCode: shipments.postalCode,
      country: shipments.country,
      addressErasedAt: shipments.addressErasedAt,
      parcel: shipments.parcel,
      shipBy: shipments.shipBy,
      carrier: shipments.carrier,
      trackingNumber: shipments.trackingNumber,
      trackingUrl: shipments.trackingUrl,
      carrierProvider: shipments.carrierProvider,
      labelUrl: shipments.labelUrl,
      labelCostCents: shipments.labelCostCents,
      shippedAt: shipments.shippedAt,
      deliveredAt: shipments.deliveredAt,
      lastEventAt: shipments.lastEventAt,
      buyerId: bookings.buyerId,
      sellerId: products.sellerId,
      // Aliased: a batched read keys rows by column name, and shipments.status collides.
      bookingStatus: sql`${bookings.status}`.mapWith(bookings.status).as("booking_status"),
      productId: products.id,
      productName: products.name,
      shippingCents: bookings.shippingCents,
      // The booking's copy, as it was when bought (ADR 0106).
      returnPolicy: bookings.returnPolicy,
      buyerContact: bookings.buyerContact,
      fromPostalCode: products.shipsFromPostalCode,
    })
    .from(shipments)
    .innerJoin(bookings, eq(bookings.id, shipments.bookingId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(eq(shipments.bookingId, bookingId))
    .limit(1);
  if (!row) return null;
  const isBuyer = row.buyerId === viewer.id;
  const isSeller = row.sellerId === viewer.id;
  const isAdmin = viewer.role === "admin";
  if (!isBuyer && !isSeller && !isAdmin) return null;
  const viewerSide = isSeller ? ("seller" as const) : isBuyer ? ("buyer" as const) : ("admin" as const);
  const showsAddress = row.addressErasedAt === null && readsBuyerDetails(viewerSide, row.bookingStatus);
  const { recipient, line1, line2, city, region, postalCode, buyerContact, fromPostalCode, ...rest } = row;
  return {
    ...rest,
    viewer: viewerSide,
    address: showsAddress ? { recipient, line1, line2, city, region, postalCode, country: row.country } : null,
    // The carrier calls the number on the parcel: the seller reads it with the address.
    buyerContact: showsAddress ? buyerContact : null,
    // Where it leaves from: the seller's own (never the buyer's to read).
    fromPostalCode: isSeller || isAdmin ? fromPostalCode : null,
    // An offline parcel is followed on this deal's page, whatever URL an older label stored.
    trackingUrl:
      row.carrierProvider === "offline" && row.trackingUrl !== null
        ? offlineTrackingUrl(row.bookingId)
        : row.trackingUrl,
  };
}

export type ShipmentView = NonNullable<Awaited<ReturnType<typeof findShipmentFor>>>;

export type ShipmentResult =
  | { ok: true; message: string; events: DomainEvent[] }
  | { ok: false; status: 404 | 409 | 422; message: string };
