// The letters one event makes: who is told (recipients per kind) and what they read, built
// from the data as it is now. A recipient whose account is deleted is told nothing.
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { DomainEvent } from "#app/domain/shared/events";
import { formatMoney } from "#app/domain/shared/money";
import { toOneLine } from "#app/domain/shared/schemas";
import type { Database } from "#db/client";
import { bookings, messages, payments, products, users } from "#db/schema";
import { accountLetters } from "./account-letters.server";
import {
  greeting,
  type LetterOptions,
  link,
  loadUser,
  type PlannedLetter,
  type Recipient,
  utc,
} from "./letter-kit.server";
import { moneyLetters } from "./money-letters.server";
import { offerLetters } from "./offer-letters.server";
import { priceDropLetters } from "./price-drop-letters.server";
import { savedSearchMatchLetters } from "./saved-search-letters.server";

export type { LetterOptions, PlannedLetter, Recipient };

const buyers = alias(users, "buyers");
const sellers = alias(users, "sellers");

async function loadBooking(db: Database, bookingId: string) {
  const [row] = await db
    .select({
      productName: products.name,
      priceCents: bookings.priceCents,
      meetLocation: bookings.meetLocation,
      buyerContact: bookings.buyerContact,
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

/** Every letter the event makes, before preferences are applied; [] when its subject is gone. */
export async function plannedLetters(
  db: Database,
  event: DomainEvent,
  options: LetterOptions & { now?: number },
): Promise<PlannedLetter[]> {
  if (
    event.kind === "account_link" ||
    event.kind === "email_changed" ||
    event.kind === "password_changed" ||
    event.kind === "two_factor_changed"
  ) {
    return accountLetters(db, event, options);
  }
  const letter = (recipient: Recipient, subject: string, text: string): PlannedLetter => ({
    recipient,
    kind: event.kind,
    // One line whatever the names in it hold: a line break in a subject would start a new header.
    subject: toOneLine(subject),
    text: greeting(recipient, text, options),
  });
  switch (event.kind) {
    case "booking_made": {
      const b = await loadBooking(db, event.bookingId);
      if (!b) return [];
      return [
        letter(
          b.seller,
          `Booking made: ${b.productName}`,
          `${b.buyer.name} booked "${b.productName}" for ${formatMoney(b.priceCents)}.\n` +
            `Meeting place: ${b.meetLocation}. Contact: ${b.buyerContact}.\n` +
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
      const amount = formatMoney(b.priceCents);
      const subject = `Payment received: ${b.productName}`;
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
            link(options, "/dashboard/my_buyer", "My Buyers"),
        ),
      ];
    }
    case "seller_verified": {
      const seller = await loadUser(db, event.sellerId);
      if (!seller) return [];
      return [
        letter(
          seller,
          "Your seller account is verified",
          `An admin verified your seller account: your listings now show the Verified badge.\n` +
            link(options, "/dashboard/my_product", "Your listings"),
        ),
      ];
    }
    case "listing_removed": {
      const [row] = await db
        .select({ name: products.name, sellerId: products.sellerId })
        .from(products)
        .where(eq(products.id, event.productId))
        .limit(1);
      const seller = row ? await loadUser(db, row.sellerId) : null;
      if (!row || !seller) return [];
      return [
        letter(
          seller,
          `Listing removed: ${row.name}`,
          `An admin removed your listing "${row.name}" after buyers reported it. It no longer appears in the store.\n` +
            link(options, "/dashboard/my_product", "Your listings"),
        ),
      ];
    }
    case "payment_released":
    case "payment_refunded":
    case "claim_opened":
    case "claim_answered":
    case "claim_decided":
    case "payout_paid":
    case "payout_failed":
      return moneyLetters(db, event, options, letter);
    case "price_dropped":
      return priceDropLetters(db, event, options, letter);
    case "offer_received":
    case "offer_countered":
    case "offer_accepted":
    case "offer_declined":
    case "offer_expired":
      return offerLetters(db, event, options, letter);
    case "saved_search_matches":
      return savedSearchMatchLetters(db, event, options);
    case "message_received": {
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
  }
}
