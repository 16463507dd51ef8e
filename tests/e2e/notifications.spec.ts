import { expect, type Page, type TestInfo } from "@playwright/test";
import { test } from "./fixtures";
import { bookAndOpenPayment, expectToast, payWithTestCard, signUp, uniqueEmail } from "./helpers";

// The demo seller of the lenses below (scripts/seed: seller1).
const MAYA = "maya@payandbuy.local";

const pick = (info: TestInfo, js: string, noJs: string) => (info.project.name === "js" ? js : noJs);

/** Books a seeded lens from its category page and pays it with the test card. */
async function bookAndPay(page: Page, product: string) {
  await bookAndOpenPayment(page, "camera lens", product);
  await payWithTestCard(page);
}

/** The outbox's row of a letter; the queue delivers in the background, so the page is reloaded until it is there. */
async function expectLetter(page: Page, letter: { kind: string; to: string; subject: string }) {
  const row = page
    .getByRole("row")
    .filter({ hasText: letter.subject })
    .filter({ hasText: letter.to })
    .filter({ has: page.getByRole("cell", { name: letter.kind, exact: true }) });
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(row).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test("a booking and its payment send letters to the seller and the buyer, shown in the local outbox", async ({
  page,
}, info) => {
  const product = pick(info, "Canon EF 24-70mm f/2.8L II USM", "Nikon AF-S NIKKOR 70-200mm f/2.8E FL ED VR");
  const buyer = uniqueEmail(info, "notified");
  await signUp(page, { name: "Nell Notified", email: buyer, password: "long enough" });
  await bookAndPay(page, product);
  await expectLetter(page, { kind: "Booking made", to: MAYA, subject: `Booking made: ${product}` });
  await expectLetter(page, { kind: "Payment received", to: MAYA, subject: `Payment received: ${product}` });
  await expectLetter(page, { kind: "Payment received", to: buyer, subject: `Payment received: ${product}` });
  await expect(page.getByRole("heading", { name: "Outbox" })).toBeVisible();
});

test("a kind turned off in Settings is not sent", async ({ page }, info) => {
  const product = pick(
    info,
    "Tamron 28-75mm f/2.8 Di III RXD (Sony E)",
    "Panasonic Leica DG Summilux 25mm f/1.4 II ASPH",
  );
  const seller = info.project.name === "js" ? MAYA : "owen@payandbuy.local";
  const buyer = uniqueEmail(info, "quiet");
  await signUp(page, { name: "Quinn Quiet", email: buyer, password: "long enough" });
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  const paymentBox = page.getByRole("checkbox", { name: /Payment received/ });
  await expect(paymentBox).toBeChecked();
  await paymentBox.uncheck();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expectToast(page, "Notification settings saved");
  await page.goto("/dashboard/settings");
  await expect(page.getByRole("checkbox", { name: /Payment received/ })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: /Booking cancelled/ })).toBeChecked();

  await bookAndPay(page, product);
  // The seller's letter of the same event arrives; the buyer's was never sent.
  await expectLetter(page, { kind: "Payment received", to: seller, subject: `Payment received: ${product}` });
  // (The buyer's only letter is the one about their account, always sent: the link that verifies
  // its address.)
  const buyerLetters = page.getByRole("row").filter({ hasText: buyer });
  await expect(buyerLetters.filter({ hasText: "Payment received" })).toHaveCount(0);
  await expect(buyerLetters).toHaveCount(1);
  await expect(buyerLetters).toContainText("Email verification");
});
