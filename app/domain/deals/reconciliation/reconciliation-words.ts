// The reconciliation's words, for the admin's page (ADR 0089).
import type { LedgerKind, PaymentProviderName, ReconciliationDifference } from "#db/closed-lists";

export const DIFFERENCE_WORDS = {
  missing_ours: "Missing from our ledger",
  missing_theirs: "Missing at the payment provider",
  amount_differs: "The amounts differ",
} as const satisfies Record<ReconciliationDifference, string>;

export const RECONCILED_KIND_WORDS: Partial<Record<LedgerKind, string>> = {
  charge: "Buyer's payment",
  transfer: "Transfer to a seller",
  refund: "Refund to a buyer",
  transfer_reversal: "Transfer taken back",
  payout: "Payout to a seller's bank",
};

export const PROVIDER_WORDS = {
  test: "Test provider",
  stripe: "Stripe",
} as const satisfies Record<PaymentProviderName, string>;

export const RUN_STATUS_WORDS = {
  running: "In progress",
  done: "Done",
} as const;

/** A day the scheduled job has not checked (yet, or ever): no difference is known of it. */
export const NEVER_CHECKED = "Never checked";

/** The days the admin's page accounts for, the last one the job reconciles first. */
export const DAYS_ACCOUNTED = 7;
