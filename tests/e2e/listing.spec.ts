import { type Browser, expect, type Page, type TestInfo } from "@playwright/test";
import { test } from "./fixtures";
import { DEMO, expectToast, register, signIn, uniqueEmail } from "./helpers";
import { addProductByApi, bearerOf, listingOfNewSeller, registerSeller, uniqueProductName } from "./seller-helpers";

// A listing's own page: reached from a card or an order, booked from there, honest about a
// booked or sold item, with a gallery that works without JavaScript.

async function newBuyer(page: Page, info: TestInfo, name: string) {
  await page.goto("/register");
  await register(page, { name, email: uniqueEmail(info, "listing-buyer"), password: "long enough" });
  await expectToast(page, "User created successfully");
}

/** A second buyer, in a browser of its own, looks at the listing page. */
async function seenByAnotherBuyer(browser: Browser, info: TestInfo, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await newBuyer(page, info, "Other Buyer");
  await page.goto(path);
  return { page, close: () => context.close() };
}

const state = (page: Page) => page.getByTestId("listing-state");

test("a card leads to its listing page, and the listing is booked from there", async ({ page, browser }, info) => {
  test.slow();
  const listing = await listingOfNewSeller(browser, info, "Listing Camera");
  await newBuyer(page, info, "Lou Lister");

  await page.goto("/products/camera");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: listing.name }) });
  await card.getByRole("link", { name: listing.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/listings/${listing.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: listing.name })).toBeVisible();
  await expect(page).toHaveTitle(`Pay&Buy ${listing.name}`);
  await expect(state(page)).toHaveText("Available");
  await expect(page.getByText("Low shutter count, always kept in a bag.")).toBeVisible();
  await expect(page.getByText(/^You save \$\s2,479\.01 \(99%\)$/)).toBeVisible();
  await expect(page.getByText("Hardly used. At most the faintest signs of handling")).toBeVisible();

  await page.getByRole("link", { name: `Book Now: ${listing.name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Book ${listing.name}` });
  await expect(dialog).toBeVisible();
  // The dialog's summary: the seller, the buyer's own details, and the sum (ADR 0101).
  await expect(dialog.getByRole("definition").nth(1)).toContainText("Lou Lister");
  await expect(dialog.getByTestId("booking-total")).toContainText("19.99");
  await dialog.getByLabel("Your Location*").fill("Lake Merritt");
  await dialog.getByLabel("Your Contact*").fill("+1 510 555 0123");
  await dialog.getByRole("button", { name: /^Book and pay/ }).click();
  // Booked: straight on to its payment (ADR 0101); the listing says it is held.
  await expectToast(page, "Booking Submitted Successfully");
  await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/);
  await page.goto(`/listings/${listing.id}`);
  await expect(state(page)).toHaveText("Booked");
  await expect(page.getByRole("link", { name: /Book Now/ })).toHaveCount(0);

  const other = await seenByAnotherBuyer(browser, info, `/listings/${listing.id}`);
  await expect(state(other.page)).toHaveText("Booked");
  await expect(other.page.getByText("A buyer is holding this item")).toBeVisible();
  await expect(other.page.getByRole("link", { name: /Book Now/ })).toHaveCount(0);
  await expect(other.page.getByRole("button", { name: `Add Wishlist: ${listing.name}` })).toBeVisible();
  await other.close();

  // The order links back to the page.
  await page.goto("/dashboard/my_orders");
  await page
    .getByRole("row")
    .filter({ hasText: listing.name })
    .getByRole("link", { name: listing.name, exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: listing.name })).toBeVisible();
});

test("a sold listing shows as sold, reached from the buyer's order", async ({ page }) => {
  const name = "Gordy's Camera Neck Strap, Tan Leather";
  await signIn(page, DEMO.buyer2);
  await page.goto("/dashboard/my_orders");
  await page.getByRole("row").filter({ hasText: name }).getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(state(page)).toHaveText("Sold");
  await expect(page.getByText("This item has been sold and can no longer be booked.")).toBeVisible();
  await expect(page.getByRole("link", { name: /Book Now/ })).toHaveCount(0);
  // Signed out, too.
  const url = page.url();
  await page.context().clearCookies();
  await page.goto(url);
  await expect(state(page)).toHaveText("Sold");
  await expect(page.getByRole("link", { name: /Book Now/ })).toHaveCount(0);
});

test("the gallery's thumbnail link picks the large photo, with or without JavaScript", async ({
  page,
  browser,
}, info) => {
  const listing = await listingOfNewSeller(browser, info, "Gallery Camera");
  await page.goto(`/listings/${listing.id}?photo=7`);
  const large = page.getByRole("figure", { name: "Photos" }).getByRole("img", { name: listing.name, exact: true });
  await expect(large).toBeVisible();
  const thumbnail = page.getByRole("link", { name: "Show photo 1 of 1" });
  await expect(thumbnail).toHaveAttribute("aria-current", "true");
  await expect(thumbnail).toHaveAttribute("href", `/listings/${listing.id}?photo=1`);
  const scripts = info.project.use.javaScriptEnabled !== false;
  // With JavaScript the photo changes in place: the document stays the same one.
  if (scripts) await page.evaluate(() => Object.assign(window, { stayed: true }));
  await thumbnail.click();
  await expect(page).toHaveURL(new RegExp(`/listings/${listing.id}\\?photo=1$`));
  await expect(thumbnail).toHaveAttribute("aria-current", "true");
  const src = await large.getAttribute("src");
  // The large rendition (1280 px wide, never enlarged) of the uploaded photo.
  expect(src).toMatch(/^\/images\/p-[0-9a-f]{32}-1280\.webp$/);
  expect((await page.request.get(src!)).status()).toBe(200);
  if (scripts) expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
});

test("a listing its seller deleted answers 410 with the error page, an unknown one 404", async ({ browser }, info) => {
  const context = await browser.newContext();
  const seller = await context.newPage();
  await registerSeller(seller, info, "Dee Leter");
  const auth = await bearerOf(seller.request);
  const id = await addProductByApi(seller.request, auth, uniqueProductName(info, "Leaving Camera"));
  expect((await seller.request.delete(`/api/product/${id}`, { headers: auth })).status()).toBe(200);
  await context.close();

  const page = await browser.newPage();
  const response = await page.goto(`/listings/${id}`);
  expect(response?.status()).toBe(410);
  await expect(page.getByTestId("error-status")).toHaveText("410");
  await expect(page.getByTestId("error-status-text")).toHaveText("This listing is no longer on Pay&Buy");
  await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
  expect((await page.goto("/listings/00000000-0000-4000-8000-000000000000"))?.status()).toBe(404);
  await expect(page.getByTestId("error-status")).toHaveText("404");
  await page.close();
});
