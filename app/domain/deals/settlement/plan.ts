// The deal's state machine (ADR 0058), as pure functions: from what a deal's money has been
// decided to do so far and one request (the buyer's confirmation, the protection window's end,
// the admin's decision on a claim, a refund the provider made), the deal's next state and the
// money movements that get it there, with their amounts. Nothing here reads or writes; the
// decisions module applies a plan with a compare-and-set on the deal's version.
//
//   held ──confirm (once it reached the buyer, no open claim: confirmation.ts) / window ends
//          (no open claim) / admin releases──▶ released
//   held ──admin refunds all──▶ refunded
//   held ──admin refunds part──▶ released (the rest, less the fee on it)
//   released ──admin refunds (a claim within the window)──▶ released | refunded
//                (the transfer is partly reversed and the fee on the refunded part given back)
//   settled_outside: paid before the ledger; nothing ever moves.
//
// While the buyer's bank disputes the payment (a chargeback, ADR 0081) nobody decides anything
// about it; a lost dispute is recorded as a refund the provider made.
//
// A seller an admin removed is never paid again (ADR 0079): their held deals are not released
// (not by the buyer, the job or a claim's decision); the admin refunds the buyer instead.
import { dealFee, type FeeRule } from "#app/domain/deals/ledger/fees";
import type { ClaimOutcome, ClaimStatus, DealState, ReturnState, ShipmentStatus } from "#db/closed-lists";
import { autoCancelAtOf } from "../parcels/clock";
import { CONFIRMATION_MESSAGES, confirmationRefusal } from "./confirmation";

/** A deal's money as decided so far: what the buyer paid and where it has been sent. */
export interface DealTotals {
  charged: number;
  /** The part of the charge that paid for shipping: no fee is taken on it (ADR 0086). */
  shipping: number;
  refunded: number;
  /** The platform's fee kept (at release), less fees given back on refunds. */
  fee: number;
  /** The seller's net (at release), less reversals. */
  net: number;
  /** A label bought through Pay&Buy: what the deal has paid for it so far (at release, less given back). */
  label?: number;
  /** Its cost: the deal pays it at release, out of what the seller would receive (ADR 0086). */
  labelCost?: number;
}

export interface DealSnapshot {
  paymentId: string;
  state: DealState;
  version: number;
  releaseDueAt: Date | null;
  totals: DealTotals;
  claim: { id: string; status: ClaimStatus } | null;
  /** The seller's account was removed: nothing is paid to them any more. */
  sellerRemoved: boolean;
  /** A chargeback is open: nothing moves until the card's bank decides (ADR 0081). */
  disputed: boolean;
  /** The deal's return, if one was asked (ADR 0107): while it is open nothing is released. */
  return?: { id: string; state: ReturnState; open: boolean } | null;
  /** A shipped deal whose parcel is not shown delivered: the window has not started (ADR 0086). */
  awaitingDelivery?: boolean;
  /** A shipped deal's parcel: where it is, and the day it had to be sent by (ADR 0086). */
  parcel?: {
    status: ShipmentStatus;
    shipBy: Date | null;
    labelBeingBought?: boolean;
    /** On its way with its seller's own tracking: no carrier tells Pay&Buy of its delivery (ADR 0092). */
    selfTracked?: boolean;
  } | null;
}

export type PlannedOperation =
  | { kind: "release"; amountCents: number; feeCents: number; labelCents?: number }
  | {
      kind: "refund";
      amountCents: number;
      feeCents: number;
      reversalCents: number;
      labelCents?: number;
      externalRef?: string;
    };

export interface Plan {
  state: DealState;
  operations: PlannedOperation[];
  /** The parcel was never sent: its shipment is cancelled with the decision, if still unsent. */
  cancelsShipment?: boolean;
  /** What becomes of the deal's claim. */
  claim?: { status: "decided"; outcome: ClaimOutcome; refundCents: number | null };
  /** What becomes of the deal's return (ADR 0107): written only from the state it was read in. */
  return?: { from: ReturnState; to: ReturnState; outcome: ClaimOutcome; refundCents: number | null };
}

export type Refusal = { ok: false; status: 404 | 409 | 422; message: string };
export type Planned = { ok: true; plan: Plan } | { ok: true; plan: null; message: string } | Refusal;

export const SETTLEMENT_MESSAGES = {
  confirmed: "Thank you: the payment is released to the seller.",
  alreadyConfirmed: "You have already confirmed receipt: the payment is released to the seller.",
  refunded: "This payment was refunded.",
  settledBefore: "This purchase was settled before buyer protection existed: there is nothing to confirm.",
  notHeld: "This payment is not held any more.",
  claimClosed: "This claim is closed already.",
  refundTooLarge: (max: string) => `The refund can be at most ${max}: what is left of the payment.`,
  partialMustBeLess: (max: string) => `A partial refund must be less than ${max}; refund in full instead.`,
  nothingLeft: "Nothing is left of this payment to refund.",
  sellerRemoved: CONFIRMATION_MESSAGES.sellerRemoved,
  releaseToRemovedSeller: "The seller's account was removed: nothing can be paid to them. Refund the buyer in full.",
  refundedForRemovedSeller: "The buyer is refunded in full: the seller's account was removed.",
  sellerNotRemoved: "The seller's account is not removed: this payment is decided by the buyer or a claim.",
  disputed: CONFIRMATION_MESSAGES.disputed,
  notShipped: "The seller did not send it in time: the purchase is cancelled and you are refunded in full.",
  returnMoved: "This return is not waiting for that step any more.",
  notAShipment: "This purchase is not shipped: there is no parcel to cancel.",
  alreadySent: "The seller has sent it: follow the parcel, or report a problem once it is due.",
  notDueYet: (by: string) => `The seller has until ${by} to send it: you can cancel after that.`,
} as const;

/** The ledger reference of a lost dispute's money: one per dispute (ADR 0081). */
export const lostDisputeRef = (disputeId: string) => `dispute:${disputeId}`;

const DISPUTED: Refusal = { ok: false, status: 409, message: SETTLEMENT_MESSAGES.disputed };

/** What is still with the platform for the deal (0 once released or refunded). */
export function heldAmount(totals: DealTotals): number {
  return totals.charged - totals.refunded - totals.fee - totals.net - (totals.label ?? 0);
}

/** What can still be given back to the buyer. */
export function refundable(totals: DealTotals): number {
  return totals.charged - totals.refunded;
}

/**
 * What a deal keeping `kept` pays: the platform's fee on the item, then the label (what is left
 * pays for as much of it as it can), and the seller's net, the rest.
 */
function shares(kept: number, totals: DealTotals, rule: FeeRule) {
  const fee = dealFee(kept, totals.shipping, rule);
  const label = Math.min(totals.labelCost ?? 0, kept - fee);
  return { fee, label, net: kept - fee - label };
}

function release(totals: DealTotals, rule: FeeRule): PlannedOperation {
  const { fee, label, net } = shares(refundable(totals), totals, rule);
  return { kind: "release", amountCents: net, feeCents: fee, ...(label > 0 ? { labelCents: label } : {}) };
}

/**
 * A refund of `amount` out of a deal: before the release it comes from the held money; after it,
 * from the seller's net and the platform's fee as the smaller sale shares them (the fee on what
 * the seller keeps is what a sale of that size would have paid).
 */
function refund(deal: DealSnapshot, amount: number, rule: FeeRule, externalRef?: string): PlannedOperation {
  if (deal.state !== "released") {
    return {
      kind: "refund",
      amountCents: amount,
      feeCents: 0,
      reversalCents: 0,
      ...(externalRef ? { externalRef } : {}),
    };
  }
  // The label stays paid for as far as what is kept still covers it; the rest of it is given back.
  const kept = refundable(deal.totals) - amount;
  const fee = dealFee(kept, deal.totals.shipping, rule);
  const paidLabel = deal.totals.label ?? 0;
  const label = Math.min(paidLabel, kept - fee);
  const labelBack = paidLabel - label;
  return {
    kind: "refund",
    amountCents: amount,
    feeCents: deal.totals.fee - fee,
    reversalCents: deal.totals.net - (kept - fee - label),
    ...(labelBack > 0 ? { labelCents: labelBack } : {}),
    ...(externalRef ? { externalRef } : {}),
  };
}

const openClaim = (deal: DealSnapshot) => deal.claim?.status === "open";
const openReturn = (deal: DealSnapshot) => deal.return?.open === true;

/**
 * The buyer's "I received it as described": releases a held payment once the item reached the
 * buyer and no claim or dispute is open (confirmation.ts); a repeat after the release is harmless.
 */
export function planConfirmation(deal: DealSnapshot, rule: FeeRule): Planned {
  switch (deal.state) {
    case "held": {
      const refusal = confirmationRefusal({
        state: deal.state,
        sellerRemoved: deal.sellerRemoved,
        claimOpen: openClaim(deal),
        disputed: deal.disputed,
        returnOpen: openReturn(deal),
        parcel: deal.parcel ? { status: deal.parcel.status, selfTracked: deal.parcel.selfTracked ?? false } : null,
      });
      if (refusal) return { ok: false, status: 409, message: refusal };
      return { ok: true, plan: { state: "released", operations: [release(deal.totals, rule)] } };
    }
    case "released":
      // A claim opened after a release (before ADR 0098) is the admin's to decide.
      return openClaim(deal)
        ? { ok: false, status: 409, message: CONFIRMATION_MESSAGES.claimOpen }
        : { ok: true, plan: null, message: SETTLEMENT_MESSAGES.alreadyConfirmed };
    case "refunded":
      return { ok: false, status: 409, message: SETTLEMENT_MESSAGES.refunded };
    case "settled_outside":
      return { ok: true, plan: null, message: SETTLEMENT_MESSAGES.settledBefore };
  }
}

/** What the seller receives when a held deal is released now: the release's net. */
export function releaseNet(deal: DealSnapshot, rule: FeeRule): number {
  return release(deal.totals, rule).amountCents;
}

/** The scheduled job at `now`: a held payment past its window, with no open claim, is released. */
export function planAutoRelease(deal: DealSnapshot, rule: FeeRule, now: number): Planned {
  if (
    deal.state !== "held" ||
    deal.sellerRemoved ||
    deal.disputed ||
    deal.awaitingDelivery ||
    openClaim(deal) ||
    openReturn(deal) ||
    !deal.releaseDueAt ||
    deal.releaseDueAt.getTime() > now
  ) {
    return { ok: true, plan: null, message: SETTLEMENT_MESSAGES.notHeld };
  }
  return { ok: true, plan: { state: "released", operations: [release(deal.totals, rule)] } };
}

export type ClaimDecision =
  | { outcome: "release" }
  | { outcome: "refund_full" }
  | { outcome: "refund_partial"; amountCents: number };

/** The admin's decision on the deal's open claim. */
export function planClaimDecision(
  deal: DealSnapshot,
  decision: ClaimDecision,
  rule: FeeRule,
  formatCents: (cents: number) => string,
): Planned {
  if (!openClaim(deal)) return { ok: false, status: 409, message: SETTLEMENT_MESSAGES.claimClosed };
  const planned = planDecision(deal, decision, rule, formatCents);
  if (!planned.ok || !planned.plan) return planned;
  const refundCents = decision.outcome === "release" ? null : refundOf(deal, decision);
  return {
    ok: true,
    plan: { ...planned.plan, claim: { status: "decided", outcome: decision.outcome, refundCents } },
  };
}

/** What a decision gives back: all that is left, or the part named. */
const refundOf = (deal: DealSnapshot, decision: ClaimDecision) =>
  decision.outcome === "refund_partial" ? decision.amountCents : refundable(deal.totals);

/**
 * A deal's money decided by a claim's or a return's outcome: released, refunded in full, or a
 * part refunded and the rest released (held) or kept by the seller (released).
 */
function planDecision(
  deal: DealSnapshot,
  decision: ClaimDecision,
  rule: FeeRule,
  formatCents: (cents: number) => string,
): Planned {
  if (deal.disputed) return DISPUTED;
  if (deal.state === "refunded" || deal.state === "settled_outside") {
    return { ok: false, status: 409, message: SETTLEMENT_MESSAGES.nothingLeft };
  }
  // Only all of it back: a release, or the rest of a part refunded, would pay the removed seller.
  if (deal.sellerRemoved && deal.state === "held" && decision.outcome !== "refund_full") {
    return { ok: false, status: 409, message: SETTLEMENT_MESSAGES.releaseToRemovedSeller };
  }
  if (decision.outcome === "release") {
    const operations = deal.state === "held" ? [release(deal.totals, rule)] : [];
    return { ok: true, plan: { state: "released", operations } };
  }
  const left = refundable(deal.totals);
  const amount = refundOf(deal, decision);
  if (left <= 0) return { ok: false, status: 409, message: SETTLEMENT_MESSAGES.nothingLeft };
  if (decision.outcome === "refund_partial" && amount >= left) {
    return { ok: false, status: 422, message: SETTLEMENT_MESSAGES.partialMustBeLess(formatCents(left)) };
  }
  const back = refund(deal, amount, rule);
  if (amount === left) return { ok: true, plan: { state: "refunded", operations: [back] } };
  // A part back: the rest goes to the seller now (held) or stays with them (released).
  const rest = { ...deal.totals, refunded: deal.totals.refunded + amount };
  const operations = deal.state === "held" ? [back, release(rest, rule)] : [back];
  return { ok: true, plan: { state: "released", operations } };
}

/**
 * A return's money (ADR 0107), while the deal is held and the return is in the state `from`: the
 * refund once the item is back (all of it, less a change of mind's label), a part for the buyer
 * to keep it, or the admin's decision. The return moves to `to` with the deal, or not at all.
 */
export function planReturnDecision(
  deal: DealSnapshot,
  move: { from: ReturnState; to: ReturnState },
  decision: ClaimDecision,
  rule: FeeRule,
  formatCents: (cents: number) => string,
  /** A change of mind's return label, paid by the buyer out of the refund: kept to pay the carrier. */
  buyerPaysLabelCents = 0,
): Planned {
  if (!deal.return || deal.return.state !== move.from) {
    return { ok: false, status: 409, message: SETTLEMENT_MESSAGES.returnMoved };
  }
  if (deal.state !== "held") {
    return { ok: false, status: 409, message: SETTLEMENT_MESSAGES.notHeld };
  }
  // A removed seller is paid nothing (ADR 0079): only all of it back.
  if (deal.sellerRemoved && decision.outcome !== "refund_full") {
    return { ok: false, status: 409, message: SETTLEMENT_MESSAGES.releaseToRemovedSeller };
  }
  const returnMove = (outcome: ClaimOutcome, refundCents: number | null) => ({ ...move, outcome, refundCents });
  if (buyerPaysLabelCents > 0 && decision.outcome === "refund_partial") {
    // The rest of the payment pays the return's label; nothing of it goes to the seller.
    const left = refundable(deal.totals);
    if (decision.amountCents + buyerPaysLabelCents !== left || deal.disputed) {
      return { ok: false, status: 409, message: SETTLEMENT_MESSAGES.returnMoved };
    }
    const back: PlannedOperation = { kind: "refund", amountCents: decision.amountCents, feeCents: 0, reversalCents: 0 };
    const label: PlannedOperation = { kind: "release", amountCents: 0, feeCents: 0, labelCents: buyerPaysLabelCents };
    return {
      ok: true,
      plan: {
        state: "released",
        operations: [back, label],
        return: returnMove("refund_partial", decision.amountCents),
      },
    };
  }
  const planned = planDecision(deal, decision, rule, formatCents);
  if (!planned.ok || !planned.plan) return planned;
  const refundCents = decision.outcome === "release" ? null : refundOf(deal, decision);
  return { ok: true, plan: { ...planned.plan, return: returnMove(decision.outcome, refundCents) } };
}

/**
 * The admin refunds a held payment whose seller was removed, in full, whether or not the buyer
 * opened a claim (an open one is decided with it).
 */
export function planRemovedSellerRefund(deal: DealSnapshot): Planned {
  if (!deal.sellerRemoved) return { ok: false, status: 409, message: SETTLEMENT_MESSAGES.sellerNotRemoved };
  if (deal.disputed) return DISPUTED;
  if (deal.state !== "held") {
    return {
      ok: false,
      status: 409,
      message: deal.state === "refunded" ? SETTLEMENT_MESSAGES.refunded : SETTLEMENT_MESSAGES.notHeld,
    };
  }
  const amount = refundable(deal.totals);
  const claim = openClaim(deal)
    ? ({ status: "decided", outcome: "refund_full", refundCents: amount } as const)
    : undefined;
  return {
    ok: true,
    plan: {
      state: "refunded",
      operations: [{ kind: "refund", amountCents: amount, feeCents: 0, reversalCents: 0 }],
      ...(claim ? { claim } : {}),
    },
  };
}

/**
 * A refund the provider made without us (Stripe's Dashboard): recorded once, and, after a
 * release, paid for by the seller's transfer and the fee as any refund after a release is.
 */
export function planProviderRefund(
  deal: DealSnapshot,
  refundRef: string,
  requested: number,
  rule: FeeRule,
  formatCents: (cents: number) => string,
  /**
   * A chargeback the bank decided (ADR 0081): a fact, never refused. It gives back what is left
   * of the payment; what the bank took beyond that (a refund had given part back already) is the
   * platform's loss, recorded beside the deal (`dispute_excess`), not a movement of it.
   */
  options: { upToWhatIsLeft?: boolean } = {},
): Planned {
  if (deal.state === "settled_outside") return { ok: true, plan: null, message: SETTLEMENT_MESSAGES.settledBefore };
  const left = refundable(deal.totals);
  const amount = options.upToWhatIsLeft ? Math.min(requested, left) : requested;
  if (amount <= 0 && options.upToWhatIsLeft) return { ok: true, plan: null, message: SETTLEMENT_MESSAGES.nothingLeft };
  if (amount > left) return { ok: false, status: 409, message: SETTLEMENT_MESSAGES.refundTooLarge(formatCents(left)) };
  const back = refund(deal, amount, rule, refundRef);
  if (amount < left) return { ok: true, plan: { state: deal.state, operations: [back] } };
  // Everything went back: an open claim has nothing left to decide.
  const claim = openClaim(deal)
    ? ({ status: "decided", outcome: "refund_full", refundCents: amount } as const)
    : undefined;
  return { ok: true, plan: { state: "refunded", operations: [back], ...(claim ? { claim } : {}) } };
}

/**
 * A shipped deal whose parcel was not sent in time (ADR 0086): the buyer may cancel once its
 * ship-by date has passed, the scheduled job cancels AUTO_CANCEL_DAYS later; either way the
 * buyer gets everything back and the shipment is cancelled, only while the parcel is still
 * unsent (a tracking number saved first wins).
 */
export function planUnshippedCancel(
  deal: DealSnapshot,
  by: "buyer" | "job",
  now: number,
  formatDate: (date: Date) => string,
): Planned {
  if (!deal.parcel) return { ok: false, status: 409, message: SETTLEMENT_MESSAGES.notAShipment };
  if (deal.disputed) return DISPUTED;
  if (deal.parcel.status !== "awaiting_shipment" || deal.parcel.labelBeingBought)
    return { ok: false, status: 409, message: SETTLEMENT_MESSAGES.alreadySent };
  if (deal.state !== "held") {
    return {
      ok: false,
      status: 409,
      message: deal.state === "refunded" ? SETTLEMENT_MESSAGES.refunded : SETTLEMENT_MESSAGES.notHeld,
    };
  }
  const shipBy = deal.parcel.shipBy;
  const due = shipBy ? (by === "buyer" ? shipBy.getTime() : autoCancelAtOf(shipBy.getTime())) : null;
  if (!shipBy || due === null || now < due)
    return {
      ok: false,
      status: 409,
      message: SETTLEMENT_MESSAGES.notDueYet(shipBy ? formatDate(shipBy) : "the ship-by date"),
    };
  const amount = refundable(deal.totals);
  const claim = openClaim(deal)
    ? ({ status: "decided", outcome: "refund_full", refundCents: amount } as const)
    : undefined;
  return {
    ok: true,
    plan: {
      state: "refunded",
      operations: [{ kind: "refund", amountCents: amount, feeCents: 0, reversalCents: 0 }],
      cancelsShipment: true,
      ...(claim ? { claim } : {}),
    },
  };
}
