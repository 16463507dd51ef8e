import { expect } from "@playwright/test";
import { expectAccessible } from "./axe";
import { hydrated, test } from "./fixtures";
import { bookAndPay, confirmReceipt, DEMO, expectToast, signIn, signUp, uniqueEmail } from "./helpers";
import { addProductByApi, bearerOf, registerSeller, setUpTestPayouts, uniqueProductName } from "./seller-helpers";

// The money reaches the seller, with the offline provider: a seller who has not set up payouts
// cannot be booked; once set up, a buyer pays, confirms receipt, and the seller's Payouts shows
// the net; or the buyer opens a claim and the admin refunds a part. Each project uses its own
// seller, buyer and listing ($ 19.99: the 8 % fee is $ 1.60, the seller receives $ 18.39). The
// admin reads the platform's money by month on Claims and downloads it.

test("a seller sets up payouts; the buyer pays and confirms; the seller's Payouts shows the net", async ({
  page,
  browser,
}, info) => {
  test.slow(); // two people's pages, and an accessibility check of the Payouts page
  // The seller, without payouts yet: the fee shows before listing, and the listing cannot be booked.
  const sellerContext = await browser.newContext({ javaScriptEnabled: info.project.name === "js" });
  const seller = await sellerContext.newPage();
  await registerSeller(seller, info, "Penny Payout", { payouts: false });
  await expect(seller.getByText("Payouts are not set up yet")).toBeVisible();
  // Before a price is typed, an example; with JavaScript, then the price typed.
  await expect(seller.getByText(/You receive \$\s1,104\.00 of \$\s1,200\.00/)).toBeVisible();
  if (info.project.name === "js") {
    // The seller's page is not the fixture's: the hint follows the price once the form is the app's.
    await hydrated(seller);
    await seller.getByLabel("Resale Price").fill("500");
    await seller.getByLabel("Resale Price").blur();
    await expect(seller.getByText(/You receive \$\s460\.00 of \$\s500\.00/)).toBeVisible();
  }
  const name = uniqueProductName(info, "Payout Lens");
  const id = await addProductByApi(seller.request, await bearerOf(seller.request), name);

  await signUp(page, { name: "Bo Buyer", email: uniqueEmail(info, "buyer"), password: "long enough" });
  await page.goto(`/listings/${id}`);
  await expect(page.getByText("Seller is setting up payouts").first()).toBeVisible();
  await expect(page.getByRole("link", { name: `Book Now: ${name}` })).toHaveCount(0);

  await seller.goto("/dashboard/payouts");
  await expect(seller.getByText("a payout account: press Set up payouts")).toBeVisible();
  await setUpTestPayouts(seller, "Penny Payout");

  await bookAndPay(page, { id, name });
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Payment held for your protection until");
  // A meetup's buyer confirms when they have it: it asks first what it pays.
  await confirmReceipt(page, name, "This pays Penny Payout $ 18.39 now and ends your buyer protection.");
  await expect(row).toContainText("Released to the seller");
  await expect(row.getByRole("link", { name: /I received it as described/ })).toHaveCount(0);
  await expect(row.getByRole("link", { name: /Report a problem/ })).toHaveCount(0);

  await seller.goto("/dashboard/payouts");
  const sale = seller.getByRole("row").filter({ hasText: name });
  await expect(sale).toContainText("$ 19.99");
  await expect(sale).toContainText("$ 1.60");
  await expect(sale).toContainText("$ 18.39");
  await expect(sale).toContainText("Released to you");

  // The month's money, charted and in a table, and the statement as a CSV file.
  const months = seller.getByRole("region", { name: "Your money by month" });
  await expect(months.getByRole("img", { name: "Sent to you each month (USD)" })).toBeVisible();
  await expectAccessible(seller, "Payouts with a month of money");
  const thisMonth = new Date().toLocaleString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
  await expect(months.getByRole("row", { name: new RegExp(`^${thisMonth}`) })).toContainText("$ 18.39");
  const [download] = await Promise.all([
    seller.waitForEvent("download"),
    months.getByRole("button", { name: "Download the statement (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^pay-and-buy-statement-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);
  const csv = await (await import("node:fs/promises")).readFile(await download.path(), "utf8");
  expect(csv).toContain(`Sale paid by the buyer,${name},`);
  expect(csv).toContain(",19.99,USD,");
  await sellerContext.close();
});

test("the admin reads the platform's money by month on Claims and downloads its statement", async ({ page }) => {
  // The seed's shipped deals moved money through the ledger (scripts/seed/deals.ts), in dollars.
  await signIn(page, DEMO.admin);
  await page.goto("/dashboard/claims");
  const months = page.getByRole("region", { name: "The platform's money by month" });
  await expect(months.getByRole("img", { name: "Fees kept each month (USD)" })).toBeVisible();
  // The chart's figures, for every reader: the table beside it, a row a month from the first
  // with money (the seed's) to this one, never the empty months before.
  const table = months.getByRole("table", { name: /^The platform's money by month, USD/ });
  await expect(table.getByRole("columnheader", { name: "Fees kept" })).toBeVisible();
  const rows = table.getByRole("row");
  const count = await rows.count();
  expect(count).toBeGreaterThanOrEqual(2);
  expect(count).toBeLessThanOrEqual(13);
  const thisMonth = new Date().toLocaleString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
  await expect(rows.last().getByRole("rowheader")).toHaveText(thisMonth);
  await expectAccessible(page, "Claims with the platform's money by month");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    months.getByRole("button", { name: "Download the platform's statement (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^pay-and-buy-platform-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);
  const csv = await (await import("node:fs/promises")).readFile(await download.path(), "utf8");
  const [header, ...lines] = csv.split("\r\n");
  expect(header).toBe(
    "Month,Currency,Paid by buyers,Fees kept,Refunded to buyers,Lost to chargebacks,Chargeback fees,Chargebacks beyond the sale,Shipping labels,Sent to sellers,Paid to sellers' banks,Owed by sellers",
  );
  expect(lines.pop()).toBe("");
  expect(lines).toHaveLength(12);
  for (const line of lines) expect(line).toMatch(/^\d{4}-\d{2},USD(,-?\d+\.\d{2}){10}$/);
});

test("a claim: the buyer reports a problem, the seller answers, the admin refunds a part", async ({
  page,
  browser,
}, info) => {
  test.slow(); // three people's pages, one after another: about 50 s on a busy 2-core machine
  const sellerContext = await browser.newContext({ javaScriptEnabled: info.project.name === "js" });
  const seller = await sellerContext.newPage();
  await registerSeller(seller, info, "Cleo Claimed");
  const name = uniqueProductName(info, "Claimed Lens");
  const id = await addProductByApi(seller.request, await bearerOf(seller.request), name);

  await signUp(page, { name: "Cal Claimer", email: uniqueEmail(info, "claimer"), password: "long enough" });
  await bookAndPay(page, { id, name });
  await page.getByRole("link", { name: `Report a problem: ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Report a problem" });
  await dialog.getByLabel("Not as described").check();
  // Several lines: a browser without JavaScript posts them with CRLF line breaks.
  await dialog.getByLabel("What happened*").fill("The front element has a scratch.\nIt was not in the photos.");
  await dialog.getByRole("button", { name: "Open claim" }).click();
  await expectToast(page, "Your claim is open");
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Your claim: Open");

  await seller.goto("/dashboard/payouts");
  await seller.getByRole("link", { name: `Answer the claim: ${name}` }).click();
  const answer = seller.getByRole("dialog", { name: "Answer the claim" });
  await expect(answer).toContainText("The front element has a scratch.");
  await expect(answer).toContainText("It was not in the photos.");
  await answer.getByLabel("Your answer*").fill("It was clean when we met.\nWe checked it together.");
  await answer.getByRole("button", { name: "Send answer" }).click();
  await expectToast(seller, "Your answer is sent.");
  await sellerContext.close();

  const adminContext = await browser.newContext({ javaScriptEnabled: info.project.name === "js" });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin);
  await admin.goto("/dashboard/claims");
  const claim = admin.getByRole("row").filter({ hasText: name });
  await expect(claim).toContainText("It was clean when we met.");
  await expect(claim).toContainText("We checked it together.");
  await claim.getByRole("link", { name: `Decide: ${name}` }).click();
  const decide = admin.getByRole("dialog", { name: "Decide the claim" });
  await decide.getByLabel("Refund the buyer a part").check();
  await decide.getByLabel(/Amount to refund/).fill("5");
  await decide
    .getByLabel("Note to the buyer and the seller (optional)")
    .fill("A part for the scratch.\nThe rest is the seller's.");
  await decide.getByRole("button", { name: "Decide" }).click();
  await expectToast(admin, "The claim is decided.");
  await expect(claim).toContainText("Refunded in part: $ 5.00");
  await adminContext.close();

  await page.goto("/dashboard/my_orders");
  const order = page.getByRole("row").filter({ hasText: name });
  await expect(order).toContainText("Refunded: $ 5.00");
  await expect(order).toContainText("Released to the seller");
});

test("a removed seller's paid order: the buyer is told why, and the admin refunds it from Claims", async ({
  page,
  browser,
}, info) => {
  test.slow(); // three people's pages, one after another
  const sellerContext = await browser.newContext({ javaScriptEnabled: info.project.name === "js" });
  const seller = await sellerContext.newPage();
  const { email } = await registerSeller(seller, info, "Rory Removed");
  const name = uniqueProductName(info, "Removed Seller Lens");
  const id = await addProductByApi(seller.request, await bearerOf(seller.request), name);
  await sellerContext.close();

  await signUp(page, { name: "Rae Refunded", email: uniqueEmail(info, "refunded"), password: "long enough" });
  await bookAndPay(page, { id, name });

  const adminContext = await browser.newContext({ javaScriptEnabled: info.project.name === "js" });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin);
  await admin.goto("/dashboard/all_sellers");
  await admin.getByLabel("Search sellers by name or email").fill(email);
  await admin.getByRole("button", { name: "Search", exact: true }).click();
  await admin
    .getByRole("row")
    .filter({ hasText: "Rory Removed" })
    .getByRole("link", { name: /Delete/ })
    .click();
  await admin.getByRole("dialog", { name: "Delete Confirmation" }).getByRole("button", { name: "Yes" }).click();
  await expectToast(admin, "Seller has been deleted");

  // The buyer cannot release the money to the removed seller, and is told who refunds it.
  await page.goto("/dashboard/my_orders");
  const order = page.getByRole("row").filter({ hasText: name });
  await expect(order).toContainText("an admin refunds it to you");
  await expect(order.getByRole("link", { name: /I received it as described/ })).toHaveCount(0);

  await admin.goto("/dashboard/claims");
  const waiting = admin.getByRole("region", { name: "Paid orders of removed sellers" });
  await expect(waiting).toContainText(name);
  await expectAccessible(admin, "Claims with a removed seller's payment");
  await waiting.getByRole("button", { name: `Refund the buyer: ${name}` }).click();
  await expectToast(admin, "The buyer is refunded in full: the seller's account was removed.");
  await expect(admin.getByRole("button", { name: `Refund the buyer: ${name}` })).toHaveCount(0);
  await adminContext.close();

  await page.goto("/dashboard/my_orders");
  await expect(order).toContainText("Refunded: $ 19.99");
  await expect(order).not.toContainText("an admin refunds it to you");
});
