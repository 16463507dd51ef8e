// Every page is valid HTML by the Nu HTML Checker (vnu), as the server sends it: signed out and as
// a buyer, a seller and an admin, every page their links reach (dialogs opened by their URL
// parameters included), the error pages and the payment page. The pages are found by following
// links, one page per shape of address, so a new page or dialog is checked once a link leads
// to it. All of them go to one run of vnu (a JVM start-up costs seconds).
import { type APIRequestContext, expect, request as requests, test } from "@playwright/test";
import { DEMO, sessionWithCode } from "./helpers";
import { type Fetched, vnuProblems } from "./vnu";

/** Addresses a crawl never follows: they leave the site, sign out, or are not pages. */
const NOT_PAGES = /^\/(api|images|assets|auth|covers|categories|logout|favicon|robots\.txt|sitemap)/;

/**
 * Pages no link leads to: errors, the one-time links' pages (a forged link too), the local outbox,
 * and a GET form's answers (a search by gear, "only gear that fits").
 */
const ALSO = [
  "/no/such/page",
  "/listings/no-such-listing",
  "/reset-password?token=forged",
  "/verify-email?token=forged",
  "/unsubscribe/forged",
  "/dev/outbox",
  "/search?mount=nikon-z&fits=1&camera=nikon-z6-ii",
];

/** The same page for another id, photo or page number: ids and numbers become placeholders. */
function shapeOf(url: URL): string {
  const path = url.pathname
    .split("/")
    .map((part) => (/\d/.test(part) && part.length > 8 ? ":id" : part))
    .join("/");
  const params = [...url.searchParams.entries()]
    .map(([name, value]) => `${name}=${["confirm", "categories"].includes(name) ? value : "…"}`)
    .sort();
  return `${path}?${params.join("&")}`;
}

/** Every page reachable by links from `start`, once per shape of address, as `who` gets it. */
async function crawl(context: APIRequestContext, who: string, start: string[]): Promise<Fetched[]> {
  const seen = new Set<string>();
  const queue = [...start];
  const pages: Fetched[] = [];
  while (queue.length > 0) {
    const path = queue.shift()!;
    const url = new URL(path, "http://site");
    const shape = shapeOf(url);
    if (seen.has(shape)) continue;
    seen.add(shape);
    const response = await context.get(path, { maxRedirects: 0 });
    // A redirect (a page that needs a sign-in) has no document to check.
    if (response.status() >= 300 && response.status() < 400) continue;
    if (!(response.headers()["content-type"] ?? "").startsWith("text/html")) continue;
    const html = await response.text();
    pages.push({ who, path, status: response.status(), html });
    for (const [, href] of html.matchAll(/<a\b[^>]*\shref="([^"#]+)/g)) {
      const next = new URL(href!.replaceAll("&amp;", "&"), url);
      if (next.host !== url.host || NOT_PAGES.test(next.pathname)) continue;
      if (!seen.has(shapeOf(next))) queue.push(next.pathname + next.search);
    }
  }
  return pages;
}

async function signedIn(baseURL: string, account: { email: string; password: string; totp?: string }) {
  // An account with two-factor sign-in (the admin) also sends its code.
  if (account.totp) {
    const cookies = await sessionWithCode(baseURL, { ...account, totp: account.totp });
    return requests.newContext({ baseURL, storageState: { cookies, origins: [] } });
  }
  const context = await requests.newContext({ baseURL });
  const response = await context.post("/login", {
    form: { email: account.email, password: account.password, website_confirm: "" },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${account.email}`).toBe(302);
  return context;
}

test("every page is valid HTML", async ({ baseURL }, info) => {
  test.skip(info.project.name === "no-js", "The server's documents are the same for both projects: checked once");
  test.setTimeout(240_000);
  const visitor = await requests.newContext({ baseURL });
  const buyer = await signedIn(baseURL!, DEMO.buyer);
  const seller = await signedIn(baseURL!, DEMO.seller);
  const admin = await signedIn(baseURL!, DEMO.admin);
  // Halfway through a sign-in with two-factor: the password is right, the code is asked for.
  const halfway = await requests.newContext({ baseURL });
  const first = await halfway.post("/login", {
    form: { email: DEMO.admin.email, password: DEMO.admin.password, website_confirm: "" },
    maxRedirects: 0,
  });
  expect(first.headers().location).toBe("/login/two-factor");
  const dashboard = ["/dashboard", "/dashboard/settings", "/dashboard/messages"];
  const pages = [
    ...(await crawl(visitor, "visitor", ["/", "/?categories=all", "/search?q=lens", ...ALSO])),
    ...(await crawl(buyer, "buyer", [
      "/",
      "/products/camera",
      "/dashboard/my_orders",
      "/dashboard/my_offers",
      "/dashboard/wishlist",
      ...dashboard,
      "/dashboard/add_product",
    ])),
    ...(await crawl(seller, "seller", [
      "/dashboard/my_product",
      "/dashboard/my_buyer",
      "/dashboard/offers",
      "/dashboard/add_product",
      // No link leads here: the Payouts tab's setup form is answered with a redirect to it.
      "/dashboard/payouts/test-onboarding",
      ...dashboard,
    ])),
    ...(await crawl(admin, "admin", [
      "/dashboard/all_sellers",
      "/dashboard/all_buyers",
      "/dashboard/reported_items",
      "/dashboard/serial_holds?serial=083021001234",
      ...dashboard,
    ])),
  ];
  // Its links are the visitor's: the page alone.
  const askingForCode = await halfway.get("/login/two-factor", { maxRedirects: 0 });
  expect(askingForCode.status(), "the two-factor step of a sign-in").toBe(200);
  pages.push({ who: "admin signing in", path: "/login/two-factor", status: 200, html: await askingForCode.text() });
  for (const context of [visitor, buyer, seller, admin, halfway]) await context.dispose();

  // The crawl reached what it must: a failure here means a link it relied on is gone.
  const reached = (who: string, pattern: RegExp) => pages.some((page) => page.who === who && pattern.test(page.path));
  for (const [who, pattern] of [
    ["visitor", /^\/listings\/[^/?]+$/],
    ["visitor", /^\/blog$/],
    ["visitor", /^\/no\/such\/page$/],
    ["visitor", /^\/forgot-password$/],
    ["visitor", /^\/reset-password\?token=/],
    ["visitor", /^\/verify-email\?token=/],
    ["buyer", /^\/dashboard\/settings\?.*confirm=delete-account/],
    ["buyer", /^\/dashboard\/settings\/two-factor$/],
    ["buyer", /^\/dashboard\/settings\/addresses$/],
    ["admin", /^\/dashboard\/settings\/two-factor$/],
    ["admin signing in", /^\/login\/two-factor$/],
    ["buyer", /^\/products\/[^/?]+$/],
    ["buyer", /[?&]book=/],
    ["buyer", /[?&]report=/],
    ["buyer", /^\/dashboard\/my_orders\?.*confirm=cancel/],
    ["buyer", /^\/dashboard\/payment\/[^/?]+$/],
    ["buyer", /^\/dashboard\/messages\/[^/?]+$/],
    ["seller", /^\/dashboard\/my_product\?.*confirm=delete/],
    ["seller", /^\/dashboard\/my_product\/[^/]+\/edit$/],
    ["seller", /^\/dashboard\/payouts$/],
    ["seller", /^\/dashboard\/payouts\/test-onboarding$/],
    ["admin", /^\/dashboard\/claims$/],
    ["buyer", /^\/dashboard\/my_offers$/],
    ["seller", /^\/dashboard\/offers$/],
    ["admin", /^\/dashboard\/all_sellers\?.*confirm=delete/],
    ["admin", /^\/dashboard\/all_buyers\?.*confirm=delete/],
    ["admin", /^\/dashboard\/reported_items\?.*confirm=remove/],
    ["visitor", /^\/listings\/[^/?]+\?camera=/],
    ["buyer", /^\/dashboard\/stolen_gear$/],
    ["seller", /^\/dashboard\/stolen_gear$/],
    ["admin", /^\/dashboard\/serial_holds\?.*confirm=remove/],
    ["admin", /^\/dashboard\/serial_holds\?.*confirm=delete/],
  ] as const) {
    expect(reached(who, pattern), `${who} reached ${pattern}`).toBe(true);
  }
  expect(pages.find((page) => page.path === "/no/such/page")?.status).toBe(404);
  expect(pages.find((page) => page.who === "buyer" && page.path === "/dashboard/add_product")?.status).toBe(403);

  expect(await vnuProblems(pages), `${pages.length} pages checked`).toEqual([]);
});
