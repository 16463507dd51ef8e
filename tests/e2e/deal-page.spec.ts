import { mkdirSync } from "node:fs";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { expectAccessible } from "./axe";
import { test } from "./fixtures";
import { expectToast, signUp, uniqueEmail } from "./helpers";
import {
  addProductByApi,
  bearerOf,
  bookAndPayShippedByApi,
  registerSeller,
  SHIPS_FROM_BROOKLYN,
  uniqueProductName,
} from "./seller-helpers";
import { type Fetched, vnuProblems } from "./vnu";

// One deal page (ADR 0102), read by its buyer and its seller at three states (paid, on its way,
// delivered): the item, the other party and what was paid, the progress in words with the
// current step marked, and only the actions of the state for each; then the label, printed on its
// own. axe on each state, and the Nu HTML Checker on the documents the server sent.

const SHOTS = "/work/shots/deal";

/** The page at a phone's and a laptop's width, full length. */
async function shots(page: Page, info: TestInfo, label: string) {
  mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize();
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${label}-${info.project.name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** The steps as "name: state", the current one marked with a star. */
async function stepsOf(page: Page) {
  const items = page.getByRole("list", { name: "Progress" }).getByRole("listitem");
  const count = await items.count();
  const steps: string[] = [];
  for (let index = 0; index < count; index++) {
    const item = items.nth(index);
    const current = (await item.getAttribute("aria-current")) === "step";
    // The step's name, state and note, each its own element; the marker only repeats them: left out.
    const parts = await item.locator(":scope > span:last-child > span").allTextContents();
    const text = parts.join(" ").replace(/\s+/g, " ").trim();
    steps.push(`${current ? "* " : ""}${text.replace(/ · .*$/, "")}`);
  }
  return steps;
}

test("a shipped deal's page, read by its buyer and its seller at each state, and its label", async ({
  page,
  browser,
}, info) => {
  test.slow();
  const documents: Fetched[] = [];
  const keep = async (who: string, on: Page) => {
    const path = new URL(on.url()).pathname;
    const response = await on.request.get(path);
    documents.push({ who, path, status: response.status(), html: await response.text() });
  };
  const sellerContext = await browser.newContext({ javaScriptEnabled: info.project.name === "js" });
  const seller = await sellerContext.newPage();
  await registerSeller(seller, info, "Maya Lens");
  const name = uniqueProductName(info, "Deal Lens");
  const id = await addProductByApi(seller.request, await bearerOf(seller.request), name, {
    location: "Brooklyn, NY",
    delivery: "ship",
    ...SHIPS_FROM_BROOKLYN,
  });

  // The buyer books and pays through the REST API (the checkout has its own journey).
  await signUp(page, { name: "Dana Denver", email: uniqueEmail(info, "deal-buyer"), password: "long enough" });
  const bookingId = await bookAndPayShippedByApi(page.request, id, "Dana Denver");
  const deal = `/dashboard/shipments/${bookingId}`;

  // Paid: the buyer waits for the seller; the seller is asked to send it.
  await page.goto(deal);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Deal: ${name}`);
  await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("href", `/listings/${id}`);
  await expect(page.getByText("Seller: Maya Lens")).toBeVisible();
  const whatWasPaid = page.getByRole("definition");
  await expect(whatWasPaid.filter({ hasText: "$ 19.99" }).first()).toBeVisible();
  await expect(whatWasPaid.filter({ hasText: "$ 33.99" }).first()).toBeVisible();
  await expect(page.getByTestId("deal-status")).toHaveText(/^Waiting for the seller to send it/);
  expect(await stepsOf(page)).toEqual([
    "* Paid now",
    "Label to come",
    "Picked up to come",
    "On its way to come",
    "Delivered to come",
    "Released to the seller to come",
  ]);
  await expect(page.getByText(/^now · \d+ [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC$/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Arrived as described?" })).toHaveCount(0);
  await expect(page.getByLabel("Carrier")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Messages with Maya Lens" })).toBeVisible();
  await expectAccessible(page, "The deal page of a paid deal, for its buyer");
  await keep("buyer", page);
  await shots(page, info, "deal-paid-buyer");

  await seller.goto(deal);
  await expect(seller.getByText("Buyer: Dana Denver")).toBeVisible();
  await expect(seller.getByTestId("deal-status")).toHaveText(/^Paid: waiting for you to send it/);
  await expect(seller.getByText("Waiting for the seller to send it")).toHaveCount(0);
  await expect(seller.getByLabel("Carrier")).toHaveJSProperty("tagName", "SELECT");
  await expect(seller.getByLabel("Postal code")).toHaveValue("11201");
  await expectAccessible(seller, "The deal page of a paid deal, for its seller");
  await keep("seller", seller);
  await shots(seller, info, "deal-paid-seller");

  // The seller buys the label; it prints on its own page.
  await seller.getByLabel("Your name").fill("Maya Lens");
  await seller.getByLabel("Street address").fill("100 Court St");
  await seller.getByLabel("City").fill("Brooklyn");
  await seller.getByLabel("State or province").fill("NY");
  await seller.getByRole("button", { name: /^Buy label for \$ / }).click();
  await expectToast(seller, "Label bought: print it, stick it on the parcel and hand it to the carrier.");
  await seller.getByRole("link", { name: "Print the shipping label" }).click();
  const label = seller.getByRole("article", { name: "Shipping label" });
  await expect(label.getByTestId("label-sender")).toContainText("Maya Lens");
  await expect(label.getByTestId("label-sender")).toContainText("11201");
  await expect(label.getByTestId("label-recipient")).toContainText("1550 Wewatta St");
  await expect(label.getByTestId("label-tracking")).toHaveText(/^OFF[0-9A-Z]+$/);
  await expect(label).toContainText("Small: a lens");
  await expect(seller.locator("header, footer")).toHaveCount(0);
  if (info.project.name === "js") await expect(seller.getByRole("button", { name: "Print" })).toBeVisible();
  else await expect(seller.getByText("use your browser's Print")).toBeVisible();
  await expectAccessible(seller, "The shipping label");
  await keep("seller", seller);
  await shots(seller, info, "deal-label");

  // On its way: the test carrier picks it up.
  await page.goto(deal);
  await page.getByTestId("test-mode").getByRole("button", { name: "Move the parcel to its next step" }).click();
  await expectToast(page, "The test carrier moved the parcel on.");
  // With JavaScript the page is revalidated after the toast: the steps are read once it is.
  await expect(page.locator('[aria-current="step"]')).toContainText("On its way");
  expect(await stepsOf(page)).toEqual([
    "Paid done",
    "Label done",
    "Picked up done",
    "* On its way now",
    "Delivered to come",
    "Released to the seller to come",
  ]);
  await expect(page.getByText("The carrier's latest news")).toBeVisible();
  await expect(page.getByText(/^Expected delivery: /)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Arrived as described?" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Report a problem" })).toHaveCount(0);
  await expectAccessible(page, "The deal page of a parcel on its way, for its buyer");
  await keep("buyer", page);
  await shots(page, info, "deal-on-its-way-buyer");
  await seller.goto(deal);
  await expect(seller.getByRole("link", { name: "Print the shipping label" })).toHaveCount(0);
  await expect(seller.getByLabel("Carrier")).toHaveCount(0);

  // Delivered: the buyer is offered the confirmation and a report; the seller neither.
  await page.getByTestId("test-mode").getByRole("button", { name: "Move the parcel to its next step" }).click();
  await expectToast(page, "The test carrier moved the parcel on.");
  await expect(page.locator('[aria-current="step"]')).toContainText("Delivered");
  expect((await stepsOf(page)).slice(4)).toEqual(["* Delivered now", "Released to the seller to come"]);
  const arrived = page.getByRole("region", { name: "Arrived as described?" });
  await expect(arrived.getByRole("link", { name: "I received it as described" })).toBeVisible();
  await expect(arrived.getByRole("link", { name: "Report a problem" })).toHaveAttribute(
    "href",
    `/dashboard/my_orders?claim=${bookingId}`,
  );
  await expectAccessible(page, "The deal page of a delivered parcel, for its buyer");
  await keep("buyer", page);
  await shots(page, info, "deal-delivered-buyer");

  await seller.goto(deal);
  await expect(seller.getByTestId("deal-status")).toHaveText("Delivered");
  await expect(seller.getByRole("heading", { name: "Arrived as described?" })).toHaveCount(0);
  await expect(seller.getByRole("link", { name: "Report a problem" })).toHaveCount(0);
  await expect(seller.getByRole("link", { name: "Messages with Dana Denver" })).toBeVisible();
  await expectAccessible(seller, "The deal page of a delivered parcel, for its seller");
  await keep("seller", seller);
  await shots(seller, info, "deal-delivered-seller");

  // The buyer follows the confirmation from the page: My Orders asks first.
  await arrived.getByRole("link", { name: "I received it as described" }).click();
  await expect(page.getByRole("dialog", { name: "I received it as described" })).toContainText("This pays Maya Lens");

  if (info.project.name === "js") {
    expect(await vnuProblems(documents), `${documents.length} documents checked`).toEqual([]);
  }
  await sellerContext.close();
});
