import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { addProductByApi, bearerOf, registerSeller, uniqueProductName } from "./seller-helpers";

test("a seller with more products than a page reaches page 2 of My Products and comes back", async ({ page }, info) => {
  await registerSeller(page, info, "Paula Pages");
  const auth = await bearerOf(page.request);
  const names: string[] = [];
  for (let i = 1; i <= 21; i++) {
    const name = uniqueProductName(info, `Lens ${String(i).padStart(2, "0")}`);
    await addProductByApi(page.request, auth, name);
    names.push(name);
  }

  await page.goto("/dashboard/my_product");
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages).toContainText("Page 1 of 2");
  await expect(page.getByRole("rowheader", { name: names[20] })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: names[0] })).toHaveCount(0);

  await pages.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/dashboard\/my_product\?page=2$/);
  await expect(pages).toContainText("Page 2 of 2");
  await expect(page.getByRole("rowheader", { name: names[0] })).toBeVisible();
  // Numbered on from page 1.
  await expect(
    page
      .getByRole("row", { name: new RegExp(names[0]!) })
      .getByRole("cell")
      .first(),
  ).toHaveText("21");

  await pages.getByRole("link", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\/dashboard\/my_product$/);
  await expect(page.getByRole("rowheader", { name: names[20] })).toBeVisible();
});
