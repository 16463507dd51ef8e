import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { expectToast, signUp, uniqueEmail } from "./helpers";
import { keepPriceForADay } from "./local-d1";
import { addProductByApi, bearerOf, registerSeller, uniqueProductName } from "./seller-helpers";

// A buyer keeps a listing on their wishlist; its seller lowers the price in Edit Product; the
// buyer is told by letter and sees the old price struck through beside the new one (ADR 0063).
// A drop counts only from a price the listing kept for a day (ADR 0077): each journey lets a day
// pass for its listing's price in the server's local D1.
test("a price drop reaches a wishlisting buyer", async ({ page, browser }, info) => {
  // Starting wrangler for the one SQL statement takes several seconds on a busy machine.
  test.setTimeout(90_000);
  // The seller and their listing ($19.99), in a browser of their own.
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  await registerSeller(sellerPage, info, "Pia Pricer");
  const name = uniqueProductName(info, "Price drop camera");
  const productId = await addProductByApi(sellerPage.request, await bearerOf(sellerPage.request), name);
  // A day passes: $19.99 is the price the listing kept.
  await keepPriceForADay(productId);

  // The buyer wishlists it from its page.
  const buyer = uniqueEmail(info, "dropwatch");
  await signUp(page, { name: "Walt Watcher", email: buyer, password: "long enough" });
  await page.goto(`/listings/${productId}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByTestId("was-price")).toHaveCount(0);
  await page.getByRole("button", { name: `Add Wishlist: ${name}` }).click();
  await expectToast(page, "This product has been added to your wishlist");

  // The seller lowers the price.
  await sellerPage.goto(`/dashboard/my_product/${productId}/edit`);
  await sellerPage.getByLabel("Resale Price").fill("14.99");
  await sellerPage.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(sellerPage, "Your changes have been saved");
  await sellerContext.close();

  // The buyer's letter arrives through the queue.
  const letter = page
    .getByRole("row")
    .filter({ hasText: `Price drop: ${name}` })
    .filter({ hasText: buyer })
    .filter({ has: page.getByRole("cell", { name: "Price drops", exact: true }) });
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(letter).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(letter).toContainText("now costs $ 14.99, down from $ 19.99");

  // The listing page, a card and the wishlist show the old price struck through.
  await page.goto(`/listings/${productId}`);
  await expect(page.getByTestId("listing-state")).toHaveText("Available");
  const summary = page.locator("main");
  await expect(summary.getByText("$ 14.99").first()).toBeVisible();
  await expect(summary.getByTestId("was-price")).toHaveText("Was $ 19.99");
  await expect(summary.getByTestId("was-price")).toHaveCSS("text-decoration-line", "line-through");

  await page.goto(`/search?q=${encodeURIComponent(name)}`);
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name }) });
  await expect(card.getByTestId("was-price")).toHaveText("Was $ 19.99");

  await page.goto("/dashboard/wishlist");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("$ 14.99");
  await expect(row.getByTestId("was-price")).toHaveText("Was $ 19.99");
});

test("the longest struck price fits a phone's screen", async ({ page, browser }, info) => {
  // Starting wrangler for the one SQL statement takes several seconds on a busy machine.
  test.setTimeout(90_000);
  const sellerContext = await browser.newContext();
  const sellerPage = await sellerContext.newPage();
  await registerSeller(sellerPage, info, "Lars Longprice");
  const name = uniqueProductName(info, "Long price camera");
  const auth = await bearerOf(sellerPage.request);
  const productId = await addProductByApi(sellerPage.request, auth, name);
  // The highest price a listing may have, kept a day, then a cent less: the widest pair of prices.
  for (const resalePrice of [100_000, 99_999.99]) {
    if (resalePrice < 100_000) await keepPriceForADay(productId);
    const response = await sellerPage.request.put(`/api/product/${productId}`, {
      headers: auth,
      data: {
        productName: name,
        category: "camera",
        condition: "Excellent",
        description: "Low shutter count, always kept in a bag.",
        originalPrice: 100_000,
        resalePrice,
        purchaseYear: 2021,
        contact: "+1 415 555 0100",
        location: "Oakland, California",
      },
    });
    expect(response.status()).toBe(200);
  }
  await sellerContext.close();

  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [`/listings/${productId}`, `/search?q=${encodeURIComponent(name)}`]) {
    await page.goto(path);
    await expect(page.getByTestId("was-price").first()).toHaveText("Was $ 100,000.00");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});
