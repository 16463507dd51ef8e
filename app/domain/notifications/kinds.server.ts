// Every kind of notification, once: its words in the settings (and the outbox), the roles that
// can be sent it, and the letters its event makes. The event itself (its fields, its schema, its
// idempotency key) is the shared room's (app/domain/shared/events.ts). The table is typed by the
// kinds of db/closed-lists.ts: a kind without its words, its roles or its letters does not
// compile, and each kind's letters take that kind's event.
import type { EventOf } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import type { NotificationKind, Role } from "#db/closed-lists";
import { bookingLetters, messageLetters } from "./booking-letters.server";
import type { LetterOf, LetterOptions, PlannedLetter } from "./letter-kit.server";
import { listingRemovedLetters, sellerVerifiedLetters } from "./moderation-letters.server";
import { moneyFaultLetters } from "./money-fault-letters.server";
import { moneyLetters } from "./money-letters.server";
import { offerLetters } from "./offer-letters.server";
import { priceDropLetters } from "./price-drop-letters.server";
import { returnLetters } from "./return-letters.server";
import { savedSearchMatchLetters } from "./saved-search-letters.server";
import { shipmentLetters } from "./shipment-letters.server";

export interface NotificationDefinition<K extends NotificationKind> {
  /** The kind's name in the settings and the outbox. */
  label: string;
  /** What it tells, as the settings say it ("… I …"). */
  description: string;
  /** The roles that can be sent it: the ones whose settings list it. */
  roles: readonly Role[];
  /** The letters its event makes, before preferences apply; [] when its subject is gone. */
  letters: (
    db: Database,
    event: EventOf<K>,
    options: LetterOptions & { now?: number },
    letter: LetterOf,
  ) => Promise<PlannedLetter[]>;
}

const BOTH = ["buyer", "seller"] as const;
const SELLER = ["seller"] as const;
const BUYER = ["buyer"] as const;
const ADMIN = ["admin"] as const;

export const NOTIFICATIONS: { readonly [K in NotificationKind]: NotificationDefinition<K> } = {
  booking_made: {
    label: "Booking made",
    description: "A buyer books one of my listings.",
    roles: SELLER,
    letters: bookingLetters,
  },
  booking_cancelled: {
    label: "Booking cancelled",
    description: "A booking I am part of is cancelled.",
    roles: BOTH,
    letters: bookingLetters,
  },
  booking_expired: {
    label: "Booking expired",
    description: "A booking I am part of was not paid in time.",
    roles: BOTH,
    letters: bookingLetters,
  },
  payment_received: {
    label: "Payment received",
    description: "A booking I am part of is paid.",
    roles: BOTH,
    letters: bookingLetters,
  },
  message_received: {
    label: "New message",
    description: "Someone writes to me about a booking.",
    roles: BOTH,
    letters: messageLetters,
  },
  seller_verified: {
    label: "Seller verified",
    description: "An admin verifies my seller account.",
    roles: SELLER,
    letters: sellerVerifiedLetters,
  },
  listing_removed: {
    label: "Listing removed",
    description: "An admin removes one of my listings after reports.",
    roles: SELLER,
    letters: listingRemovedLetters,
  },
  payment_released: {
    label: "Payment released",
    description: "The payment of a sale I am part of goes to the seller.",
    roles: BOTH,
    letters: moneyLetters,
  },
  payment_refunded: {
    label: "Payment refunded",
    description: "Money of a sale I am part of goes back to the buyer.",
    roles: BOTH,
    letters: moneyLetters,
  },
  // An admin is told of new claims, which they decide.
  claim_opened: {
    label: "Claim opened",
    description: "A buyer opens a claim about a sale.",
    roles: ["seller", "admin"],
    letters: moneyLetters,
  },
  // Not to a seller: the answer is their own.
  claim_answered: {
    label: "Claim answered",
    description: "The seller answers my claim.",
    roles: BUYER,
    letters: moneyLetters,
  },
  claim_decided: {
    label: "Claim decided",
    description: "An admin decides a claim I am part of.",
    roles: BOTH,
    letters: moneyLetters,
  },
  payout_paid: {
    label: "Payout paid",
    description: "Money of my sales reaches my bank account.",
    roles: SELLER,
    letters: moneyLetters,
  },
  payout_failed: {
    label: "Payout failed",
    description: "A payout to my bank account fails.",
    roles: SELLER,
    letters: moneyLetters,
  },
  // Only buyers keep a wishlist.
  price_dropped: {
    label: "Price drops",
    description: "A listing on my wishlist gets cheaper.",
    roles: BUYER,
    letters: priceDropLetters,
  },
  offer_received: {
    label: "Offer received",
    description: "A buyer offers a price on one of my listings.",
    roles: SELLER,
    letters: offerLetters,
  },
  // Not to a seller: the counter is their own.
  offer_countered: {
    label: "Offer countered",
    description: "A seller counters my offer.",
    roles: BUYER,
    letters: offerLetters,
  },
  offer_accepted: {
    label: "Offer accepted",
    description: "An offer I am part of is accepted and booked.",
    roles: BOTH,
    letters: offerLetters,
  },
  offer_declined: {
    label: "Offer declined",
    description: "An offer I am part of is declined.",
    roles: BOTH,
    letters: offerLetters,
  },
  offer_expired: {
    label: "Offer expired",
    description: "An offer I am part of was not answered in time.",
    roles: BOTH,
    letters: offerLetters,
  },
  saved_search_matches: {
    label: "Saved search matches",
    description: "New listings match my saved searches (one email a day at most).",
    roles: ["buyer", "seller", "admin"],
    letters: savedSearchMatchLetters,
  },
  parcel_sent: {
    label: "Parcel sent",
    description: "The seller sent a parcel I bought, with its tracking.",
    roles: BUYER,
    letters: shipmentLetters,
  },
  parcel_delivered: {
    label: "Parcel delivered",
    description: "The carrier delivered a parcel of a sale I am part of.",
    roles: BOTH,
    letters: shipmentLetters,
  },
  ship_reminder: {
    label: "Reminder to ship",
    description: "A parcel I sold is due to be sent tomorrow.",
    roles: SELLER,
    letters: shipmentLetters,
  },
  parcel_release_due: {
    label: "Parcel due, not tracked by Pay&Buy",
    description:
      "A parcel I bought, which its seller tracks themselves, is due by now: my protection ends on the date the letter gives.",
    roles: BUYER,
    letters: shipmentLetters,
  },
  unshipped_cancelled: {
    label: "Cancelled, not sent",
    description: "A sale I am part of is cancelled and refunded because its parcel was not sent in time.",
    roles: BOTH,
    letters: shipmentLetters,
  },
  seller_debt: {
    label: "Money owed",
    description: "Money I received is taken back and my payout account could not give it back.",
    roles: SELLER,
    letters: moneyFaultLetters,
  },
  dispute_opened: {
    label: "Chargebacks",
    description: "A buyer's bank disputes a payment.",
    roles: ADMIN,
    letters: moneyFaultLetters,
  },
  reconciliation_differences: {
    label: "Reconciliation",
    description: "The daily check of the ledger against the payment provider finds a difference.",
    roles: ADMIN,
    letters: moneyFaultLetters,
  },
  // Returns (ADR 0107): each step told to the one who must act next.
  return_requested: {
    label: "Return asked",
    description: "A buyer asks to send back an item I sold.",
    roles: SELLER,
    letters: returnLetters,
  },
  return_answered: {
    label: "Return answered",
    description: "The seller offers a part back or declines my return.",
    roles: BUYER,
    letters: returnLetters,
  },
  return_label_ready: {
    label: "Return label ready",
    description: "The seller accepts my return and its prepaid label is ready.",
    roles: BUYER,
    letters: returnLetters,
  },
  return_delivered: {
    label: "Return delivered",
    description: "An item sent back to me is delivered, to be checked.",
    roles: SELLER,
    letters: returnLetters,
  },
  return_refunded: {
    label: "Return refunded",
    description: "A return I am part of is complete and refunded.",
    roles: BOTH,
    letters: returnLetters,
  },
  return_to_admin: {
    label: "Returns to decide",
    description: "A return reaches the admin to decide.",
    roles: ADMIN,
    letters: returnLetters,
  },
};

/** The letters of one notification event (the kind picks its entry, the event its type). */
export function notificationLetters<K extends NotificationKind>(
  db: Database,
  kind: K,
  event: EventOf<K>,
  options: LetterOptions & { now?: number },
  letter: LetterOf,
): Promise<PlannedLetter[]> {
  const definition: NotificationDefinition<K> = NOTIFICATIONS[kind];
  return definition.letters(db, event, options, letter);
}
