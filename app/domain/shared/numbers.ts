// Numbers as the pages print them. Built by hand rather than through Intl or toLocaleString: the
// first Intl formatter a page makes loads locale data, a long task on a phone's main thread while
// the page hydrates (17 ms unthrottled for a search page's result count).

/** 1234567 → "1,234,567": a whole number with en-US thousands separators. */
export function groupThousands(value: number): string {
  const whole = Math.trunc(value);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return whole < 0 ? `-${digits}` : digits;
}
