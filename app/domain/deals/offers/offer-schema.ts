// The offer forms' rules, shared by the pages (browser and server) and the REST API: a buyer's
// offer on a listing and a seller's counter. The price rules are functions of the asking price,
// which the server reads from the database (never from the request). Browser-safe.
import * as z from "zod";
import { buyerContactField, meetLocationField } from "#app/domain/deals/bookings/booking-schema";
import { amountExample, type Currency, formatMoney, MAX_PRICE_CENTS, parseMoney } from "#app/domain/shared/money";
import { idSchema, requiredId } from "#app/domain/shared/schemas";

/** How long whoever's turn it is has to answer an offer (and a counter, from when it is made). */
export const OFFER_HOURS = 48;

/** The least a buyer may offer: half the asking price, rounded up to a whole cent. */
export function lowestOfferCents(askingCents: number): number {
  return Math.ceil(askingCents / 2);
}

/** What is wrong with an offer of `amountCents` on a listing asking `askingCents`, or null. */
export function offerPriceProblem(amountCents: number, askingCents: number, currency: Currency): string | null {
  const lowest = lowestOfferCents(askingCents);
  if (!Number.isSafeInteger(amountCents) || amountCents < lowest) {
    return `Offer at least ${formatMoney(lowest, currency)}, half the asking price.`;
  }
  if (amountCents > askingCents) return `Offer at most the asking price, ${formatMoney(askingCents, currency)}.`;
  return null;
}

/** What is wrong with a seller's counter to an offer, or null: above the offer, at most the asking price. */
export function counterPriceProblem(
  counterCents: number,
  offer: { amountCents: number; askingCents: number },
  currency: Currency,
) {
  if (!Number.isSafeInteger(counterCents) || counterCents <= offer.amountCents) {
    return `Counter with more than the offer of ${formatMoney(offer.amountCents, currency)}.`;
  }
  if (counterCents > offer.askingCents)
    return `Counter with at most the asking price, ${formatMoney(offer.askingCents, currency)}.`;
  return null;
}

/** An amount as a form types it or a call sends it ("812.50", 812.5) becomes integer cents. */
function amount(message: string, currency: Currency) {
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const cents = parseMoney(String(value), currency);
    if (cents === null || cents < 1 || cents > MAX_PRICE_CENTS) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return cents;
  });
}

/** A buyer's offer: the listing, the price, and where and how to meet should it be accepted. */
export function offerSchema(currency: Currency) {
  return z.object({
    productId: idSchema,
    amount: amount(`Enter your offer in ${currency.words}, such as ${amountExample(800, currency)}`, currency),
    meetLocation: meetLocationField,
    buyerContact: buyerContactField,
  });
}
export type OfferInput = z.output<ReturnType<typeof offerSchema>>;

/** A seller's counter: one price. */
export function counterSchema(currency: Currency) {
  return z.object({
    amount: amount(`Enter your counter in ${currency.words}, such as ${amountExample(900, currency)}`, currency),
  });
}

/** The forms of the offer lists name one offer. */
export const offerIdSchema = z.object({ offerId: requiredId("offerId", "the id of the offer") });
