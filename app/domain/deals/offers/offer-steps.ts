// The offer's steps (ADR 0061), stated once: from which state, by whom, to which state. The buyer
// makes an offer; the seller accepts, declines or counters it once; the buyer accepts or declines
// the counter, or withdraws while it is live. The system expires a live offer at its deadline and
// declines the other live offers of a listing that was booked. Every write in offers.server.ts
// takes its states from here, and each is still a compare-and-set on the state it read.
import type { OfferDeclineReason, OfferStatus } from "#db/closed-lists";

/** What a party does to an offer already made. */
export type OfferAction = "accept" | "decline" | "counter" | "withdraw";

/** Every step: a party's answer, the buyer's making it, and the system's two. */
export type OfferStep = "make" | OfferAction | "expire" | "close";

/** Who takes a step: one of the offer's parties, or the system (the scheduled job, a booking). */
export type OfferActor = "buyer" | "seller" | "system";

export interface OfferTransition {
  step: OfferStep;
  by: OfferActor;
  /** null: the offer does not exist yet. */
  from: OfferStatus | null;
  to: OfferStatus;
  /** Why, when it ends declined. */
  declineReason?: OfferDeclineReason;
}

/** Every allowed move; anything not here is refused. */
export const OFFER_TRANSITIONS: readonly OfferTransition[] = [
  { step: "make", by: "buyer", from: null, to: "open" },
  { step: "accept", by: "seller", from: "open", to: "accepted" },
  { step: "decline", by: "seller", from: "open", to: "declined", declineReason: "seller_declined" },
  { step: "counter", by: "seller", from: "open", to: "countered" },
  { step: "accept", by: "buyer", from: "countered", to: "accepted" },
  { step: "decline", by: "buyer", from: "countered", to: "declined", declineReason: "buyer_declined" },
  { step: "withdraw", by: "buyer", from: "open", to: "withdrawn" },
  { step: "withdraw", by: "buyer", from: "countered", to: "withdrawn" },
  { step: "expire", by: "system", from: "open", to: "expired" },
  { step: "expire", by: "system", from: "countered", to: "expired" },
  { step: "close", by: "system", from: "open", to: "declined", declineReason: "listing_booked" },
  { step: "close", by: "system", from: "countered", to: "declined", declineReason: "listing_booked" },
];

/** The move this step by this actor makes from this state, or null when it is not allowed. */
export function offerTransition(step: OfferStep, by: OfferActor, from: OfferStatus | null): OfferTransition | null {
  return OFFER_TRANSITIONS.find((t) => t.step === step && t.by === by && t.from === from) ?? null;
}

/** The states this step by this actor starts from (none: never theirs to take). */
export function statesBefore(step: OfferStep, by: OfferActor): OfferStatus[] {
  return OFFER_TRANSITIONS.filter((t) => t.step === step && t.by === by && t.from !== null).map((t) => t.from!);
}

/**
 * Where this step by this actor leads. One place for every state it starts from (the table's
 * rule, checked by its test), so one compare-and-set over those states writes it.
 */
export function stepResult(step: OfferStep, by: OfferActor): Pick<OfferTransition, "to" | "declineReason"> {
  const found = OFFER_TRANSITIONS.find((t) => t.step === step && t.by === by);
  if (!found) throw new Error(`No offer step ${step} by ${by}`);
  return { to: found.to, declineReason: found.declineReason };
}

/** The states an offer is live in: someone may still move it. */
export const LIVE_OFFER_STATES: readonly OfferStatus[] = [
  ...new Set(OFFER_TRANSITIONS.flatMap((t) => (t.from === null ? [] : [t.from]))),
];

/** Whether the offer is still live (its deadline aside). */
export function isLiveOffer(status: OfferStatus): boolean {
  return LIVE_OFFER_STATES.includes(status);
}
