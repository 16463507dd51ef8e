// What a shipped booking's parcel costs (ADR 0086), quoted at booking from the listing's terms:
// the seller's flat price or the carrier's rate, the terms the booking is made on only if they
// still hold, and the shipment row (with the buyer's address) inserted with the booking.
import { and, eq, type SQL, sql } from "drizzle-orm";
import { isListed } from "#app/domain/catalog/catalog.server";
import { COUNTRY_NAMES } from "#app/domain/catalog/delivery";
import type { Database } from "#db/client";
import type { ParcelSize, ShippingCountry } from "#db/closed-lists";
import { intoColumns } from "#db/insert-select";
import { bookings, products, shipments } from "#db/schema";
import type { ShippingAddress } from "../parcels/address";
import { CARRIER_MESSAGES, type Carrier } from "./carriers";

/** A listing's shipping terms as a booking quoted them: the booking is made only if they still hold. */
export interface ShippingTerms {
  productId: string;
  country: ShippingCountry;
  fromPostalCode: string;
  parcel: ParcelSize;
  /** The seller's flat price; null: the carrier's rate. */
  flatCents: number | null;
}

export const SHIPPING_QUOTE_MESSAGES = {
  notShipped: "This listing is handed over in person only: choose a meetup.",
  notFound: "This product is no longer available.",
  notShippedTo: (country: ShippingCountry) => `This listing ships within ${COUNTRY_NAMES[country]} only.`,
} as const;

export type Quote =
  | { ok: true; cents: number; terms: ShippingTerms }
  | { ok: false; status: 404 | 422 | 503; message: string };

/**
 * What shipping this listing to this address costs: the seller's flat price, or the carrier's
 * rate for the parcel from the seller's postal code to the buyer's. Refused for a listing that
 * does not ship, or an address outside the country it ships within.
 */
export async function quoteShipping(
  db: Database,
  carrier: Carrier | null,
  productId: string,
  address: ShippingAddress,
): Promise<Quote> {
  const [listing] = await db
    .select({
      delivery: products.delivery,
      country: products.shipsFromCountry,
      fromPostalCode: products.shipsFromPostalCode,
      parcel: products.parcel,
      flatCents: products.shippingPriceCents,
    })
    .from(products)
    .where(and(eq(products.id, productId), isListed(["available"])))
    .limit(1);
  if (!listing) return { ok: false, status: 404, message: SHIPPING_QUOTE_MESSAGES.notFound };
  if (listing.delivery === "meetup" || !listing.country || !listing.fromPostalCode || !listing.parcel)
    return { ok: false, status: 422, message: SHIPPING_QUOTE_MESSAGES.notShipped };
  if (address.country !== listing.country)
    return { ok: false, status: 422, message: SHIPPING_QUOTE_MESSAGES.notShippedTo(listing.country) };
  const terms: ShippingTerms = {
    productId,
    country: listing.country,
    fromPostalCode: listing.fromPostalCode,
    parcel: listing.parcel,
    flatCents: listing.flatCents,
  };
  if (terms.flatCents !== null) return { ok: true, cents: terms.flatCents, terms };
  if (!carrier) return { ok: false, status: 503, message: CARRIER_MESSAGES.noCarrierRate };
  const rate = await carrier.rate({
    parcel: terms.parcel,
    country: terms.country,
    fromPostalCode: terms.fromPostalCode,
    to: address,
  });
  if (!rate.ok) return { ok: false, status: 503, message: CARRIER_MESSAGES.rateUnavailable };
  return { ok: true, cents: rate.cents, terms };
}

/** The listing still ships on the terms quoted (a seller's edit in between refuses the booking). */
export function sameShippingTerms(terms: ShippingTerms): SQL {
  return sql`${products.delivery} != 'meetup' and ${products.shipsFromCountry} = ${terms.country}
    and ${products.shipsFromPostalCode} = ${terms.fromPostalCode} and ${products.parcel} = ${terms.parcel}
    and ${products.shippingPriceCents} is ${terms.flatCents}`;
}

/** The shipment of a booking just inserted in the same batch (nothing when it was not). */
export function shipmentStatement(db: Database, bookingId: string, address: ShippingAddress, parcel: ParcelSize) {
  return db.insert(shipments).select(
    db
      .select(
        intoColumns(shipments, {
          bookingId: bookings.id,
          recipient: sql`${address.recipient}`,
          line1: sql`${address.line1}`,
          line2: sql`${address.line2}`,
          city: sql`${address.city}`,
          region: sql`${address.region}`,
          postalCode: sql`${address.postalCode}`,
          country: sql`${address.country}`,
          addressErasedAt: sql`null`,
          parcel: sql`${parcel}`,
          status: sql`'awaiting_shipment'`,
          shipBy: sql`null`,
          carrier: sql`null`,
          trackingNumber: sql`null`,
          trackingUrl: sql`null`,
          carrierProvider: sql`null`,
          labelRef: sql`null`,
          labelUrl: sql`null`,
          labelCostCents: sql`null`,
          shippedAt: sql`null`,
          deliveredAt: sql`null`,
          remindedAt: sql`null`,
          releaseRemindedAt: sql`null`,
          lastEventAt: sql`null`,
          version: sql`0`,
          createdAt: bookings.createdAt,
          updatedAt: sql`null`,
        }),
      )
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), eq(bookings.delivery, "ship"))),
  );
}
