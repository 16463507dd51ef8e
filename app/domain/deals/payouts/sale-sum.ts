// A sale's money as its seller reads it at a glance (ADR 0100): "$ 450.00 item + $ 14.00 shipping
// − $ 36.00 fee − $ 9.00 label = $ 419.00 you receive". The same figures the Payouts table shows
// column by column, added up in words; said only when they do add up to what the seller receives,
// so the page never claims a sum the ledger does not hold. Browser-safe.
import { type Currency, formatMoney } from "#app/domain/shared/money";

export type SaleFigures = {
  /** What the buyer paid: the item and the shipping. */
  amountCents: number;
  shippingCents: number;
  refunded: number;
  /** Null for a sale settled before payouts: no fee, nothing received through Pay&Buy. */
  fee: number | null;
  labelCents: number;
  net: number | null;
};

/** The sale's figures as one sum, or null when there is nothing to add up or they do not add up. */
export function saleSumWords(sale: SaleFigures, currency: Currency): string | null {
  if (sale.fee === null || sale.net === null) return null;
  const item = sale.amountCents - sale.shippingCents;
  const parts = [`${formatMoney(item, currency)} item`];
  if (sale.shippingCents > 0) parts.push(`+ ${formatMoney(sale.shippingCents, currency)} shipping`);
  if (sale.refunded > 0) parts.push(`− ${formatMoney(sale.refunded, currency)} refunded`);
  parts.push(`− ${formatMoney(sale.fee, currency)} fee`);
  if (sale.labelCents > 0) parts.push(`− ${formatMoney(sale.labelCents, currency)} label`);
  const total = sale.amountCents - sale.refunded - sale.fee - sale.labelCents;
  if (total !== sale.net) return null;
  return `${parts.join(" ")} = ${formatMoney(sale.net, currency)} you receive`;
}
