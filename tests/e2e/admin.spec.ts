import { expect, type Locator, type Page, type TestInfo } from "@playwright/test";
import { test } from "./fixtures";
import { DEMO, expectToast, login, signIn, signOut, signUp, uniqueEmail } from "./helpers";

// Each project (js, no-js) verifies, deletes, reports and removes its own seeded accounts and
// listings (scripts/seed/moderation.ts), so the two runs never collide with each other or with the
// catalog other suites rely on.
const pick = <T>(info: TestInfo, js: T, noJs: T): T => (info.project.name === "js" ? js : noJs);

async function signInAsAdmin(page: Page, _info: TestInfo) {
  // The seeded admin, with its authenticator key (the admin command's admins set theirs up in accounts.spec.ts).
  await signIn(page, DEMO.admin);
}

function card(page: Page, name: string, within: Page | Locator = page) {
  return within.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

async function search(page: Page, label: string, text: string) {
  await page.getByLabel(label).fill(text);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  // The caption ("… matching “text”") or the empty state ("No … matches “text”.") says it.
  await expect(page.getByText(`“${text}”`).first()).toBeVisible();
}

async function newBuyer(page: Page, info: TestInfo, name: string) {
  const email = uniqueEmail(info, "buyer");
  await signUp(page, { name, email, password: "long enough" });
  return email;
}

test.describe("All Sellers", () => {
  test("an admin verifies a seller and the badge shows on their listings", async ({ page }, info) => {
    const seller = pick(
      info,
      { name: "Nora Finch", listing: "Domke Gripper Camera Strap, 1.5 inch, Black" },
      { name: "Theo Marsh", listing: "Peak Design Leash Camera Strap, Ash" },
    );
    // The home page shows the newest dozen advertised listings only (ADR 0036), which other
    // journeys change: the seller's listing is found by its name, as a buyer would.
    const searchPath = `/search?q=${encodeURIComponent(seller.listing)}`;
    await page.goto(searchPath);
    await expect(card(page, seller.listing)).toBeVisible();
    await expect(card(page, seller.listing)).not.toContainText("Verified");

    await signInAsAdmin(page, info);
    await page.goto("/dashboard/all_sellers");
    await expect(page.getByRole("columnheader")).toHaveText([
      "Index",
      "Seller Name",
      "Seller Email",
      "Seller Verification",
      "Action",
    ]);
    await search(page, "Search sellers by name or email", seller.name);
    const row = page.getByRole("row").filter({ hasText: seller.name });
    await row.getByRole("button", { name: /Verification/ }).click();
    await expectToast(page, "Seller verification completed successfully");
    await expect(row.getByText("Verified", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: /Verification/ })).toHaveCount(0);

    await page.goto(searchPath);
    await expect(card(page, seller.listing).getByText("Verified")).toBeVisible();
  });

  test("deleting a seller takes their listings off the storefront and ends their session", async ({
    page,
    browser,
  }, info) => {
    test.slow(); // two accounts sign in, each a PBKDF2 hash at 100,000 iterations
    const seller = pick(
      info,
      {
        name: "Ivy Reed",
        email: "ivy@payandbuy.local",
        listings: ["Kingston Canvas React Plus 256GB SDXC UHS-II", "Angelbird AV PRO CFexpress Type B 512GB"],
      },
      {
        name: "Jude Park",
        email: "jude@payandbuy.local",
        listings: ["Transcend 128GB microSDXC with SD Adapter", "Sony SF-G Tough 64GB UHS-II SDXC"],
      },
    );
    const sellerPage = await browser.newPage();
    await signIn(sellerPage, { email: seller.email, password: "seller-local-pass" });
    await sellerPage.goto("/dashboard/my_product");
    await expect(sellerPage.getByRole("heading", { name: "My Products" })).toBeVisible();

    await signInAsAdmin(page, info);
    await page.goto("/products/memory%20card");
    for (const listing of seller.listings) await expect(card(page, listing)).toBeVisible();
    await page.goto("/dashboard/all_sellers");
    await search(page, "Search sellers by name or email", seller.email);
    await page
      .getByRole("row")
      .filter({ hasText: seller.name })
      .getByRole("link", { name: /Delete/ })
      .click();
    const confirm = page.getByRole("dialog", { name: "Delete Confirmation" });
    await expect(confirm).toContainText(`Do you want to delete the seller ${seller.name} (${seller.email})?`);
    await confirm.getByRole("button", { name: "Yes" }).click();
    await expectToast(page, "Seller has been deleted");
    await expect(page.getByText(`No seller matches “${seller.email}”.`)).toBeVisible();

    await page.goto("/products/memory%20card");
    await expect(page.getByRole("heading", { level: 1, name: "Memory Card" })).toBeVisible();
    for (const listing of seller.listings) await expect(card(page, listing)).toHaveCount(0);

    await sellerPage.reload();
    await expect(sellerPage).toHaveURL(/\/login\?redirectTo=/);
    await login(sellerPage, { email: seller.email, password: "seller-local-pass" });
    await expect(sellerPage.getByText("this account not exist.")).toBeVisible();
    await sellerPage.close();
  });
});

test.describe("All Buyers", () => {
  test("an admin cancels once, then deletes a buyer, whose session ends", async ({ page, browser }, info) => {
    test.slow(); // two accounts sign in, each a PBKDF2 hash at 100,000 iterations
    const buyerPage = await browser.newPage();
    const email = await newBuyer(buyerPage, info, "Dana Doomed");

    await signInAsAdmin(page, info);
    await page.goto("/dashboard/all_buyers");
    await expect(page.getByRole("columnheader")).toHaveText(["Index", "Buyer Name", "Buyer Email", "Delete"]);
    await search(page, "Search buyers by name or email", email);
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText("Dana Doomed");

    await row.getByRole("link", { name: /Delete/ }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Confirmation" });
    await expect(confirm).toContainText(`Do you want to delete the buyer Dana Doomed (${email})?`);
    await confirm.getByRole("button", { name: "No" }).click();
    await expectToast(page, "You have canceled this process");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(row).toBeVisible();

    await row.getByRole("link", { name: /Delete/ }).click();
    await page.getByRole("dialog", { name: "Delete Confirmation" }).getByRole("button", { name: "Yes" }).click();
    await expectToast(page, "Buyer has been deleted");
    await expect(page.getByText(`No buyer matches “${email}”.`)).toBeVisible();

    await buyerPage.goto("/dashboard/my_orders");
    await expect(buyerPage).toHaveURL(/\/login\?redirectTo=/);
    await buyerPage.close();
  });
});

test.describe("Reported Items", () => {
  test("a buyer reports a listing, and the admin dismisses the report", async ({ page }, info) => {
    test.slow(); // two accounts sign in, each a PBKDF2 hash at 100,000 iterations
    const listing = pick(info, "Manfrotto PIXI EVO Mini Tripod", "Ulanzi MT-44 Extendable Mini Tripod");
    const email = await newBuyer(page, info, "Riley Reporter");
    await page.goto("/products/tripod");
    await card(page, listing)
      .getByRole("link", { name: /Report/ })
      .click();
    const dialog = page.getByRole("dialog", { name: `Report ${listing}` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByText("Choose a reason.")).toBeVisible();
    await page.getByLabel("Other", { exact: true }).check();
    await page.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByText("Tell us what is wrong with this listing.")).toBeVisible();
    await page.getByLabel("Details (required for Other)").fill("The photo is of a different tripod.");
    await page.getByRole("button", { name: "Send report" }).click();
    await expectToast(page, "Thank you. The listing has been reported to our team.");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await signOut(page);

    await signInAsAdmin(page, info);
    await page.goto("/dashboard/reported_items");
    await search(page, "Search by product, seller or reporter", email);
    const row = page.getByRole("row").filter({ hasText: listing });
    await expect(row).toContainText("Other");
    await expect(row).toContainText("The photo is of a different tripod.");
    // A retry finds the report its first attempt sent as well.
    await expect(row).toContainText(info.retry === 0 ? "1 open report" : /\d+ open reports?/);
    await expect(row).toContainText("Riley Reporter");
    await row.getByRole("button", { name: /Dismiss/ }).click();
    await expectToast(page, "The report has been dismissed");
    await expect(page.getByText(`No open report matches “${email}”.`)).toBeVisible();

    await page.goto("/products/tripod");
    await expect(card(page, listing)).toBeVisible();
  });

  test("an admin removes a reported listing from the storefront", async ({ page }, info) => {
    const listing = pick(info, "Peak Design Capture Clip V3, Black", "OP/TECH Super Classic Neoprene Strap");
    await signInAsAdmin(page, info);
    await page.goto("/products/camera%20strap");
    await expect(card(page, listing)).toBeVisible();
    await page.goto("/dashboard/reported_items");
    await search(page, "Search by product, seller or reporter", listing);
    const row = page.getByRole("row").filter({ hasText: listing });
    await expect(row).toContainText("Remy Cole");
    await expect(row).toContainText("Lena Quill");
    await row.getByRole("link", { name: /Remove listing/ }).click();
    const confirm = page.getByRole("dialog", { name: "Remove Confirmation" });
    await expect(confirm).toContainText(`Do you want to remove the listing ${listing} from the storefront?`);
    await confirm.getByRole("button", { name: "Yes" }).click();
    await expectToast(page, "The listing has been removed");
    await expect(page.getByRole("row").filter({ hasText: listing })).toHaveCount(0);

    await page.goto("/products/camera%20strap");
    await expect(page.getByRole("heading", { level: 1, name: "Camera Strap" })).toBeVisible();
    await expect(card(page, listing)).toHaveCount(0);
  });
});
