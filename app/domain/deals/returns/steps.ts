// A return's rules as pure functions (ADR 0107): which reasons a buyer may give, whether a return
// may be asked now, the serials compared, what the buyer is refunded and who pays the label, and
// the return's own progress picture. Nothing here reads or writes. Browser-safe.
import { ANY_REASON_DAYS } from "#app/domain/catalog/return-policy";
import type { ReturnPolicy, ReturnReason, ReturnState } from "#db/closed-lists";
import { FAULT_REASONS, isFault, RETURN_MESSAGES, SHUTTER_RISE_SHOWN } from "./return-words";

const DAY_MS = 86_400_000;

/** The reasons a buyer may give on a deal bought under `policy`, `deliveredAt` + its days not passed. */
export function returnReasonsFor(policy: ReturnPolicy, deliveredAt: Date | null, now: number): ReturnReason[] {
  return changeOfMindOpen(policy, deliveredAt, now) ? [...FAULT_REASONS, "changed_mind"] : [...FAULT_REASONS];
}

function changeOfMindOpen(policy: ReturnPolicy, deliveredAt: Date | null, now: number): boolean {
  const days = ANY_REASON_DAYS[policy];
  return days > 0 && deliveredAt !== null && now <= deliveredAt.getTime() + days * DAY_MS;
}

/** What the rule reads of a deal before a return is asked. */
export interface ReturnFacts {
  shipped: boolean;
  dealState: "held" | "released" | "refunded" | "settled_outside" | null;
  disputed: boolean;
  claimOpen: boolean;
  hasReturn: boolean;
  /** The parcel reached the buyer as far as Pay&Buy can know (delivered, or self-tracked and sent). */
  arrived: boolean;
  /** When the protection window ends (null before delivery). */
  releaseDueAt: Date | null;
  policy: ReturnPolicy;
  deliveredAt: Date | null;
}

/** Why a return cannot be asked now, or null when it can (`reason` once one is chosen). */
export function returnRefusal(facts: ReturnFacts, now: number, reason?: ReturnReason): string | null {
  if (!facts.shipped) return RETURN_MESSAGES.meetup;
  if (facts.hasReturn) return RETURN_MESSAGES.already;
  if (facts.disputed) return RETURN_MESSAGES.disputed;
  if (facts.dealState !== "held") return RETURN_MESSAGES.notHeld;
  if (facts.claimOpen) return RETURN_MESSAGES.claimOpen;
  if (!facts.arrived) return RETURN_MESSAGES.notDelivered;
  if (facts.releaseDueAt && facts.releaseDueAt.getTime() <= now) return RETURN_MESSAGES.windowOver;
  if (reason === "changed_mind" && !changeOfMindOpen(facts.policy, facts.deliveredAt, now)) {
    const days = ANY_REASON_DAYS[facts.policy];
    return days > 0 ? RETURN_MESSAGES.changedMindOver(days) : RETURN_MESSAGES.changedMindNotOffered;
  }
  return null;
}

/**
 * Whether the item that came back is the one that was sent, as far as serials tell: the listing's
 * recorded serial against what the buyer typed and what the seller read on arrival (each already
 * in the normal form). No recorded serial: nothing to compare.
 */
export function serialsMatch(listing: string | null, buyer: string | null, seller: string | null): boolean {
  if (!listing) return true;
  return (buyer === null || buyer === listing) && (seller === null || seller === listing);
}

/** How far a body's shutter count rose between the listing and the return, when it is worth showing. */
export function shutterRise(listing: number | null, buyer: number | null): number | null {
  if (listing === null || buyer === null) return null;
  const rise = buyer - listing;
  return rise > SHUTTER_RISE_SHOWN ? rise : null;
}

/** Who pays the return's label: the seller for a fault, the buyer for a change of mind. */
export const labelPayer = (reason: ReturnReason): "seller" | "buyer" => (isFault(reason) ? "seller" : "buyer");

/**
 * What the buyer gets back once the item is back: everything for a fault (the seller owes the
 * label); for a change of mind, everything less the label, never less than nothing.
 */
export function returnRefund(reason: ReturnReason, refundableCents: number, labelCents: number): number {
  return isFault(reason) ? refundableCents : Math.max(0, refundableCents - labelCents);
}

/** A step of the return's own progress picture, drawn like the parcel's (parcels/progress.ts). */
export interface ReturnStep {
  key: "asked" | "answered" | "sent" | "back" | "refunded";
  label: string;
  state: "done" | "now" | "to_come";
  at: Date | null;
  note: string | null;
}

/** When each step was reached, where Pay&Buy knows it. */
export interface ReturnTimes {
  createdAt: Date;
  answeredAt: Date | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  closedAt: Date | null;
}

const ORDER: ReturnStep["key"][] = ["asked", "answered", "sent", "back", "refunded"];
const LABELS: Record<ReturnStep["key"], string> = {
  asked: "Return asked",
  answered: "Label made",
  sent: "On its way back",
  back: "Back at the seller",
  refunded: "Refunded",
};

/** Where each return state stands on the way back; the states that leave it end at an admin or a lapse. */
const REACHED: Partial<Record<ReturnState, ReturnStep["key"]>> = {
  requested: "asked",
  accepted: "answered",
  sent: "sent",
  delivered: "back",
  refunded: "refunded",
};

/** The return's progress (asked → label → on its way back → back → refunded) for a return on that way. */
export function returnProgress(state: ReturnState, times: ReturnTimes): ReturnStep[] | null {
  const reached = REACHED[state];
  if (!reached) return null;
  const current = ORDER.indexOf(reached);
  const when: Record<ReturnStep["key"], Date | null> = {
    asked: times.createdAt,
    answered: times.answeredAt,
    sent: times.shippedAt,
    back: times.deliveredAt,
    refunded: times.closedAt,
  };
  const notes: Partial<Record<ReturnStep["key"], string>> = {
    asked: "The seller answers within 3 days",
    answered: "The buyer sends it within 5 days",
    back: "The seller checks it within 2 days",
  };
  return ORDER.map((key, index) => {
    const done = index < current || (state === "refunded" && index === current);
    return {
      key,
      label: LABELS[key],
      state: done ? "done" : index === current ? "now" : "to_come",
      at: index <= current ? when[key] : null,
      note: index === current && !done ? (notes[key] ?? null) : null,
    };
  });
}
