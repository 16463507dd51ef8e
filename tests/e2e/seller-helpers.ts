import { readFileSync } from "node:fs";
import { type APIRequestContext, type Browser, expect, type Page, type TestInfo } from "@playwright/test";
import { expectToast, signUp, uniqueEmail, verifyEmailOf } from "./helpers";

/** A real photo from the seed (a small WebP). */
export const PHOTO = {
  name: "camera.webp",
  mimeType: "image/webp",
  buffer: readFileSync(new URL("../../scripts/seed/photos/camera-0.webp", import.meta.url)),
};

/** A name no other test, project or retry uses (it is looked for on the shared home page). */
export function uniqueProductName(info: TestInfo, label: string) {
  return `${label} ${info.project.name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * What a new seller does before buyers can book their listings: sets up payouts, here on the
 * offline provider's test onboarding page with the test bank account.
 */
export async function setUpTestPayouts(page: Page, holder = "Sam Seller") {
  await page.goto("/dashboard/payouts");
  await page.getByRole("button", { name: "Set up payouts" }).click();
  await expect(page.getByRole("heading", { name: "Test payout setup" })).toBeVisible();
  await page.getByLabel("Account holder").fill(holder);
  await page.getByLabel("Routing number").fill("110000000");
  await page.getByLabel("Account number").fill("000123456789");
  await page.getByRole("button", { name: "Complete test setup" }).click();
  await expectToast(page, "Payouts are set up: buyers can book your listings.");
}

/**
 * A new seller, registered, signed in and with the address verified from the letter (a seller's
 * listings are public only then), on the Add Product page; with payouts set up unless
 * `payouts: false` (until then buyers cannot book their listings).
 */
export async function registerSeller(
  page: Page,
  info: TestInfo,
  name = "Sam Seller",
  options: { payouts?: boolean } = {},
) {
  const email = uniqueEmail(info, "seller");
  await signUp(page, { name, email, password: "long enough", role: "seller" });
  await verifyEmailOf(page, email);
  if (options.payouts !== false) await setUpTestPayouts(page, name);
  await page.goto("/dashboard/add_product");
  await expect(page.getByRole("heading", { name: "Add Product" })).toBeVisible();
  return { name, email };
}

export const PRODUCT = {
  category: "Camera",
  condition: "Excellent",
  description: "Low shutter count, always kept in a bag.",
  originalPrice: "2,499",
  resalePrice: "19.99",
  purchaseYear: "2021",
  contact: "+1 415 555 0100",
  location: "Oakland, California",
};

export async function fillProductForm(page: Page, productName: string, fields: Partial<typeof PRODUCT> = {}) {
  const values = { ...PRODUCT, ...fields };
  await page.getByLabel("Product Name").fill(productName);
  await page.getByLabel("Product Category").selectOption({ label: values.category });
  await page.getByLabel("Product Condition").selectOption(values.condition);
  await page.getByLabel("Product Description").fill(values.description);
  await page.getByLabel("Original Price").fill(values.originalPrice);
  await page.getByLabel("Resale Price").fill(values.resalePrice);
  await page.getByLabel("Year Of Purchase").fill(values.purchaseYear);
  await page.getByLabel("Contact Number").fill(values.contact);
  await page.getByLabel("Location").fill(values.location);
}

/** A bearer token for the signed-in browser user (GET /api/jwt with its cookie). */
export async function bearerOf(request: APIRequestContext) {
  const response = await request.get("/api/jwt");
  expect(response.status()).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { Authorization: `Bearer ${accessToken}` };
}

/** A listing's shipping from Brooklyn at a flat $ 14.00, sent within 2 business days (ADR 0085). */
export const SHIPS_FROM_BROOKLYN = {
  shipsFromCountry: "US",
  shipsFromPostalCode: "11201",
  parcel: "small",
  shippingPrice: "14",
  handlingDays: "2",
} as const;

/** A product added through POST /api/product (the REST twin of the form), returning its id. */
export async function addProductByApi(
  request: APIRequestContext,
  auth: Record<string, string>,
  productName: string,
  extra: Record<string, string> = {},
) {
  const response = await request.post("/api/product", {
    headers: auth,
    multipart: {
      ...extra,
      productName,
      category: "camera",
      condition: PRODUCT.condition,
      description: PRODUCT.description,
      originalPrice: PRODUCT.originalPrice,
      resalePrice: PRODUCT.resalePrice,
      purchaseYear: PRODUCT.purchaseYear,
      contact: PRODUCT.contact,
      location: PRODUCT.location,
      img: PHOTO,
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** A listing of its own for a journey: a new seller (in a browser of its own) adds it by the API. */
export async function listingOfNewSeller(browser: Browser, info: TestInfo, label: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await registerSeller(page, info, "Lee Lister");
  const name = uniqueProductName(info, label);
  const id = await addProductByApi(page.request, await bearerOf(page.request), name);
  await context.close();
  return { id, name };
}

/**
 * A buyer books a listing that ships to Denver and pays with the test card, through the REST API
 * (the checkout has its own journey); returns the booking's id.
 */
export async function bookAndPayShippedByApi(request: APIRequestContext, productId: string, recipient: string) {
  const auth = await bearerOf(request);
  const booked = await request.post("/api/booking", {
    headers: auth,
    data: {
      productId,
      delivery: "ship",
      buyerContact: "+1 303 555 0101",
      recipient,
      line1: "1550 Wewatta St",
      city: "Denver",
      region: "CO",
      postalCode: "80202",
      country: "US",
    },
  });
  expect(booked.status()).toBe(201);
  const bookingId = ((await booked.json()) as { bookingResult: { insertedId: string } }).bookingResult.insertedId;
  const paid = await request.post("/api/payment", {
    headers: auth,
    data: { bookingId, card: { cardNumber: "4242424242424242", expiry: "12/40", cvc: "123" } },
  });
  expect(paid.status()).toBe(200);
  return bookingId;
}
