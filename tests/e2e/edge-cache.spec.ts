// The edge cache (ADR 0037) as visitors meet it: a signed-out home page from the cache still
// shows a listing a seller just advertised, its scripts still run (allowed by their hashes), a
// signed-in visitor never sees a page made for someone else; buyers share a category page (ADR
// 0048) whose scripts run under each one's own nonce.
import { type APIResponse, type Browser, expect, type Page, type TestInfo } from "@playwright/test";
import { test } from "./fixtures";
import { signUp, uniqueEmail } from "./helpers";
import { addProductByApi, bearerOf, registerSeller, uniqueProductName } from "./seller-helpers";

/** The page's Content-Security-Policy complaints, from the moment it is called. */
function policyComplaints(page: Page): string[] {
  const complaints: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load)/i.test(message.text())) complaints.push(message.text());
  });
  return complaints;
}

async function signedOutPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  return { context, page: await context.newPage() };
}

/** Two buyers signed up, each in a browser of their own, their family name `family`. */
async function twoBuyers(browser: Browser, info: TestInfo, family: string) {
  const js = info.project.name === "js";
  const suffix = `${info.project.name}${Date.now().toString(36)}`;
  const people = [`Quinn ${family} ${suffix}`, `Rowan ${family} ${suffix}`];
  const pages: Page[] = [];
  for (const name of people) {
    const context = await browser.newContext({ javaScriptEnabled: js });
    const page = await context.newPage();
    await signUp(page, { name, email: uniqueEmail(info, family.toLowerCase()), password: "long enough" });
    pages.push(page);
  }
  return { people, pages };
}

test("a signed-out home page from the cache shows a listing as soon as its seller advertises it", async ({
  page,
  browser,
}, info) => {
  const js = info.project.name === "js";
  const visitor = await signedOutPage(browser, js);
  const complaints = policyComplaints(visitor.page);
  await visitor.page.goto("/");
  // The next request is served from the cache; a listing changed by a journey running beside this
  // one makes the page anew once (a MISS that stores it again), so the request is retried.
  let stored: APIResponse | undefined;
  await expect
    .poll(async () => {
      stored = await visitor.page.request.get("/");
      return stored.headers()["x-cache"];
    })
    .toBe("HIT");
  // The stored page allows its inline scripts by their hashes, and they run.
  expect(stored?.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[^']+')+/);
  await visitor.page.goto("/");
  if (js) await expect.poll(() => visitor.page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(true);
  expect(complaints).toEqual([]);

  // A seller adds a listing and advertises it on My Products (a plain form).
  await registerSeller(page, info, "Cass Cacheseller");
  const name = uniqueProductName(info, "Canon AE-1 Edge");
  const id = await addProductByApi(page.request, await bearerOf(page.request), name);
  await page.goto("/dashboard/my_product");
  await page.getByRole("button", { name: `Advertise ${name}` }).click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Released");

  await visitor.page.goto("/");
  const advertisement = visitor.page.getByRole("region", { name: "Sell simply, Buy safely." });
  await expect(advertisement.getByRole("article", { name })).toBeVisible();
  await visitor.page.goto(`/listings/${id}`);
  await expect(visitor.page.getByRole("heading", { name, level: 1 })).toBeVisible();
  expect(complaints).toEqual([]);
  await visitor.context.close();

  // Leave the shared home page as the seed made it.
  expect((await page.request.delete(`/api/product/${id}`, { headers: await bearerOf(page.request) })).status()).toBe(
    200,
  );
});

test("signed-in visitors never see a page made for someone else", async ({ browser }, info) => {
  const js = info.project.name === "js";
  const { people, pages } = await twoBuyers(browser, info, "Cachereader");
  const visitor = await signedOutPage(browser, js);
  for (let round = 0; round < 2; round++) {
    // Signed out first: the page is stored; then each signed-in visitor, who must get their own.
    await visitor.page.goto("/");
    expect(await visitor.page.content()).not.toContain("Cachereader");
    expect(await visitor.page.getByRole("button", { name: "Logout" }).count()).toBe(0);
    for (const [index, page] of pages.entries()) {
      const response = await page.goto("/");
      expect(response?.headers()["x-cache"]).toBe("BYPASS");
      expect(response?.headers()["cache-control"]).toBe("private, no-store");
      await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
      // The frame names no one; the dashboard names its own visitor only.
      expect(await page.content()).not.toContain("Cachereader");
      await page.goto("/dashboard");
      await expect(page.getByText(`Signed in as ${people[index]!}`)).toBeVisible();
      expect(await page.content()).not.toContain(people[1 - index]!);
      // A category page is rendered for its visitor and names neither of them.
      const category = await page.goto("/products/camera");
      expect(category?.headers()["cache-control"]).toBe("private, no-store");
      await expect(page.getByRole("heading", { level: 1, name: "Camera" })).toBeVisible();
      expect(await page.content()).not.toContain("Cachereader");
    }
  }
  await visitor.context.close();
  for (const page of pages) await page.context().close();
});

test("a signed-in category page is rendered for its visitor, its scripts under the page's own nonce", async ({
  browser,
}, info) => {
  const js = info.project.name === "js";
  const { pages } = await twoBuyers(browser, info, "Ownpage");
  for (const page of pages) {
    const complaints = policyComplaints(page);
    const response = await page.goto("/products/camera");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["x-cache"]).toBe("BYPASS");
    await expect(page.getByRole("heading", { level: 1, name: "Camera" })).toBeVisible();
    if (js) await expect(page.locator("html[data-hydrated=true]")).toBeAttached();
    expect(complaints).toEqual([]);
  }
  // The page works as the visitor's own: its search form filters.
  const page = pages[1]!;
  await page
    .getByRole("searchbox", { name: /search/i })
    .first()
    .fill("leica");
  await page
    .getByRole("searchbox", { name: /search/i })
    .first()
    .press("Enter");
  await expect(page).toHaveURL(/q=leica/);
  for (const each of pages) await each.context().close();
});
