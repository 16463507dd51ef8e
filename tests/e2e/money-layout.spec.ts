import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { DEMO, signIn } from "./helpers";

// Money on screen (ADR 0100): at a phone's 390 px and a laptop's 1366 px, no amount is split over
// two lines (each amount's text gives one line box) and no page scrolls sideways, on Payouts, My
// Buyers, My Orders, a listing and Home. With and without JavaScript; screenshots for review.

const AMOUNT = /[$€¥]\s?-?\d[\d,]*(?:\.\d+)?/g;

/** Every amount in the page's text that spans more than one line, as "text (lines)". */
async function splitAmounts(page: Page): Promise<string[]> {
  return page.evaluate((source) => {
    const pattern = new RegExp(source, "g");
    const split: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, svg, [hidden]") || parent.getClientRects().length === 0) continue;
      for (const match of text.matchAll(pattern)) {
        const range = document.createRange();
        range.setStart(node, match.index ?? 0);
        range.setEnd(node, (match.index ?? 0) + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) split.push(`${match[0]} (${tops.size} lines)`);
      }
    }
    return split;
  }, AMOUNT.source);
}

async function checkPage(page: Page, path: string, shot: string, project: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    expect(await splitAmounts(page), `${path} at ${width}`).toEqual([]);
    const scroll = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(scroll, `${path} scrolls sideways at ${width}`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `/work/shots/money/${shot}-${width}-${project}.png`, fullPage: true });
  }
}

test("amounts stay on one line and pages never scroll sideways at 390 and 1366 px", async ({ page, browser }, info) => {
  test.slow();
  const project = info.project.name;
  await signIn(page, DEMO.seller);
  await checkPage(page, "/dashboard/payouts", "payouts", project);
  await checkPage(page, "/dashboard/my_buyer", "my-buyers", project);
  await checkPage(page, "/", "home", project);
  await page.goto("/");
  const listing = await page.locator('a[href^="/listings/"]').first().getAttribute("href");
  await checkPage(page, listing!, "listing", project);
  const buyerContext = await browser.newContext({ javaScriptEnabled: project === "js" });
  const buyer = await buyerContext.newPage();
  await signIn(buyer, DEMO.buyer);
  await checkPage(buyer, "/dashboard/my_orders", "my-orders", project);
  await buyerContext.close();
});
