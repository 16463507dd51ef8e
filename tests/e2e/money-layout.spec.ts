import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { DEMO, signIn } from "./helpers";

// Money on screen (ADR 0100): at a phone's 390 px and a laptop's 1366 px, no amount is split over
// two lines (each amount's text gives one line box) and no page scrolls sideways, on Payouts, My
// Buyers, My Orders, the deal pages, the booking dialog, a listing, Home, search and a category,
// the wishlist and offers, My Products and the admin's Claims. With and without JavaScript;
// screenshots for review.

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
  // The deal pages of the buyer's parcels (the seed's: one paid, one released), the booking
  // dialog of the listing above, and the other pages with prices.
  const parcels = await buyer
    .locator('a[aria-label^="Parcel: "]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  expect(parcels.length, "the seed's parcels in My Orders").toBeGreaterThan(0);
  for (const [index, parcel] of parcels.slice(0, 2).entries()) {
    await checkPage(buyer, parcel, `deal-${index + 1}`, project);
  }
  const listingId = listing!.split("/").pop()!.split("?")[0]!;
  await checkPage(buyer, `/listings/${listingId}?book=${listingId}`, "booking-dialog", project);
  await checkPage(buyer, "/search?q=lens", "search", project);
  await checkPage(buyer, "/products/camera", "category", project);
  await checkPage(buyer, "/dashboard/wishlist", "wishlist", project);
  await checkPage(buyer, "/dashboard/my_offers", "my-offers", project);
  await buyerContext.close();
  await checkPage(page, "/dashboard/my_product", "my-products", project);
  await checkPage(page, "/dashboard/offers", "offers", project);
  const adminContext = await browser.newContext({ javaScriptEnabled: project === "js" });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin);
  await checkPage(admin, "/dashboard/claims", "claims", project);
  await adminContext.close();
});
