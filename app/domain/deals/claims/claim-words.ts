// What people read for each claim reason, status and outcome (the values are the closed lists
// of db/closed-lists.ts). Browser-safe.
import type { ClaimOutcome, ClaimReason, ClaimStatus } from "#db/closed-lists";

export const CLAIM_REASON_WORDS = {
  not_as_described: "Not as described",
  not_handed_over: "Item not handed over",
  not_received: "Parcel not received",
  other: "Other",
} as const satisfies Record<ClaimReason, string>;

export const CLAIM_STATUS_WORDS = {
  open: "Open",
  decided: "Decided",
  withdrawn: "Withdrawn: the buyer confirmed receipt",
} as const satisfies Record<ClaimStatus, string>;

export const CLAIM_OUTCOME_WORDS = {
  refund_full: "Refunded in full",
  refund_partial: "Refunded in part",
  release: "Released to the seller",
} as const satisfies Record<ClaimOutcome, string>;

/**
 * The reasons a claim about an order can give (ADR 0086): a parcel "not received", a meetup's
 * item "not handed over"; the others for both.
 */
export function claimReasonsFor(shipped: boolean): ClaimReason[] {
  return shipped ? ["not_as_described", "not_received", "other"] : ["not_as_described", "not_handed_over", "other"];
}

/** The admin's choices when deciding a claim or a return, as the forms offer them. */
export const CLAIM_DECISION_WORDS = {
  refund_full: "Refund the buyer in full",
  refund_partial: "Refund the buyer a part",
  release: "Release the payment to the seller",
} as const satisfies Record<ClaimOutcome, string>;
