import { mkdirSync, readFileSync } from "node:fs";
import { type Browser, expect, type Page, type TestInfo } from "@playwright/test";
import { expectAccessible } from "./axe";
import { test } from "./fixtures";
import { DEMO, expectToast, signIn, signUp, uniqueEmail } from "./helpers";
import { executeSql } from "./local-d1";
import {
  addProductByApi,
  bearerOf,
  bookAndPayShippedByApi,
  PHOTO,
  registerSeller,
  SHIPS_FROM_BROOKLYN,
  uniqueProductName,
} from "./seller-helpers";

// Returns (ADR 0106, ADR 0107), offline under `wrangler dev`: a shipped camera body is delivered,
// its buyer asks to send it back for a fault with a photo and the serial read off it, the seller
// accepts, the test carrier takes the return parcel back, and once the seller's check time is
// over the scheduled job refunds the buyer; Payouts and the statements show the label and the
// refund. A second deal: the seller declines, and the admin decides on Claims.

const SHOTS = "/work/shots/returns";
const SERIAL = "NK2081734";

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

/**
 * A camera body with its serial recorded, sold by post by a new seller who keeps a sender address,
 * booked and paid by a new buyer, labelled and delivered by the test carrier: the deal page's path.
 */
async function deliveredDeal(page: Page, browser: Browser, info: TestInfo, label: string) {
  const sellerContext = await browser.newContext({ javaScriptEnabled: info.project.name === "js" });
  const seller = await sellerContext.newPage();
  await registerSeller(seller, info, "Rhea Returns");
  // The return label is addressed to the seller's kept sender address.
  await seller.goto("/dashboard/settings/addresses");
  const add = seller.locator("form", { has: seller.getByRole("button", { name: "Save address" }) });
  await add.getByLabel("What it is for*").selectOption("sender");
  await add.getByLabel("Recipient*").fill("Rhea Returns");
  await add.getByLabel("Street address*").fill("100 Court St");
  await add.getByLabel("City*").fill("Brooklyn");
  await add.getByLabel("State or province*").fill("NY");
  await add.getByLabel("Postal code*").fill("11201");
  await add.getByRole("button", { name: "Save address" }).click();
  await expectToast(seller, "Address saved.");

  const name = uniqueProductName(info, label);
  const id = await addProductByApi(seller.request, await bearerOf(seller.request), name, {
    location: "Brooklyn, NY",
    delivery: "ship",
    ...SHIPS_FROM_BROOKLYN,
    serialNumber: SERIAL,
  });

  await signUp(page, { name: "Theo Tester", email: uniqueEmail(info, "return-buyer"), password: "long enough" });
  const bookingId = await bookAndPayShippedByApi(page.request, id, "Theo Tester");
  const deal = `/dashboard/shipments/${bookingId}`;

  // The seller buys the label, its sender filled from the kept address.
  await seller.goto(deal);
  await expect(seller.getByLabel("Street address")).toHaveValue("100 Court St");
  await seller.getByRole("button", { name: /^Buy label for \$ / }).click();
  await expectToast(seller, "Label bought: print it, stick it on the parcel and hand it to the carrier.");

  // The test carrier picks it up and delivers it.
  await page.goto(deal);
  for (const step of ["On its way", "Delivered"]) {
    await page.getByTestId("test-mode").getByRole("button", { name: "Move the parcel to its next step" }).click();
    await expectToast(page, "The test carrier moved the parcel on.");
    await expect(page.locator('[aria-current="step"]').first()).toContainText(step);
  }
  return { seller, sellerContext, name, id, bookingId, deal };
}

/** The buyer's request for a fault, on the deal page. */
async function askForReturn(page: Page, details: string, options: { photo?: boolean } = {}) {
  const card = page.getByTestId("returns-card");
  await expect(card).toContainText("When it was bought: returns of faults only.");
  await card.getByLabel("Why does it go back?").selectOption({ label: "Does not work" });
  await card.getByLabel("What is wrong with it").fill(details);
  // Typed as it is printed: spaces and a dash, compared once normalised.
  await card.getByLabel("Serial number, as printed on the item").fill("nk 208-1734");
  await card.getByLabel("Shutter count (optional)").fill("12040");
  if (options.photo) await card.getByLabel("Photos of what is wrong (optional)").setInputFiles(PHOTO);
  await card.getByRole("button", { name: "Ask to return it" }).click();
  await expectToast(
    page,
    "Your return is asked: the seller answers within 3 days, and nothing is paid to them meanwhile.",
  );
}

async function csvOf(page: Page, region: string, button: string) {
  const months = page.getByRole("region", { name: region });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    months.getByRole("button", { name: button }).click(),
  ]);
  return readFileSync(await download.path(), "utf8");
}

test("a fault goes back: the buyer asks with a photo, the seller accepts, the parcel returns, the job refunds", async ({
  page,
  browser,
}, info) => {
  test.slow();
  const { seller, sellerContext, name, bookingId, deal } = await deliveredDeal(page, browser, info, "Hazy Body");

  // Bad input first: no reason and no words come back at the fields, nothing asked.
  const card = page.getByTestId("returns-card");
  await card.getByRole("button", { name: "Ask to return it" }).click();
  await expect(card.getByText(/^Choose why it goes back: /)).toBeVisible();
  await expect(card.getByText("Say what is wrong with it")).toBeVisible();
  await expect(page.getByTestId("return-state")).toHaveCount(0);

  await askForReturn(page, "The autofocus hunts and never locks.\nA stuck aperture at f/8 as well.", { photo: true });
  await expect(page.getByTestId("return-state")).toHaveText("Return: Asked: the seller answers");
  await expect(card).toContainText("The autofocus hunts and never locks.");
  // The serial is never shown in full on the page, not even the one the buyer typed.
  await expect(card).toContainText("•••734");
  await expect(card).not.toContainText(SERIAL);
  await expect(card.getByRole("list", { name: "Photos of the return" }).getByRole("img")).toHaveCount(1);
  await expect(card.getByRole("button", { name: "Ask to return it" })).toHaveCount(0);
  // Nothing is released while the return is open: the confirmation is gone from the page.
  await expect(page.getByRole("link", { name: "Report a problem" })).toHaveCount(0);
  await expectAccessible(page, "The deal page with a return asked, for its buyer");
  await shots(page, info, "asked-buyer");

  // The seller reads it and accepts: a prepaid label is made to the kept sender address.
  await seller.goto(deal);
  const sellerCard = seller.getByTestId("returns-card");
  await expect(sellerCard).toContainText("Does not work");
  await expect(sellerCard).toContainText("A stuck aperture at f/8 as well.");
  await expect(sellerCard.getByRole("button", { name: "Accept the return" })).toBeVisible();
  await shots(seller, info, "asked-seller");
  await sellerCard.getByRole("button", { name: "Accept the return" }).click();
  await expectToast(seller, "Return accepted: the buyer gets a prepaid label to send it back.");
  await expect(seller.getByTestId("return-state")).toHaveText("Return: Accepted: the buyer sends it back");
  await expect(sellerCard.getByRole("button", { name: "Accept the return" })).toHaveCount(0);

  // The buyer prints the return label and sends it; the test carrier takes it back.
  await page.goto(deal);
  await expect(page.getByTestId("return-state")).toHaveText("Return: Accepted: the buyer sends it back");
  await expect(page.getByTestId("return-tracking")).toHaveText(/^Pay&Buy Test Post RET[0-9A-F]+$/);
  await expect(card.getByRole("link", { name: "Print the return label" })).toBeVisible();
  await expectAccessible(page, "The deal page with a return accepted, for its buyer");
  await shots(page, info, "accepted-buyer");
  await card.getByRole("link", { name: "Print the return label" }).click();
  const label = page.getByRole("article", { name: /label/i });
  await expect(label).toContainText("100 Court St");
  await expect(label).toContainText("1550 Wewatta St");
  await page.goto(deal);
  for (const state of ["Return: On its way back", "Return: Back at the seller: being checked"]) {
    await page
      .getByTestId("test-mode")
      .getByRole("button", { name: "Move the return parcel to its next step" })
      .click();
    await expectToast(page, "The test carrier moved the parcel on.");
    if (state.endsWith("checked")) await expect(page.getByTestId("return-state")).toHaveText(state);
  }
  await expect(page.getByTestId("return-state")).toHaveText("Return: Back at the seller: being checked");

  // The seller does not check it in time (the check's two days pass): the job refunds the buyer.
  await seller.goto(deal);
  await expect(sellerCard.getByRole("button", { name: "It came back as I sent it: refund the buyer" })).toBeVisible();
  await shots(seller, info, "back-seller");
  await executeSql(
    `UPDATE returns SET check_due_at = check_due_at - ${3 * 24 * 60 * 60 * 1000} WHERE booking_id = '${bookingId}'`,
  );
  expect((await page.request.get("/__scheduled?cron=*/5+*+*+*+*")).ok()).toBe(true);
  await page.goto(deal);
  await expect(page.getByTestId("return-state")).toHaveText("Return: Refunded");
  await expect(page.getByTestId("return-refund")).toHaveText("$ 33.99");
  await expect(page.getByTestId("deal-status")).toHaveText("Refunded to the buyer");
  await expectAccessible(page, "The deal page of a refunded return, for its buyer");
  await shots(page, info, "refunded-buyer");

  // The seller's money: the refund, and the fault's return label owed.
  await seller.goto("/dashboard/payouts");
  const sale = seller.getByRole("row").filter({ hasText: name });
  await expect(sale.first()).toContainText(/Refunded/);
  // Nothing was sent to the seller, and the fault's return label is theirs to pay.
  const money = seller.getByRole("region", { name: "Your money" });
  const moneyFigure = (term: string) =>
    money
      .locator("dl > div")
      .filter({ has: seller.getByRole("term").getByText(term, { exact: true }) })
      .getByRole("definition");
  await expect(money.getByText(/^You owe \$\s\d+\.\d\d: .*or a return label for a fault\./)).toBeVisible();
  await expect(moneyFigure("On its way to your bank")).toHaveText("$ 0.00");
  await expect(moneyFigure("Refunded to buyers")).toHaveText("$ 33.99");
  await expect(moneyFigure("You owe")).not.toHaveText("$ 0.00");
  await shots(seller, info, "payouts-seller");
  const statement = await csvOf(seller, "Your money by month", "Download the statement (CSV)");
  expect(statement).toContain(`Refunded to the buyer,${name},`);
  expect(statement).toContain(`Return label for a fault: owed by you,${name},`);
  await sellerContext.close();

  // The platform's statement: this month's refunds and what sellers owe count it.
  await page.context().clearCookies();
  await signIn(page, DEMO.admin);
  await page.goto("/dashboard/claims");
  const platform = await csvOf(page, "The platform's money by month", "Download the platform's statement (CSV)");
  const month = new Date().toISOString().slice(0, 7);
  const [header = "", ...rows] = platform.split("\r\n");
  const columns = header.split(",");
  const line = (rows.find((row) => row.startsWith(`${month},USD,`)) ?? "").split(",");
  const figure = (column: string) => Number(line[columns.indexOf(column)]);
  expect(figure("Refunded to buyers")).toBeGreaterThanOrEqual(33.99);
  expect(figure("Owed by sellers")).toBeGreaterThan(0);
});

test("a return the seller declines goes to the admin, who refunds the buyer in full", async ({
  page,
  browser,
}, info) => {
  test.slow();
  const { seller, sellerContext, name, deal } = await deliveredDeal(page, browser, info, "Fungus Lens");
  await askForReturn(page, "Fungus threads inside the front element.");

  // Declining needs words to the buyer: refused without them, then sent.
  await seller.goto(deal);
  const sellerCard = seller.getByTestId("returns-card");
  await sellerCard.getByRole("button", { name: "Decline: an admin decides" }).click();
  await expect(seller.getByTestId("return-state")).toHaveText("Return: Asked: the seller answers");
  await seller
    .getByTestId("returns-card")
    .getByLabel("Your words to the buyer (needed to offer or decline)")
    .fill("It left here clean: I checked it with a torch.");
  await seller.getByTestId("returns-card").getByRole("button", { name: "Decline: an admin decides" }).click();
  await expectToast(seller, "Return declined: an admin decides it with what you both sent.");
  await expect(seller.getByTestId("return-state")).toHaveText("Return: An admin decides");
  await sellerContext.close();

  await page.goto(deal);
  await expect(page.getByTestId("return-state")).toHaveText("Return: An admin decides");
  await expect(page.getByTestId("returns-card")).toContainText("It left here clean: I checked it with a torch.");
  await shots(page, info, "declined-buyer");

  // The admin reads both sides on Claims and refunds the buyer in full.
  await page.context().clearCookies();
  await signIn(page, DEMO.admin);
  await page.goto("/dashboard/claims");
  const item = page.getByRole("article", { name: `Return of ${name}` });
  await expect(item).toContainText("Fungus threads inside the front element.");
  await expect(item).toContainText("It left here clean: I checked it with a torch.");
  await expect(item).toContainText("The seller declined the return");
  await expectAccessible(page, "Returns to decide");
  await shots(page, info, "to-decide-admin");
  await item.getByLabel("Refund the buyer in full").check();
  await item.getByRole("button", { name: "Decide the return" }).click();
  await expectToast(page, "The return is decided.");
  await expect(page.getByRole("article", { name: `Return of ${name}` })).toHaveCount(0);
});
