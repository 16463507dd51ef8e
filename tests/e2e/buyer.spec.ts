import { expect, type Page, type TestInfo } from "@playwright/test";
import { stableId } from "../../scripts/seed/plan";
import { test } from "./fixtures";
import { DEMO, expectToast, register, signIn, signOut, signUp, uniqueEmail } from "./helpers";

/** Each test books its own seeded listing per project, so runs never collide. */
const pick = (info: TestInfo, js: string, noJs: string) => (info.project.name === "js" ? js : noJs);

/** A new buyer, signed in, on the home page. */
async function newBuyer(page: Page, info: TestInfo, name = "Casey Buyer") {
  await signUp(page, { name, email: uniqueEmail(info, "buyer"), password: "long enough" });
  await page.goto("/");
}

async function openCategory(page: Page, title: string) {
  await page.goto(`/products/${encodeURIComponent(title.toLowerCase())}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

function card(page: Page, name: string) {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

async function bookFromCategory(page: Page, category: string, product: string) {
  await openCategory(page, category);
  await card(page, product)
    .getByRole("link", { name: /Book Now/ })
    .click();
  const dialog = page.getByRole("dialog", { name: `Book ${product}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("browsing", () => {
  test("from the home page to a category page", async ({ page }, info) => {
    await newBuyer(page, info);
    await page.getByRole("link", { name: "More Category" }).click();
    await page.getByRole("link", { name: "More Product: Camera Strap" }).click();
    await expect(page).toHaveURL(/\/products\/camera%20strap$/);
    await expect(page.getByText("Shop By Category")).toBeVisible();
    await expect(page).toHaveTitle("Pay&Buy Camera Strap");
    await expect(card(page, "Peak Design Slide Camera Strap, Black")).toBeVisible();
    // Sold items are not offered.
    await expect(card(page, "Gordy's Camera Neck Strap, Tan Leather")).toHaveCount(0);
  });

  test("a category page needs a login and comes back to it", async ({ page }) => {
    await page.goto("/products/tripod");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fproducts%2Ftripod$/);
    await page.getByLabel("Email*").fill(DEMO.buyer.email);
    await page.getByLabel("Password*", { exact: true }).fill(DEMO.buyer.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/products\/tripod$/);
    const response = await page.goto("/products/not-a-category");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Category Not Found" })).toBeVisible();
  });
});

test.describe("booking", () => {
  test("a buyer books a listing, sees it in My Orders, and it leaves the category", async ({ page }, info) => {
    const product = pick(info, "Sony NP-FZ100 Rechargeable Battery", "Nikon EN-EL15c Li-ion Battery");
    await newBuyer(page, info, "Morgan Booker");
    const dialog = await bookFromCategory(page, "Battery", product);
    // The prefilled values, read-only, as a short list: the seller (email, contact), the buyer; then the sum.
    await expect(dialog.getByRole("heading", { name: `Book ${product}` })).toBeVisible();
    await expect(dialog.getByRole("definition").nth(0)).toContainText(/@payandbuy\.local · \+\d/);
    await expect(dialog.getByRole("definition").nth(1)).toContainText("Morgan Booker");
    await expect(dialog.getByTestId("booking-total")).toContainText(/\$\s\d/);
    await expect(dialog.getByText(/^Booking holds this item for you until you pay or cancel/)).toBeVisible();
    await dialog.getByRole("button", { name: /^Book and pay/ }).click();
    await expect(page.getByRole("link", { name: "Your location is required" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Your contact is required" })).toBeVisible();
    await page.getByLabel("Your Location*").fill("Union Square");
    await page.getByLabel("Your Contact*").fill("+1 415 555 0199");
    await page.getByRole("button", { name: /^Book and pay/ }).click();
    // Straight on to its payment (ADR 0101); the listing has left its category.
    await expectToast(page, "Booking Submitted Successfully");
    await expect(page).toHaveURL(/\/dashboard\/payment\/[^/]+$/);
    await openCategory(page, "Battery");
    await expect(card(page, product)).toHaveCount(0);
    await page.goto("/dashboard/my_orders");
    const row = page.getByRole("row").filter({ hasText: product });
    await expect(row.getByRole("link", { name: "Pay" })).toHaveAttribute("href", /\/dashboard\/payment\/.+/);

    // Cancel: No keeps it, Yes ends it and the listing is back.
    await row.getByRole("link", { name: /Cancel Booking/ }).click();
    const confirm = page.getByRole("dialog", { name: "Booking Cancel Confirmation" });
    await expect(confirm.getByText("Do you want to cancel this booking?")).toBeVisible();
    await confirm.getByRole("button", { name: "No" }).click();
    await expectToast(page, "You have canceled this process");
    await expect(page.getByRole("row").filter({ hasText: product })).toBeVisible();
    await page
      .getByRole("row")
      .filter({ hasText: product })
      .getByRole("link", { name: /Cancel Booking/ })
      .click();
    await page
      .getByRole("dialog", { name: "Booking Cancel Confirmation" })
      .getByRole("button", { name: "Yes" })
      .click();
    await expectToast(page, "Booking had been canceled");
    await expect(page.getByText("You don't have any order")).toBeVisible();
    await openCategory(page, "Battery");
    await expect(card(page, product)).toBeVisible();
  });

  test("a refused booking keeps the page's own address, with the errors and what was typed", async ({ page }, info) => {
    await newBuyer(page, info, "Val Idation");
    const ads = page.getByRole("region", { name: "Sell simply, Buy safely." });
    await ads
      .getByRole("link", { name: /^Book Now: / })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: /^Book / });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/\?book=[^&]+$/);
    const bookUrl = page.url();
    await dialog.getByLabel("Your Location*").fill("Union Square");
    await dialog.getByLabel("Your Contact*").fill("call me");
    await dialog.getByRole("button", { name: /^Book and pay/ }).click();
    // Said at the field and in the summary at the dialog's top, which links to the field.
    await expect(page.getByRole("link", { name: "Enter a phone number, e.g. +1 415 555 0100" })).toBeVisible();
    // The home page is an index route: its form posts to /?index&book=…, never shown as the address.
    await expect(page).toHaveURL(bookUrl);
    await expect(page.getByLabel("Your Location*")).toHaveValue("Union Square");
    await expect(page.getByLabel("Your Contact*")).toHaveValue("call me");
    // A reload shows the dialog again, without the old errors and without posting anything.
    await page.reload();
    await expect(page.getByRole("dialog", { name: /^Book / })).toBeVisible();
    await expect(page.getByText("Enter a phone number, e.g. +1 415 555 0100")).toHaveCount(0);
  });

  test("a listing booked by someone else cannot be booked again", async ({ browser }, info) => {
    // Two buyers register and book in two browsers: slow on a busy machine.
    test.slow();
    const product = pick(
      info,
      "Fujifilm NP-W235 Battery with BC-W235 Dual Charger",
      "Panasonic DMW-BLF19 Batteries (set of 2)",
    );
    const first = await browser.newPage();
    const second = await browser.newPage();
    await newBuyer(first, info, "First Buyer");
    await newBuyer(second, info, "Second Buyer");
    const dialogA = await bookFromCategory(first, "Battery", product);
    const dialogB = await bookFromCategory(second, "Battery", product);
    for (const [page, dialog] of [
      [first, dialogA],
      [second, dialogB],
    ] as const) {
      await dialog.getByLabel("Your Location*").fill("Dolores Park");
      await dialog.getByLabel("Your Contact*").fill("+1 415 555 0123");
      void page;
    }
    await dialogA.getByRole("button", { name: /^Book and pay/ }).click();
    await expectToast(first, "Booking Submitted Successfully");
    await dialogB.getByRole("button", { name: /^Book and pay/ }).click();
    await expectToast(second, "Sorry, this product has just been booked by someone else.");
    await second.goto("/dashboard/my_orders");
    await expect(second.getByText("You don't have any order")).toBeVisible();
    await first.close();
    await second.close();
  });

  test("sellers see disabled buttons; signed-out visitors log in and come back to the dialog", async ({ page }) => {
    await page.goto("/");
    const ads = page.getByRole("region", { name: "Sell simply, Buy safely." });
    await ads
      .getByRole("link", { name: /Book Now/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2F%3Fbook%3D/);
    await page.getByLabel("Email*").fill(DEMO.buyer.email);
    await page.getByLabel("Password*", { exact: true }).fill(DEMO.buyer.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/\?book=/);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await signOut(page);

    await signIn(page, DEMO.seller);
    await page.goto("/");
    const sellerAds = page.getByRole("region", { name: "Sell simply, Buy safely." });
    await expect(sellerAds.getByRole("button", { name: /Book Now/ }).first()).toBeDisabled();
    await expect(sellerAds.getByRole("button", { name: /Add Wishlist/ }).first()).toBeDisabled();
  });
});

test.describe("wishlist", () => {
  test("add, refuse a duplicate, show it, and remove it", async ({ page }, info) => {
    const product = pick(
      info,
      "Peak Design Slide Camera Strap, Black",
      "Leica Full-Grain Leather Carrying Strap, Black",
    );
    await newBuyer(page, info);
    await openCategory(page, "Camera Strap");
    await card(page, product)
      .getByRole("button", { name: /Add Wishlist/ })
      .click();
    await expectToast(page, "This product has been added to your wishlist");
    await card(page, product)
      .getByRole("button", { name: /Add Wishlist/ })
      .click();
    await expectToast(page, "You added this product already to your wishlist");
    await page.goto("/dashboard/wishlist");
    const row = page.getByRole("row").filter({ hasText: product });
    await expect(row).toContainText("$ ");
    await expect(row).toContainText("@payandbuy.local");
    await expect(row.getByRole("link", { name: /Book Now/ })).toBeVisible();
    await expect(row.getByRole("link", { name: /Enlarge the photo/ })).toHaveAttribute("href", /^\/images\//);
    await row.getByRole("button", { name: /Remove/ }).click();
    await expectToast(page, "The product has been removed from your wishlist");
    await expect(page.getByText("You don't have any wishlist item.")).toBeVisible();
  });
});

test.describe("finishing after a sign-in what was started signed out", () => {
  test("Add Wishlist leads through registering to a one-click confirmation that adds the item", async ({
    page,
  }, info) => {
    // Advertised seed listings no other journey books, so they stay on the home page.
    const product = pick(info, "Lexar Professional 2000x 64GB SDXC UHS-II", "Lowepro ProTactic BP 450 AW II Backpack");
    await page.goto("/");
    await card(page, product)
      .getByRole("link", { name: `Add Wishlist: ${product}` })
      .click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2F%3Fwishlist%3D/);
    await page.getByRole("link", { name: "Do you create a new one?" }).click();
    await register(page, { name: "Wendy Wisher", email: uniqueEmail(info, "wisher"), password: "long enough" });
    await expect(page).toHaveURL(/\/\?wishlist=/);
    // Nothing is added by the visit itself: the buyer confirms with one click.
    const dialog = page.getByRole("dialog", { name: "Add to your wishlist" });
    await expect(dialog).toContainText(product);
    await dialog.getByRole("button", { name: "Add Wishlist" }).click();
    await expectToast(page, "This product has been added to your wishlist");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/dashboard/wishlist");
    await expect(page.getByRole("row").filter({ hasText: product })).toBeVisible();
  });

  test("Report leads through the login to the report dialog", async ({ page }) => {
    await page.goto("/");
    const ads = page.getByRole("region", { name: "Sell simply, Buy safely." });
    await ads
      .getByRole("link", { name: /^Report: / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2F%3Freport%3D/);
    await page.getByLabel("Email*").fill(DEMO.buyer2.email);
    await page.getByLabel("Password*", { exact: true }).fill(DEMO.buyer2.password);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(/\/\?report=/);
    await expect(page.getByRole("dialog", { name: /^Report / })).toBeVisible();
  });
});

test.describe("orders history", () => {
  test("a paid order shows Paid and cannot be cancelled", async ({ page }) => {
    await signIn(page, DEMO.buyer2);
    await page.goto("/dashboard/my_orders");
    const row = page.getByRole("row").filter({ hasText: "Gordy's Camera Neck Strap, Tan Leather" });
    await expect(row).toContainText("Paid");
    await expect(row.getByRole("button", { name: "Cancel Booking" })).toBeDisabled();
  });

  test("the photo enlarges in a modal that keeps the focus and closes with Escape", async ({ page }, info) => {
    await signIn(page, DEMO.buyer2);
    await page.goto("/dashboard/my_orders");
    const row = page.getByRole("row").filter({ hasText: "Gordy's Camera Neck Strap, Tan Leather" });
    const thumbnail = row.getByRole("link", { name: /Enlarge the photo/ });
    await expect(thumbnail).toHaveAttribute("href", /^\/images\//);
    if (info.project.name === "no-js") {
      // Without JavaScript the link opens the photo itself.
      await thumbnail.click();
      await expect(page).toHaveURL(/\/images\//);
      return;
    }
    await thumbnail.click();
    const zoom = page.getByRole("dialog", { name: "Gordy's Camera Neck Strap, Tan Leather" });
    await expect(zoom).toBeVisible();
    await expect(zoom.getByRole("button", { name: "Close" })).toBeFocused();
    // The page behind is inert: Tab never reaches a link or button outside the photo.
    for (let step = 0; step < 3; step++) {
      await page.keyboard.press("Tab");
      const outside = await zoom.evaluate((dialog) => {
        const active = document.activeElement;
        return active !== null && active !== document.body && !dialog.contains(active);
      });
      expect(outside).toBe(false);
    }
    await page.keyboard.press("Escape");
    await expect(zoom).toBeHidden();
    await expect(thumbnail).toBeFocused();
  });

  test("another buyer's booking cannot be cancelled from a crafted URL", async ({ page }) => {
    // The seed's open booking belongs to Bea; Ben tries to reach it.
    const beasBooking = await stableId("booking", "think-tank-retrospective-7-pinestone-seller1");
    await signIn(page, DEMO.buyer2);
    await page.goto(`/dashboard/my_orders?confirm=cancel&id=${beasBooking}`);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByText("Think Tank Photo Retrospective 7")).toHaveCount(0);
    const payment = await page.goto(`/dashboard/payment/${beasBooking}`);
    expect(payment?.status()).toBeLessThan(500);
  });
});
