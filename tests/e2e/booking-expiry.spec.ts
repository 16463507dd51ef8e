// A booking nobody pays expires. Its deadline is days away when it is made (the hold is a
// setting of the server, the same for every test), so the journey moves the deadline of this
// one booking into the past in the server's local D1 — the one thing a person cannot do
// through the site — then triggers the Cron Trigger through wrangler's /__scheduled.
import { execFileSync } from "node:child_process";
import { expect, type Page, type TestInfo, test } from "@playwright/test";
import { E2E_STATE } from "../../playwright.config";
import { expectToast, signUp, uniqueEmail } from "./helpers";

const pick = (info: TestInfo, js: string, noJs: string) => (info.project.name === "js" ? js : noJs);

/** Writes to the running server's local D1 (wrangler's own command, as an operator would). */
function executeSql(sql: string) {
  execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", E2E_STATE, "--command", sql], {
    stdio: "pipe",
  });
}

async function book(page: Page, category: string, product: string) {
  await page.goto(`/products/${encodeURIComponent(category)}`);
  await page
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { name: product, exact: true }) })
    .getByRole("link", { name: /Book Now/ })
    .click();
  const dialog = page.getByRole("dialog", { name: `Book ${product}` });
  await expect(dialog).toContainText("Held for you for 48 hours after you book");
  await dialog.getByLabel("Your Location*").fill("Coffee bar on 5th");
  await dialog.getByLabel("Your Contact*").fill("+1 212 555 0188");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expectToast(page, "Booking Submitted Successfully");
}

test("an unpaid booking expires at its deadline and the product can be booked again", async ({ page }, info) => {
  // Starting wrangler for the one SQL statement takes several seconds on a busy machine.
  test.setTimeout(90_000);
  const [category, product] = pick(
    info,
    "memory card|ProGrade Digital CFast 2.0 128GB",
    "tripod|Vanguard Alta Pro 263AB with SBH-100 Ball Head",
  ).split("|") as [string, string];
  const email = uniqueEmail(info, "late");
  await signUp(page, { name: "Lee Late", email, password: "long enough" });
  await book(page, category, product);

  await page.goto("/dashboard/my_orders");
  const row = page.getByRole("row").filter({ hasText: product });
  await expect(row).toContainText(/Pay by \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC/);
  const paymentHref = await row.getByRole("link", { name: "Pay" }).getAttribute("href");

  executeSql(
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
  // The product is free again: its card offers Book Now.
  await page.goto(`/products/${encodeURIComponent(category)}`);
  await expect(
    page
      .getByRole("article")
      .filter({ has: page.getByRole("heading", { name: product, exact: true }) })
      .getByRole("link", { name: /Book Now/ }),
  ).toBeVisible();
});
