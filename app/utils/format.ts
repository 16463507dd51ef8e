// Display formats shared by every page (spec section 9).

const amount = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 123456 cents → "$ 1,234.56" (the spec's '$ ' prefix). */
export function formatPrice(cents: number | null | undefined): string | null {
  if (cents == null || !Number.isFinite(cents)) return null;
  return `$ ${amount.format(cents / 100)}`;
}

/** Years of use from the purchase year: "1 year", "3 years". */
export function yearsOfUse(purchaseYear: number | null | undefined, currentYear: number): string | null {
  if (purchaseYear == null || !Number.isInteger(purchaseYear)) return null;
  const years = Math.max(0, currentYear - purchaseYear);
  return `${years} ${years === 1 ? "year" : "years"}`;
}

const postedDate = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

export function formatPostedDate(date: Date | string | number | null | undefined): string | null {
  if (date == null) return null;
  const value = new Date(date);
  return Number.isNaN(value.getTime()) ? null : postedDate.format(value);
}

export const NOT_FOUND = "Not found";
