import { expect } from "@playwright/test";
import { expectAccessible } from "./axe";
import { test } from "./fixtures";
import { expectToast, signUp, uniqueEmail } from "./helpers";

// Settings → Addresses (ADR 0103): a buyer adds two addresses, edits one, makes it the default
// and deletes the other, with JavaScript on and off (plain form posts either way).
test("a buyer keeps addresses in Settings: adds, edits, makes default and deletes", async ({ page }, info) => {
  await signUp(page, { name: "Addie Address", email: uniqueEmail(info, "addresses"), password: "long enough" });
  await page.goto("/dashboard/settings");
  await page.getByRole("link", { name: "Manage addresses" }).click();
  await expect(page.getByRole("heading", { name: "Addresses", level: 1 })).toBeVisible();
  await expect(page.getByText("You have no saved address yet.")).toBeVisible();
  await expectAccessible(page, "Addresses, empty");

  const saved = page.getByRole("region", { name: "Your addresses" });
  const add = page.locator("form", { has: page.getByRole("button", { name: "Save address" }) });
  // A postal code that is not a ZIP code: the message at its field, what was typed kept.
  await add.getByLabel("Recipient*").fill("Addie Home");
  await add.getByLabel("Street address*").fill("1 Main Street");
  await add.getByLabel("City*").fill("Brooklyn");
  await add.getByLabel("State or province*").fill("NY");
  await add.getByLabel("Postal code*").fill("M5V");
  await add.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText("Enter a US ZIP code, such as 11201 or 11201-1234.")).toBeVisible();
  await expect(page.getByLabel("Street address*")).toHaveValue("1 Main Street");
  await page.getByLabel("Postal code*").fill("11201");
  await page.getByRole("button", { name: "Save address" }).click();
  await expectToast(page, "Address saved.");
  await expect(page.getByRole("heading", { name: "Delivery address (default)" })).toBeVisible();

  const form = page.locator("form", { has: page.getByRole("button", { name: "Save address" }) });
  await form.getByLabel("Recipient*").fill("Addie at work");
  await form.getByLabel("Street address*").fill("200 Office Park");
  await form.getByLabel("City*").fill("Toronto");
  await form.getByLabel("State or province*").fill("ON");
  await form.getByLabel("Postal code*").fill("m5v2t6");
  await form.getByLabel("Country*").selectOption("CA");
  await form.getByRole("button", { name: "Save address" }).click();
  await expectToast(page, "Address saved.");
  const work = saved.getByRole("listitem").filter({ hasText: "200 Office Park" });
  await expect(work).toContainText("Toronto, ON M5V 2T6");
  await expect(work).toContainText("Canada");

  // Edit the second one.
  await work.getByRole("link", { name: /^Edit/ }).click();
  await saved.getByLabel("Apartment, suite (optional)").fill("Floor 3");
  await saved.getByRole("button", { name: "Save address" }).click();
  await expectToast(page, "Address updated.");
  await expect(saved.getByRole("listitem").filter({ hasText: "200 Office Park" })).toContainText("Floor 3");

  // Make it the default: it moves first.
  await page.getByRole("button", { name: "Make default: 200 Office Park" }).click();
  await expectToast(page, "This is now your default address.");
  await expect(saved.getByRole("listitem").first()).toContainText("200 Office Park");
  await expect(saved.getByRole("listitem").first()).toContainText("Delivery address (default)");
  await expectAccessible(page, "Addresses, two");

  // Delete the first one: asked first.
  await page.getByRole("link", { name: "Delete: Delivery address, 1 Main Street" }).click();
  await expect(page.getByText("Delete this address?")).toBeVisible();
  await expectAccessible(page, "Addresses, deleting");
  await page.getByRole("button", { name: "Yes, delete it" }).click();
  await expectToast(page, "Address deleted.");
  await expect(page.getByText("1 Main Street")).toHaveCount(0);
  await expect(saved.getByRole("listitem")).toHaveCount(1);

  if (process.env.SHOTS_DIR) {
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/addresses-${width}.png`, fullPage: true });
    }
  }
});
