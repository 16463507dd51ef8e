import { expect, type Page, type TestInfo } from "@playwright/test";
import { test } from "./fixtures";
import { bookFromCardAndOpenPayment, DEMO, expectToast, signIn, signOut, signUp, uniqueEmail } from "./helpers";

const pick = (info: TestInfo, js: string, noJs: string) => (info.project.name === "js" ? js : noJs);

function card(page: Page, name: string) {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/** A new buyer books a seeded lens and lands on its payment page. */
async function bookAndOpenPayment(page: Page, info: TestInfo, product: string) {
  await signUp(page, { name: "Pat Payer", email: uniqueEmail(info, "payer"), password: "long enough" });
  await page.goto("/products/camera%20lens");
  await card(page, product)
    .getByRole("button", { name: /Add Wishlist/ })
    .click();
  await expectToast(page, "This product has been added to your wishlist");
  await bookFromCardAndOpenPayment(page, product);
  await expect(page.getByRole("heading", { name: `Payment for ${product}` })).toBeVisible();
  await expect(page.getByText(/^Please, pay \$\s[\d,]+\.\d\d for your product /)).toBeVisible();
  await expect(page.getByText(/Test mode: no real card is charged/)).toBeVisible();
}

async function fillCard(page: Page, number: string, expiry = "12/39", cvc = "123") {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill(expiry);
  await page.getByLabel("CVC", { exact: true }).fill(cvc);
  await page.getByRole("button", { name: "Pay", exact: true }).click();
}

test("a buyer pays with the test card and the order, wishlist and payment say Paid", async ({ page }, info) => {
  const product = pick(info, "Sony FE 85mm f/1.8", "Sigma 35mm f/1.4 DG HSM Art (Nikon F mount)");
  await bookAndOpenPayment(page, info, product);
  const paymentUrl = page.url();
  await fillCard(page, "4242 4242 4242 4242");
  // As the spec says: My Orders, with the toast and the transaction id.
  await expect(page).toHaveURL(/\/dashboard\/my_orders$/);
  await expectToast(page, /Payment Successful Transaction ID: test_[0-9a-f]{24}/);
  const row = page.getByRole("row").filter({ hasText: product });
  await expect(row).toContainText("Paid");
  await expect(row.getByRole("button", { name: "Cancel Booking" })).toBeDisabled();
  // The receipt stays one click away.
  await row.getByRole("link", { name: `Receipt: ${product}` }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  const info_ = page.getByRole("region", { name: "Payment Information" });
  await expect(info_).toContainText("Paid");
  await expect(info_).toContainText(/test_[0-9a-f]{24}/);
  // Paying twice: the page only shows the receipt; nothing is charged again.
  await page.goto(paymentUrl);
  await expect(page.getByRole("button", { name: "Pay", exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: "Go to My Orders" }).click();
  await expect(page.getByRole("row").filter({ hasText: product })).toContainText("Paid");
  await page.goto("/dashboard/wishlist");
  await expect(page.getByRole("row").filter({ hasText: product })).toContainText("Paid");
});

test("a declined card and invalid card fields show clear messages and take nothing", async ({ page }, info) => {
  const product = pick(info, "Fujifilm XF 23mm f/2 R WR, Black", "Canon RF 50mm f/1.8 STM");
  await bookAndOpenPayment(page, info, product);
  await fillCard(page, "4000 0000 0000 0002");
  await expect(page.getByText("Your card was declined.")).toBeVisible();
  await fillCard(page, "4242 4242 4242 4241", "01/20", "1");
  await expect(page.getByText("Your card number is invalid.")).toBeVisible();
  await expect(page.getByText("Your card's expiration date is in the past.")).toBeVisible();
  await expect(page.getByText("Your card's security code is incomplete.")).toBeVisible();
  await page.goto("/dashboard/my_orders");
  await expect(page.getByRole("row").filter({ hasText: product }).getByRole("link", { name: "Pay" })).toBeVisible();
});

test("another buyer's payment page is not found", async ({ page }) => {
  // Bea's seeded open booking, opened by Ben.
  await signIn(page, DEMO.buyer);
  await page.goto("/dashboard/my_orders");
  const href = await page
    .getByRole("row")
    .filter({ hasText: "Think Tank Photo Retrospective 7" })
    .getByRole("link", { name: "Pay" })
    .getAttribute("href");
  await signOut(page);
  await signIn(page, DEMO.buyer2);
  const response = await page.goto(href!);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops!..." })).toBeVisible();
});
