import { type APIRequestContext, type Cookie, expect, type Page, request, type TestInfo, test } from "@playwright/test";
import { E2E_STATE } from "../../playwright.config";
import { claimSession } from "./sessions";
import { totpCode } from "./totp";

export { totpCode };

/** Accounts of the local seed (README). The admin signs in with two-factor sign-in: its key makes its codes. */
export const DEMO = {
  admin: {
    email: "admin@payandbuy.local",
    password: "admin-local-pass",
    name: "Avery Admin",
    totp: "PAYANDBUYDEMOADMINLOCALONLY23456",
  },
  // Made by the admin command (tests/e2e/serve.sh), without two-factor sign-in yet: one per project.
  ops: { email: "ops@payandbuy.local", password: "ops-local-pass", name: "Ops Admin" },
  ops2: { email: "ops2@payandbuy.local", password: "ops-local-pass", name: "Ops Admin" },
  seller: { email: "maya@payandbuy.local", password: "seller-local-pass", name: "Maya Lens" },
  seller2: { email: "owen@payandbuy.local", password: "seller-local-pass", name: "Owen Shutter" },
  buyer: { email: "bea@payandbuy.local", password: "buyer-local-pass", name: "Bea Buyer" },
  buyer2: { email: "ben@payandbuy.local", password: "buyer-local-pass", name: "Ben Buyer" },
} as const;

/** The session cookie's name (app/server/auth.server.ts). */
const SESSION_COOKIE = "__Host-pb_session";

/** An email no other test (or project, or retry) uses. */
export function uniqueEmail(info: TestInfo, label: string): string {
  const random = Math.random().toString(36).slice(2, 8);
  return `${label}-${info.project.name}-${Date.now()}-${random}@example.com`;
}

/** Signs in through the login page, as a person does: for the journeys about signing in. */
export async function login(page: Page, account: { email: string; password: string }, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email*").fill(account.email);
  await page.getByLabel("Password*", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

export async function register(
  page: Page,
  fields: { name: string; email: string; password: string; role?: "Buyer" | "Seller" },
) {
  await page.getByLabel("Name*").fill(fields.name);
  await page.getByLabel("Email*").fill(fields.email);
  await page.getByLabel("Password*", { exact: true }).fill(fields.password);
  if (fields.role) await page.getByLabel(fields.role, { exact: true }).check();
  await page.getByRole("button", { name: "Register" }).click();
}

export async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.getByRole("status")).toContainText(text);
}

/** Signs out through the header's Logout button, as a person does: for the journeys about signing out. */
export async function logout(page: Page) {
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Logout" }).click();
  await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
}

/**
 * Signs the browser of `page` out without using the header: the real POST /logout, sent from the
 * page's request context. For journeys that hand the browser to another account half-way, where a
 * click on Logout could race the page's own navigation (a dialog closing, a toast's revalidation).
 */
export async function signOut(page: Page) {
  const response = await page.request.post("/logout", { maxRedirects: 0 });
  expect(response.status(), "POST /logout").toBe(302);
  expect(await page.context().cookies(), "the session cookie is gone").not.toContainEqual(
    expect.objectContaining({ name: SESSION_COOKIE }),
  );
}

/** The session cookies of accounts with two-factor sign-in this worker signed in (a code works once). */
const signedInWithCode = new Map<string, Cookie[]>();

/**
 * The session cookies of an account with two-factor sign-in: this worker's earlier session of the
 * account while it lasts, else one made before the journeys ran (tests/e2e/global-setup.ts),
 * else signed in as its owner would be: the real POST /login, then a code from its key to
 * /login/two-factor. A code works once: if another worker used this step's code a moment ago,
 * the next step's code is sent, and if both are taken, the next pair's. For journeys that only
 * start signed in (and any request context: `addCookies`).
 */
export async function sessionWithCode(
  baseURL: string,
  account: { email: string; password: string; totp: string },
): Promise<Cookie[]> {
  const kept = signedInWithCode.get(account.email);
  const api = await request.newContext({ baseURL, storageState: kept ? { cookies: kept, origins: [] } : undefined });
  try {
    if (kept && (await api.get("/dashboard/settings", { maxRedirects: 0 })).status() === 200) return kept;
    // A session made before the journeys ran (tests/e2e/global-setup.ts), if one is left.
    const made = claimSession(E2E_STATE, account.email);
    if (made) {
      const cookies = [sessionCookie(baseURL, made)];
      signedInWithCode.set(account.email, cookies);
      return cookies;
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      const first = await api.post("/login", {
        form: { email: account.email, password: account.password, website_confirm: "" },
        maxRedirects: 0,
      });
      expect(first.headers().location, `POST /login for ${account.email}`).toBe("/login/two-factor");
      for (const offset of [0, 1]) {
        const second = await api.post("/login/two-factor", {
          form: { code: totpCode(account.totp, offset) },
          maxRedirects: 0,
        });
        if (second.status() === 302) {
          const cookies = (await api.storageState()).cookies.filter((cookie) => cookie.name === "__Host-pb_session");
          expect(cookies, "the session cookie is kept").toHaveLength(1);
          signedInWithCode.set(account.email, cookies);
          return cookies;
        }
      }
      // Both codes taken: the next step's pair (the test is given the time it waits).
      const wait = 30_000 - (Date.now() % 30_000) + 200;
      test.info().setTimeout(test.info().timeout + wait);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    throw new Error(`Could not sign in ${account.email} with a code`);
  } finally {
    await api.dispose();
  }
}

/**
 * Signs the browser of `page` in without opening the login page. A demo account gets a session
 * of its own that was made before the journeys ran (tests/e2e/global-setup.ts): its cookie is
 * set in the browser, and the server is sent no password (nor, for the admin, a code). Any other
 * account (one a journey made) signs in by the real POST /login, sent from the page's request
 * context, whose session cookie the browser shares; an account with two-factor sign-in also
 * sends its code (`sessionWithCode`), as its owner would. For journeys that only start signed
 * in; journeys about signing in use `login`.
 */
export async function signIn(page: Page, account: { email: string; password: string; totp?: string }) {
  const baseURL = test.info().project.use.baseURL!;
  const made = claimSession(E2E_STATE, account.email);
  if (made) {
    await page.context().addCookies([sessionCookie(baseURL, made)]);
    return;
  }
  if (!account.totp) {
    await postAccountForm(page, "/login", { email: account.email, password: account.password });
    return;
  }
  await page.context().addCookies(await sessionWithCode(baseURL, { ...account, totp: account.totp }));
}

/** The session cookie as the server sets it (`__Host-`: this host only, path /, secure, HttpOnly). */
function sessionCookie(baseURL: string, value: string): Cookie {
  return {
    name: SESSION_COOKIE,
    value,
    domain: new URL(baseURL).hostname,
    path: "/",
    expires: -1,
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
  };
}

/**
 * The one-time link in the newest letter of a kind (as the outbox names it: "Password reset",
 * "Email verification", "Email change") to an address, as a path of this site, read from the
 * local outbox (/dev/outbox). The queue delivers in the background: the outbox is read again
 * until the letter is there. `except` skips a link already used.
 */
export async function letterLink(
  page: { request: APIRequestContext },
  to: string,
  kind: string,
  except: string[] = [],
): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const html = await (await page.request.get("/dev/outbox")).text();
    const rows = html.split("<tr>").slice(1);
    const links = rows
      .filter((row) => row.includes(`<td>${kind}</td><td>${to}</td>`))
      .map((row) => /https?:\/\/[^\s<]+\?token=[A-Za-z0-9_-]+/.exec(row)?.[0])
      .filter((found): found is string => Boolean(found))
      .map((found) => {
        const url = new URL(found);
        return `${url.pathname}${url.search}`;
      })
      .filter((found) => !except.includes(found));
    link = links[0];
    expect(link, `a "${kind}" letter to ${to}`).toBeTruthy();
  }).toPass({ timeout: 30_000, intervals: [250, 500, 1_000] });
  return link!;
}

/** Whether a letter of a kind to an address is in the outbox (read once). */
export async function hasLetter(page: Page, to: string, kind: string, subject?: string): Promise<boolean> {
  const html = await (await page.request.get("/dev/outbox")).text();
  return html
    .split("<tr>")
    .some((row) => row.includes(`<td>${kind}</td><td>${to}</td>`) && (!subject || row.includes(subject)));
}

/**
 * Verifies a new account's address the way its owner does, without leaving the page: the link
 * from the letter in the outbox, confirmed (the page's form, posted from the page's request
 * context).
 */
export async function verifyEmailOf(page: Page, email: string) {
  const link = await letterLink(page, email, "Email verification");
  const token = new URL(link, "http://local.invalid").searchParams.get("token")!;
  const response = await page.request.post(link, { form: { intent: "confirm", token }, maxRedirects: 0 });
  expect(response.status(), `confirming ${email}`).toBe(302);
  await page.context().clearCookies({ name: "pb_toast" });
}

/** A new account, made by the real POST /register from the page's request context, signed in. */
export async function signUp(
  page: Page,
  fields: { name: string; email: string; password: string; role?: "buyer" | "seller" },
) {
  await postAccountForm(page, "/register", { role: "buyer", ...fields });
}

async function postAccountForm(page: Page, path: string, fields: Record<string, string>) {
  const response = await page.request.post(path, { form: { ...fields, website_confirm: "" }, maxRedirects: 0 });
  expect(response.status(), `POST ${path} for ${fields.email} (${await response.text()})`).toBe(302);
  expect(await page.context().cookies(), "the session cookie is kept").toContainEqual(
    expect.objectContaining({ name: "__Host-pb_session" }),
  );
  // The welcome toast belongs to the page that signs in, not to the first page the journey opens.
  await page.context().clearCookies({ name: "pb_toast" });
}

/** A listing's card on the page, found by its name. */
export function listingCard(page: Page, name: string) {
  return page.getByRole("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/** Books a listing from its category page's card and opens its payment page from My Orders. */
export async function bookAndOpenPayment(page: Page, category: string, product: string) {
  await page.goto(`/products/${encodeURIComponent(category)}`);
  await bookFromCardAndOpenPayment(page, product);
}

/** Books the listing whose card is on the page and opens its payment page from My Orders. */
export async function bookFromCardAndOpenPayment(page: Page, product: string) {
  await listingCard(page, product)
    .getByRole("link", { name: /Book Now/ })
    .click();
  const dialog = page.getByRole("dialog", { name: `Book ${product}` });
  await dialog.getByLabel("Your Location*").fill("Coffee bar on 5th");
  await dialog.getByLabel("Your Contact*").fill("+1 212 555 0188");
  await dialog.getByRole("button", { name: /^Book and pay/ }).click();
  // Booked: straight on to its payment (ADR 0101).
  await expectToast(page, "Booking Submitted Successfully");
  await expect(page).toHaveURL(/\/dashboard\/payment\//);
}

/** Pays the open payment page with the test provider's card that succeeds. */
export async function payWithTestCard(page: Page) {
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/39");
  await page.getByLabel("CVC", { exact: true }).fill("123");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expectToast(page, /Payment Successful/);
}

/** A meetup booking of a listing, then paid with the test card from My Orders. */
export async function bookAndPay(page: Page, listing: { id: string; name: string }) {
  await page.goto(`/listings/${listing.id}`);
  await page.getByRole("link", { name: `Book Now: ${listing.name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Book ${listing.name}` });
  await dialog.getByLabel("Your Location*").fill("Lake Merritt");
  await dialog.getByLabel("Your Contact*").fill("+1 510 555 0123");
  await dialog.getByRole("button", { name: /^Book and pay/ }).click();
  // Booked: straight on to its payment (ADR 0101).
  await expectToast(page, "Booking Submitted Successfully");
  await payWithTestCard(page);
}

/**
 * "I received it as described" on My Orders: it asks first, in words, what it pays (a dialog with
 * JavaScript, the page's own confirmation without), then its Yes releases the money.
 */
export async function confirmReceipt(
  page: Page,
  name: string,
  question: string | RegExp = /This pays .+ now and ends your buyer protection\./,
) {
  await page.goto("/dashboard/my_orders");
  const row = page.getByRole("row").filter({ hasText: name });
  await row.getByRole("link", { name: `I received it as described: ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "I received it as described" });
  await expect(dialog).toContainText(question);
  await dialog.getByRole("button", { name: "Yes, pay the seller" }).click();
  await expectToast(page, "Thank you: the payment is released to the seller.");
}
