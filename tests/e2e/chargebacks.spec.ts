import { expect, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { test } from "./fixtures";
import { bookAndPay, confirmReceipt, DEMO, expectToast, signIn, signUp, uniqueEmail } from "./helpers";
import { addProductByApi, bearerOf, registerSeller, uniqueProductName } from "./seller-helpers";

// A chargeback after the seller was paid out, with the offline provider's labelled test controls
// (ADR 0081, ADR 0087): the buyer's bank disputes the payment, the admin sends Pay&Buy's evidence
// and the bank decides for the buyer; the seller's Payouts says what they owe, and their next
// sale pays it before anything is sent to them. Each project has its own seller, buyer and
// listings ($ 19.99: the seller's net is $ 18.39).

async function bookPayConfirm(page: Page, listing: { id: string; name: string }) {
  await bookAndPay(page, listing);
  await confirmReceipt(page, listing.name);
}

/** One run of the Cron Trigger: the job pays sellers' balances out (and those on their way arrive). */
async function runJob(page: Page) {
  expect((await page.request.get("/__scheduled?cron=*/5+*+*+*+*")).ok()).toBe(true);
}

test("a chargeback lost after the payout: the seller owes it, and their next sale pays it", async ({
  page,
  browser,
}, info) => {
  test.slow(); // three people's pages and two sales
  const js = info.project.name === "js";
  const sellerContext = await browser.newContext({ javaScriptEnabled: js });
  const seller = await sellerContext.newPage();
  await registerSeller(seller, info, "Dora Disputed");
  const auth = await bearerOf(seller.request);
  const first = uniqueProductName(info, "Disputed Lens");
  const second = uniqueProductName(info, "Next Lens");
  const firstId = await addProductByApi(seller.request, auth, first);
  const secondId = await addProductByApi(seller.request, auth, second);

  await signUp(page, { name: "Dan Disputer", email: uniqueEmail(info, "disputer"), password: "long enough" });
  await bookPayConfirm(page, { id: firstId, name: first });
  await runJob(page);
  await runJob(page);

  // The buyer's bank disputes the payment (the offline provider's test control).
  await page.goto("/dashboard/my_orders");
  const order = page.getByRole("row").filter({ hasText: first });
  await page
    .getByTestId("test-mode")
    .getByRole("button", { name: `My bank disputes the payment of ${first}` })
    .click();
  await expectToast(page, "Test: the bank disputes this payment (a chargeback).");
  await expect(order).toContainText("Your bank disputes this payment");

  // The admin sees it with the evidence, sends it, and the bank decides for the buyer.
  const adminContext = await browser.newContext({ javaScriptEnabled: js });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin);
  await admin.goto("/dashboard/claims");
  const disputes = admin.getByRole("region", { name: "Disputed payments" });
  const dispute = disputes.getByRole("listitem").filter({ hasText: first });
  await expect(dispute).toContainText("Met at Lake Merritt");
  await expectAccessible(admin, "Claims with a chargeback");
  await dispute.getByRole("button", { name: `Send our evidence to the bank: ${first}` }).click();
  await expectToast(admin, "Our evidence is sent to the bank.");
  await expect(dispute).toContainText("Our evidence was sent to the bank on");
  // The bank's decision is the offline provider's test control, in the page's Test mode box.
  await admin
    .getByTestId("test-mode")
    .getByRole("group", { name: `The bank decides the chargeback of ${first}` })
    .getByRole("button", { name: "For the buyer (lost)" })
    .click();
  await expectToast(admin, "Test: the bank decided for the buyer.");
  await expect(dispute).toContainText("Lost: the money went back to the buyer");
  await adminContext.close();

  await page.goto("/dashboard/my_orders");
  await expect(page.getByRole("row").filter({ hasText: first })).toContainText(
    "Your bank gave this payment back to you",
  );

  // Paid out already: the seller owes their share, and is told where it comes from.
  await seller.goto("/dashboard/payouts");
  await expect(seller.getByRole("status").filter({ hasText: "You owe $ 18.39" })).toBeVisible();
  await expectAccessible(seller, "Payouts with money owed");

  // The next sale pays it first: nothing of it is sent, and nothing is owed after.
  await bookPayConfirm(page, { id: secondId, name: second });
  await seller.goto("/dashboard/payouts");
  await expect(seller.getByText(/^You owe \$/)).toHaveCount(0);
  await expect(seller.getByRole("definition").filter({ hasText: "$ 0.00" }).first()).toBeVisible();
  await sellerContext.close();
});
