import { expect, type Page, type TestInfo } from "@playwright/test";
import { stableId } from "../../scripts/seed/plan";
import { test } from "./fixtures";
import { DEMO, expectToast, signIn, signOut, signUp, uniqueEmail } from "./helpers";

/** Each project books its own seeded listing of Owen's, so runs never collide. */
const LISTINGS = {
  js: { key: "sony-tough-cfexpress-type-a-160gb-seller2", name: "Sony TOUGH CFexpress Type A 160GB" },
  "no-js": {
    key: "billingham-hadley-pro-khaki-seller2",
    name: "Billingham Hadley Pro, Khaki FibreNyte / Chocolate Leather",
  },
} as const;

const listingOf = (info: TestInfo) => LISTINGS[info.project.name === "js" ? "js" : "no-js"];

async function book(page: Page, productId: string, name: string) {
  await page.goto(`/listings/${productId}?book=${productId}`);
  const dialog = page.getByRole("dialog", { name: `Book ${name}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Your Location*").fill("Union Square");
  await dialog.getByLabel("Your Contact*").fill("+1 415 555 0199");
  await dialog.getByRole("button", { name: /^Book and pay/ }).click();
  await expectToast(page, "Booking Submitted Successfully");
}

async function send(page: Page, text: string, info: TestInfo) {
  // With JavaScript the form is sent without reloading the page: a mark left on the window stays.
  if (info.project.name === "js") await page.evaluate(() => Object.assign(window, { pbStillHere: true }));
  await page.getByLabel("Your message").fill(text);
  await page.getByRole("button", { name: "Send message" }).click();
  const thread = page.getByRole("list", { name: "Messages, oldest first" });
  await expect(thread.getByText(text)).toBeVisible();
  await expect(page.getByLabel("Your message")).toHaveValue("");
  if (info.project.name === "js") {
    expect(await page.evaluate(() => (window as unknown as { pbStillHere?: boolean }).pbStillHere)).toBe(true);
  }
}

test("buyer and seller talk about a booking; the seller sees the unread badge; a third user cannot open it", async ({
  page,
}, info) => {
  const listing = listingOf(info);
  const productId = await stableId("product", listing.key);
  const buyer = { name: "Quinn Asker", email: uniqueEmail(info, "asker"), password: "long enough" };
  await signUp(page, buyer);
  await book(page, productId, listing.name);

  // From My Orders to the conversation with the seller.
  await page.goto("/dashboard/my_orders");
  await page
    .getByRole("row")
    .filter({ hasText: listing.name })
    .getByRole("link", { name: `Message seller: ${listing.name}` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Conversation with Owen Shutter" })).toBeVisible();
  // An empty message is refused with a message; nothing is sent.
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Write a message.")).toBeVisible();
  await expect(page.getByText("No messages yet.")).toBeVisible();
  const question = `Can we meet at noon? <b>${info.project.name}</b>`;
  await send(page, question, info);
  const threadUrl = page.url();

  // The seller sees the unread badge, opens the conversation, replies.
  await signOut(page);
  await signIn(page, DEMO.seller2);
  await page.goto("/dashboard/my_product");
  const tab = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: /^Messages/ });
  await expect(tab).toHaveAccessibleName(/^Messages \d+ unread messages?$/);
  await tab.click();
  await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
  const conversation = page.getByRole("listitem").filter({ hasText: listing.name });
  await expect(conversation).toContainText("1 unread");
  await expect(conversation).toContainText(question);
  await conversation.getByRole("link", { name: /Quinn Asker/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Conversation with Quinn Asker" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Messages, oldest first" }).getByText(question)).toBeVisible();
  await send(page, "Noon works. See you at Union Square.", info);
  await page.goto("/dashboard/messages");
  await expect(page.getByRole("listitem").filter({ hasText: listing.name })).not.toContainText("unread");

  // The buyer sees the reply.
  await signOut(page);
  await signIn(page, buyer);
  await page.goto("/dashboard/messages");
  await expect(page.getByRole("listitem").filter({ hasText: listing.name })).toContainText("1 unread");
  await page.goto(threadUrl);
  const thread = page.getByRole("list", { name: "Messages, oldest first" });
  await expect(thread.getByRole("listitem")).toHaveCount(2);
  await expect(thread.getByRole("listitem").nth(0)).toContainText(question);
  await expect(thread.getByRole("listitem").nth(1)).toContainText("Noon works. See you at Union Square.");

  // Anyone else is told there is no such page.
  await signOut(page);
  await signUp(page, { name: "Nosy Parker", email: uniqueEmail(info, "nosy"), password: "long enough" });
  const response = await page.goto(threadUrl);
  expect(response?.status()).toBe(404);
  await expect(page.getByText(question)).toHaveCount(0);
});
