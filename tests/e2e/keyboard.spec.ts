import { expect, type Locator, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { expectToast, uniqueEmail } from "./helpers";
import { listingOfNewSeller, PHOTO, PRODUCT, registerSeller, uniqueProductName } from "./seller-helpers";

// Journeys with the keyboard alone: Tab and Shift+Tab move, Enter and Space act, and typing
// fills the focused field. No click, no fill(): if a control cannot be reached, the test fails.
// Each Tab is a round trip to the browser, so the journeys get more time than a click-through.
test.describe.configure({ timeout: 180_000 });

/** Presses Tab until the target has the focus (the page wraps around), then checks it shows. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 150 } = {}) {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    if ((await target.and(page.locator(":focus")).count()) === 1) {
      await expectVisibleFocus(target);
      return;
    }
  }
  throw new Error(`The keyboard never reached ${target} in ${max} presses of Tab`);
}

/** The focused element is on screen and drawn with a focus outline. */
async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  await expect(target).toBeInViewport();
  await expect(target).not.toHaveCSS("outline-style", "none");
  await expect(target).not.toHaveCSS("outline-width", "0px");
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

test("a buyer registers, books a listing and pays with the test card, by keyboard alone", async ({
  page,
  browser,
}, info) => {
  const listing = await listingOfNewSeller(browser, info, "Keyboard Camera");

  await page.goto("/register");
  await typeInto(page, page.getByLabel("Name*"), "Kim Keys");
  await typeInto(page, page.getByLabel("Email*"), uniqueEmail(info, "keys"));
  await typeInto(page, page.getByLabel("Password*", { exact: true }), "long enough");
  await tabTo(page, page.getByRole("button", { name: "Register" }));
  await page.keyboard.press("Enter");
  await expectToast(page, "Kim Keys, User created successfully");

  await tabTo(page, page.getByRole("link", { name: "More Product: Camera", exact: true }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Camera" })).toBeVisible();
  await tabTo(page, page.getByRole("link", { name: `Book Now: ${listing.name}` }));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Book ${listing.name}` });
  await expect(dialog).toBeVisible();
  // The first field to fill has the focus, with or without JavaScript: nothing behind the
  // dialog comes first.
  await expectVisibleFocus(dialog.getByLabel("Your Location*"));
  await page.keyboard.type("Union Square");
  await typeInto(page, dialog.getByLabel("Your Contact*"), "+1 415 555 0142");
  await tabTo(page, dialog.getByRole("button", { name: /^Book and pay/ }));
  await page.keyboard.press("Enter");
  await expectToast(page, "Booking Submitted Successfully");

  const nav = page.getByRole("navigation", { name: "Main" });
  await tabTo(page, nav.getByRole("link", { name: "Dashboard" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/my_orders$/);
  const row = page.getByRole("row").filter({ hasText: listing.name });
  await tabTo(page, row.getByRole("link", { name: "Pay" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: `Payment for ${listing.name}` })).toBeVisible();
  await typeInto(page, page.getByLabel("Card number"), "4242 4242 4242 4242");
  await typeInto(page, page.getByLabel("Expiry (MM/YY)"), "12/39");
  await typeInto(page, page.getByLabel("CVC", { exact: true }), "123");
  // Enter in a field sends its form, as in every browser.
  await page.keyboard.press("Enter");
  await expectToast(page, "Payment Successful");
  await expect(page).toHaveURL(/\/dashboard\/my_orders$/);
  await expect(page.getByRole("row").filter({ hasText: listing.name })).toContainText("Paid");
});

test("a seller adds a product with its photo, by keyboard alone", async ({ page }, info) => {
  await registerSeller(page, info, "Kai Keys");
  const name = uniqueProductName(info, "Keyboard Lens");
  // The browser hands file pickers to the test only once a listener asks for them, and turning
  // that on takes a round trip: listening from the start keeps the Space press below from
  // reaching a picker nobody intercepts (a busy machine lost that race).
  const chooser = page.waitForEvent("filechooser");

  await typeInto(page, page.getByLabel("Product Name"), name);
  // A closed select changes with the arrow keys.
  const category = page.getByLabel("Product Category");
  await tabTo(page, category);
  await page.keyboard.press("ArrowDown");
  await expect(category).toHaveValue("camera");
  const condition = page.getByLabel("Product Condition");
  await tabTo(page, condition);
  await page.keyboard.press("ArrowDown");
  await expect(condition).toHaveValue(PRODUCT.condition);
  await typeInto(page, page.getByLabel("Location"), PRODUCT.location);
  await typeInto(page, page.getByLabel("Original Price"), PRODUCT.originalPrice);
  await typeInto(page, page.getByLabel("Resale Price"), PRODUCT.resalePrice);
  await typeInto(page, page.getByLabel("Year Of Purchase"), PRODUCT.purchaseYear);
  await typeInto(page, page.getByLabel("Contact Number"), PRODUCT.contact);
  await typeInto(page, page.getByLabel("Product Description"), PRODUCT.description);
  // Space on a file input opens the system's file picker; the test answers it.
  await tabTo(page, page.getByLabel("Product Photo"));
  await page.keyboard.press("Space");
  await (await chooser).setFiles(PHOTO);
  await tabTo(page, page.getByRole("button", { name: "Add Product" }));
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/dashboard\/my_product$/);
  await expectToast(page, "Product added Successfully");
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("$ 19.99");
  // Shift+Tab goes back the same way: from the end of the page to the dashboard's tabs.
  await tabTo(page, page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Add Product" }), {
    backwards: true,
  });
});
