import { type Browser, expect, type Page, type TestInfo } from "@playwright/test";
import { test } from "./fixtures";
import { expectToast, signUp, uniqueEmail } from "./helpers";
import { fillProductForm, PHOTO, registerSeller, uniqueProductName } from "./seller-helpers";

// The seed's Nikon lenses (scripts/seed/catalog.ts): a Z lens, an F lens with its own focus
// motor and an F lens focused by the body's screw.
const Z_ZOOM = "Nikon NIKKOR Z 24-70mm f/4 S";
const F_ZOOM = "Nikon AF-S NIKKOR 70-200mm f/2.8E FL ED VR";
const F_FIFTY = "Nikon AF NIKKOR 50mm f/1.8D";
const Z6_BODY = "Nikon Z6 II Body with FTZ II Adapter";

function card(page: Page, name: string) {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });
}

test.describe("gear data", () => {
  test("a visitor picks 'my camera: Nikon Z6 II' and sees which lenses fit natively and which with the FTZ adapter", async ({
    page,
  }) => {
    await page.goto("/search?q=nikon");
    await expect(card(page, Z_ZOOM)).toBeVisible();
    await expect(page.locator("[data-fit]")).toHaveCount(0);

    // The camera is chosen on its own page, which sends the visitor back to the search.
    const picker = page.getByRole("region", { name: "Fits my camera" });
    await picker.getByRole("link", { name: "Choose your camera" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Fits my camera" })).toBeVisible();
    await page.getByLabel("Your camera").selectOption({ label: "Nikon Z6 II" });
    await page.getByRole("button", { name: "Show what fits" }).click();
    await expect(page).toHaveURL(/\/search\?q=nikon&camera=nikon-z6-ii/);
    await expect(picker.getByRole("link", { name: "Change camera" })).toBeVisible();
    await expect(card(page, Z_ZOOM).locator("[data-fit]")).toHaveText("Fits your Nikon Z6 II");
    await expect(card(page, F_ZOOM).locator("[data-fit]")).toHaveText("Fits with the FTZ adapter");
    await expect(card(page, F_FIFTY).locator("[data-fit]")).toHaveText("Fits with the FTZ adapter, manual focus");
    // A body is not a lens that fits: no badge.
    await expect(card(page, Z6_BODY).locator("[data-fit]")).toHaveCount(0);

    // "Only gear that fits", in the same GET form: the body and anything else that does not fit leave.
    const filters = page.getByRole("search", { name: "Search listings" });
    await filters.getByLabel("Only gear that fits my Nikon Z6 II").check();
    await filters.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/fits=1/);
    await expect(card(page, Z6_BODY)).toHaveCount(0);
    await expect(card(page, F_FIFTY)).toBeVisible();
    const articles = page.getByRole("article");
    await expect(articles.locator("[data-fit]")).toHaveCount(await articles.count());

    // The camera travels with the visitor to the listing page.
    await card(page, F_ZOOM).getByRole("link", { name: F_ZOOM }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: F_ZOOM })).toBeVisible();
    await expect(page.getByText("Fits with the FTZ adapter").first()).toBeVisible();
  });

  test("a listing page shows its specification table and the price guidance from recorded sales", async ({ page }) => {
    // "courtside": a word of its description.
    await page.goto("/search?q=courtside");
    await card(page, F_ZOOM).getByRole("link", { name: F_ZOOM }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: F_ZOOM })).toBeVisible();

    const specs = page.getByRole("table", { name: "Specifications" });
    await expect(specs.getByRole("row", { name: /^Brand/ })).toContainText("Nikon");
    await expect(specs.getByRole("row", { name: /^Mount/ })).toContainText("Nikon F");
    await expect(specs.getByRole("row", { name: /^Focal length/ })).toContainText("70-200 mm");
    await expect(specs.getByRole("row", { name: /^Maximum aperture/ })).toContainText("f/2.8");

    // Five recorded sales of this model in Good or better over the last six months
    // (scripts/seed/history.ts): the 10th–90th percentile and the median, rounded to $ 50.
    await expect(page.getByRole("region", { name: "Price guidance" })).toContainText(
      "Most sold on Pay&Buy for about $ 1,650.00–$ 1,800.00 (median about $ 1,700.00, 5 sales in the last 6 months, same model, Good or better)",
    );
  });

  test("a live listing whose serial is then registered as stolen leaves the storefront; its seller reads only 'held for review'", async ({
    page,
    browser,
  }, info) => {
    const serial = `ZQ${Date.now().toString().slice(-8)}${Math.floor(Math.random() * 1000)}`;
    const name = uniqueProductName(info, "Zqgear Canon body");
    const word = name.split(" ").at(-1)!;
    await registerSeller(page, info);
    await fillProductForm(page, name);
    const gear = page.getByRole("group", { name: "Camera data" });
    await gear.getByLabel("Model", { exact: true }).selectOption("canon-eos-6d-mark-ii");
    // Typed as printed, with a space and lower case: stored normalised.
    await gear.getByLabel("Serial number").fill(serial.toLowerCase().replace(/(\d{4})/, "$1 "));
    await page.getByLabel("Product Photo").setInputFiles(PHOTO);
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page).toHaveURL(/\/dashboard\/my_product$/);
    await expectToast(page, "Product added Successfully");
    await expect(page.getByRole("status")).not.toContainText("held");
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).not.toContainText("Held for review");

    // Live: the search finds it, and its page shows no more of the serial than its last 3 characters.
    await page.goto(`/search?q=${word}`);
    await expect(page.getByText(`1 result for “${word}”`)).toBeVisible();
    await card(page, name).getByRole("link", { name }).first().click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("table", { name: "Specifications" })).toContainText(`•••${serial.slice(-3)}`);
    await expect(page.locator("body")).not.toContainText(serial.slice(0, 6));
    const listingUrl = page.url();

    await registerStolen(browser, info, serial);

    // Out of the search, the API's search and its own page, for anyone.
    await page.goto(`/search?q=${word}`);
    await expect(page.getByText(`0 results for “${word}”`)).toBeVisible();
    const api = await page.request.get(`/api/search?q=${word}`);
    expect(((await api.json()) as { total: number }).total).toBe(0);
    // Gone, as a listing removed by the admin answers: no word of why.
    expect((await page.request.get(listingUrl)).status()).toBe(410);
    // Its seller reads "held for review", and not why.
    await page.goto("/dashboard/my_product");
    await expect(row).toContainText("Held for review");
    await expect(row).not.toContainText(/stolen/i);
    await expect(row.getByRole("link", { name: /edit/i })).toHaveCount(0);
  });
});

/** A buyer of its own, in a browser of its own, registers a serial as stolen from the Stolen Gear page. */
async function registerStolen(browser: Browser, info: TestInfo, serial: string) {
  const context = await browser.newContext({ javaScriptEnabled: info.project.name !== "no-js" });
  const page = await context.newPage();
  try {
    await signUp(page, { name: "Quinn Owner", email: uniqueEmail(info, "owner"), password: "long enough" });
    await page.goto("/dashboard/stolen_gear");
    await page.getByLabel("Brand", { exact: true }).selectOption("canon");
    await page.getByLabel("Serial number").fill(serial);
    await page.getByLabel("Date stolen").fill("2026-10-01");
    await page.getByLabel("Police reference").fill("PPB 26-000001");
    await page.getByRole("button", { name: "Register as stolen" }).click();
    // The same answer whether or not a listing has the serial.
    await expectToast(
      page,
      "Thank you: the serial is registered as stolen. Any listing on Pay&Buy with it is held for review by our team.",
    );
  } finally {
    await context.close();
  }
}
