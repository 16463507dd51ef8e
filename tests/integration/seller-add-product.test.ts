import { describe, expect, it } from "vitest";
import { LISTING_FORM_MAX_BYTES } from "#app/domain/catalog/listing-schema";
import { PHOTO_MAX_BYTES } from "#app/domain/catalog/photo-keys";
import { get, signedInUser } from "./auth-helpers";
import { amountsIn, insertCategory } from "./factories";
import { hasElement } from "./markup";
import {
  paddedPhoto,
  photoFile,
  postAddProduct,
  productForm,
  productRows,
  storedPhotoKeys,
  textFile,
  toastCookieFrom,
  validFields,
} from "./seller-helpers";
import { testEnv } from "./test-env";

async function sellerWithCategory() {
  await insertCategory({ title: "Camera" });
  return signedInUser("seller", { name: "Maya Seller", email: "maya@example.com" });
}

async function expectNothingStored() {
  expect(await productRows()).toHaveLength(0);
  expect(await storedPhotoKeys()).toEqual([]);
}

describe("Add Product page", () => {
  it("shows the form with the seller's name and email read-only, and the categories", async () => {
    const { cookie } = await sellerWithCategory();
    const response = await get("/dashboard/add_product", { Cookie: cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Pay&amp;Buy Add Product</title>");
    expect(hasElement(html, "input", { id: "seller-name", name: "name", readonly: true, value: "Maya Seller" })).toBe(
      true,
    );
    expect(
      hasElement(html, "input", {
        id: "seller-email",
        name: "email",
        type: "email",
        readonly: true,
        value: "maya@example.com",
      }),
    ).toBe(true);
    expect(
      hasElement(html, "form", { method: "post", action: "/dashboard/add_product", enctype: "multipart/form-data" }),
    ).toBe(true);
    expect(html).toContain('<option value="camera">Camera</option>');
    for (const condition of ["Excellent", "Good", "Fair"]) expect(html).toContain(`<option value="${condition}">`);
  });

  it("is for sellers only", async () => {
    const { cookie } = await signedInUser("buyer");
    expect((await get("/dashboard/add_product", { Cookie: cookie })).status).toBe(403);
    const signedOut = await get("/dashboard/add_product");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%2Fadd_product");
  });
});

describe("adding a product", () => {
  it("stores the product (available, not advertised) and its photo, then goes to My Products with a toast", async () => {
    const { user, cookie } = await sellerWithCategory();
    const response = await postAddProduct(cookie, productForm(validFields(), photoFile("webp")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/my_product");
    const [product] = await productRows();
    expect(product).toMatchObject({
      sellerId: user.id,
      name: "Canon EOS R6",
      condition: "Excellent",
      originalPriceCents: 249_900,
      resalePriceCents: 1999,
      purchaseYear: 2021,
      status: "available",
      advertised: false,
      deletedAt: null,
    });
    // The cover is the key of the photo's renditions; only renditions are stored.
    expect(product!.photoKey).toMatch(/^p-[0-9a-f]{32}$/);
    expect((await storedPhotoKeys()).sort()).toEqual(
      [320, 640, 1280].map((width) => `${product!.photoKey}-${width}.webp`).sort(),
    );
    const photo = await get(`/images/${product!.photoKey}-640.webp`);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("Content-Type")).toBe("image/webp");
    const page = await get("/dashboard/my_product", { Cookie: `${cookie}; ${toastCookieFrom(response)}` });
    const html = await page.text();
    expect(html).toContain("Product added Successfully");
    expect(html).toContain("Canon EOS R6");
  });

  it.each([
    ["19.99", 1999],
    ["20", 2000],
    ["0.1", 10],
    ["$1,299.5", 129_950],
    ["100000", 10_000_000],
  ])("reads the price %s as %i cents, without floating point", async (typed, cents) => {
    const { cookie } = await sellerWithCategory();
    const response = await postAddProduct(cookie, productForm(validFields({ resalePrice: typed }), photoFile()));
    expect(response.status).toBe(302);
    expect((await productRows())[0]!.resalePriceCents).toBe(cents);
  });

  it("ignores the Name and Email fields: the seller is the signed-in user", async () => {
    const { user, cookie } = await sellerWithCategory();
    const other = await signedInUser("seller", { email: "owen@example.com" });
    const form = productForm(validFields(), photoFile(), { name: "Mallory", email: other.user.email });
    expect((await postAddProduct(cookie, form)).status).toBe(302);
    const [product] = await productRows();
    expect(product!.sellerId).toBe(user.id);
  });

  it("accepts JPEG, PNG, WebP and AVIF by their first bytes, whatever the file is called", async () => {
    const { cookie } = await sellerWithCategory();
    for (const kind of ["jpeg", "png", "webp", "avif"] as const) {
      const response = await postAddProduct(
        cookie,
        productForm(validFields(), photoFile(kind, undefined, "photo.bin")),
      );
      expect(response.status, kind).toBe(302);
    }
    // Whatever came in, what is stored is WebP renditions.
    const covers = (await productRows()).map((row) => row.photoKey);
    expect(covers.every((key) => /^p-[0-9a-f]{32}$/.test(key ?? ""))).toBe(true);
    const stored = await storedPhotoKeys();
    expect(stored).toHaveLength(4 * 3);
    for (const key of stored) {
      expect((await testEnv.PHOTOS.head(key))!.httpMetadata!.contentType).toBe("image/webp");
    }
  });
});

describe("validation", () => {
  it("shows every required message, keeps nothing and answers 400", async () => {
    const { cookie } = await sellerWithCategory();
    const empty = Object.fromEntries(Object.keys(validFields()).map((name) => [name, ""]));
    const response = await postAddProduct(cookie, productForm(empty, null));
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of [
      "product name is required",
      "category is required",
      "condition is required",
      "description is required",
      "original price is required",
      "resale price is required",
      "year of use is required",
      "contact is required",
      "location is required",
      "photo is required",
    ]) {
      expect(html).toContain(message);
    }
    expect(html).toContain('aria-invalid="true"');
    await expectNothingStored();
  });

  const year = new Date().getUTCFullYear();
  it.each([
    [
      "Resale price must be an amount in US dollars, such as 1250 or 1249.50",
      { originalPrice: "1250", resalePrice: "abc" },
    ],
    ["Original price must be an amount in US dollars, such as 1250 or 1249.50", { originalPrice: "abc" }],
    ["Resale price must be an amount in US dollars, such as 1250 or 1249.50", { resalePrice: "-5" }],
    [amountsIn("Resale price must be between $ 0.01 and $ 100,000.00"), { resalePrice: "0" }],
    [amountsIn("Original price must be between $ 0.01 and $ 100,000.00"), { originalPrice: "100000.01" }],
    ["Resale price must be an amount in US dollars, such as 1250 or 1249.50", { resalePrice: "19.999" }],
    [`Year of purchase must be between 1900 and ${year}`, { purchaseYear: "1899" }],
    [`Year of purchase must be between 1900 and ${year}`, { purchaseYear: String(year + 1) }],
    [`Year of purchase must be between 1900 and ${year}`, { purchaseYear: "20x1" }],
    ["Contact number must be a phone number, such as +1 415 555 0100", { contact: "call me maybe" }],
    ["Contact number must be a phone number, such as +1 415 555 0100", { contact: "12345" }],
    ["Product name should be at most 120 characters", { productName: "x".repeat(121) }],
    ["Description should be at most 2000 characters", { description: "x".repeat(2001) }],
    ["Contact number should be at most 30 characters", { contact: "+1 415 555 0100 000000000000000" }],
    ["Location should be at most 120 characters", { location: "x".repeat(121) }],
    ["Choose Excellent, Good or Fair.", { condition: "Mint" }],
    ["product name is required", { productName: "   " }],
  ])("says %s, keeping the other values", async (message, overrides: Record<string, string>) => {
    const { cookie } = await sellerWithCategory();
    const response = await postAddProduct(cookie, productForm(validFields(overrides), photoFile()));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message);
    expect(html).toContain(overrides.productName === undefined ? "Canon EOS R6" : "Oakland, California");
    expect(html).toContain("Please choose the photos again");
    await expectNothingStored();
  });

  it("refuses a category that does not exist, after the upload, and removes the uploaded photo", async () => {
    const { cookie } = await sellerWithCategory();
    const response = await postAddProduct(cookie, productForm(validFields({ category: "spaceships" }), photoFile()));
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("Choose a category from the list.");
    await expectNothingStored();
  });

  it("removes the uploaded photo when the database write fails", async () => {
    const { cookie } = await sellerWithCategory();
    await testEnv.DB.prepare(
      "CREATE TRIGGER products_insert_fails BEFORE INSERT ON products BEGIN SELECT RAISE(ABORT, 'simulated D1 failure'); END",
    ).run();
    const response = await postAddProduct(cookie, productForm(validFields(), photoFile()));
    expect(response.status).toBe(500);
    await expectNothingStored();
  });
});

describe("photo uploads", () => {
  it("accepts a photo of exactly 5 MB (and stores its renditions, not the upload)", async () => {
    const { cookie } = await sellerWithCategory();
    const file = new File([paddedPhoto("jpeg", PHOTO_MAX_BYTES)], "big.jpg", { type: "image/jpeg" });
    expect(file.size).toBe(PHOTO_MAX_BYTES);
    const response = await postAddProduct(cookie, productForm(validFields(), file));
    expect(response.status).toBe(302);
    const stored = await storedPhotoKeys();
    expect(stored).toHaveLength(3);
    for (const key of stored) expect((await testEnv.PHOTOS.head(key))!.size).toBeLessThan(PHOTO_MAX_BYTES);
  });

  it("refuses a photo of 5 MB and one byte", async () => {
    const { cookie } = await sellerWithCategory();
    const response = await postAddProduct(cookie, productForm(validFields(), photoFile("jpeg", PHOTO_MAX_BYTES + 1)));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("The photo must be 5 MB or smaller.");
    expect(html).toContain("Canon EOS R6");
    await expectNothingStored();
  });

  it("refuses a request larger than eight photos before reading it", async () => {
    const { cookie } = await sellerWithCategory();
    const response = await postAddProduct(
      cookie,
      productForm(validFields(), photoFile("jpeg", LISTING_FORM_MAX_BYTES + 1024)),
    );
    expect(response.status).toBe(413);
    expect(await response.text()).toContain("The photo must be 5 MB or smaller.");
    await expectNothingStored();
  });

  it.each([
    [
      "wrong magic bytes with a .jpg name and type",
      () => new File([new Uint8Array(300).fill(7)], "camera.jpg", { type: "image/jpeg" }),
    ],
    [
      "an SVG",
      () =>
        textFile(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          "camera.svg",
          "image/svg+xml",
        ),
    ],
    [
      "an SVG renamed to .png",
      () => textFile('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>', "camera.png", "image/png"),
    ],
    ["an HTML file", () => textFile("<!doctype html><h1>hello</h1>", "camera.html", "text/html")],
    [
      "an HTML file named like a photo",
      () => textFile("<html><script>alert(1)</script></html>", "camera.webp", "image/webp"),
    ],
    ["a renamed text file", () => textFile("just some notes about my camera", "camera.jpg", "image/jpeg")],
    [
      "a HEIC photo",
      () =>
        new File([new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode("ftypheicmif1heic")])], "camera.heic", {
          type: "image/heic",
        }),
    ],
  ])("refuses %s: nothing is stored", async (_label, file) => {
    const { cookie } = await sellerWithCategory();
    const response = await postAddProduct(cookie, productForm(validFields(), file()));
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("The photo must be a JPEG, PNG, WebP or AVIF image.");
    await expectNothingStored();
  });

  it("refuses an empty file", async () => {
    const { cookie } = await sellerWithCategory();
    const response = await postAddProduct(
      cookie,
      productForm(validFields(), new File([], "camera.jpg", { type: "image/jpeg" })),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("The photo file is empty. Choose a JPEG, PNG, WebP or AVIF image.");
    await expectNothingStored();
  });
});

describe("who may add", () => {
  it("refuses a buyer's post and stores nothing", async () => {
    await insertCategory({ title: "Camera" });
    const { cookie } = await signedInUser("buyer");
    const response = await postAddProduct(cookie, productForm(validFields(), photoFile()));
    expect(response.status).toBe(403);
    await expectNothingStored();
  });
});
