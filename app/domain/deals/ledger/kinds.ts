// What each kind of ledger movement does (ADR 0058, ADR 0096), written once: one row a kind. Every
// sum of the money (a deal's held money and its seller's net, a seller's account and debt, the
// seller's and the platform's figures by month, the admin's totals, the statements' words) is
// derived from this table, in SQL (sums.server.ts) and in TypeScript (`deriveFigures`, which the
// tests compare with the SQL over fuzzed ledgers). A kind added to LEDGER_KINDS does not compile
// until it has its row here.
import { LEDGER_KINDS, type LedgerKind, type OperationKind, type OperationOrigin } from "#db/closed-lists";
import type { PlatformFigure, SellerFigure } from "./figures";

/** A movement adds to (1), takes from (-1), or leaves (0) a sum. */
export type Sign = 1 | -1 | 0;

/** Where a movement lands in a statement's figures, and with which sign; null when it does not show. */
export type Placed<Figure extends string> = readonly [Figure, 1 | -1] | null;

export interface LedgerKindRule {
  /** Whether the movement belongs to a deal (it names the payment) or to a seller's payout. */
  of: "deal" | "payout";
  /** The money the platform holds for the deal's protection: charged, less what has left it. */
  held: Sign;
  /** What the deal gave back to its buyer. */
  refunded: Sign;
  /** The platform's fee of the deal. */
  fee: Sign;
  /** The deal's shipping label, paid from the sale (ADR 0086). */
  label: Sign;
  /** The deal's net to its seller: sent, less taken back, less owed (ADR 0087). */
  net: Sign;
  /** What the seller's payout account holds: sent to it, less taken back, less paid out. */
  account: Sign;
  /** What the seller owes Pay&Buy (ADR 0087). */
  debt: Sign;
  /** The platform's figures by month (ADR 0088) and the admin's totals. */
  platform: Placed<PlatformFigure>;
  /** The seller's figures by month (the Payouts page). */
  seller: Placed<SellerFigure>;
  /**
   * The line's words in the seller's statement; null for the platform's own costs that sit on a
   * seller's deal (a chargeback's fee, a chargeback beyond the sale), which are not the seller's.
   */
  words: string | null;
}

const none = { held: 0, refunded: 0, fee: 0, label: 0, net: 0, account: 0, debt: 0 } as const;

export const LEDGER = {
  charge: {
    ...none,
    of: "deal",
    held: 1,
    platform: ["paidIn", 1],
    seller: ["sales", 1],
    words: "Sale paid by the buyer",
  },
  fee: { ...none, of: "deal", held: -1, fee: 1, platform: ["fees", 1], seller: ["fees", 1], words: "Platform fee" },
  fee_refund: {
    ...none,
    of: "deal",
    held: 1,
    fee: -1,
    platform: ["fees", -1],
    seller: ["fees", -1],
    words: "Platform fee given back",
  },
  refund: {
    ...none,
    of: "deal",
    held: -1,
    refunded: 1,
    platform: ["refunds", 1],
    seller: ["refunds", 1],
    words: "Refunded to the buyer",
  },
  transfer: {
    ...none,
    of: "deal",
    held: -1,
    net: 1,
    account: 1,
    platform: ["transfers", 1],
    seller: ["received", 1],
    words: "Sent to you",
  },
  transfer_reversal: {
    ...none,
    of: "deal",
    held: 1,
    net: -1,
    account: -1,
    platform: ["transfers", -1],
    seller: ["received", -1],
    words: "Taken back for a refund",
  },
  payout: {
    ...none,
    of: "payout",
    account: -1,
    platform: ["payouts", 1],
    seller: ["paidOut", 1],
    words: "Paid to your bank",
  },
  payout_failure: {
    ...none,
    of: "payout",
    account: 1,
    platform: ["payouts", -1],
    seller: ["paidOut", -1],
    words: "Payout returned by the bank",
  },
  // A label bought through Pay&Buy (ADR 0086): paid from what is sent to the seller.
  label: { ...none, of: "deal", held: -1, label: 1, platform: ["labels", 1], seller: null, words: "Shipping label" },
  label_refund: {
    ...none,
    of: "deal",
    held: 1,
    label: -1,
    platform: ["labels", -1],
    seller: null,
    words: "Shipping label given back",
  },
  // A lost chargeback gives the sale's money back to the buyer (ADR 0081); its fee is the platform's.
  dispute_loss: {
    ...none,
    of: "deal",
    held: -1,
    refunded: 1,
    platform: ["disputesLost", 1],
    seller: ["refunds", 1],
    words: "Taken back by the buyer's bank (chargeback)",
  },
  dispute_fee: { ...none, of: "deal", platform: ["disputeFees", 1], seller: null, words: null },
  // Beyond what was left of the sale: the platform's loss, never the seller's (ADR 0091).
  dispute_excess: { ...none, of: "deal", platform: ["disputesBeyondSale", 1], seller: null, words: null },
  // What a seller owes (ADR 0087) shows on its own (the Payouts page's "You owe"), not in the chart.
  seller_debt: {
    ...none,
    of: "deal",
    held: 1,
    net: -1,
    debt: 1,
    platform: ["owedBySellers", 1],
    seller: null,
    words: "Owed: a refund your account could not give back",
  },
  debt_recovery: {
    ...none,
    of: "deal",
    held: -1,
    net: 1,
    debt: -1,
    platform: ["owedBySellers", -1],
    seller: null,
    words: "Owed amount recovered",
  },
  // A return's prepaid label for a fault (ADR 0107): the platform paid the carrier, the seller owes
  // it (recovered like any debt); nothing of the deal's held money pays it, as the buyer gets all back.
  return_label: {
    ...none,
    of: "deal",
    debt: 1,
    platform: ["owedBySellers", 1],
    seller: null,
    words: "Return label for a fault: owed by you",
  },
} as const satisfies Record<LedgerKind, LedgerKindRule>;

/** The sums a kind carries a sign for. */
export type LedgerSum = "held" | "refunded" | "fee" | "label" | "net" | "account" | "debt";

/** The kinds that move a sum, with their signs. */
export function kindsOf(sum: LedgerSum): Array<[LedgerKind, 1 | -1]> {
  return LEDGER_KINDS.flatMap((kind) => {
    const sign: Sign = LEDGER[kind][sum];
    return sign === 0 ? [] : [[kind, sign] as [LedgerKind, 1 | -1]];
  });
}

/** The kinds that land in a statement's figure, with their signs. */
export function kindsInFigure<Figure extends string>(
  placeOf: (rule: LedgerKindRule) => Placed<Figure>,
  figure: Figure,
): Array<[LedgerKind, 1 | -1]> {
  return LEDGER_KINDS.flatMap((kind) => {
    const placed = placeOf(LEDGER[kind]);
    return placed && placed[0] === figure ? [[kind, placed[1]] as [LedgerKind, 1 | -1]] : [];
  });
}

/** The kinds a sum is made of (whatever their sign): for an index-friendly `kind in (…)`. */
export const kindsMoving = (sum: LedgerSum): LedgerKind[] => kindsOf(sum).map(([kind]) => kind);

/** The movements that give a deal's money back to its buyer (a refund, a chargeback lost). */
export const REFUND_KINDS = kindsMoving("refunded");

/** The movements of a seller's payouts, which name no payment. */
export const PAYOUT_KINDS = LEDGER_KINDS.filter((kind) => LEDGER[kind].of === "payout");

/** The movements a seller's statement lists: the seller's money only. */
export const SELLER_STATEMENT_KINDS = LEDGER_KINDS.filter((kind) => LEDGER[kind].words !== null);

/**
 * What a decided movement of a deal (`deal_operations`) becomes in the ledger, amount by amount:
 * a release's amount is sent to the seller, its fee kept and its label paid; a refund's amount goes
 * back to the buyer with the fee and label given back and the seller's share taken back (a chargeback
 * lost is a refund the bank made: `dispute_loss`, the same signs). The deal's decided sums (what
 * findDeal and the money pages read before the ledger has them) are derived from this and LEDGER.
 */
export const OPERATION_ENTRIES = {
  release: { amountCents: "transfer", feeCents: "fee", labelCents: "label", reversalCents: null },
  refund: {
    amountCents: "refund",
    feeCents: "fee_refund",
    labelCents: "label_refund",
    reversalCents: "transfer_reversal",
  },
} as const satisfies Record<
  OperationKind,
  Record<"amountCents" | "feeCents" | "labelCents" | "reversalCents", LedgerKind | null>
>;

export type OperationAmount = keyof (typeof OPERATION_ENTRIES)["release"];

/**
 * The movement a refund's amount is in the ledger: given back by Pay&Buy, or taken back by the
 * buyer's bank when a chargeback is lost (the same signs in every sum; its own figure).
 */
export const refundEntryKind = (origin: OperationOrigin): LedgerKind =>
  origin === "chargeback_lost" ? "dispute_loss" : OPERATION_ENTRIES.refund.amountCents;

/** A ledger entry as the TypeScript derivation reads it. */
export interface EntryAmount {
  kind: LedgerKind;
  amountCents: number;
}

/** A sum over entries, in TypeScript: the same table as the SQL. */
export function sumOf(entries: Iterable<EntryAmount>, sum: LedgerSum): number {
  let total = 0;
  for (const entry of entries) total += LEDGER[entry.kind][sum] * entry.amountCents;
  return total;
}

/** A statement's figures over entries, in TypeScript: the same table as the SQL. */
export function figuresOf<Figure extends string>(
  entries: Iterable<EntryAmount>,
  placeOf: (rule: LedgerKindRule) => Placed<Figure>,
  figures: readonly Figure[],
): Record<Figure, number> {
  const totals = Object.fromEntries(figures.map((figure) => [figure, 0])) as Record<Figure, number>;
  for (const entry of entries) {
    const placed = placeOf(LEDGER[entry.kind]);
    if (placed) totals[placed[0]] += placed[1] * entry.amountCents;
  }
  return totals;
}

export const platformPlace = (rule: LedgerKindRule) => rule.platform;
export const sellerPlace = (rule: LedgerKindRule) => rule.seller;
