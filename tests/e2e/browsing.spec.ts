import { expect } from "@playwright/test";
import { expectAccessible } from "./axe";
import { test } from "./fixtures";
import { DEMO, login, signIn } from "./helpers";

// Browsing (ADR 0099), with JavaScript on and off: on a phone the search's filters fold behind
// "Filters" and the results come first; a category offers only its own gear filters; the seller's
// contact number is for signed-in visitors; the buyer's protection is said under Book Now and
// linked to its page; the offline providers' test controls sit in one "Test mode" box.

const EOS = "Canon EOS 5D Mark IV (body only)";

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the results come first, the filters open from their Filters line and still search", async ({ page }) => {
    await page.goto("/search?q=canon");
    const fold = page.getByTestId("search-filters");
    const filters = page.getByRole("search", { name: "Search listings" });
    await expect(fold.getByText("Filters", { exact: true })).toBeVisible();
    await expect(filters.getByLabel("Max price ($)")).toBeHidden();
    // The first card is on the first screen.
    const first = page.getByRole("article").first();
    await expect(first).toBeInViewport();
    await fold.getByText("Filters", { exact: true }).click();
    await expect(filters.getByLabel("Max price ($)")).toBeVisible();
    await filters.getByLabel("Max price ($)").fill("100");
    await filters.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/max=100/);
    await expect(page.getByTestId("search-filters").getByText("(1 on)")).toBeVisible();
    await expectAccessible(page, "a search on a phone");
  });

  test("the Lens category offers no body-only filter; the Camera category no lens filter", async ({ page }) => {
    await signIn(page, DEMO.buyer);
    await page.goto("/products/camera%20lens");
    const filters = page.getByRole("search", { name: "Search listings" });
    await page.getByTestId("search-filters").getByText("Filters", { exact: true }).click();
    await expect(filters.getByLabel("Focal from (mm)")).toBeVisible();
    await expect(filters.getByLabel("Sensor format")).toHaveCount(0);
    await expect(filters.getByLabel("Max shutter count")).toHaveCount(0);
    await page.goto("/products/camera");
    await page.getByTestId("search-filters").getByText("Filters", { exact: true }).click();
    await expect(filters.getByLabel("Sensor format")).toBeVisible();
    await expect(filters.getByLabel("Focal from (mm)")).toHaveCount(0);
    await expect(filters.getByLabel(/Only gear that fits/)).toHaveCount(0);
  });
});

test("on a laptop the filters are shown without opening them", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/search?q=canon");
  await expect(page.getByRole("search", { name: "Search listings" }).getByLabel("Max price ($)")).toBeVisible();
});

test("a signed-out visitor is asked to sign in for the seller's number, and sees it after", async ({ page }) => {
  await page.goto("/search?q=EOSInfo");
  const card = page.getByRole("article").filter({ hasText: EOS });
  await expect(card.getByTestId("seller-contact")).toHaveCount(0);
  await card.getByRole("link", { name: "Sign in to see the contact" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Flistings%2F/);
  await login(page, DEMO.buyer2, page.url().replace(/^https?:\/\/[^/]+/, ""));
  await expect(page.getByRole("heading", { level: 1, name: EOS })).toBeVisible();
  // The listing's own (the seller's other listings follow, with theirs).
  await expect(page.getByTestId("seller-contact").first()).toHaveText(/^\+1 \d{3} \d{3} \d{4}$/);
  await expect(page.getByRole("link", { name: "Sign in to see the contact" })).toHaveCount(0);
});

test("the buyer's protection is under Book Now, and its link tells the whole of it", async ({ page }) => {
  await page.goto("/search?q=EOSInfo");
  await page.getByRole("article").filter({ hasText: EOS }).getByRole("link", { name: EOS, exact: true }).click();
  const note = page.getByTestId("protection-note");
  await expect(note).toContainText("Your payment is held, not paid to the seller");
  await expect(note).toContainText(/\d+ days? after delivery/);
  // Under Book Now: the note starts below the button.
  const book = await page.getByRole("link", { name: `Book Now: ${EOS}` }).boundingBox();
  const said = await note.boundingBox();
  expect(said!.y).toBeGreaterThan(book!.y);
  await expectAccessible(page, "a listing with its protection line");
  await note.getByRole("link", { name: "How buyer protection works" }).click();
  await expect(page).toHaveURL(/\/buyer-protection$/);
  await expect(
    page.getByRole("heading", { level: 2, name: "Parcels: tracked from the seller to your door" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Claims: when something is wrong" })).toBeVisible();
  await expect(page.getByText("{{")).toHaveCount(0);
});

test("the booking dialog says the buyer's protection too", async ({ page }) => {
  await signIn(page, DEMO.buyer);
  await page.goto("/search?q=EOSInfo");
  await page
    .getByRole("article")
    .filter({ hasText: EOS })
    .getByRole("link", { name: `Book Now: ${EOS}` })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("protection-note")).toContainText("Parcels are tracked");
  await expect(dialog.getByRole("link", { name: "How buyer protection works" })).toHaveAttribute(
    "href",
    "/buyer-protection",
  );
});

test("the offline provider's test controls sit in one Test mode box, apart from the orders", async ({ page }) => {
  await signIn(page, DEMO.buyer2);
  await page.goto("/dashboard/my_orders");
  const box = page.getByTestId("test-mode");
  await expect(box.getByRole("heading", { level: 2, name: "Test mode" })).toBeVisible();
  await expect(box.getByRole("button", { name: /^My bank disputes the payment of / }).first()).toBeVisible();
  await expect(box).not.toContainText("webhook");
  // None of them is in the table of orders.
  await expect(page.getByRole("table").getByRole("button", { name: /bank disputes/ })).toHaveCount(0);
  await expectAccessible(page, "My Orders with its Test mode box");
});
