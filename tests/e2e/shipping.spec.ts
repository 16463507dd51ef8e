import { expect, type Page, type TestInfo } from "@playwright/test";
import { expectAccessible } from "./axe";
import { test } from "./fixtures";
import { confirmReceipt, expectToast, payWithTestCard, signUp, uniqueEmail } from "./helpers";
import {
  addProductByApi,
  bearerOf,
  fillProductForm,
  PHOTO,
  registerSeller,
  SHIPS_FROM_BROOKLYN,
  uniqueProductName,
} from "./seller-helpers";

// How a listing changes hands (ADR 0085): the seller says meetup, shipping or both on Add
// Product; cards and the listing page say it; search filters by it. With JavaScript the shipping
// fields show once shipping is chosen; without it they are always there.

/** With SHOTS_DIR set, the page at a phone's and a laptop's width (the screenshots of ADR 0098). */
async function shots(page: Page, info: TestInfo, label: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize();
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${label}-${info.project.name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

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
    // The card: the location on its own line, then how it changes hands (ADR 0099).
    await expect(card(page, name)).toContainText("Brooklyn, NY");
    await expect(card(page, name)).toContainText("Ships · $ 14.00 shipping");
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

test.describe("a shipped deal", () => {
  test("a buyer in another city books with an address and pays item + shipping; the seller buys a label; the parcel is delivered; the buyer confirms; Payouts shows the net", async ({
    page,
    browser,
  }, info) => {
    test.slow(); // two people's pages, one after another
    const sellerContext = await browser.newContext({ javaScriptEnabled: info.project.name === "js" });
    const seller = await sellerContext.newPage();
    await registerSeller(seller, info, "Sid Shipper");
    const name = uniqueProductName(info, "Shipped Lens");
    const id = await addProductByApi(seller.request, await bearerOf(seller.request), name, {
      location: "Brooklyn, NY",
      delivery: "ship",
      ...SHIPS_FROM_BROOKLYN,
    });

    // The buyer, in Denver: the address, then the item and its shipping to pay.
    await signUp(page, { name: "Dana Denver", email: uniqueEmail(info, "denver"), password: "long enough" });
    await page.goto(`/listings/${id}`);
    await page.getByRole("link", { name: `Book Now: ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Book ${name}` });
    await expect(dialog).toContainText("$ 14.00");
    await dialog.getByLabel("Recipient").fill("Dana Denver");
    await dialog.getByLabel("Street address").fill("1550 Wewatta St");
    await dialog.getByLabel("City").fill("Denver");
    await dialog.getByLabel("State or province").fill("CO");
    await dialog.getByLabel("Postal code").fill("80202");
    await dialog.getByLabel("Your Contact*").fill("+1 303 555 0101");
    await dialog.getByRole("button", { name: /^Book and pay/ }).click();
    await expectToast(page, "Booking Submitted Successfully");
    await page.goto("/dashboard/my_orders");
    await page.getByRole("row").filter({ hasText: name }).getByRole("link", { name: "Pay", exact: true }).click();
    await expect(page.getByText(`Please, pay $ 33.99 for your product ${name}`)).toBeVisible();
    await expect(page.getByText("$ 19.99 for the item and $ 14.00 for shipping.")).toBeVisible();
    await payWithTestCard(page);

    // The seller: the address once paid, the label's cost beside the shipping, then the label.
    await seller.goto("/dashboard/my_buyer");
    await seller.getByRole("link", { name: new RegExp(`^Shipment: ${name}`) }).click();
    await expect(seller.getByTestId("ship-to")).toContainText("1550 Wewatta St");
    await expect(
      seller.getByText(/The label costs \$\s\d+\.\d\d; the buyer paid \$\s14\.00 for shipping/),
    ).toBeVisible();
    await seller.getByLabel("Your name").fill("Sid Shipper");
    await seller.getByLabel("Street address").fill("100 Court St");
    await seller.getByLabel("City").fill("Brooklyn");
    await seller.getByLabel("State or province").fill("NY");
    await seller.getByRole("button", { name: /^Buy label for \$ / }).click();
    await expectToast(seller, "Label bought: print it, stick it on the parcel and hand it to the carrier.");
    await seller.getByRole("link", { name: "Print the shipping label" }).click();
    await expect(seller.getByTestId("label-tracking")).toHaveText(/^OFF[0-9A-Z]+$/);

    // Before delivery nothing offers the confirmation (ADR 0098): not My Orders, not the parcel's
    // page, and its address answers why not.
    await page.goto("/dashboard/my_orders");
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row.getByRole("link", { name: `I received it as described: ${name}` })).toHaveCount(0);
    await shots(page, info, "my-orders-before-delivery");
    await row.getByRole("link", { name: new RegExp(`^Parcel: ${name}`) }).click();
    await expect(page).toHaveURL(/\/dashboard\/shipments\/[^/]+$/);
    const bookingId = new URL(page.url()).pathname.split("/").pop()!;
    await expect(page.getByRole("heading", { name: "Arrived as described?" })).toHaveCount(0);
    await shots(page, info, "parcel-before-delivery");
    await page.goto(`/dashboard/my_orders?confirm=receipt&id=${bookingId}`);
    await expect(page.getByRole("dialog", { name: "Not yet" })).toContainText("not delivered yet");
    await expect(page.getByRole("button", { name: "Yes, pay the seller" })).toHaveCount(0);

    // The buyer follows the parcel; the test carrier takes it to the door.
    await page.goto(`/dashboard/shipments/${bookingId}`);
    await page.getByTestId("test-mode").getByRole("button", { name: "Move the parcel to its next step" }).click();
    await expectToast(page, "The test carrier moved the parcel on.");
    await expect(page.getByText("On its way", { exact: true }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Arrived as described?" })).toHaveCount(0);
    await page.getByTestId("test-mode").getByRole("button", { name: "Move the parcel to its next step" }).click();
    await expect(page.getByText("Delivered", { exact: true }).first()).toBeVisible();
    // Delivered: the parcel's page offers it, saying what it pays.
    const arrived = page.getByRole("region", { name: "Arrived as described?" });
    await expect(arrived).toContainText("This pays Sid Shipper $ 15.04 now and ends your buyer protection.");
    await shots(page, info, "parcel-delivered");
    await expectAccessible(page, "A delivered parcel's page offering the confirmation");
    await page.goto("/dashboard/my_orders");
    await expect(row.getByRole("link", { name: `I received it as described: ${name}` })).toBeVisible();
    await shots(page, info, "my-orders-delivered");
    await row.getByRole("link", { name: `I received it as described: ${name}` }).click();
    const question = page.getByRole("dialog", { name: "I received it as described" });
    await expect(question).toContainText("This pays Sid Shipper $ 15.04 now and ends your buyer protection.");
    await shots(page, info, "my-orders-confirm-question");
    await expectAccessible(page, "My Orders asking before the confirmation");
    // Not yet: nothing moves, and it can be asked again.
    await question.getByRole("button", { name: "Not yet" }).click();
    await expect(row).toContainText("Payment held for your protection");
    await confirmReceipt(page, name, "This pays Sid Shipper $ 15.04 now and ends your buyer protection.");
    // Released: no claim offered, and nothing says the money is held.
    await expect(row).toContainText("Released to the seller");
    await expect(row.getByRole("link", { name: /Report a problem/ })).toHaveCount(0);
    await expect(row.getByRole("link", { name: /I received it as described/ })).toHaveCount(0);
    await expect(row).not.toContainText("held");
    await shots(page, info, "my-orders-released");
    await page.goto(`/dashboard/shipments/${bookingId}`);
    await expect(page.getByRole("heading", { name: "Arrived as described?" })).toHaveCount(0);
    await expect(page.locator("main")).not.toContainText("held");
    await shots(page, info, "parcel-released");

    // The seller's money: the item less the fee, and the shipping less the label.
    await seller.goto("/dashboard/payouts");
    const sale = seller.getByRole("row").filter({ hasText: name });
    // Its sum in words (ADR 0100): the label is the offline carrier's, Brooklyn to Denver.
    await expect(sale).toContainText(
      "$ 19.99 item + $ 14.00 shipping − $ 1.60 fee − $ 17.35 label = $ 15.04 you receive",
    );
    await expect(sale).toContainText("Released to you");
    await sellerContext.close();
  });

  test("a parcel's page that is not the visitor's is not found", async ({ page }, info) => {
    await signUp(page, { name: "Nia Nosy", email: uniqueEmail(info, "nosy"), password: "long enough" });
    const response = await page.goto("/dashboard/shipments/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
  });
});
