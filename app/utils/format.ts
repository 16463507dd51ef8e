// Display formats shared by every page (spec section 9). Formatted by hand rather than through
// Intl because this code runs in the browser while a page hydrates, and the first Intl formatter a
// page makes loads its locale data in one task: 56–158 ms at Lighthouse's 4x CPU slowdown (the
// bench prints it: "The first Intl formatter in a page"), over the 50 ms that counts as blocking
// time against the budget "Lighthouse performance 100". Amounts of money have one format for
// pages, letters and messages alike: formatMoney, in app/domain/shared/money.ts; dates too:
// formatDay and formatMoment, in app/domain/shared/dates.ts.

/** Years of use from the purchase year: "1 year", "3 years". */
export function yearsOfUse(purchaseYear: number | null | undefined, currentYear: number): string | null {
  if (purchaseYear == null || !Number.isInteger(purchaseYear)) return null;
  const years = Math.max(0, currentYear - purchaseYear);
  return `${years} ${years === 1 ? "year" : "years"}`;
}

export const NOT_FOUND = "Not found";

/** The booking hold as the booking dialog states it: "Held for you for 48 hours after you book". */
export function holdLabel(hours: number): string {
  return `Held for you for ${hours} ${hours === 1 ? "hour" : "hours"} after you book`;
}
