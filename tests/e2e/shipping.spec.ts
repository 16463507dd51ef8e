import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { expectToast } from "./helpers";
import { fillProductForm, PHOTO, registerSeller, uniqueProductName } from "./seller-helpers";

// How a listing changes hands (ADR 0085): the seller says meetup, shipping or both on Add
// Product; cards and the listing page say it; search filters by it. With JavaScript the shipping
// fields show once shipping is chosen; without it they are always there.

function card(page: Page, name: string) {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });
}

async function fillShipping(page: Page, fields: { postalCode: string }) {
  await page.getByLabel("Shipping only").check();
  await page.getByLabel("Ships from").selectOption({ label: "United States" });
  await page.getByLabel("Postal code").fill(fields.postalCode);
  await page.getByLabel("Parcel").selectOption("small");
  await page.getByLabel("Shipping price").fill("14");
  await page.getByLabel("Handling time").selectOption("2");
}

test.describe("shipping a listing", () => {
  test("a seller lists a lens that ships; buyers see where from and at what price, and find it by 'ships to'", async ({
    page,
  }, info) => {
    await registerSeller(page, info, "Nora Shipper");
    if (info.project.name === "js") {
      // A meetup, the default, asks nothing about parcels.
      await expect(page.getByLabel("Meetup only")).toBeChecked();
      await expect(page.getByLabel("Postal code")).toHaveCount(0);
    }
    const name = uniqueProductName(info, "Nikon 50mm shipped");
    await fillProductForm(page, name, { location: "Brooklyn, NY" });
    await fillShipping(page, { postalCode: "11201" });
    await page.getByLabel("Product Photo").setInputFiles(PHOTO);
    await page.getByRole("button", { name: "Add Product" }).click();
    await expectToast(page, "Product added Successfully");

    await page.goto(`/search?q=${encodeURIComponent(name)}`);
    await expect(card(page, name)).toContainText("Ships from Brooklyn, NY · $ 14.00 shipping");
    await card(page, name).getByRole("link", { name, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(
      page.getByText("Ships from Brooklyn, NY · $ 14.00 shipping · Sends within 2 business days"),
    ).toBeVisible();
    // Where the parcel leaves from is the seller's own.
    expect(await page.content()).not.toContain("11201");

    const filters = page.getByRole("search", { name: "Search listings" });
    await page.goto(`/search?q=${encodeURIComponent(name)}`);
    await filters.getByLabel("Delivery").selectOption({ label: "Meetup in person" });
    await filters.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/delivery=meetup/);
    await expect(card(page, name)).toHaveCount(0);
    await filters.getByLabel("Delivery").selectOption({ label: "Ships to United States" });
    await filters.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/delivery=ship-us/);
    await expect(card(page, name)).toBeVisible();
  });

  test("shipping needs a postal code of the country it ships from, said on its field", async ({ page }, info) => {
    await registerSeller(page, info, "Omar Shipper");
    const name = uniqueProductName(info, "Tripod shipped");
    await fillProductForm(page, name);
    await fillShipping(page, { postalCode: "M5V 2T6" });
    await page.getByLabel("Product Photo").setInputFiles(PHOTO);
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByText("Enter a US ZIP code, such as 11201 or 11201-1234.")).toBeVisible();
    await expect(page.getByLabel("Postal code")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Postal code").fill("11201");
    if (info.project.name === "no-js") await page.getByLabel("Product Photo").setInputFiles(PHOTO);
    await page.getByRole("button", { name: "Add Product" }).click();
    await expectToast(page, "Product added Successfully");
  });
});
