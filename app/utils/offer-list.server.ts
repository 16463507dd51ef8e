// The rows of the offer lists as the pages show them: the state as of now (a live offer past its
// deadline reads as expired before the job marks it), the deadline of a live one, Pay while an
// accepted offer's booking waits for its payment.
import type { OfferView } from "#app/domain/deals/offers/offer-reads.server";
import { offerStateAt } from "#app/domain/deals/offers/offers.server";
import { formatMoment, type Zone } from "#app/domain/shared/dates";
import type { OfferDeclineReason, OfferStatus } from "#db/closed-lists";

/** One offer as the lists show it: its state as of the page's time, its deadline in words. */
export interface OfferRow {
  id: string;
  productId: string;
  productName: string;
  otherParty: string;
  askingCents: number;
  amountCents: number;
  counterCents: number | null;
  state: OfferStatus;
  declineReason: OfferDeclineReason | null;
  respondBy: string | null;
  /** An accepted offer's booking, while it waits for the payment. */
  payBookingId: string | null;
  meetLocation: string;
  /** The buyer's number: the seller reads it once the offer's booking is paid. */
  buyerContact: string | null;
}

export function toOfferRow(offer: OfferView, side: "buyer" | "seller", zone: Zone, now = Date.now()): OfferRow {
  const state = offerStateAt(offer, now);
  const live = state === "open" || state === "countered";
  return {
    id: offer.id,
    productId: offer.productId,
    productName: offer.productName,
    otherParty: side === "buyer" ? offer.sellerName : offer.buyerName,
    askingCents: offer.askingCents,
    amountCents: offer.amountCents,
    counterCents: offer.counterCents,
    state,
    declineReason: offer.declineReason,
    respondBy: live ? formatMoment(offer.respondBy, zone) : null,
    payBookingId: state === "accepted" && offer.bookingStatus === "active" ? offer.bookingId : null,
    meetLocation: offer.meetLocation,
    buyerContact: offer.buyerContact,
  };
}
