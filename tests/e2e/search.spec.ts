import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { DEMO, signIn } from "./helpers";

// Seeded listings whose descriptions say "actuations": the Fujifilm X-T4 ($1,049, Excellent),
// the Sony a7 III ($1,099, Excellent) and the Canon EOS R6 ($1,449, Good).
const FUJI = "Fujifilm X-T4 Body, Silver";
const SONY = "Sony Alpha a7 III Mirrorless Body";
const R6 = "Canon EOS R6 Mirrorless Body";

/**
 * The result cards' names, in order, once the page shows them: with JavaScript a search
 * updates the page in place, so the assertion waits (a caption like "1 result" can be the same
 * before and after).
 */
async function expectResults(page: Page, names: string[]) {
  await expect(page.getByRole("article").getByRole("heading", { level: 2 })).toHaveText(names);
}

async function searchFromHeader(page: Page, text: string) {
  await page.getByRole("search", { name: "Site" }).getByLabel("Search gear").fill(text);
  await page.getByRole("search", { name: "Site" }).getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
}

test.describe("search", () => {
  test("the header box finds a listing by a word of its description", async ({ page }) => {
    await page.goto("/about");
    await searchFromHeader(page, "EOSInfo");
    await expect(page).toHaveTitle("Pay&Buy Search");
    await expect(page.getByText("1 result for “EOSInfo”")).toBeVisible();
    await expectResults(page, ["Canon EOS 5D Mark IV (body only)"]);
  });

  test("a condition, a price and a sort change the results", async ({ page }) => {
    await page.goto("/");
    await searchFromHeader(page, "actuations");
    const filters = page.getByRole("search", { name: "Search listings" });
    await filters.getByLabel("Sort by").selectOption("price-asc");
    await filters.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/sort=price-asc/);
    await expectResults(page, [FUJI, SONY, R6]);

    await filters.getByLabel("Sort by").selectOption("price-desc");
    await filters.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/sort=price-desc/);
    await expectResults(page, [R6, SONY, FUJI]);

    await filters.getByLabel("Good").check();
    await filters.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("1 result for “actuations”")).toBeVisible();
    await expectResults(page, [R6]);

    await filters.getByLabel("Good").uncheck();
    await filters.getByLabel("Max price ($)").fill("1070");
    await filters.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("1 result for “actuations”")).toBeVisible();
    await expectResults(page, [FUJI]);
  });

  test("a bad price is shown next to its field", async ({ page }) => {
    await page.goto("/search?q=actuations&min=-5");
    await expect(page.getByLabel("Min price ($)")).toHaveAccessibleDescription("Min price cannot be negative.");
    await expect(page.getByText("Correct the search above to see results.")).toBeVisible();
  });

  test("the empty state's link removes the filter that left nothing", async ({ page }) => {
    await page.goto("/search?q=actuations&condition=Fair");
    await expect(page.getByText("0 results for “actuations”")).toBeVisible();
    await page.getByRole("link", { name: "Remove condition: Fair" }).click();
    await expect(page.getByText("3 results for “actuations”")).toBeVisible();
    await expect(page).not.toHaveURL(/condition=/);
  });

  test("Book Now on a result opens the booking dialog", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.goto("/search?q=EOSInfo");
    await page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: "Canon EOS 5D Mark IV (body only)" }) })
      .getByRole("link", { name: /Book Now/ })
      .click();
    await expect(page.getByRole("dialog", { name: "Book Canon EOS 5D Mark IV (body only)" })).toBeVisible();
  });

  test("the header search fits a 360 px screen on every kind of page", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ["/", "/about", "/login", "/search?q=actuations&condition=Fair&min=abc"]) {
      await page.goto(path);
      await expect(page.getByLabel("Search gear")).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test("a category page filters within its category", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.goto("/products/camera?q=actuations");
    const filters = page.getByRole("search", { name: "Search listings" });
    await expect(filters.getByLabel("Category")).toHaveCount(0);
    await filters.getByLabel("Good").check();
    await filters.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/products\/camera\?.*condition=Good/);
    await expect(page.getByRole("heading", { level: 1, name: "Camera" })).toBeVisible();
    await expectResults(page, [R6]);
  });

  test("a long list renders the cards near the screen first, and each card once it comes near", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/search?q=camera");
    const cards = page.getByRole("article");
    expect(await cards.count()).toBeGreaterThan(8);
    // A card's content, checked with contentVisibilityAuto, is not visible while the browser skips it.
    const rendered = (index: number) =>
      cards
        .nth(index)
        .getByRole("heading", { level: 2 })
        .evaluate((heading) => heading.checkVisibility({ contentVisibilityAuto: true }));
    expect(await rendered(0)).toBe(true);
    const last = (await cards.count()) - 1;
    expect(await rendered(last)).toBe(false);
    // The footer far below waits too; its links are still there for find-in-page and assistive tech.
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy" })).toHaveCount(1);
    await cards.nth(last).scrollIntoViewIfNeeded();
    await expect.poll(() => rendered(last)).toBe(true);
    await expect(cards.nth(last).getByRole("heading", { level: 2 })).toBeVisible();
  });
});
