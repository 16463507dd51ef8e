// A buyer opens a seller's profile from a card and sees the reviews and the live listings; the
// seller answers the buyer's review once, and the answer shows on the profile. With and without
// JavaScript.
import { expect, type TestInfo } from "@playwright/test";
import { test } from "./fixtures";
import {
  bookAndOpenPayment,
  DEMO,
  expectToast,
  listingCard,
  payWithTestCard,
  signIn,
  signOut,
  signUp,
  uniqueEmail,
} from "./helpers";

const pick = (info: TestInfo, js: string, noJs: string) => (info.project.name === "js" ? js : noJs);

test("a seller's profile shows reviews and listings, and the seller answers a review", async ({ page }, info) => {
  const [category, product, other] = pick(
    info,
    "tripod|Gitzo GT2545T Traveler Series 2 Carbon Tripod|Vanguard Alta Pro 263AB with SBH-100 Ball Head",
    "tripod|Manfrotto 190XPRO Aluminium 3-Section Tripod with XPRO Ball Head|Vanguard Alta Pro 263AB with SBH-100 Ball Head",
  ).split("|") as [string, string, string];
  const words = `Fast handover, <i>works</i> fine (${info.project.name} ${Date.now()})`;

  // A buyer buys from Maya and writes a review.
  await signUp(page, { name: "Rhea Reviewer", email: uniqueEmail(info, "reviewer"), password: "long enough" });
  await bookAndOpenPayment(page, category, product);
  await payWithTestCard(page);
  await page.goto("/dashboard/my_orders");
  const order = page.getByRole("row").filter({ hasText: product });
  await expect(order.getByRole("link", { name: DEMO.seller.name })).toBeVisible();
  await order.getByRole("link", { name: /Rate the seller/ }).click();
  const rate = page.getByRole("dialog", { name: "Rate the seller" });
  await rate.getByLabel("4 stars").check();
  await rate.getByLabel("Comment (optional)").fill(words);
  await rate.getByRole("button", { name: "Submit rating" }).click();
  await expectToast(page, "Thank you: your rating has been saved.");

  // From a card of Maya's to her profile: her reviews (escaped) and her live listings.
  await page.goto(`/products/${encodeURIComponent(category)}`);
  await listingCard(page, other).getByRole("link", { name: DEMO.seller.name }).click();
  await expect(page).toHaveURL(/\/sellers\//);
  const profileUrl = page.url();
  await expect(page.getByRole("heading", { level: 1, name: /Maya Lens/ })).toBeVisible();
  await expect(page.getByText("Member since")).toBeVisible();
  await expect(page.getByText("Completed sales")).toBeVisible();
  const review = page.getByRole("listitem").filter({ hasText: words });
  await expect(review).toBeVisible();
  await expect(review.getByText("Rhea R.")).toBeVisible();
  // Her live listings, newest first, as cards (20 a page).
  await expect(page.getByRole("heading", { name: /^Listings \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: product })).toHaveCount(0);
  // Only the seller may answer.
  await expect(review.getByLabel(/Your answer/)).toHaveCount(0);

  // Maya answers once; the answer shows to everyone, and the form is gone.
  await signOut(page);
  await signIn(page, DEMO.seller);
  await page.goto(profileUrl);
  const mine = page.getByRole("listitem").filter({ hasText: words });
  await mine.getByLabel(/Your answer/).fill("Thank you, enjoy them!");
  await mine.getByRole("button", { name: "Publish answer" }).click();
  await expectToast(page, "Your answer has been published.");
  const answered = page.getByRole("listitem").filter({ hasText: words });
  await expect(answered).toContainText("Answer from Maya Lens: Thank you, enjoy them!");
  await expect(answered.getByLabel(/Your answer/)).toHaveCount(0);

  await signOut(page);
  await page.goto(profileUrl);
  await expect(page.getByRole("listitem").filter({ hasText: words })).toContainText("Thank you, enjoy them!");
});
