// The words people read for an offer's state and why it was declined. Browser-safe.
import type { OfferDeclineReason, OfferStatus } from "#db/closed-lists";

/** What the buyer's and the seller's lists say of each state. */
export const OFFER_STATUS_WORDS: Record<OfferStatus, string> = {
  open: "Waiting for the seller",
  countered: "Countered: waiting for the buyer",
  accepted: "Accepted",
  declined: "Declined",
  withdrawn: "Withdrawn",
  expired: "Expired: not answered in time",
};

export const OFFER_DECLINE_WORDS: Record<OfferDeclineReason, string> = {
  seller_declined: "The seller declined the offer.",
  buyer_declined: "The buyer declined the counter.",
  listing_booked: "The listing was booked meanwhile.",
};
