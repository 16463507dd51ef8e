// The platform's figures by month (ADR 0088), named for the Claims page and the statement's
// header row: the page's component reads them too, so they are not the server's alone.

/** The platform's figures of a month, in the order the table and the file show them. */
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
