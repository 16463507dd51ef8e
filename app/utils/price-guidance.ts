// Price guidance in words, for the listing page and a seller setting a price: what the model sold
// for on Pay&Buy, and when an asking price is far above it. Only what was recorded is said.
import { GUIDANCE_PERIOD_LABEL, type PriceGuidance } from "#app/domain/catalog/price-guidance";
import { type Currency, formatMoney } from "#app/domain/shared/money";

/** "Good or better", "Excellent": the grades the guidance counted. */
export function gradesText(grades: readonly string[]): string {
  return grades.length <= 1 ? (grades[0] ?? "") : `${grades.at(-1)} or better`;
}

/**
 * "Most sold on Pay&Buy for about $ 775.00–$ 950.00 (median about $ 850.00, 7 sales in the last
 * 6 months, same model, Good or better)": the rounded 10th–90th percentile range (ADR 0076); or,
 * with too few sales, how many there were and that no range is shown.
 */
export function guidanceText(guidance: PriceGuidance, currency: Currency): string {
  const scope = `same model, ${gradesText(guidance.grades)}`;
  const when = `in the last ${GUIDANCE_PERIOD_LABEL}`;
  if (guidance.enough) {
    return `Most sold on Pay&Buy for about ${formatMoney(guidance.lowCents, currency)}–${formatMoney(guidance.highCents, currency)} (median about ${formatMoney(guidance.medianCents, currency)}, ${guidance.sales} sales ${when}, ${scope})`;
  }
  if (guidance.sales === 0) return `No recorded sale on Pay&Buy ${when} (${scope}): no price guidance yet.`;
  return `Only ${guidance.sales} recorded ${guidance.sales === 1 ? "sale" : "sales"} on Pay&Buy ${when} (${scope}): too few to show a price range.`;
}

/** The warning when an asking price is far above the top of the model's range, or null. */
export function farAboveText(
  guidance: PriceGuidance | null,
  far: { percent: number } | null,
  currency: Currency,
): string | null {
  if (!far || !guidance?.enough) return null;
  return `This price is ${far.percent}% above what this model mostly sold for on Pay&Buy (up to about ${formatMoney(guidance.highCents, currency)}, ${gradesText(guidance.grades)}).`;
}
