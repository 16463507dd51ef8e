// When the buyer may say "I received it as described" (ADR 0098): once the item has reached them
// (a parcel the carrier shows delivered, a parcel its seller tracks themselves once it is sent, a
// meetup at once, as the buyer is there to say so), while the money is still held, never while a
// claim or the bank's dispute of the payment is open, and never for a removed seller (ADR 0079).
// One rule for My Orders' button, the parcel's page, the confirmation's question and the plan that
// releases the money (plan.ts), so the page and the REST API refuse the same early confirmation.
// Pure and browser-safe.

import { type Currency, formatMoney } from "#app/domain/shared/money";
import type { DealState, ShipmentStatus } from "#db/closed-lists";

/** What the rule reads of a deal; every reader has these facts (the deal's snapshot, My Orders' row). */
export interface ConfirmationFacts {
  state: DealState | null;
  sellerRemoved: boolean;
  /** The buyer's claim about the deal is open: an admin decides it. */
  claimOpen: boolean;
  /** A chargeback is open (ADR 0081): nothing moves until the card's bank decides. */
  disputed: boolean;
  /** A return of the deal is open (ADR 0107): nothing is released until it ends. */
  returnOpen?: boolean;
  /** A shipped deal's parcel: where it is, and whether its seller tracks it themselves; null for a meetup. */
  parcel: { status: ShipmentStatus; selfTracked: boolean } | null;
}

export const CONFIRMATION_MESSAGES = {
  notSent:
    "The seller has not sent it yet: confirm receipt once the parcel is delivered. Confirming first would pay the seller for nothing.",
  notDelivered:
    "The parcel is on its way but not delivered yet: confirm receipt once the carrier shows it delivered and you have looked at it.",
  notArrived: "The parcel did not reach you: report a problem instead, and an admin decides.",
  claimOpen: "Your claim about this order is open: an admin decides it, and nothing is paid to the seller before.",
  returnOpen: "Your return of this order is open: nothing is paid to the seller until it ends.",
  disputed:
    "The buyer's bank disputes this payment (a chargeback): nothing is released or refunded until the bank decides.",
  sellerRemoved:
    "The seller's account was removed, so this payment cannot go to them: an admin refunds it to you. You will get a letter.",
  notHeld: "This payment is not held any more: there is nothing to confirm.",
} as const;

/** Whether the parcel has reached the buyer as far as Pay&Buy can know. */
function arrived(parcel: NonNullable<ConfirmationFacts["parcel"]>): boolean {
  // A parcel its seller tracks: no carrier tells Pay&Buy of it, so the buyer's word is its delivery (ADR 0092).
  return parcel.status === "delivered" || (parcel.status === "in_transit" && parcel.selfTracked);
}

/**
 * Why a held deal cannot be confirmed now, or null when it can. A deal not held answers
 * `notHeld` (the plan tells a repeat from a refund itself).
 */
export function confirmationRefusal(deal: ConfirmationFacts): string | null {
  if (deal.state !== "held") return CONFIRMATION_MESSAGES.notHeld;
  if (deal.disputed) return CONFIRMATION_MESSAGES.disputed;
  if (deal.claimOpen) return CONFIRMATION_MESSAGES.claimOpen;
  if (deal.returnOpen) return CONFIRMATION_MESSAGES.returnOpen;
  if (deal.sellerRemoved) return CONFIRMATION_MESSAGES.sellerRemoved;
  if (!deal.parcel || arrived(deal.parcel)) return null;
  if (deal.parcel.status === "awaiting_shipment") return CONFIRMATION_MESSAGES.notSent;
  if (deal.parcel.status === "pre_transit" || deal.parcel.status === "in_transit") {
    return CONFIRMATION_MESSAGES.notDelivered;
  }
  return CONFIRMATION_MESSAGES.notArrived;
}

/** Whether "I received it as described" is offered, and accepted, now. */
export function mayConfirmReceipt(deal: ConfirmationFacts): boolean {
  return confirmationRefusal(deal) === null;
}

/** The question asked before a receipt is confirmed: what it pays and to whom, and what it ends. */
export function receiptQuestion(sellerName: string, sellerReceivesCents: number, currency: Currency): string {
  return `This pays ${sellerName} ${formatMoney(sellerReceivesCents, currency)} now and ends your buyer protection.`;
}
