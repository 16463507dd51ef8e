// A buyer who paid rates the seller once; the rating shows beside the seller's name on cards.
import { expect, type TestInfo } from "@playwright/test";
import { test } from "./fixtures";
import { bookAndOpenPayment, expectToast, payWithTestCard, signUp, uniqueEmail } from "./helpers";

const pick = (info: TestInfo, js: string, noJs: string) => (info.project.name === "js" ? js : noJs);

test("a buyer pays, rates the seller once, and sees the rating on the seller's cards", async ({ page }, info) => {
  const [category, product, seller] = pick(
    info,
    "memory card|SanDisk Extreme PRO CFexpress Type B 256GB|Maya Lens",
    "tripod|JOBY GorillaPod 5K Kit with Ball Head|Owen Shutter",
  ).split("|") as [string, string, string];
  await signUp(page, { name: "Rae Rater", email: uniqueEmail(info, "rater"), password: "long enough" });
  await bookAndOpenPayment(page, category, product);
  await expect(page.getByRole("heading", { name: `Payment for ${product}` })).toBeVisible();
  const bookingId = new URL(page.url()).pathname.split("/").pop()!;
  await payWithTestCard(page);

  await page.goto("/dashboard/my_orders");
  await page
    .getByRole("row")
    .filter({ hasText: product })
    .getByRole("link", { name: /Rate the seller/ })
    .click();
  const rate = page.getByRole("dialog", { name: "Rate the seller" });
  await rate.getByLabel("4 stars").check();
  await rate.getByLabel("Comment (optional)").fill("Quick <b>handover</b>, as described");
  await rate.getByRole("button", { name: "Submit rating" }).click();
  await expectToast(page, "Thank you: your rating has been saved.");
  const row = page.getByRole("row").filter({ hasText: product });
  await expect(row).toContainText("You rated the seller 4/5");
  await expect(row.getByRole("link", { name: /Rate the seller/ })).toHaveCount(0);

  // A second attempt (the old dialog address) offers no form: the order is rated.
  await page.goto(`/dashboard/my_orders?rate=${bookingId}`);
  await expect(page.getByRole("dialog", { name: "Rate the seller" })).toHaveCount(0);
  // And the form sent again (a second tab, a replayed POST) is refused with a clear message.
  const again = await page.request.post("/dashboard/my_orders", {
    form: { intent: "rate", bookingId, stars: "1" },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  await page.goto("/dashboard/my_orders");
  await expectToast(page, "You have already rated this purchase.");
  await expect(page.getByRole("row").filter({ hasText: product })).toContainText("You rated the seller 4/5");

  // The seller's other listings show the summary beside the seller's name.
  await page.goto(`/products/${encodeURIComponent(category)}`);
  await expect(
    page
      .getByRole("article")
      .filter({ hasText: new RegExp(`Seller\\s*:?\\s*${seller}`) })
      .first()
      .getByRole("img", { name: /^Rated \d\.\d out of 5 by \d+ buyers?$/ }),
  ).toBeVisible();
});
