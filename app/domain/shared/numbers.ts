// Numbers as the pages print them, by hand rather than through Intl or toLocaleString for the
// reason and the measured figure given at the top of app/utils/format.ts (the first Intl formatter
// in a page is a long task on a phone, against the budget "Lighthouse performance 100").

/** 1234567 → "1,234,567": a whole number with en-US thousands separators. */
export function groupThousands(value: number): string {
  const whole = Math.trunc(value);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return whole < 0 ? `-${digits}` : digits;
}
