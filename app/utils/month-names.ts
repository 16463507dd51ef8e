// Months as the money pages name them ("Dec 2026"), written out rather than asked of Intl, and
// the months a chart shows (ADR 0100). Browser-safe.
// A page's first Intl formatter is costly on a slow phone.
const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov", "Dec 2026": the month's short name, with the year on the first and on January. */
export function monthLabel(month: string, first: boolean): string {
  const [year, number] = month.split("-");
  const name = MONTH_NAMES[Number(number) - 1] ?? month;
  return first || number === "01" ? `${name} ${year}` : name;
}

/** "2026-12" → "Dec 2026": a month as the tables beside the chart name it. */
export function monthName(month: string): string {
  return monthLabel(month, true);
}

/**
 * The months from the first that holds money: no run of empty bars or rows before anything
 * happened. All empty, all are kept (the page says so by its zeros).
 */
export function fromFirstMoney<Month extends { cents: number }>(months: ReadonlyArray<Month>): ReadonlyArray<Month>;
export function fromFirstMoney<Month>(
  months: ReadonlyArray<Month>,
  moved: (month: Month) => boolean,
): ReadonlyArray<Month>;
export function fromFirstMoney<Month>(
  months: ReadonlyArray<Month>,
  moved: (month: Month) => boolean = (month) => (month as { cents: number }).cents !== 0,
): ReadonlyArray<Month> {
  const first = months.findIndex(moved);
  return first === -1 ? months : months.slice(first);
}
