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

export async function logout(page: Page) {
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("button", { name: "Logout" }).click();
  await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
}
