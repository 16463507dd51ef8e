// The letters of a booking: made (to the seller), cancelled or expired (to both parties), paid
// (to both, with the transaction id), and a message about it (to the other party).
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { buyerDetail } from "#app/domain/deals/parcels/buyer-details";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import type { EventOf } from "#app/domain/shared/events";
import { formatMoney } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import { bookings, messages, payments, products, users } from "#db/schema";
import { type LetterOf, type LetterOptions, link, type PlannedLetter, type Recipient, utc } from "./letter-kit.server";

const buyers = alias(users, "buyers");
const sellers = alias(users, "sellers");

async function loadBooking(db: Database, bookingId: string) {
  const [row] = await db
    .select({
      productName: products.name,
      priceCents: bookings.priceCents,
      shippingCents: bookings.shippingCents,
      delivery: bookings.delivery,
      meetLocation: bookings.meetLocation,
      buyerContact: bookings.buyerContact,
      status: bookings.status,
      expiresAt: bookings.expiresAt,
      transactionId: payments.transactionId,
      buyer: { id: buyers.id, email: buyers.email, name: buyers.name, deletedAt: buyers.deletedAt },
      seller: { id: sellers.id, email: sellers.email, name: sellers.name, deletedAt: sellers.deletedAt },
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(buyers, eq(buyers.id, bookings.buyerId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId))
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

type BookingEvent = EventOf<"booking_made" | "booking_cancelled" | "booking_expired" | "payment_received">;

export async function bookingLetters(
  db: Database,
  event: BookingEvent,
  options: LetterOptions,
  letter: LetterOf,
): Promise<PlannedLetter[]> {
  switch (event.kind) {
    case "booking_made": {
      const b = await loadBooking(db, event.bookingId);
      if (!b) return [];
      return [
        letter(
          b.seller,
          `Booking made: ${b.productName}`,
          `${b.buyer.name} booked "${b.productName}" for ${formatMoney(b.priceCents, options.currency)}.\n` +
            // A shipped booking's address is shown on the parcel's page once it is paid (ADR 0086).
            (b.delivery === "ship"
              ? `To be shipped, for ${formatMoney(b.shippingCents, options.currency)} shipping: the address shows on the parcel's page once it is paid.\n`
              : `Meeting place: ${b.meetLocation}. The buyer's number shows once it is paid.\n`) +
            `The booking holds the item until ${utc(b.expiresAt)} unless it is paid.\n` +
            link(options, "/dashboard/my_product", "Your listings"),
        ),
      ];
    }
    case "booking_cancelled":
    case "booking_expired": {
      const b = await loadBooking(db, event.bookingId);
      if (!b) return [];
      const expired = event.kind === "booking_expired";
      const subject = `${expired ? "Booking expired" : "Booking cancelled"}: ${b.productName}`;
      return [
        letter(
          b.buyer,
          subject,
          expired
            ? `Your booking of "${b.productName}" was not paid by ${utc(b.expiresAt)} and has ended.\n` +
                link(options, "/dashboard/my_orders", "My Orders")
            : `Your booking of "${b.productName}" is cancelled.\n${link(options, "/dashboard/my_orders", "My Orders")}`,
        ),
        letter(
          b.seller,
          subject,
          expired
            ? `The booking of "${b.productName}" by ${b.buyer.name} was not paid in time and has ended.\n` +
                link(options, "/dashboard/my_product", "Your listings")
            : `${b.buyer.name} cancelled the booking of "${b.productName}".\n` +
                link(options, "/dashboard/my_product", "Your listings"),
        ),
      ];
    }
    case "payment_received": {
      const b = await loadBooking(db, event.bookingId);
      if (!b?.transactionId) return [];
      const amount = formatMoney(b.priceCents + b.shippingCents, options.currency);
      const subject = `Payment received: ${b.productName}`;
      // Paid: the seller reads the buyer's number now (deals/buyer-details.ts).
      const contact = buyerDetail("seller", b.status, b.buyerContact);
      const ship =
        b.delivery === "ship"
          ? `Send it by its ship-by date: the address and the label are on the parcel's page.\n${link(options, shipmentPath(event.bookingId), "The parcel")}\n`
          : `Meeting place: ${b.meetLocation}.${contact ? ` Contact: ${contact}.` : ""}\n`;
      return [
        letter(
          b.buyer,
          subject,
          `We received your payment of ${amount} for "${b.productName}".\nTransaction ID: ${b.transactionId}\n` +
            link(options, "/dashboard/my_orders", "My Orders"),
        ),
        letter(
          b.seller,
          subject,
          `${b.buyer.name} paid ${amount} for "${b.productName}".\nTransaction ID: ${b.transactionId}\n` +
            ship +
            link(options, "/dashboard/my_buyer", "My Buyers"),
        ),
      ];
    }
  }
}

/** A message about a booking: its other party is told. */
export async function messageLetters(
  db: Database,
  event: EventOf<"message_received">,
  options: LetterOptions,
  letter: LetterOf,
): Promise<PlannedLetter[]> {
  // The other party of the message's booking is told; the text itself stays in the product
  // (a letter carries an excerpt only, so a long message is read where it can be answered).
  const [row] = await db
    .select({ bookingId: messages.bookingId, senderId: messages.senderId, body: messages.body })
    .from(messages)
    .where(eq(messages.id, event.messageId))
    .limit(1);
  const b = row ? await loadBooking(db, row.bookingId) : null;
  if (!row || !b) return [];
  const fromBuyer = row.senderId === b.buyer.id;
  const [sender, recipient] = fromBuyer ? [b.buyer, b.seller] : [b.seller, b.buyer];
  const excerpt = row.body.length > 200 ? `${row.body.slice(0, 199)}…` : row.body;
  return [
    letter(
      recipient,
      `New message about ${b.productName}`,
      `${sender.deleted ? "Deleted user" : sender.name} wrote about "${b.productName}":\n\n${excerpt}\n\n` +
        link(options, `/dashboard/messages/${row.bookingId}`, "Reply"),
    ),
  ];
}
