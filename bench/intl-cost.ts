// What the first Intl formatter costs a phone: the reason app/utils/format.ts and
// app/domain/shared/numbers.ts format prices, counts and dates by hand in code the browser runs.
// Measured in Debian's Chromium at Lighthouse's mobile CPU slowdown (4x), in a fresh page each
// time (locale data is loaded once per page): a task over 50 ms counts towards Lighthouse's total
// blocking time, and so against the budget "Lighthouse performance 100".
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/e2e/chromium";

export interface IntlCost {
  /** The median over the pages of the first number formatter, its first format included. */
  firstFormatterMs: number;
  /** The same for the hand-written formatting of a price. */
  byHandMs: number;
}

const PAGES = 5;

export async function measureIntlCost(): Promise<IntlCost> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const first: number[] = [];
  const byHand: number[] = [];
  try {
    for (let i = 0; i < PAGES; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.setContent("<!doctype html><title>Intl</title><p>price</p>");
      const times = await page.evaluate(() => {
        const start = performance.now();
        const whole = Math.floor(123456 / 100);
        const text = `$ ${String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${String(123456 % 100).padStart(2, "0")}`;
        const handDone = performance.now();
        const intl = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
        const formatted = `$ ${intl.format(1234.56)}`;
        const intlDone = performance.now();
        if (formatted !== text) throw new Error(`${formatted} is not ${text}`);
        return { byHand: handDone - start, first: intlDone - handDone };
      });
      first.push(times.first);
      byHand.push(times.byHand);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return { firstFormatterMs: median(first), byHandMs: median(byHand) };
}
