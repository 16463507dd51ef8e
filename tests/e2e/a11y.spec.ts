import { expect } from "@playwright/test";
import { stableId } from "../../scripts/seed/plan";
import { expectAccessible } from "./axe";
import { test } from "./fixtures";
import { DEMO, expectToast, login, register, signIn, uniqueEmail } from "./helpers";
import { keepPriceForADay } from "./local-d1";
import { addProductByApi, bearerOf, listingOfNewSeller, registerSeller, uniqueProductName } from "./seller-helpers";

// A check takes axe a few seconds, and the journeys below check many pages.
test.describe.configure({ timeout: 180_000 });

test.describe("public pages", () => {
  for (const path of [
    "/",
    "/?categories=all",
    "/blog",
    "/about",
    "/login",
    "/register",
    "/help",
    "/buyer-protection",
    "/terms",
    "/privacy",
    "/contact",
    "/search?q=actuations",
    "/search?q=actuations&condition=Fair&min=abc",
    "/unsubscribe/forged",
  ]) {
    test(`${path} has no violations`, async ({ page }) => {
      await page.goto(path);
      await expectAccessible(page, path);
    });
  }

  test("a seller's profile with a written review has no violations", async ({ page }) => {
    await page.goto(`/sellers/${await stableId("user", "seller2")}`);
    await expect(page.getByRole("heading", { name: /^Reviews \(\d+\)$/ })).toBeVisible();
    await expectAccessible(page, "seller profile");
  });

  test("the 404 page has no violations", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expectAccessible(page, "404");
  });

  test("the menu of a narrow screen has no violations, open or closed", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    await expectAccessible(page, "home on a phone");
    await page.getByRole("banner").locator("summary").click();
    await expect(page.getByRole("navigation", { name: "Menu" })).toBeVisible();
    await expectAccessible(page, "menu open");
  });

  test("forms with validation errors and a page with a toast have no violations", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page.getByText("Email is required.")).toBeVisible();
    await expectAccessible(page, "login with errors");
    await page.goto("/register");
    await register(page, { name: "", email: "not-an-email", password: "short" });
    await expect(page.getByText("Password should be at least 8 characters")).toBeVisible();
    await expectAccessible(page, "register with errors");
    await login(page, DEMO.buyer2);
    await expectToast(page, "Welcome back");
    await expectAccessible(page, "home with a toast");
  });
});

test.describe("a buyer's pages", () => {
  test("category, booking dialog, orders, wishlist and payment have no violations", async ({ page, browser }, info) => {
    // Fifteen checks in one journey, each up to 10 s of axe on a busy 2-core machine.
    test.setTimeout(360_000);
    const listing = await listingOfNewSeller(browser, info, "Axe Camera");
    await page.goto("/register");
    await register(page, { name: "Alex Axe", email: uniqueEmail(info, "axe-buyer"), password: "long enough" });
    await expectToast(page, "User created successfully");
    await expectAccessible(page, "home signed in, with a toast");

    await page.goto("/products/camera");
    await expectAccessible(page, "category page");
    await page
      .getByRole("button", { name: /^Add Wishlist/ })
      .first()
      .click();
    await expectToast(page, /wishlist/);

    await page.goto(`/products/camera?book=${listing.id}`);
    const dialog = page.getByRole("dialog", { name: `Book ${listing.name}` });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, "booking dialog");
    await dialog.getByRole("button", { name: /^Book and pay/ }).click();
    await expect(dialog.getByRole("link", { name: "Your location is required" })).toBeVisible();
    await expectAccessible(page, "booking dialog with errors");
    await dialog.getByLabel("Your Location*").fill("Union Square");
    await dialog.getByLabel("Your Contact*").fill("+1 415 555 0199");
    await dialog.getByRole("button", { name: /^Book and pay/ }).click();
    await expectToast(page, "Booking Submitted Successfully");

    await page.goto("/dashboard/my_orders");
    const row = page.getByRole("row").filter({ hasText: listing.name });
    await expectAccessible(page, "my orders");
    await row.getByRole("link", { name: /Cancel Booking/ }).click();
    await expect(page.getByRole("dialog", { name: "Booking Cancel Confirmation" })).toBeVisible();
    await expectAccessible(page, "cancel confirmation");

    await page.goto("/dashboard/wishlist");
    await expect(page.getByRole("table")).toBeVisible();
    await expectAccessible(page, "wishlist");

    await page.goto("/dashboard/my_orders");
    await row.getByRole("link", { name: `Message seller: ${listing.name}` }).click();
    await expect(page.getByRole("button", { name: "Send message" })).toBeVisible();
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Write a message.")).toBeVisible();
    await expectAccessible(page, "conversation with errors");
    await page.getByLabel("Your message").fill("Is the strap included?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("list", { name: "Messages, oldest first" })).toContainText("Is the strap included?");
    await expectAccessible(page, "conversation");
    await page.goto("/dashboard/messages");
    await expectAccessible(page, "messages");

    await page.goto("/dashboard/my_orders");
    await row.getByRole("link", { name: "Pay" }).click();
    await expect(page.getByRole("heading", { name: `Payment for ${listing.name}` })).toBeVisible();
    await expectAccessible(page, "payment");
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(page.getByText("Enter your card number.")).toBeVisible();
    await expectAccessible(page, "payment with errors");

    const forbidden = await page.goto("/dashboard/add_product");
    expect(forbidden?.status()).toBe(403);
    await expectAccessible(page, "403 page");
  });
});

test.describe("a seller's pages", () => {
  test("add product (empty and with errors), my products and my buyers have no violations", async ({ page }) => {
    await signIn(page, DEMO.seller2);
    await page.goto("/dashboard/add_product");
    await expectAccessible(page, "add product");
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByText("product name is required")).toBeVisible();
    await expectAccessible(page, "add product with errors");
    await page.goto("/dashboard/my_product");
    await expect(page.getByRole("table")).toBeVisible();
    await expectAccessible(page, "my products");
    await page
      .getByRole("link", { name: /^Delete / })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "delete confirmation");
    await page.goto("/dashboard/my_buyer");
    await expect(page.getByRole("table")).toBeVisible();
    await expectAccessible(page, "my buyers");
  });
});

test.describe("the admin's pages", () => {
  test("all sellers, all buyers and reported items have no violations", async ({ page }) => {
    await signIn(page, DEMO.admin);
    for (const path of ["/dashboard/all_sellers", "/dashboard/all_buyers", "/dashboard/reported_items"]) {
      await page.goto(path);
      await expectAccessible(page, path);
    }
  });
});

test.describe("listing pages", () => {
  test("an available listing, signed out and with the booking dialog, and a sold one have no violations", async ({
    page,
    browser,
  }, info) => {
    const listing = await listingOfNewSeller(browser, info, "Axe Listing");
    await page.goto(`/listings/${listing.id}`);
    await expect(page.getByRole("heading", { level: 1, name: listing.name })).toBeVisible();
    await expectAccessible(page, "listing page");
    await page.goto("/register");
    await register(page, { name: "Lee Axe", email: uniqueEmail(info, "axe-listing"), password: "long enough" });
    await expectToast(page, "User created successfully");
    await page.goto(`/listings/${listing.id}?book=${listing.id}`);
    await expect(page.getByRole("dialog", { name: `Book ${listing.name}` })).toBeVisible();
    await expectAccessible(page, "listing page with the booking dialog");
    // The seed's sold strap.
    await page.goto(`/listings/${await stableId("product", "gordys-leather-neck-strap-tan-seller2")}`);
    await expect(page.getByTestId("listing-state")).toHaveText("Sold");
    await expectAccessible(page, "sold listing page");
  });
});

test.describe("offers", () => {
  test("the listing page with an offer, My Offers and the seller's Offers have no violations", async ({
    page,
    browser,
  }, info) => {
    const sellerContext = await browser.newContext({ javaScriptEnabled: info.project.name === "js" });
    const seller = await sellerContext.newPage();
    await registerSeller(seller, info, "Ada Axe");
    const name = uniqueProductName(info, "Axe Offer");
    const id = await addProductByApi(seller.request, await bearerOf(seller.request), name);
    await page.goto("/register");
    await register(page, { name: "Oli Axe", email: uniqueEmail(info, "axe-offer"), password: "long enough" });
    await expectToast(page, "User created successfully");
    await page.goto(`/listings/${id}`);
    const panel = page.getByRole("region", { name: "Make an offer" });
    await panel.getByLabel("Your offer*").fill("15");
    await panel.getByLabel("Meeting place*").fill("Station hall");
    await panel.getByLabel("Phone for the seller*").fill("+1 415 555 0123");
    await panel.getByRole("button", { name: "Send offer" }).click();
    await expectToast(page, "Offer sent");
    await expectAccessible(page, "listing page with the buyer's offer");
    await page.goto("/dashboard/my_offers");
    await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
    await expectAccessible(page, "my offers");
    await seller.goto("/dashboard/offers");
    await expect(seller.getByRole("row").filter({ hasText: name })).toBeVisible();
    await expectAccessible(seller, "offers on my listings");
    await sellerContext.close();
  });
});

test.describe("notifications", () => {
  test("settings (saved, with a toast) and the local outbox have no violations", async ({ page }, info) => {
    await page.goto("/register");
    await register(page, { name: "Sol Settings", email: uniqueEmail(info, "axe-settings"), password: "long enough" });
    await expectToast(page, "User created successfully");
    await page.goto("/dashboard/settings");
    await expectAccessible(page, "settings");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expectToast(page, "Notification settings saved");
    await expectAccessible(page, "settings saved");
    await page.goto("/dev/outbox");
    await expect(page.getByRole("heading", { name: "Outbox" })).toBeVisible();
    await expectAccessible(page, "outbox");
  });
});

test.describe("price drops", () => {
  test("a listing page and a card with a struck previous price have no violations", async ({ page, browser }, info) => {
    // Starting wrangler for the one SQL statement takes several seconds on a busy machine.
    test.setTimeout(90_000);
    // A new seller's listing whose price the seller lowered (ADR 0063).
    const context = await browser.newContext();
    const sellerPage = await context.newPage();
    await registerSeller(sellerPage, info, "Axel Dropper");
    const name = uniqueProductName(info, "Axe price drop");
    const auth = await bearerOf(sellerPage.request);
    const id = await addProductByApi(sellerPage.request, auth, name);
    // A day passes, so the lower price is a drop from a kept price (ADR 0077).
    await keepPriceForADay(id);
    const lowered = await sellerPage.request.put(`/api/product/${id}`, {
      headers: auth,
      data: {
        productName: name,
        category: "camera",
        condition: "Excellent",
        description: "Low shutter count, always kept in a bag.",
        originalPrice: 2499,
        resalePrice: 14.99,
        purchaseYear: 2021,
        contact: "+1 415 555 0100",
        location: "Oakland, California",
      },
    });
    expect(lowered.status()).toBe(200);
    await context.close();
    for (const path of [`/listings/${id}`, `/search?q=${encodeURIComponent(name)}`]) {
      await page.goto(path);
      await expect(page.getByTestId("was-price").first()).toBeVisible();
      await expectAccessible(page, path);
    }
  });
});
