// What a seller reads about their payout account: whether their listings can be booked, and
// what is still missing, in words (from the provider's requirement names). Browser-safe.
import type { PayoutStatus } from "#db/closed-lists";

export type PayoutSetup = "not_started" | "incomplete" | "ready" | "rejected";

export interface PayoutAccountFacts {
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  transfersActive: boolean;
  requirementsDue: string[];
  disabledReason: string | null;
}

export const PAYOUT_SETUP_WORDS = {
  not_started: "Payouts are not set up yet: buyers cannot book your listings until they are.",
  incomplete: "Your payout setup is not finished: buyers cannot book your listings until it is.",
  ready: "Payouts are set up: buyers can book your listings, and the money of each sale comes to you.",
  rejected: "The payment provider refused your payout account: buyers cannot book your listings. Contact support.",
} as const satisfies Record<PayoutSetup, string>;

/** What the storefront shows instead of Book Now while the seller cannot be paid. */
export const PAYOUTS_PENDING_WORDS = "Seller is setting up payouts";

export const PAYOUT_STATUS_WORDS = {
  pending: "Pending",
  in_transit: "On its way",
  paid: "Paid",
  failed: "Failed",
  canceled: "Canceled",
} as const satisfies Record<PayoutStatus, string>;

/** Where the seller's payout setup stands; an account is ready when it can receive and pay out. */
export function payoutSetup(account: PayoutAccountFacts | null): PayoutSetup {
  if (!account) return "not_started";
  if (account.detailsSubmitted && account.transfersActive && account.payoutsEnabled) return "ready";
  if (account.disabledReason?.startsWith("rejected")) return "rejected";
  return "incomplete";
}

/** Stripe's requirement names, by their first part, in words a seller understands. */
const REQUIREMENT_WORDS: Array<[RegExp, string]> = [
  [/^external_account/, "a bank account for payouts"],
  [/\.verification\.|^individual\.id_number|^individual\.ssn/, "proof of identity"],
  [/^tos_acceptance/, "accepting the payment provider's terms"],
  [/^business_profile/, "a description of what you sell"],
  [/^business_type/, "whether you sell as a person or a company"],
  [/^(individual|representative|person_)/, "your personal details"],
  [/^company/, "your company's details"],
  [/^settings\.payments|^settings\.payouts/, "your payout settings"],
];

/** What is missing, in words, each once; nothing when the account is ready. */
export function missingForPayouts(account: PayoutAccountFacts | null): string[] {
  const setup = payoutSetup(account);
  if (setup === "ready") return [];
  if (!account || setup === "not_started") return ["a payout account: press Set up payouts"];
  const words = new Set<string>();
  for (const requirement of account.requirementsDue) {
    words.add(
      REQUIREMENT_WORDS.find(([pattern]) => pattern.test(requirement))?.[1] ??
        "other details the payment provider asks for",
    );
  }
  if (words.size === 0) {
    words.add(
      account.detailsSubmitted
        ? "the payment provider's review of your details (nothing for you to do yet)"
        : "finishing the payout setup",
    );
  }
  return [...words];
}
