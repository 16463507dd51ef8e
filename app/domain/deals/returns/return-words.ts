// What people read of a return (ADR 0107): its reasons, states, the seller's problems on arrival,
// why it reached the admin, its clocks, and the refusals. Typed by the closed lists of
// db/closed-lists.ts, so a value without its words does not compile. Browser-safe.
import { FAULT_WORDS } from "#app/domain/catalog/return-policy";
import { RETURN_ANSWER_DAYS } from "#app/domain/deals/parcels/clock";
import {
  OPEN_RETURN_STATES,
  type ReturnAdminReason,
  type ReturnProblem,
  type ReturnReason,
  type ReturnState,
} from "#db/closed-lists";

// The seller answers within RETURN_ANSWER_DAYS, the buyer sends within RETURN_SEND_DAYS of the
// label, the seller checks within RETURN_CHECK_DAYS of its delivery (parcels/clock.ts).
export { RETURN_ANSWER_DAYS, RETURN_CHECK_DAYS, RETURN_SEND_DAYS } from "#app/domain/deals/parcels/clock";
/** A body's shutter count this much above the listing's is shown to the admin (test shots are normal). */
export const SHUTTER_RISE_SHOWN = 50;

export const RETURN_REASON_WORDS = {
  ...FAULT_WORDS,
  changed_mind: "Changed my mind",
} as const satisfies Record<ReturnReason, string>;

/** The reasons that are faults: covered on every shipped deal within the protection window. */
export const FAULT_REASONS = [
  "not_as_described",
  "does_not_work",
  "wrong_item",
  "damaged_in_transit",
] as const satisfies readonly ReturnReason[];

export const isFault = (reason: ReturnReason) => (FAULT_REASONS as readonly ReturnReason[]).includes(reason);

export const RETURN_STATE_WORDS = {
  requested: "Asked: the seller answers",
  accepted: "Accepted: the buyer sends it back",
  sent: "On its way back",
  delivered: "Back at the seller: being checked",
  refunded: "Refunded",
  offered: "The seller offers a part back",
  kept: "Kept for a part back",
  to_admin: "An admin decides",
  decided: "Decided by an admin",
  lapsed: "Not sent back in time",
  stopped: "Stopped: the buyer's bank decides",
} as const satisfies Record<ReturnState, string>;

export const RETURN_PROBLEM_WORDS = {
  not_the_item: "Not the item I sent",
  damaged_by_buyer: "Damaged by the buyer",
} as const satisfies Record<ReturnProblem, string>;

export const RETURN_ADMIN_REASON_WORDS = {
  declined: "The seller declined the return",
  offer_declined: "The buyer declined the seller's offer",
  no_answer: `The seller did not answer within ${RETURN_ANSWER_DAYS} days`,
  problem: "The seller reported a problem with what came back",
  serial_mismatch: "The serial number that came back is not the one sent",
  label_too_dear: "The return label costs as much as the refund of a change of mind",
} as const satisfies Record<ReturnAdminReason, string>;

export const isOpenReturn = (state: ReturnState) => (OPEN_RETURN_STATES as readonly ReturnState[]).includes(state);

export const RETURN_MESSAGES = {
  asked: "Your return is asked: the seller answers within 3 days, and nothing is paid to them meanwhile.",
  accepted: "Return accepted: the buyer gets a prepaid label to send it back.",
  offered: "Your offer is sent: the buyer accepts it or not.",
  declined: "Return declined: an admin decides it with what you both sent.",
  offerAccepted: "Offer accepted: you keep the item and the part is refunded to you.",
  offerDeclined: "Offer declined: an admin decides the return.",
  checked: "Thank you: the buyer is refunded.",
  problem: "Problem reported: an admin decides with what you both sent, and nothing is refunded meanwhile.",
  decided: "The return is decided.",
  notFound: "There is no such order.",
  returnNotFound: "There is no such return.",
  already: "A return of this order was asked already.",
  meetup: "This item was handed over in person: there is no return by post; open a claim instead.",
  notDelivered: "A return can be asked once the parcel is delivered.",
  notHeld: "The payment is released or refunded: your buyer protection has ended, so a return can no longer be asked.",
  claimOpen: "Your claim about this order is open: an admin decides it.",
  disputed: "The buyer's bank disputes this payment (a chargeback): nothing moves until the bank decides.",
  changedMindNotOffered:
    "This seller takes back faults only: a change of mind is not covered. Choose what is wrong with it.",
  changedMindOver: (days: number) => `Returns for any reason end ${days} days after delivery.`,
  windowOver: "The buyer protection of this order has ended: a return can no longer be asked.",
  notNow: "This return is not waiting for that step any more.",
  noSenderAddress:
    "Keep a sender address in Settings → Addresses first: the return label is addressed to it, and the buyer never sees it.",
  labelUnavailable: "The carrier could not make the return label just now: try again in a minute.",
  noCarrier:
    "Pay&Buy has no carrier connected to make a return label: decline, or offer a part back, and an admin decides.",
  buyerAddressGone: "The buyer's address is no longer kept, so no label can be made: an admin decides the return.",
  offerTooLarge: (max: string) => `A part back must be less than ${max}: accept the return instead.`,
  serialRequired: "Type the serial number you read on the item: it is compared with the one the seller recorded.",
} as const;
