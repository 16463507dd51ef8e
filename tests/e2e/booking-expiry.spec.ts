// A booking nobody pays expires. Its deadline is days away when it is made (the hold is a
// setting of the server, the same for every test), so the journey moves the deadline of this
// one booking into the past in the server's local D1 — the one thing a person cannot do
// through the site — then triggers the Cron Trigger through wrangler's /__scheduled.
import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { expectToast, signUp, uniqueEmail } from "./helpers";
import { executeSql } from "./local-d1";
import { listingOfNewSeller } from "./seller-helpers";

async function book(page: Page, listingPath: string, product: string) {
  await page.goto(listingPath);
  await page.getByRole("link", { name: `Book Now: ${product}` }).click();
  const dialog = page.getByRole("dialog", { name: `Book ${product}` });
  await expect(dialog).toContainText("Held for you for 48 hours after you book");
  await dialog.getByLabel("Your Location*").fill("Coffee bar on 5th");
  await dialog.getByLabel("Your Contact*").fill("+1 212 555 0188");
  await dialog.getByRole("button", { name: /^Book and pay/ }).click();
  await expectToast(page, "Booking Submitted Successfully");
}

test("an unpaid booking expires at its deadline and the product can be booked again", async ({
  page,
  browser,
}, info) => {
  // Starting wrangler for the one SQL statement takes several seconds on a busy machine.
  test.setTimeout(90_000);
  // A listing of its own, so that a retry never finds it still booked by the first attempt.
  const listing = await listingOfNewSeller(browser, info, "Manfrotto Befree Held");
  const [product, listingPath] = [listing.name, `/listings/${listing.id}`];
  const email = uniqueEmail(info, "late");
  await signUp(page, { name: "Lee Late", email, password: "long enough" });
  await book(page, listingPath, product);

  await page.goto("/dashboard/my_orders");
  const row = page.getByRole("row").filter({ hasText: product });
  await expect(row).toContainText(/Pay by \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC/);
  const paymentHref = await row.getByRole("link", { name: "Pay" }).getAttribute("href");

  await executeSql(
    `UPDATE bookings SET expires_at = 1000 WHERE status = 'active' AND buyer_id = (SELECT id FROM users WHERE email = '${email}')`,
  );
  // Past the deadline, before the job ran: not payable already.
  await page.goto(paymentHref!);
  await expect(page.getByText("This booking has expired: it was not paid in time")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay", exact: true })).toHaveCount(0);

  const tick = await page.request.get("/__scheduled?cron=*/5+*+*+*+*");
  expect(tick.ok()).toBe(true);

  await page.goto("/dashboard/my_orders");
  await expect(page.getByRole("row").filter({ hasText: product })).toContainText("Expired: not paid in time");
  await expect(page.getByRole("row").filter({ hasText: product }).getByRole("link", { name: "Pay" })).toHaveCount(0);
  // The product is free again: its page offers Book Now.
  await page.goto(listingPath);
  await expect(page.getByRole("link", { name: `Book Now: ${product}` })).toBeVisible();
});
