import { expect, type Page, type TestInfo } from "@playwright/test";

export const DEMO = {
  admin: { email: "admin@payandbuy.local", password: "admin-local-pass", name: "Avery Admin" },
  ops: { email: "ops@payandbuy.local", password: "ops-local-pass", name: "Ops Admin" },
  seller: { email: "maya@payandbuy.local", password: "seller-local-pass", name: "Maya Lens" },
  seller2: { email: "owen@payandbuy.local", password: "seller-local-pass", name: "Owen Shutter" },
  buyer: { email: "bea@payandbuy.local", password: "buyer-local-pass", name: "Bea Buyer" },
  buyer2: { email: "ben@payandbuy.local", password: "buyer-local-pass", name: "Ben Buyer" },
} as const;

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
    expect.objectContaining({ name: "__Host-pb_session" }),
  );
}

/**
 * Signs the browser of `page` in without opening the login page: the real POST /login, sent
 * from the page's request context, whose session cookie the browser shares. For journeys that
 * only start signed in; journeys about signing in use `login`.
 */
export async function signIn(page: Page, account: { email: string; password: string }) {
  await postAccountForm(page, "/login", { email: account.email, password: account.password });
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
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expectToast(page, "Booking Submitted Successfully");
  await page.goto("/dashboard/my_orders");
  await page.getByRole("row").filter({ hasText: product }).getByRole("link", { name: "Pay" }).click();
}

/** Pays the open payment page with the test provider's card that succeeds. */
export async function payWithTestCard(page: Page) {
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/39");
  await page.getByLabel("CVC", { exact: true }).fill("123");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expectToast(page, /Payment Successful/);
}
