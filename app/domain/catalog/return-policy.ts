// A listing's return policy (ADR 0106), its words and the faults every shipped deal covers
// whatever the policy. The catalog's, as the listing shows it; the return itself (asking, the
// label, the refund) is the deals' (app/domain/deals/returns/). Browser-safe.
import type { ReturnPolicy } from "#db/closed-lists";

export const RETURN_POLICY_WORDS = {
  faults_only: "Faults only",
  any_reason_14: "Any reason within 14 days of delivery",
  any_reason_30: "Any reason within 30 days of delivery",
} as const satisfies Record<ReturnPolicy, string>;

/** The days after delivery in which a policy takes an item back for any reason; 0 for faults only. */
export const ANY_REASON_DAYS = {
  faults_only: 0,
  any_reason_14: 14,
  any_reason_30: 30,
} as const satisfies Record<ReturnPolicy, number>;

/** The faults a return covers on every shipped deal within buyer protection, as the pages name them. */
export const FAULT_WORDS = {
  not_as_described: "Not as described",
  does_not_work: "Does not work",
  wrong_item: "Wrong item",
  damaged_in_transit: "Damaged in transit",
} as const;
export type Fault = keyof typeof FAULT_WORDS;

/** "not as described, does not work, wrong item or damaged in transit". */
export function faultList(): string {
  const words = Object.values(FAULT_WORDS).map((word) => word.toLowerCase());
  return `${words.slice(0, -1).join(", ")} or ${words.at(-1)}`;
}
