import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { expectToast } from "./helpers";
import { bearerOf, fillProductForm, registerSeller, uniqueProductName } from "./seller-helpers";

const photo = (variant: number) => ({
  name: `camera-${variant}.webp`,
  mimeType: "image/webp",
  buffer: readFileSync(new URL(`../../scripts/seed/photos/camera-${variant}.webp`, import.meta.url)),
});

test("a seller adds a product with three photos, reorders them, edits its price, and the card shows the new cover", async ({
  page,
}, info) => {
  await registerSeller(page, info, "Pia Photos");
  const name = uniqueProductName(info, "Nikon FM2");
  await fillProductForm(page, name);
  await page.getByLabel("Product Photos").setInputFiles([photo(0), photo(1), photo(2)]);
  if (info.project.name === "js") {
    await expect(page.getByRole("list", { name: "Chosen photos" }).getByRole("img")).toHaveCount(3);
  }
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page).toHaveURL(/\/dashboard\/my_product$/);
  await expectToast(page, "Product added Successfully");

  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/my_product\/[^/]+\/edit$/);
  await expect(page).toHaveTitle("Pay&Buy Edit Product");
  const photos = page.getByRole("list", { name: "Photos of the listing, in order" });
  await expect(photos.getByRole("listitem")).toHaveCount(3);
  const stemOf = async (alt: string) =>
    /\/images\/(p-[0-9a-f]{32})-\d+\.webp/.exec(
      (await photos.getByRole("img", { name: alt }).getAttribute("src"))!,
    )![1];
  const [first, second, third] = [await stemOf("Photo 1 (cover)"), await stemOf("Photo 2"), await stemOf("Photo 3")];
  expect(new Set([first, second, third]).size).toBe(3);

  // The third photo up twice: it becomes the cover.
  await page.getByRole("button", { name: "Move photo 3 up" }).click();
  await expectToast(page, "The photos have been reordered");
  await expect.poll(() => stemOf("Photo 2")).toBe(third);
  await page.getByRole("button", { name: "Move photo 2 up" }).click();
  await expect.poll(() => stemOf("Photo 1 (cover)")).toBe(third);
  expect([await stemOf("Photo 2"), await stemOf("Photo 3")]).toEqual([first, second]);
  // The cover cannot move up, the last cannot move down.
  await expect(page.getByRole("button", { name: "Move photo 1 up" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Move photo 3 down" })).toHaveCount(0);

  // A new price for the listing.
  await page.getByLabel("Resale Price").fill("17.50");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expectToast(page, "Your changes have been saved");
  await expect(page.getByLabel("Resale Price")).toHaveValue("17.50");

  await page.goto("/dashboard/my_product");
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("$ 17.50");
  // The table's thumbnail is the new cover's small rendition.
  await expect(row.getByRole("img", { name })).toHaveAttribute("src", `/images/${third}-320.webp`);
  await page.getByRole("button", { name: `Advertise ${name}` }).click();
  await expectToast(page, "Product is ready for advertising");

  await page.goto("/");
  const card = page.getByRole("region", { name: "Sell simply, Buy safely." }).getByRole("article", { name });
  await expect(card).toContainText("$ 17.50");
  const image = card.getByRole("img", { name });
  const srcset = (await image.getAttribute("srcset"))!;
  expect(srcset).toContain(`/images/${third}-320.webp 320w`);
  expect(srcset).toContain(`/images/${third}-640.webp 640w`);
  expect(await image.getAttribute("sizes")).toBeTruthy();
  expect(await image.getAttribute("width")).toBeTruthy();
  expect(await image.getAttribute("height")).toBeTruthy();
  const served = await page.request.get((await image.getAttribute("src"))!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/webp");

  // Leave the shared home page as the seed made it.
  await page.goto("/dashboard/my_product");
  const href = await page.getByRole("link", { name: `Delete ${name}` }).getAttribute("href");
  const id = new URLSearchParams(href!.split("?")[1]).get("id");
  expect((await page.request.delete(`/api/product/${id}`, { headers: await bearerOf(page.request) })).status()).toBe(
    200,
  );
});
