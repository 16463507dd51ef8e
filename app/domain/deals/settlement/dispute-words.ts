// A chargeback's status as its buyer reads it on My Orders (ADR 0081). Browser-safe.
import type { DisputeStatus } from "#db/closed-lists";

export const DISPUTE_BUYER_WORDS = {
  warning_needs_response: "Your bank asked about this payment",
  warning_under_review: "Your bank is looking into this payment",
  warning_closed: "Your bank's inquiry is closed",
  needs_response: "Your bank disputes this payment: nothing of it moves until the bank decides",
  under_review: "Your bank is deciding its dispute of this payment",
  won: "Your bank decided its dispute for the seller",
  lost: "Your bank gave this payment back to you",
} as const satisfies Record<DisputeStatus, string>;
