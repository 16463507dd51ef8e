import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { expectToast, payWithTestCard, signUp, uniqueEmail } from "./helpers";
import { addProductByApi, bearerOf, registerSeller, uniqueProductName } from "./seller-helpers";

test("a buyer makes an offer, the seller counters, the buyer accepts and pays the agreed price", async ({
  page,
  browser,
}, info) => {
  // A new seller's listing at $ 19.99, in a browser of the seller's own.
  const sellerContext = await browser.newContext({ javaScriptEnabled: info.project.name === "js" });
  const seller = await sellerContext.newPage();
  await registerSeller(seller, info, "Olga Offers");
  const product = uniqueProductName(info, "Offer lens");
  const productId = await addProductByApi(seller.request, await bearerOf(seller.request), product);

  // The buyer offers $ 12 from the listing page.
  await signUp(page, { name: "Otto Offer", email: uniqueEmail(info, "offer-buyer"), password: "long enough" });
  await page.goto(`/listings/${productId}`);
  const panel = page.getByRole("region", { name: "Make an offer" });
  await expect(panel).toContainText("Offer from $ 10.00 to $ 19.99");
  await panel.getByLabel("Your offer*").fill("12");
  await panel.getByLabel("Meeting place*").fill("Lake Merritt pergola");
  await panel.getByLabel("Phone for the seller*").fill("+1 510 555 0142");
  await panel.getByRole("button", { name: "Send offer" }).click();
  await expectToast(page, "Offer sent: the seller has 48 hours to answer");
  await expect(panel).toContainText("Your offer: $ 12.00. Waiting for the seller");

  // The seller counters with $ 15.50 on Offers.
  await seller.goto("/dashboard/offers");
  const offerRow = seller.getByRole("row").filter({ hasText: product });
  await expect(offerRow).toContainText("$ 12.00");
  await expect(offerRow).toContainText("Lake Merritt pergola");
  // A phone's width: the row's forms fit without scrolling sideways.
  await seller.setViewportSize({ width: 390, height: 844 });
  expect(await seller.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await offerRow.getByLabel(`Counter price in US dollars: ${product}`).fill("15.50");
  await offerRow.getByRole("button", { name: `Counter: ${product}` }).click();
  await expectToast(seller, "Counter sent: the buyer has 48 hours to answer");
  await expect(seller.getByRole("row").filter({ hasText: product })).toContainText("Countered");
  await sellerContext.close();

  // The buyer accepts the counter on My Offers and pays $ 15.50, not the asking price.
  await page.goto("/dashboard/my_offers");
  const mine = page.getByRole("row").filter({ hasText: product });
  await expect(mine).toContainText("$ 15.50");
  await mine.getByRole("button", { name: `Accept counter: ${product}` }).click();
  await expectToast(page, "Offer accepted: the item is booked at the agreed price");
  await page
    .getByRole("row")
    .filter({ hasText: product })
    .getByRole("link", { name: `Pay: ${product}` })
    .click();
  await expect(page.getByText(`Please, pay $ 15.50 for your product ${product}`)).toBeVisible();
  await payWithTestCard(page);
  await expect(page.getByRole("row").filter({ hasText: product })).toContainText("Paid");
});
