// Display formats shared by every page (spec section 9). Formatted by hand rather than through
// Intl because this code runs in the browser while a page hydrates, and the first Intl formatter a
// page makes loads its locale data in one task: 56–158 ms at Lighthouse's 4x CPU slowdown (the
// bench prints it: "The first Intl formatter in a page"), over the 50 ms that counts as blocking
// time against the budget "Lighthouse performance 100". Each function here is tested equal to
// Intl en-US (tests/integration/money.test.ts). Amounts of money have one format for pages,
// letters and messages alike: formatMoney, in app/domain/shared/money.ts.

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const MONTHS = MONTH_NAMES.map((name) => name.slice(0, 3));

/** Years of use from the purchase year: "1 year", "3 years". */
export function yearsOfUse(purchaseYear: number | null | undefined, currentYear: number): string | null {
  if (purchaseYear == null || !Number.isInteger(purchaseYear)) return null;
  const years = Math.max(0, currentYear - purchaseYear);
  return `${years} ${years === 1 ? "year" : "years"}`;
}

/** "Nov 21, 2026": the day a listing was posted, in UTC. */
export function formatPostedDate(date: Date | string | number | null | undefined): string | null {
  if (date == null) return null;
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return null;
  return `${MONTHS[value.getUTCMonth()]} ${value.getUTCDate()}, ${value.getUTCFullYear()}`;
}

/** "November 21, 2026": a publication day, in UTC. */
export function formatLongDate(date: Date | string | number): string {
  const value = new Date(date);
  return `${MONTH_NAMES[value.getUTCMonth()]} ${value.getUTCDate()}, ${value.getUTCFullYear()}`;
}

export const NOT_FOUND = "Not found";

/** Dashboard dates in UTC with the calendar month: 21/11/2026 (or 21-11-2026 with "-"). */
export function formatDayMonthYear(date: Date | string | number | null | undefined, separator = "/"): string | null {
  if (date == null) return null;
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return null;
  return [value.getUTCDate(), value.getUTCMonth() + 1, value.getUTCFullYear()].join(separator);
}

/** Short 12-hour time in UTC: "3:05 PM" (built by hand: ICU versions differ in the space). */
export function formatShortTime(date: Date | string | number | null | undefined): string | null {
  if (date == null) return null;
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return null;
  const hours = value.getUTCHours();
  const minutes = String(value.getUTCMinutes()).padStart(2, "0");
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}

/** A deadline, always in UTC and labelled so: "25 Nov 2026, 14:00 UTC" (by hand, like the time above). */
export function formatDeadline(date: Date | string | number | null | undefined): string | null {
  if (date == null) return null;
  const value = new Date(date);
  if (Number.isNaN(value.getTime())) return null;
  const hours = String(value.getUTCHours()).padStart(2, "0");
  const minutes = String(value.getUTCMinutes()).padStart(2, "0");
  return `${value.getUTCDate()} ${MONTHS[value.getUTCMonth()]} ${value.getUTCFullYear()}, ${hours}:${minutes} UTC`;
}

/** The booking hold as the booking dialog states it: "Held for you for 48 hours after you book". */
export function holdLabel(hours: number): string {
  return `Held for you for ${hours} ${hours === 1 ? "hour" : "hours"} after you book`;
}
