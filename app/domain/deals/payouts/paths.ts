// The seller's money pages, named by the domain: where onboarding returns and letters link.

/** The seller's Payouts tab. */
export const PAYOUTS_PATH = "/dashboard/payouts";

/** The admin's Claims page. */
export const CLAIMS_PATH = "/dashboard/claims";

/** The admin's Reconciliation page: the ledger checked against the payment provider (ADR 0089). */
export const RECONCILIATION_PATH = "/dashboard/reconciliation";
