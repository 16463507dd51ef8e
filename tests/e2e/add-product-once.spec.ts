import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { expectToast } from "./helpers";
import { fillProductForm, PHOTO, registerSeller, uniqueProductName } from "./seller-helpers";

test("a seller's Add Product post that reaches the server twice adds one product", async ({ page }, info) => {
  await registerSeller(page, info, "Rita Retry");
  const name = uniqueProductName(info, "Mamiya RB67");
  await fillProductForm(page, name);
  await page.getByLabel("Product Photo").setInputFiles(PHOTO);

  // The network sends the form twice (a double click without JavaScript, a retry after a lost
  // answer): the browser is shown the answer to the second.
  const statuses: number[] = [];
  await page.route(
    (url) => url.pathname.startsWith("/dashboard/add_product"),
    async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      const first = await route.fetch({ maxRedirects: 0 });
      const second = await route.fetch({ maxRedirects: 0 });
      statuses.push(first.status(), second.status());
      await route.fulfill({ response: second });
    },
  );
  await page.getByRole("button", { name: "Add Product" }).click();

  await expect(page).toHaveURL(/\/dashboard\/my_product$/);
  await expectToast(page, "Product added Successfully");
  expect(statuses).toHaveLength(2);
  expect(statuses[0]).toBe(statuses[1]);
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(1);
  await expect(page.getByRole("rowheader", { name })).toHaveCount(1);
});
