import { type Cookie, expect, type Page, request } from "@playwright/test";
import { stableId } from "../../scripts/seed/plan";
import { test } from "./fixtures";
import { DEMO, letterLink, sessionWithCode } from "./helpers";
import { PHOTO } from "./seller-helpers";

// Every page fits every screen: at a phone's 390×844 and a laptop's 1366×900, with JavaScript on
// and off, nothing scrolls sideways and no action of a table, a form or a dialog lies outside the
// screen (or outside a box that clips it). With LAYOUT_PHOTOS=1, each page is photographed at
// both sizes into test-results/screens/<project>/ for a person to look at (off by default: the
// full-page photographs cost minutes of a run and assert nothing). Lists and cards are also checked at
// 360, 768, 1024, 1280 and 1920 px. Signed-in pages use a session cookie from one sign-in per
// role. Pages that are not pages (robots.txt, sitemap.xml, logout, subscribe and the Google
// sign-in redirects) are left out.
test.describe.configure({ timeout: 120_000 });

type Role = "buyer" | "seller" | "admin";
type Viewport = { width: number; height: number };

const PHOTOGRAPHED: Viewport[] = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];
/** Photographs for a person to look at, only when asked for (`LAYOUT_PHOTOS=1`). */
const TAKE_PHOTOS = process.env.LAYOUT_PHOTOS === "1";
const MORE_WIDTHS: Viewport[] = [360, 768, 1024, 1280, 1920].map((width) => ({ width, height: 900 }));

// The seeded accounts whose pages have rows: Bea's open booking, Owen's sale to Ben.
const ACCOUNTS: Record<Role, { email: string; password: string; totp?: string }> = {
  buyer: DEMO.buyer,
  seller: DEMO.seller2,
  admin: DEMO.admin,
};

const cookies = new Map<Role, Cookie[]>();

/** A session cookie for the role, from one sign-in per worker (no page, no toast). */
async function sessionOf(role: Role, baseURL: string): Promise<Cookie[]> {
  const known = cookies.get(role);
  if (known) return known;
  const account = ACCOUNTS[role];
  // The admin signs in with its code (two-factor sign-in), through the helper every journey uses.
  if (account.totp) return sessionWithCode(baseURL, { ...account, totp: account.totp });
  const api = await request.newContext({ baseURL });
  const { email, password } = ACCOUNTS[role];
  const response = await api.post("/login", {
    form: { email, password, redirectTo: "/", website_confirm: "" },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in of ${email}`).toBe(302);
  if (role === "buyer") {
    // A wishlist with a row to show (adding twice changes nothing).
    const { accessToken } = await (await api.get("/api/jwt")).json();
    const advertised = (await (await api.get("/api/advertiseProduct")).json()) as Array<{ _id: string }>;
    await api.post("/api/wishlist", {
      headers: { Authorization: `Bearer ${accessToken}` },
      data: { productId: advertised.at(-1)!._id },
    });
  }
  const session = (await api.storageState()).cookies.filter((cookie) => cookie.name === "__Host-pb_session");
  await api.dispose();
  cookies.set(role, session);
  return session;
}

/** The first link of a page whose address opens a dialog (a confirmation, a booking…). */
async function firstDialogLink(page: Page, path: string, pattern: RegExp): Promise<string> {
  await page.goto(path);
  const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  const href = hrefs.find((candidate) => pattern.test(candidate));
  expect(href, `a link matching ${pattern} on ${path}`).toBeTruthy();
  return href!;
}

type Target = {
  name: string;
  as: Role | null;
  /** The address, or how to find it (a dialog opened from a link of another page). */
  path: string | ((page: Page) => Promise<string>);
  status?: number;
  /** Lists and cards: checked at more widths. */
  lists?: boolean;
  /** A dialog whose submit button must show without scrolling. */
  /** The dialog's decision, by its name (a pattern where it carries the amount). */
  submit?: string | RegExp;
};

const bookingOfBea = () => stableId("booking", "think-tank-retrospective-7-pinestone-seller1");

const TARGETS: Target[] = [
  { name: "home", as: null, path: "/", lists: true },
  { name: "home-alias", as: null, path: "/home" },
  { name: "home-all-categories", as: null, path: "/?categories=all" },
  { name: "blog", as: null, path: "/blog" },
  { name: "about", as: null, path: "/about" },
  { name: "login", as: null, path: "/login" },
  { name: "register", as: null, path: "/register" },
  { name: "help", as: null, path: "/help" },
  { name: "buyer-protection", as: null, path: "/buyer-protection" },
  { name: "terms", as: null, path: "/terms" },
  { name: "privacy", as: null, path: "/privacy" },
  { name: "contact", as: null, path: "/contact" },
  { name: "not-found", as: null, path: "/no/such/page", status: 404 },
  { name: "forgot-password", as: null, path: "/forgot-password" },
  { name: "reset-link-forged", as: null, path: `/reset-password?token=${"x".repeat(43)}`, status: 400 },
  { name: "verify-link-forged", as: null, path: `/verify-email?token=${"x".repeat(43)}`, status: 400 },
  { name: "unsubscribe-link-forged", as: null, path: "/unsubscribe/forged", status: 400 },
  { name: "settings", as: "buyer", path: "/dashboard/settings" },
  {
    name: "delete-account-confirmation",
    as: "buyer",
    path: "/dashboard/settings?confirm=delete-account",
    submit: "Delete my account",
  },
  { name: "two-factor-setup", as: "buyer", path: "/dashboard/settings/two-factor" },
  { name: "settings-admin", as: "admin", path: "/dashboard/settings" },
  { name: "home-signed-in", as: "buyer", path: "/", lists: true },
  { name: "category", as: "buyer", path: "/products/camera", lists: true },
  {
    name: "booking-dialog",
    as: "buyer",
    path: (page) => firstDialogLink(page, "/products/camera", /[?&]book=/),
    submit: /^Book and pay/,
  },
  {
    name: "report-dialog",
    as: "buyer",
    path: (page) => firstDialogLink(page, "/products/camera", /[?&]report=/),
    submit: "Send report",
  },
  {
    name: "wishlist-dialog",
    as: "buyer",
    path: async (page) => (await firstDialogLink(page, "/", /[?&]book=/)).replace("book=", "wishlist="),
    submit: "Add Wishlist",
  },
  { name: "seller-profile", as: null, path: async () => `/sellers/${await stableId("user", "seller2")}`, lists: true },
  // Owen's own profile shows the answer form under Ben's review; Bea opens its report form.
  { name: "seller-profile-own", as: "seller", path: async () => `/sellers/${await stableId("user", "seller2")}` },
  {
    name: "seller-profile-report-review",
    as: "buyer",
    path: async () =>
      `/sellers/${await stableId("user", "seller2")}?report=${await stableId("rating", "gordys-leather-neck-strap-tan-seller2")}`,
  },
  { name: "my-orders", as: "buyer", path: "/dashboard/my_orders", lists: true },
  {
    name: "cancel-confirmation",
    as: "buyer",
    path: async () => `/dashboard/my_orders?confirm=cancel&id=${await bookingOfBea()}`,
    submit: "Yes",
  },
  { name: "wishlist", as: "buyer", path: "/dashboard/wishlist", lists: true },
  { name: "payment", as: "buyer", path: async () => `/dashboard/payment/${await bookingOfBea()}` },
  { name: "forbidden", as: "buyer", path: "/dashboard/add_product", status: 403 },
  { name: "add-product", as: "seller", path: "/dashboard/add_product" },
  { name: "my-products", as: "seller", path: "/dashboard/my_product", lists: true },
  {
    name: "delete-product-confirmation",
    as: "seller",
    path: (page) => firstDialogLink(page, "/dashboard/my_product", /confirm=delete/),
    submit: "Yes",
  },
  { name: "my-buyers", as: "seller", path: "/dashboard/my_buyer", lists: true },
  { name: "my-offers", as: "buyer", path: "/dashboard/my_offers", lists: true },
  { name: "offers", as: "seller", path: "/dashboard/offers", lists: true },
  { name: "all-sellers", as: "admin", path: "/dashboard/all_sellers", lists: true },
  {
    name: "delete-seller-confirmation",
    as: "admin",
    path: (page) => firstDialogLink(page, "/dashboard/all_sellers", /confirm=delete/),
    submit: "Yes",
  },
  { name: "all-buyers", as: "admin", path: "/dashboard/all_buyers", lists: true },
  { name: "reported-items", as: "admin", path: "/dashboard/reported_items", lists: true },
  {
    name: "remove-listing-confirmation",
    as: "admin",
    path: (page) => firstDialogLink(page, "/dashboard/reported_items", /confirm=remove/),
    submit: "Yes",
  },
];

/** What does not fit: sideways scrolling, and actions off screen or cut off by their box. */
async function misfits(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width) {
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    }
    const shown = (element: Element) => {
      const style = getComputedStyle(element);
      return (
        element.getClientRects().length > 0 && style.visibility !== "hidden" && !element.closest("[aria-hidden='true']")
      );
    };
    const actions = document.querySelectorAll(
      "table a[href], table button, form button, form input[type='submit'], dialog a[href], dialog button",
    );
    for (const action of actions) {
      if (!shown(action)) continue;
      const box = action.getBoundingClientRect();
      const name = `${action.tagName.toLowerCase()} "${(action.getAttribute("aria-label") ?? action.textContent ?? "").trim()}"`;
      if (box.left < -0.5 || box.right > width + 0.5) {
        problems.push(`${name} lies outside the screen (${Math.round(box.left)}–${Math.round(box.right)} of ${width})`);
        continue;
      }
      for (let box2 = action.parentElement; box2; box2 = box2.parentElement) {
        if (getComputedStyle(box2).overflowX === "visible") continue;
        const clip = box2.getBoundingClientRect();
        if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) {
          problems.push(`${name} is cut off by its ${box2.tagName.toLowerCase()} box`);
          break;
        }
      }
    }
    return problems;
  });
}

for (const target of TARGETS) {
  test(`${target.name} fits every screen`, async ({ browser, baseURL }, info) => {
    const context = await browser.newContext({
      javaScriptEnabled: info.project.use.javaScriptEnabled !== false,
      viewport: PHOTOGRAPHED[0],
      // Only for the style below, which the photographs need; the policy is tested elsewhere.
      bypassCSP: true,
    });
    if (target.as) await context.addCookies(await sessionOf(target.as, baseURL!));
    const page = await context.newPage();
    const path = typeof target.path === "string" ? target.path : await target.path(page);
    const viewports = target.lists ? [...PHOTOGRAPHED, ...MORE_WIDTHS] : PHOTOGRAPHED;
    for (const viewport of viewports) {
      await page.setViewportSize(viewport);
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(target.status ?? 200);
      await expect(page.locator("html")).not.toHaveClass(/splash/);
      const size = `${viewport.width}x${viewport.height}`;
      expect(await misfits(page), `${path} at ${size}`).toEqual([]);
      if (target.submit) {
        // The dialog's decision shows without scrolling.
        const submit = page
          .getByRole("dialog")
          .getByRole(
            "button",
            typeof target.submit === "string" ? { name: target.submit, exact: true } : { name: target.submit },
          );
        await expect(submit, `${String(target.submit)} at ${size}`).toBeInViewport({ ratio: 1 });
      }
      if (TAKE_PHOTOS && PHOTOGRAPHED.includes(viewport)) {
        // Cards and the footer far from the screen skip their rendering (content-visibility,
        // ADR 0047), which a photograph of the whole page would show as blank boxes.
        // (Not addStyleTag, which waits for a load event that a page without JavaScript never fires.)
        await page.evaluate(() => {
          const style = document.createElement("style");
          style.textContent = "* { content-visibility: visible !important; }";
          document.head.appendChild(style);
        });
        await page.screenshot({
          path: `test-results/screens/${info.project.name}/${target.name}-${size}.png`,
          fullPage: true,
        });
      }
    }
    await context.close();
  });
}

/** An address of more than 50 characters with no hyphen: nothing in it offers a line break. */
function longEmail(info: { project: { name: string } }, label: string) {
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `${label}${info.project.name.replace(/\W/g, "")}${unique}averylongaddress@photographersguild.example`;
}

/** A new account with a long email, signed in by the real POST /register; its API context and token. */
async function longEmailAccount(baseURL: string, email: string, role: "buyer" | "seller") {
  const api = await request.newContext({ baseURL });
  const response = await api.post("/register", {
    form: { name: `Long ${role}`, email, password: "long enough pass", role, redirectTo: "/", website_confirm: "" },
    maxRedirects: 0,
  });
  expect(response.status(), `registration of ${email}`).toBe(302);
  if (role === "seller") {
    // A seller's listings are public once their address is verified: by the letter's link.
    const link = await letterLink({ request: api }, email, "Email verification");
    const token = new URL(link, baseURL).searchParams.get("token")!;
    const confirmed = await api.post(link, { form: { intent: "confirm", token }, maxRedirects: 0 });
    expect(confirmed.status(), `confirming ${email}`).toBe(302);
  }
  const { accessToken } = await (await api.get("/api/jwt")).json();
  const cookies = (await api.storageState()).cookies.filter((cookie) => cookie.name === "__Host-pb_session");
  if (role === "seller") {
    // Payouts set up (the offline provider's test onboarding): buyers can book the listings.
    const setUp = await api.post("/dashboard/payouts/test-onboarding", {
      form: {
        intent: "complete",
        accountHolder: `Long ${role}`,
        routingNumber: "110000000",
        accountNumber: "000123456789",
      },
      maxRedirects: 0,
    });
    expect(setUp.status(), `payouts of ${email}`).toBe(302);
  }
  return { api, auth: { Authorization: `Bearer ${accessToken}` }, cookies };
}

test("every dashboard table and its dialogs fit 390 and 1366 px with long emails and long product names", async ({
  browser,
  baseURL,
}, info) => {
  const sellerEmail = longEmail(info, "seller");
  const buyerEmail = longEmail(info, "buyer");
  const seller = await longEmailAccount(baseURL!, sellerEmail, "seller");
  const buyer = await longEmailAccount(baseURL!, buyerEmail, "buyer");
  // A name with one long word, as a model number or a run of words without spaces can be.
  const names = ["Sold", "Kept"].map((label) => `${label} Superwideangleaspherical${Date.now().toString(36)}lens`);
  const ids: string[] = [];
  for (const productName of names) {
    const added = await seller.api.post("/api/product", {
      headers: seller.auth,
      multipart: {
        productName,
        category: "camera",
        condition: "Excellent",
        description: "Kept in a bag.",
        originalPrice: "300",
        resalePrice: "200",
        purchaseYear: "2021",
        contact: "+1 415 555 0100",
        location: "Oakland",
        img: PHOTO,
      },
    });
    expect(added.status()).toBe(201);
    ids.push(((await added.json()) as { insertedId: string }).insertedId);
  }
  // The buyer pays for the first (My Buyers, My Orders), keeps the second and reports it.
  const booked = await buyer.api.post("/api/booking", {
    headers: buyer.auth,
    data: { productId: ids[0], meetLocation: "Oakland", buyerContact: "+1 415 555 0188" },
  });
  expect(booked.status()).toBe(201);
  const bookingId = ((await booked.json()) as { bookingResult: { insertedId: string } }).bookingResult.insertedId;
  const paid = await buyer.api.post("/api/payment", {
    headers: buyer.auth,
    data: { bookingId, card: { cardNumber: "4242424242424242", expiry: "12/39", cvc: "123" } },
  });
  expect(paid.status()).toBe(200);
  // The payment is held; the buyer's claim on it names both of them on the admin's Claims.
  const claimed = await buyer.api.post(`/api/bookings/${bookingId}/claim`, {
    headers: buyer.auth,
    data: { reason: "not_as_described", details: "The lens has a scratch." },
  });
  expect(claimed.status()).toBe(201);
  const claimId = ((await claimed.json()) as { _id: string })._id;
  expect((await buyer.api.post("/api/wishlist", { headers: buyer.auth, data: { productId: ids[1] } })).status()).toBe(
    201,
  );
  const reported = await buyer.api.post("/api/report", {
    headers: buyer.auth,
    data: { productId: ids[1], reason: "misleading" },
  });
  expect(reported.status()).toBe(201);

  const admin = await sessionOf("admin", baseURL!);
  const q = (text: string) => `?q=${encodeURIComponent(text)}`;
  const tables: Array<{ path: string; cookies: Cookie[]; shows: string }> = [
    { path: `/dashboard/all_sellers${q(sellerEmail)}`, cookies: admin, shows: sellerEmail },
    { path: `/dashboard/all_buyers${q(buyerEmail)}`, cookies: admin, shows: buyerEmail },
    { path: `/dashboard/reported_items${q(names[1]!)}`, cookies: admin, shows: buyerEmail },
    { path: "/dashboard/my_buyer", cookies: seller.cookies, shows: buyerEmail },
    { path: "/dashboard/my_product", cookies: seller.cookies, shows: names[1]! },
    { path: "/dashboard/my_orders", cookies: buyer.cookies, shows: names[0]! },
    { path: "/dashboard/wishlist", cookies: buyer.cookies, shows: sellerEmail },
    { path: "/dashboard/payouts", cookies: seller.cookies, shows: names[0]! },
    { path: "/dashboard/claims", cookies: admin, shows: sellerEmail },
    // The dialogs that name them.
    { path: `/listings/${ids[1]}?book=${ids[1]}`, cookies: buyer.cookies, shows: sellerEmail },
    { path: `/listings/${ids[1]}?report=${ids[1]}`, cookies: buyer.cookies, shows: `Report ${names[1]}` },
    { path: `/dashboard/claims?decide=${claimId}`, cookies: admin, shows: "Decide the claim" },
    {
      path: `/dashboard/reported_items${q(names[1]!)}&confirm=remove&id=${ids[1]}`,
      cookies: admin,
      shows: `remove the listing ${names[1]}`,
    },
  ];
  await Promise.all([seller.api.dispose(), buyer.api.dispose()]);
  for (const table of tables) {
    const context = await browser.newContext({ javaScriptEnabled: info.project.use.javaScriptEnabled !== false });
    await context.addCookies(table.cookies);
    const page = await context.newPage();
    for (const viewport of PHOTOGRAPHED) {
      await page.setViewportSize(viewport);
      expect((await page.goto(table.path))?.status(), table.path).toBe(200);
      await expect(page.getByText(table.shows).first()).toBeVisible();
      expect.soft(await misfits(page), `${table.path} at ${viewport.width}px`).toEqual([]);
    }
    await context.close();
  }
});
