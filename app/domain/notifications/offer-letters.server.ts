// The letters of offers (ADR 0061): an offer received (the seller), countered (the buyer),
// accepted (the other side of whoever accepted), declined (the other side of whoever declined;
// the buyer when the listing was booked), expired (both). Read from the data as it is now.
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { OFFER_DECLINE_WORDS } from "#app/domain/deals/offers/offer-words";
import { BUYER_OFFERS_PATH, SELLER_OFFERS_PATH } from "#app/domain/deals/offers/paths";
import type { DomainEvent } from "#app/domain/shared/events";
import { formatMoney } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import { offers, products, users } from "#db/schema";
import { type LetterOf, type LetterOptions, link, type PlannedLetter, type Recipient, utc } from "./letter-kit.server";

/**
 * At most one "offer received" letter per buyer and listing in this window: a buyer who makes
 * and withdraws offers again and again tells the seller once (the offers are all in Offers).
 */
export const OFFER_RECEIVED_LETTER_WINDOW_MS = 3600 * 1000;

type OfferEvent = Extract<
  DomainEvent,
  { kind: "offer_received" | "offer_countered" | "offer_accepted" | "offer_declined" | "offer_expired" }
>;

const buyers = alias(users, "buyers");
const sellers = alias(users, "sellers");

const person = (user: { id: string; email: string; name: string; deletedAt: Date | null }): Recipient => ({
  id: user.id,
  email: user.email,
  name: user.name,
  deleted: user.deletedAt !== null,
});

export async function offerLetters(
  db: Database,
  event: OfferEvent,
  options: LetterOptions,
  letter: LetterOf,
): Promise<PlannedLetter[]> {
  const [row] = await db
    .select({
      productId: offers.productId,
      productName: products.name,
      amountCents: offers.amountCents,
      counterCents: offers.counterCents,
      declineReason: offers.declineReason,
      respondBy: offers.respondBy,
      bookingId: offers.bookingId,
      buyer: { id: buyers.id, email: buyers.email, name: buyers.name, deletedAt: buyers.deletedAt },
      seller: { id: sellers.id, email: sellers.email, name: sellers.name, deletedAt: sellers.deletedAt },
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
    .innerJoin(buyers, eq(buyers.id, offers.buyerId))
    .innerJoin(sellers, eq(sellers.id, offers.sellerId))
    .where(eq(offers.id, event.offerId))
    .limit(1);
  if (!row) return [];
  const buyer = person(row.buyer);
  const seller = person(row.seller);
  const name = row.productName;
  const amount = formatMoney(row.amountCents, options.currency);
  const counter = row.counterCents === null ? null : formatMoney(row.counterCents, options.currency);
  const buyerList = link(options, BUYER_OFFERS_PATH, "My Offers");
  const sellerList = link(options, SELLER_OFFERS_PATH, "Offers");
  switch (event.kind) {
    case "offer_received":
      return [
        {
          ...letter(
            seller,
            `Offer received: ${name}`,
            `${buyer.name} offers ${amount} for "${name}". Accept, decline or counter it by ${utc(row.respondBy)}.\n${sellerList}`,
          ),
          oncePer: { key: `offer_received:${row.productId}:${buyer.id}`, windowMs: OFFER_RECEIVED_LETTER_WINDOW_MS },
        },
      ];
    case "offer_countered":
      return [
        letter(
          buyer,
          `Counter to your offer: ${name}`,
          `${seller.name} answers your offer of ${amount} for "${name}" with ${counter}. Accept or decline it by ${utc(row.respondBy)}.\n${buyerList}`,
        ),
      ];
    case "offer_accepted": {
      // The buyer accepted the seller's counter, or the seller accepted the buyer's offer.
      const agreed = counter ?? amount;
      if (counter) {
        return [
          letter(
            seller,
            `Counter accepted: ${name}`,
            `${buyer.name} accepted your counter of ${agreed} for "${name}": it is booked for them at that price.\n${sellerList}`,
          ),
        ];
      }
      const pay = row.bookingId ? link(options, `/dashboard/payment/${row.bookingId}`, "Pay") : buyerList;
      return [
        letter(
          buyer,
          `Offer accepted: ${name}`,
          `${seller.name} accepted your offer of ${agreed} for "${name}": it is booked for you at that price.\n${pay}`,
        ),
      ];
    }
    case "offer_declined": {
      if (row.declineReason === "buyer_declined") {
        return [
          letter(
            seller,
            `Counter declined: ${name}`,
            `${buyer.name} declined your counter of ${counter} for "${name}".\n${sellerList}`,
          ),
        ];
      }
      const why = row.declineReason ? OFFER_DECLINE_WORDS[row.declineReason] : "";
      return [
        letter(
          buyer,
          `Offer declined: ${name}`,
          `Your offer of ${amount} for "${name}" was declined. ${why}\n${buyerList}`,
        ),
      ];
    }
    case "offer_expired": {
      const subject = `Offer expired: ${name}`;
      return [
        letter(
          buyer,
          subject,
          `Your offer of ${amount} for "${name}" was not answered in time and has expired.\n${buyerList}`,
        ),
        letter(seller, subject, `The offer of ${amount} by ${buyer.name} for "${name}" has expired.\n${sellerList}`),
      ];
    }
  }
}
