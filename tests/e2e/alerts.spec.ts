import { expect } from "@playwright/test";
import { test } from "./fixtures";
import { expectToast, signUp, uniqueEmail } from "./helpers";
import { addProductByApi, bearerOf, registerSeller, uniqueProductName } from "./seller-helpers";

// Saved searches (ADR 0062): a buyer saves a search, a seller lists a matching item, the scheduled
// job matches it and the buyer's letter arrives in the outbox with an unsubscribe link that works
// signed out. The first letter of a user is due at once; later ones a day after the last.

/** The unsubscribe link (a path: the local server has no APP_URL) of the buyer's letter, once it is there. */
async function letterUnsubscribeLink(
  request: import("@playwright/test").APIRequestContext,
  to: string,
  listing: string,
): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    // Each tick reads the next listings after the ones it read before (the seed's, other journeys').
    expect((await request.get("/__scheduled?cron=*/5+*+*+*+*")).ok()).toBe(true);
    const html = await (await request.get("/dev/outbox")).text();
    const row = html
      .split("<tr>")
      .find((found) => found.includes(`<td>Saved search matches</td><td>${to}</td>`) && found.includes(listing));
    link = row ? /\/unsubscribe\/[A-Za-z0-9_.-]+/.exec(row)?.[0] : undefined;
    expect(link, `a letter of new matches to ${to}`).toBeTruthy();
  }).toPass({ timeout: 60_000, intervals: [500, 1_000, 2_000] });
  return link!;
}

test("a saved search's letter arrives after a matching listing appears, and its unsubscribe link works signed out", async ({
  page,
  browser,
}, info) => {
  const listing = uniqueProductName(info, "Alertcam");
  const buyer = uniqueEmail(info, "alerted");
  await signUp(page, { name: "Alma Alerted", email: buyer, password: "long enough" });

  // The buyer searches, finds nothing yet, and asks to be emailed new matches.
  await page.goto(`/search?${new URLSearchParams({ q: listing })}`);
  await expect(page.getByText("No listing matches this search.")).toBeVisible();
  await page.getByLabel("Name of this search").fill("My Alertcam");
  await page.getByRole("button", { name: "Email me new matches" }).click();
  await expectToast(page, "Search saved: we will email you new matches.");
  await page.goto("/dashboard/settings");
  await expect(page.getByRole("link", { name: "My Alertcam" })).toBeVisible();

  // A seller lists a matching item.
  const context = await browser.newContext();
  const sellerPage = await context.newPage();
  await registerSeller(sellerPage, info, "Lee Lister");
  await addProductByApi(sellerPage.request, await bearerOf(sellerPage.request), listing);
  await context.close();

  // The scheduled job runs; the letter is in the outbox.
  const link = await letterUnsubscribeLink(page.request, buyer, listing);

  // Signed out, the link asks first, and unsubscribes on the button.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Unsubscribe" })).toBeVisible();
  await expect(page.getByText("Saved search matches")).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expectToast(page, /You are unsubscribed/);

  // Signed in again, Settings shows the kind off.
  await page.request.post("/login", { form: { email: buyer, password: "long enough", website_confirm: "" } });
  await page.goto("/dashboard/settings");
  await expect(page.getByRole("checkbox", { name: /Saved search matches/ })).not.toBeChecked();
});
