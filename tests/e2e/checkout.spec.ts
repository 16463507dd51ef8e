import { type Browser, expect, type Page, type TestInfo } from "@playwright/test";
import { expectAccessible } from "./axe";
import { test } from "./fixtures";
import { expectToast, payWithTestCard, signUp, uniqueEmail } from "./helpers";
import { addProductByApi, bearerOf, registerSeller, SHIPS_FROM_BROOKLYN, uniqueProductName } from "./seller-helpers";

// One checkout (ADR 0101): from a listing to a paid shipped order in one flow, the total seen
// before booking, the error summary after a refusal, with and without JavaScript.

async function shots(page: Page, info: TestInfo, label: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/work/shots/checkout/${label}-${info.project.name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** A seller's lens shipped from Brooklyn at $ 14.00 (and met for, with "both"), by the REST API. */
async function shippedListing(
  browser: Browser,
  info: TestInfo,
  seller: string,
  label: string,
  delivery: "both" | "ship",
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerSeller(page, info, seller);
  const name = uniqueProductName(info, label);
  const id = await addProductByApi(page.request, await bearerOf(page.request), name, {
    delivery,
    ...SHIPS_FROM_BROOKLYN,
  });
  await context.close();
  return { id, name };
}

test("a buyer books a shipped lens, sees the total, and pays in one flow; a refusal opens at its summary", async ({
  page,
  browser,
}, info) => {
  test.slow();
  const { id, name } = await shippedListing(browser, info, "Cleo Checkout", "Checkout Lens", "both");

  await signUp(page, { name: "Cal Checkout", email: uniqueEmail(info, "checkout"), password: "long enough" });
  await page.goto(`/listings/${id}`);
  await page.getByRole("link", { name: `Book Now: ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Book ${name}` });
  await dialog.getByLabel("Ship it to me").check();
  if (info.project.name === "no-js") await dialog.getByText("Ship it to me: the address").click();
  await expect(dialog.getByTestId("booking-total")).toContainText("$ 19.99");
  await expect(dialog.getByTestId("booking-total")).toContainText("$ 14.00");
  if (info.project.name === "js") {
    await expect(dialog.getByTestId("booking-total")).toContainText("$ 33.99");
    await expect(dialog.getByRole("button", { name: "Book and pay $ 33.99" })).toBeVisible();
  }
  await shots(page, info, "after-shipping");
  await expectAccessible(page, "the booking dialog");

  // A postal code left out: the dialog opens at its summary, linking to the field.
  await dialog.getByLabel("Recipient").fill("Cal Checkout");
  await dialog.getByLabel("Street address").fill("1550 Wewatta St");
  await dialog.getByLabel("City").fill("Denver");
  await dialog.getByLabel("State or province").fill("CO");
  await dialog.getByLabel("Your Contact*").fill("+1 303 555 0101");
  await dialog.getByRole("button", { name: /^Book and pay/ }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole("link", { name: "Enter the postal code." })).toHaveAttribute(
    "href",
    "#booking-postalCode",
  );
  if (info.project.name === "js") await expect(summary).toBeFocused();
  await shots(page, info, "after-error");
  await expectAccessible(page, "the booking dialog after an error");

  // Fixed: booked and straight on to paying item + shipping.
  if (info.project.name === "no-js") await dialog.getByText("Ship it to me: the address").isVisible();
  await dialog.getByLabel("Postal code").fill("80202");
  await expect(dialog.getByLabel("Street address")).toHaveValue("1550 Wewatta St");
  await dialog.getByRole("button", { name: /^Book and pay/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  await expectToast(page, "Booking Submitted Successfully");
  await expect(page.getByText(`Please, pay $ 33.99 for your product ${name}`)).toBeVisible();
  await payWithTestCard(page);
  await expect(page.getByRole("row").filter({ hasText: name })).toBeVisible();
});

test("a buyer whose Settings keep a phone and an address books a parcel in one flow, and cannot confirm it before delivery", async ({
  page,
  browser,
}, info) => {
  test.slow();
  const { id, name } = await shippedListing(browser, info, "Sasha Saved", "Saved Address Lens", "ship");

  // The buyer's phone and default delivery address, kept in Settings once.
  await signUp(page, { name: "Sol Saved", email: uniqueEmail(info, "saved-checkout"), password: "long enough" });
  await page.goto("/dashboard/settings");
  const profile = page.locator("form#profile");
  await profile.getByLabel("Phone number").fill("+1 303 555 0144");
  await profile.getByRole("button", { name: "Save details" }).click();
  await expectToast(page, "Your details are saved.");
  await page.goto("/dashboard/settings/addresses");
  const add = page.locator("form", { has: page.getByRole("button", { name: "Save address" }) });
  await add.getByLabel("Recipient*").fill("Sol Saved");
  await add.getByLabel("Street address*").fill("1550 Wewatta St");
  await add.getByLabel("City*").fill("Denver");
  await add.getByLabel("State or province*").fill("CO");
  await add.getByLabel("Postal code*").fill("80202");
  await add.getByRole("button", { name: "Save address" }).click();
  await expectToast(page, "Address saved.");

  // The dialog opens filled: nothing to type, the total known before booking.
  await page.goto(`/listings/${id}`);
  await page.getByRole("link", { name: `Book Now: ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Book ${name}` });
  await expect(dialog.getByLabel("Recipient")).toHaveValue("Sol Saved");
  await expect(dialog.getByLabel("Street address")).toHaveValue("1550 Wewatta St");
  await expect(dialog.getByLabel("Postal code")).toHaveValue("80202");
  await expect(dialog.getByLabel("Your Contact*")).toHaveValue("+1 303 555 0144");
  await expect(dialog.getByTestId("booking-total")).toContainText("$ 33.99");
  await shots(page, info, "saved-address");
  await dialog.getByRole("button", { name: "Book and pay $ 33.99" }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
  const bookingId = new URL(page.url()).pathname.split("/").pop()!;
  await payWithTestCard(page);

  // Paid, not sent: neither the deal page nor the API lets the buyer release the money.
  await page.goto(`/dashboard/shipments/${bookingId}`);
  await expect(page.getByRole("list", { name: "Progress" }).locator('[aria-current="step"]')).toContainText("Paid");
  await expect(page.getByRole("heading", { name: "Arrived as described?" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Yes, pay the seller" })).toHaveCount(0);
  const refused = await page.request.post(`/api/bookings/${bookingId}/receipt`, {
    headers: await bearerOf(page.request),
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({ error: { code: "conflict" } });
  await page.reload();
  await expect(page.getByRole("list", { name: "Progress" }).locator('[aria-current="step"]')).toContainText("Paid");
});
