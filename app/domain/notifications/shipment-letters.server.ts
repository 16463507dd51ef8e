// The letters of a shipped deal's parcel (ADR 0086): sent (to the buyer, with its tracking),
// delivered (to both), due without a delivery seen for a parcel its seller tracks (to the buyer,
// ADR 0092), due tomorrow (to the seller) and cancelled unsent (to both). No letter
// carries the buyer's address: the seller reads it on the shipment page, signed in.
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import type { EventOf } from "#app/domain/shared/events";
import { formatMoney } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import { bookings, deals, products, shipments, users } from "#db/schema";
import { type LetterOf, type LetterOptions, link, type PlannedLetter, type Recipient, utc } from "./letter-kit.server";

const buyers = alias(users, "parcel_buyers");
const sellers = alias(users, "parcel_sellers");

async function loadParcel(db: Database, bookingId: string) {
  const [row] = await db
    .select({
      productName: products.name,
      amountCents: bookings.priceCents,
      shippingCents: bookings.shippingCents,
      carrier: shipments.carrier,
      trackingNumber: shipments.trackingNumber,
      shipBy: shipments.shipBy,
      deliveredAt: shipments.deliveredAt,
      shippedAt: shipments.shippedAt,
      releaseDueAt: deals.releaseDueAt,
      buyer: { id: buyers.id, email: buyers.email, name: buyers.name, deletedAt: buyers.deletedAt },
      seller: { id: sellers.id, email: sellers.email, name: sellers.name, deletedAt: sellers.deletedAt },
    })
    .from(shipments)
    .innerJoin(bookings, eq(bookings.id, shipments.bookingId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(buyers, eq(buyers.id, bookings.buyerId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .leftJoin(deals, eq(deals.bookingId, shipments.bookingId))
    .where(eq(shipments.bookingId, bookingId))
    .limit(1);
  if (!row) return null;
  const person = (user: typeof row.buyer): Recipient => ({
    id: user.id,
    email: user.email,
    name: user.name,
    deleted: user.deletedAt !== null,
  });
  return { ...row, buyer: person(row.buyer), seller: person(row.seller) };
}

type ParcelEvent = EventOf<
  "parcel_sent" | "parcel_delivered" | "parcel_release_due" | "ship_reminder" | "unshipped_cancelled"
>;

export async function shipmentLetters(
  db: Database,
  event: ParcelEvent,
  options: LetterOptions,
  letter: LetterOf,
): Promise<PlannedLetter[]> {
  const parcel = await loadParcel(db, event.bookingId);
  if (!parcel) return [];
  const page = link(options, shipmentPath(event.bookingId), "The parcel");
  switch (event.kind) {
    case "parcel_sent":
      return [
        letter(
          parcel.buyer,
          `Sent: ${parcel.productName}`,
          `The seller sent "${parcel.productName}" with ${parcel.carrier}, tracking number ${parcel.trackingNumber}.\n` +
            `Your payment stays held until it is delivered and you have had time to look at it.\n${page}`,
        ),
      ];
    case "parcel_delivered":
      return [
        letter(
          parcel.buyer,
          `Delivered: ${parcel.productName}`,
          `The carrier delivered "${parcel.productName}" on ${utc(parcel.deliveredAt)}.\n` +
            `Check it now: confirm on My Orders that it is as described, or report a problem before your protection ends.\n` +
            link(options, "/dashboard/my_orders", "My Orders"),
        ),
        letter(
          parcel.seller,
          `Delivered: ${parcel.productName}`,
          `The carrier delivered "${parcel.productName}" to the buyer on ${utc(parcel.deliveredAt)}.\n` +
            `The payment is released once the buyer confirms, or when their protection ends without a claim.\n${page}`,
        ),
      ];
    case "parcel_release_due":
      return [
        letter(
          parcel.buyer,
          `Has it arrived? ${parcel.productName}`,
          `The seller sent "${parcel.productName}" with ${parcel.carrier}, tracking number ${parcel.trackingNumber}, on ${utc(parcel.shippedAt)}. ` +
            "Pay&Buy cannot follow that carrier's parcels itself, so your protection has started as if it had been delivered.\n" +
            `If it arrived as described, confirm it on My Orders. If it has not arrived, or is not as described, report a problem on My Orders before ${utc(parcel.releaseDueAt)}: ` +
            "that day the payment goes to the seller.\n" +
            link(options, "/dashboard/my_orders", "My Orders"),
        ),
      ];
    case "ship_reminder":
      return [
        letter(
          parcel.seller,
          `Send it by ${utc(parcel.shipBy)}: ${parcel.productName}`,
          `"${parcel.productName}" is paid and waiting to be sent by ${utc(parcel.shipBy)}.\n` +
            `After that the buyer may cancel for a full refund. Add the tracking once it is sent.\n${page}`,
        ),
      ];
    case "unshipped_cancelled": {
      const total = formatMoney(parcel.amountCents + parcel.shippingCents, options.currency);
      return [
        letter(
          parcel.buyer,
          `Cancelled and refunded: ${parcel.productName}`,
          `"${parcel.productName}" was not sent in time, so the purchase is cancelled and ${total} is refunded to you.\n` +
            link(options, "/dashboard/my_orders", "My Orders"),
        ),
        letter(
          parcel.seller,
          `Cancelled, not sent: ${parcel.productName}`,
          `"${parcel.productName}" was not sent by ${utc(parcel.shipBy)}, so the purchase is cancelled and the buyer refunded.\n${page}`,
        ),
      ];
    }
  }
}
