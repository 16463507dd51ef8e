// The figures the ledger's movements add up to (ADR 0088, ADR 0096), named for the pages and the
// statements' header rows: the pages' components read them too, so they are not the server's alone.

/** The platform's figures of a month, in the order the Claims page's table and the file show them. */
export const PLATFORM_FIGURES = [
  "paidIn",
  "fees",
  "refunds",
  "disputesLost",
  "disputeFees",
  "disputesBeyondSale",
  "labels",
  "transfers",
  "payouts",
  "owedBySellers",
] as const;
export type PlatformFigure = (typeof PLATFORM_FIGURES)[number];

/** What each figure is called, on the page and in the file's header row. */
export const PLATFORM_FIGURE_WORDS = {
  paidIn: "Paid by buyers",
  fees: "Fees kept",
  refunds: "Refunded to buyers",
  disputesLost: "Lost to chargebacks",
  disputeFees: "Chargeback fees",
  disputesBeyondSale: "Chargebacks beyond the sale",
  labels: "Shipping labels",
  transfers: "Sent to sellers",
  payouts: "Paid to sellers' banks",
  owedBySellers: "Owed by sellers",
} as const satisfies Record<PlatformFigure, string>;

/** A seller's figures of a month (the Payouts page's chart and table). */
export const SELLER_FIGURES = ["sales", "fees", "refunds", "received", "paidOut"] as const;
export type SellerFigure = (typeof SELLER_FIGURES)[number];
