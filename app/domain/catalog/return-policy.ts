// A listing's return policy (ADR 0106), its words and the faults every shipped deal covers
// whatever the policy. The catalog's, as the listing shows it; the return itself (asking, the
// label, the refund) is the deals' (app/domain/deals/returns/). Browser-safe.
import { type DeliveryMethod, RETURN_POLICIES, type ReturnPolicy } from "#db/closed-lists";
import { meets, ships } from "./delivery";

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

export const RETURN_POLICY_MESSAGE = `Returns must be ${RETURN_POLICIES.join(", ")}.`;

/** The form's hint under "Returns": what no policy can take away. */
export const RETURN_POLICY_HINT = `Faults (${Object.values(FAULT_WORDS)
  .map((word) => word.toLowerCase())
  .join(
    ", ",
  )}) are always covered on a shipped deal. With returns for any reason, the payment stays held for the policy's days after delivery, so you are paid when they end.`;

export function isReturnPolicy(value: string): value is ReturnPolicy {
  return (RETURN_POLICIES as readonly string[]).includes(value);
}

/**
 * The policy a listing keeps: the seller's for a listing that ships, faults only for one only met
 * in person (its claim works as for any meetup), whatever the form or the request still held.
 */
export function returnPolicyFor(delivery: DeliveryMethod, policy: ReturnPolicy): ReturnPolicy {
  return ships(delivery) ? policy : "faults_only";
}

/** "returns for any reason within 14 days of delivery", "returns of faults only". */
function policyTerms(policy: ReturnPolicy): string {
  const days = ANY_REASON_DAYS[policy];
  return days > 0 ? `returns for any reason within ${days} days of delivery` : "returns of faults only";
}

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

/** The faults every shipped deal covers within buyer protection, whatever its policy. */
export function faultsCoveredLine(): string {
  return `A fault (${faultList()}) is always covered on a shipped deal within buyer protection, whatever the policy.`;
}

export const MEETUP_RETURN_LINE = "Meetup: check the item when you meet; a claim works as for any meetup.";

/**
 * What a buyer reads of returns where they decide (the listing, the booking dialog, the payment
 * page): for a parcel, the policy and the faults always covered; for a meetup, the check at the
 * meeting. A listing that does both says both.
 */
export function listingReturnLines(delivery: DeliveryMethod, policy: ReturnPolicy): string[] {
  const parcel = ships(delivery) ? [sentence(policyTerms(returnPolicyFor(delivery, policy))), faultsCoveredLine()] : [];
  return meets(delivery) ? [...parcel, MEETUP_RETURN_LINE] : parcel;
}

/** A deal's policy as it was copied at booking: "When it was bought: returns for any reason …". */
export function dealReturnLine(policy: ReturnPolicy): string {
  return `When it was bought: ${policyTerms(policy)}. ${faultsCoveredLine()}`;
}
