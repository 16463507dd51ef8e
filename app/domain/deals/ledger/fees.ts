// The platform's commission on a sale, the one place it is computed (ADR 0057): a percentage of
// the price in basis points plus an optional fixed part, in integer cents, never more than the
// price. The seller sees it before listing ("You receive $ 1,104.00 of $ 1,200.00"); a release
// keeps it; a refund gives back what the smaller sale no longer earns. Browser-safe.

/** The platform's fee as configured (PLATFORM_FEE_PERCENT, PLATFORM_FEE_FIXED_CENTS). */
export interface FeeRule {
  /** The percentage in hundredths of a percent: 8 % is 800. */
  basisPoints: number;
  /** A fixed part added to every sale, in cents. */
  fixedCents: number;
}

export const DEFAULT_FEE_RULE: FeeRule = { basisPoints: 800, fixedCents: 0 };

/**
 * The fee on a sale of `amountCents`: the percentage rounded half up to a cent, plus the fixed
 * part, at most the amount itself (the seller's net is never negative) and 0 on nothing sold.
 * It never falls as the amount grows, so a partial refund never raises the fee.
 */
export function platformFee(amountCents: number, rule: FeeRule): number {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) return 0;
  const percent = Math.floor((amountCents * rule.basisPoints + 5_000) / 10_000);
  return Math.min(amountCents, percent + rule.fixedCents);
}

/**
 * The fee on what a buyer's payment still keeps of a deal (ADR 0086): the platform's fee applies
 * to the item, never to shipping; a refund is taken from the item's price first, so the fee is
 * on what is kept beyond the shipping charge.
 */
export function dealFee(keptCents: number, shippingCents: number, rule: FeeRule): number {
  return platformFee(Math.max(0, keptCents - shippingCents), rule);
}

/**
 * The most a label bought through Pay&Buy may cost (ADR 0086, ADR 0092): what a deal charged
 * `charged`, of which `shipping` paid for shipping and `refunded` went back, keeps for its seller
 * once the fee on the item is taken. A dearer label is refused before it is bought, with these
 * figures, so the platform never pays for a label a sale cannot.
 */
export function labelBudget(totals: { charged: number; refunded: number; shipping: number }, rule: FeeRule): number {
  const kept = totals.charged - totals.refunded;
  return Math.max(0, kept - dealFee(kept, totals.shipping, rule));
}

/** What the seller receives of a sale of `amountCents`. */
export function sellerNet(amountCents: number, rule: FeeRule): number {
  return Math.max(0, amountCents - platformFee(amountCents, rule));
}

/** "8 %", "8.5 % + $ 0.30": the rule as the seller reads it (the amount formatted by the caller). */
export function feeRuleWords(rule: FeeRule, formatCents: (cents: number) => string): string {
  const whole = Math.floor(rule.basisPoints / 100);
  const fraction = rule.basisPoints % 100;
  const percent = fraction === 0 ? `${whole}` : `${whole}.${String(fraction).padStart(2, "0").replace(/0$/, "")}`;
  return rule.fixedCents > 0 ? `${percent} % + ${formatCents(rule.fixedCents)}` : `${percent} %`;
}

/** "8.5" → 850 basis points; null for anything but 0 to 50 with at most two decimals. */
export function percentToBasisPoints(text: string): number | null {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const points = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return points <= 5_000 ? points : null;
}
