// A shipped deal's progress as one picture (ADR 0102): Paid → Label → Picked up → On its way →
// Delivered → Released, or the end it took instead (refunded, a claim an admin decides, a parcel
// sent back or cancelled). Drawn from the parcel's facts (its status and the times the carrier's
// events left) and the deal's state; every page and test reads the same steps. Pure and
// browser-safe.
import type { CarrierProvider, DealState, ShipmentStatus } from "#db/closed-lists";

type When = Date | string | null;

/** What the picture reads of a deal and its parcel. */
export interface ProgressFacts {
  /** When the buyer paid; null while the booking is not paid. */
  paidAt: When;
  /** The deal's state once paid (null before). */
  state: DealState | null;
  releasedAt: When;
  refundedAt: When;
  /** A claim about the deal is open: an admin decides how it ends. */
  claimOpen: boolean;
  parcel: {
    status: ShipmentStatus;
    /** The carrier API a label was bought from; null when the seller sends it with their own tracking. */
    carrierProvider: CarrierProvider | null;
    /** A label bought, or the seller's own tracking entered. */
    shippedAt: When;
    deliveredAt: When;
    /** The latest carrier event applied. */
    lastEventAt: When;
  };
}

export type StepKey =
  | "paid"
  | "label"
  | "picked_up"
  | "on_its_way"
  | "delivered"
  | "released"
  | "refunded"
  | "claim"
  | "returned"
  | "failure"
  | "cancelled";

/** Reached before the current step, the current one, or still to come. */
export type StepState = "done" | "now" | "to_come";

export interface ProgressStep {
  key: StepKey;
  label: string;
  state: StepState;
  /** When it was reached, where Pay&Buy knows it. */
  at: When;
  /** A few words more: who did it, what is awaited. */
  note: string | null;
}

/** The text state beside each step: readable without its colour. */
export const STEP_STATE_WORDS: Record<StepState, string> = { done: "done", now: "now", to_come: "to come" };

const LABELS: Record<StepKey, string> = {
  paid: "Paid",
  label: "Label",
  picked_up: "Picked up",
  on_its_way: "On its way",
  delivered: "Delivered",
  released: "Released to the seller",
  refunded: "Refunded to the buyer",
  claim: "Claim: an admin decides",
  returned: "Sent back to the seller",
  failure: "The carrier reports a problem",
  cancelled: "Cancelled before it was sent",
};

/** Where the parcel has been, as far as the carrier (or its seller) has said. */
function parcelReached(parcel: ProgressFacts["parcel"]) {
  const selfTracked = parcel.carrierProvider === null;
  const moving = parcel.status === "in_transit";
  const delivered = parcel.status === "delivered" || parcel.deliveredAt !== null;
  const sent = parcel.shippedAt !== null;
  return {
    label: sent,
    // A parcel the seller sends themselves is handed to the carrier when its tracking is entered.
    pickedUp: delivered || moving || (selfTracked && sent && parcel.status !== "awaiting_shipment"),
    onItsWay: delivered || moving,
    delivered,
    selfTracked,
  };
}

/**
 * The deal's steps in order, each done, now or to come, with its date when known. The current
 * step is the last one reached; the steps an end (a refund, a claim, a parcel sent back) makes
 * impossible are left out, and that end is the current step.
 */
export function dealProgress(facts: ProgressFacts): ProgressStep[] {
  const { parcel } = facts;
  const reached = parcelReached(parcel);
  const released = facts.state === "released" || facts.state === "settled_outside";
  const step = (key: StepKey, isReached: boolean, at: When = null, note: string | null = null) => ({
    key,
    isReached,
    at: isReached ? at : null,
    note,
  });
  // While the parcel is on its way, its latest event is when the carrier last said so.
  const movingAt = parcel.status === "in_transit" ? parcel.lastEventAt : null;
  const steps = [
    step("paid", facts.paidAt !== null, facts.paidAt),
    step(
      "label",
      reached.label,
      parcel.shippedAt,
      reached.label ? (reached.selfTracked ? "The seller's own label and tracking" : "Bought through Pay&Buy") : null,
    ),
    step("picked_up", reached.pickedUp, reached.selfTracked ? parcel.shippedAt : movingAt),
    step(
      "on_its_way",
      reached.onItsWay,
      reached.selfTracked && !reached.delivered ? parcel.shippedAt : movingAt,
      parcel.status === "in_transit" && !reached.selfTracked ? "The carrier's latest news" : null,
    ),
    step(
      "delivered",
      reached.delivered || (released && reached.selfTracked && reached.label),
      parcel.deliveredAt,
      !reached.delivered && released && reached.selfTracked ? "The buyer confirmed it" : null,
    ),
    step("released", released, facts.releasedAt),
  ];
  const lastReached = steps.reduce((last, candidate, index) => (candidate.isReached ? index : last), -1);
  const end = endOf(facts);
  const shown = end ? steps.filter((candidate) => candidate.isReached) : steps;
  const result: ProgressStep[] = shown.map((candidate, index) => ({
    key: candidate.key,
    label: LABELS[candidate.key],
    state: end ? "done" : index < lastReached ? "done" : index === lastReached ? "now" : "to_come",
    at: candidate.at,
    note: candidate.note,
  }));
  if (end) result.push({ key: end.key, label: LABELS[end.key], state: "now", at: end.at, note: end.note });
  // Nothing reached yet (a booking not paid): the first step is where it stands.
  if (lastReached === -1 && !end && result[0]) result[0] = { ...result[0], state: "now" };
  return result;
}

/** The end the deal took instead of its release, if any. */
function endOf(facts: ProgressFacts): { key: StepKey; at: When; note: string | null } | null {
  if (facts.state === "refunded") return { key: "refunded", at: facts.refundedAt, note: null };
  if (facts.state === "held" && facts.claimOpen) {
    return { key: "claim", at: null, note: "Nothing is paid to the seller before the admin decides." };
  }
  const { status, lastEventAt } = facts.parcel;
  if (status === "returned") return { key: "returned", at: lastEventAt, note: null };
  if (status === "cancelled") return { key: "cancelled", at: null, note: null };
  if (status === "failure") return { key: "failure", at: lastEventAt, note: "The carrier may still deliver it." };
  return null;
}

/** The step the deal is at now. */
export function currentStep(steps: readonly ProgressStep[]): ProgressStep | undefined {
  return steps.find((candidate) => candidate.state === "now");
}
