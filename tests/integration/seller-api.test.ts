import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LISTING_FORM_MAX_BYTES } from "#app/domain/catalog/listing-schema";
import { PHOTO_MAX_BYTES } from "#app/domain/catalog/photo-keys";
import { products } from "#db/schema";
import { bearerFor, ORIGIN, signedInUser } from "./auth-helpers";
import { insertCategory, insertProduct, insertSale, insertUser } from "./factories";
import {
  db,
  photoFile,
  productForm,
  productRows,
  storedPhotoKeys,
  storedPhotoStems,
  textFile,
  validFields,
} from "./seller-helpers";

function api(path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  return SELF.fetch(`${ORIGIN}/api${path}`, { ...init, headers, body });
}

async function setUp() {
  const category = await insertCategory({ title: "Camera Lens" });
  const me = await insertUser({ role: "seller", name: "Maya Seller", email: "maya@example.com" });
  const other = await insertUser({ role: "seller", name: "Owen Seller", email: "owen@example.com" });
  return { category, me, other, auth: { Authorization: await bearerFor(me.id) } };
}

type ProductRecord = Record<string, unknown> & { _id: string };

describe("POST /api/product", () => {
  it("creates the product from multipart fields and the photo, as the token's seller", async () => {
    const { me, other, auth } = await setUp();
    const form = productForm(validFields({ category: "camera lens" }), photoFile("png"), {
      // Spec fields the server decides itself: ignored.
      name: "Mallory",
      email: other.email,
      date: "1999-01-01T00:00:00.000Z",
      isBooking: "true",
    });
    const response = await api("/product?email=owen@example.com", { method: "POST", headers: auth, body: form });
    expect(response.status).toBe(201);
    const body = await response.json<{ acknowledged: boolean; insertedId: string }>();
    expect(body.acknowledged).toBe(true);
    const [row] = await productRows();
    expect(row).toMatchObject({
      id: body.insertedId,
      sellerId: me.id,
      resalePriceCents: 1999,
      status: "available",
      advertised: false,
    });
    expect(row!.createdAt.getUTCFullYear()).toBeGreaterThan(2000);
    // Its price is set as it is made: a drop is measured from it once it is kept a day (ADR 0077).
    expect(row!.priceSetAt).toEqual(row!.createdAt);
    expect(row).toMatchObject({ previousPriceCents: null, previousPriceUntil: null, priceDroppedAt: null });
    expect(await storedPhotoStems()).toEqual([row!.photoKey]);
  });

  it("answers invalid fields with 422 and the form's messages, storing nothing", async () => {
    const { auth } = await setUp();
    const response = await api("/product", {
      method: "POST",
      headers: auth,
      body: productForm(validFields({ productName: "", resalePrice: "12.345", location: "" }), null),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      error: {
        status: 422,
        code: "invalid",
        fields: {
          productName: ["product name is required"],
          resalePrice: ["Resale price must be an amount in US dollars, such as 1250 or 1249.50"],
          location: ["location is required"],
          img: ["photo is required"],
        },
      },
    });
    expect(await productRows()).toHaveLength(0);
  });

  it("refuses line breaks and other control characters in the one-line fields (422), storing nothing", async () => {
    const { auth } = await setUp();
    const cases: Array<[string, string]> = [
      ["productName", "Lens X\r\nBcc: victim@example.com"],
      ["productName", "Lens\u0000X"],
      ["productName", "Lens\u2028X"],
      ["location", "Oakland\nSubject: hi"],
      ["category", "camera\tlens"],
      ["contact", "+1 415\r\n555 0100"],
    ];
    for (const [field, value] of cases) {
      const response = await api("/product", {
        method: "POST",
        headers: auth,
        body: productForm(validFields({ category: "camera lens", [field]: value }), photoFile()),
      });
      expect(response.status, JSON.stringify(value)).toBe(422);
      const body = await response.json<{ error: { fields: Record<string, string[]> } }>();
      expect(Object.keys(body.error.fields), JSON.stringify(value)).toEqual([field]);
    }
    // Spaces and tabs around a value are trimmed, as before: a tab inside is not.
    const trimmed = await api("/product", {
      method: "POST",
      headers: auth,
      body: productForm(validFields({ category: "camera lens", productName: "\tLens X\r\n" }), photoFile()),
    });
    expect(trimmed.status).toBe(201);
    expect((await productRows()).map((row) => row.name)).toEqual(["Lens X"]);
    expect(await storedPhotoStems()).toHaveLength(1);
  });

  it("refuses photos that are not photos, or too large, storing nothing", async () => {
    const { auth } = await setUp();
    const cases: Array<[File, number, string]> = [
      [
        textFile("<svg xmlns='http://www.w3.org/2000/svg'/>", "a.jpg", "image/jpeg"),
        422,
        "The photo must be a JPEG, PNG, WebP or AVIF image.",
      ],
      [photoFile("jpeg", PHOTO_MAX_BYTES + 1), 422, "The photo must be 5 MB or smaller."],
      [photoFile("jpeg", LISTING_FORM_MAX_BYTES + 1024), 413, "The photo must be 5 MB or smaller."],
    ];
    for (const [file, status, message] of cases) {
      const response = await api("/product", { method: "POST", headers: auth, body: productForm(validFields(), file) });
      expect(response.status, message).toBe(status);
      expect(await response.json()).toMatchObject({ error: { message } });
    }
    expect(await productRows()).toHaveLength(0);
    expect(await storedPhotoKeys()).toEqual([]);
  });

  it("removes the photo again when the category does not exist", async () => {
    const { auth } = await setUp();
    const response = await api("/product", {
      method: "POST",
      headers: auth,
      body: productForm(validFields({ category: "boats" }), photoFile()),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      error: { fields: { category: ["Choose a category from the list."] } },
    });
    expect(await storedPhotoKeys()).toEqual([]);
  });

  it("wants multipart: JSON is a 415", async () => {
    const { auth } = await setUp();
    const response = await api("/product", {
      method: "POST",
      headers: auth,
      json: { ...validFields(), img: "https://example.com/a.jpg" },
    });
    expect(response.status).toBe(415);
  });
});

describe("GET /api/product", () => {
  it("lists the caller's products in the spec's shape, whatever the email parameter says", async () => {
    const { category, me, other, auth } = await setUp();
    const createdAt = new Date(Date.UTC(2026, 1, 2, 3, 4, 5));
    await insertProduct({
      sellerId: me.id,
      categoryId: category.id,
      name: "Mine",
      originalPriceCents: 250_000,
      resalePriceCents: 1999,
      photoKey: `p-${"a".repeat(32)}.webp`,
      advertised: true,
      createdAt,
    });
    await insertProduct({ sellerId: other.id, categoryId: category.id, name: "Theirs" });
    await insertProduct({ sellerId: me.id, categoryId: category.id, name: "Deleted", deletedAt: new Date() });
    const response = await api(`/product?email=${encodeURIComponent(other.email)}`, { headers: auth });
    expect(response.status).toBe(200);
    const list = await response.json<ProductRecord[]>();
    expect(list).toHaveLength(1);
    expect(list[0]).toEqual({
      _id: expect.any(String),
      name: "Maya Seller",
      email: "maya@example.com",
      productName: "Mine",
      category: "camera lens",
      condition: "Good",
      description: "A well-kept item.",
      originalPrice: 2500,
      resalePrice: 19.99,
      originalPriceCents: 250_000,
      resalePriceCents: 1999,
      purchaseYear: 2022,
      contact: "+1 415 555 0100",
      location: "Oakland, California",
      // A meetup (ADR 0085): no shipping detail.
      delivery: "meetup",
      shipsFromCountry: null,
      shipsFromPostalCode: null,
      parcel: null,
      shippingPrice: null,
      shippingPriceCents: null,
      handlingDays: null,
      // A meetup takes back faults only (ADR 0106).
      returnPolicy: "faults_only",
      img: `${ORIGIN}/images/p-${"a".repeat(32)}.webp`,
      date: "2026-02-02T03:04:05.000Z",
      isBooking: false,
      isAdvertise: true,
      isSold: false,
      isRemoved: false,
      isHeldForReview: false,
      gear: {
        kind: null,
        brand: null,
        model: null,
        mount: null,
        sensorFormat: null,
        shutterCount: null,
        focalLengthMm: null,
        maxAperture: null,
      },
      serialNumber: null,
      offersAccepted: true,
    });
  });
});

describe("PUT /api/product/:id", () => {
  it("advertises the caller's product once: modifiedCount 1, then 0", async () => {
    const { category, me, auth } = await setUp();
    const product = await insertProduct({ sellerId: me.id, categoryId: category.id });
    const first = await api(`/product/${product.id}`, { method: "PUT", headers: auth, json: { isAdvertise: true } });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    const again = await api(`/product/${product.id}`, { method: "PUT", headers: auth, json: { isAdvertise: true } });
    expect(await again.json()).toEqual({ acknowledged: true, modifiedCount: 0 });
  });

  it("refuses another seller's product (404) and bodies other than {isAdvertise: true} (422)", async () => {
    const { category, me, other, auth } = await setUp();
    const theirs = await insertProduct({ sellerId: other.id, categoryId: category.id });
    const mine = await insertProduct({ sellerId: me.id, categoryId: category.id });
    const foreign = await api(`/product/${theirs.id}`, { method: "PUT", headers: auth, json: { isAdvertise: true } });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ error: { code: "not_found" } });
    const [row] = await db().select().from(products).where(eq(products.id, theirs.id));
    expect(row!.advertised).toBe(false);
    for (const json of [{ isAdvertise: false }, {}, "yes"]) {
      expect((await api(`/product/${mine.id}`, { method: "PUT", headers: auth, json })).status).toBe(422);
    }
    expect(
      (
        await api(`/product/${mine.id}`, {
          method: "PUT",
          headers: { ...auth, "Content-Type": "application/json" },
          body: "{",
        })
      ).status,
    ).toBe(422);
  });

  it("answers 409 for a sold product", async () => {
    const { category, me, auth } = await setUp();
    const buyer = await insertUser();
    const sold = await insertProduct({ sellerId: me.id, categoryId: category.id });
    await insertSale({
      productId: sold.id,
      buyerId: buyer.id,
      sellerId: me.id,
      amountCents: 500,
      transactionId: "tx_api",
    });
    const response = await api(`/product/${sold.id}`, { method: "PUT", headers: auth, json: { isAdvertise: true } });
    expect(response.status).toBe(409);
  });
});

describe("DELETE /api/product/:id", () => {
  it("soft-deletes the caller's product: deletedCount 1; another seller's is a 404 and stays", async () => {
    const { category, me, other, auth } = await setUp();
    const mine = await insertProduct({ sellerId: me.id, categoryId: category.id });
    const theirs = await insertProduct({ sellerId: other.id, categoryId: category.id });
    const foreign = await api(`/product/${theirs.id}`, { method: "DELETE", headers: auth });
    expect(foreign.status).toBe(404);
    const response = await api(`/product/${mine.id}?email=${encodeURIComponent(other.email)}`, {
      method: "DELETE",
      headers: auth,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const rows = await productRows();
    expect(rows.find((row) => row.id === mine.id)!.deletedAt).toBeInstanceOf(Date);
    expect(rows.find((row) => row.id === theirs.id)!.deletedAt).toBeNull();
    expect((await api(`/product/${mine.id}`, { method: "DELETE", headers: auth })).status).toBe(404);
  });
});

describe("GET /api/sellerSBuyer", () => {
  it("lists the caller's sales only, with prices in dollars and cents", async () => {
    const { category, me, other, auth } = await setUp();
    const buyer = await insertUser({ name: "Bea Buyer", email: "bea@example.com" });
    const mine = await insertProduct({ sellerId: me.id, categoryId: category.id, name: "Sold Lens" });
    const theirs = await insertProduct({ sellerId: other.id, categoryId: category.id });
    const paidAt = new Date(Date.UTC(2026, 3, 4, 5, 6, 7));
    const { payment } = await insertSale({
      productId: mine.id,
      buyerId: buyer.id,
      sellerId: me.id,
      amountCents: 123_456,
      transactionId: "pi_1",
      paidAt,
    });
    await insertSale({
      productId: theirs.id,
      buyerId: buyer.id,
      sellerId: other.id,
      amountCents: 100,
      transactionId: "pi_2",
    });
    const response = await api(`/sellerSBuyer?email=${encodeURIComponent(other.email)}`, { headers: auth });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([
      {
        _id: payment.id,
        buyerName: "Bea Buyer",
        buyerEmail: "bea@example.com",
        productId: mine.id,
        productName: "Sold Lens",
        price: 1234.56,
        priceCents: 123_456,
        currency: "usd",
        paymentTime: "2026-04-04T05:06:07.000Z",
        transactionId: "pi_1",
      },
    ]);
  });
});

describe("who may call", () => {
  const calls: Array<[string, string]> = [
    ["POST", "/product"],
    ["GET", "/product"],
    ["PUT", "/product/any-id"],
    ["DELETE", "/product/any-id"],
    ["GET", "/sellerSBuyer"],
  ];

  it("needs a bearer token (401), a web cookie is not one", async () => {
    const { cookie } = await signedInUser("seller");
    for (const [method, path] of calls) {
      const response = await api(path, { method, headers: { Cookie: cookie } });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toContain("Bearer");
    }
    expect((await api("/product", { headers: { Authorization: "Bearer nope" } })).status).toBe(401);
  });

  it("refuses buyers and admins (403), and changes nothing", async () => {
    const { category, me } = await setUp();
    const product = await insertProduct({ sellerId: me.id, categoryId: category.id });
    for (const role of ["buyer", "admin"] as const) {
      const user = await insertUser({ role });
      const auth = { Authorization: await bearerFor(user.id) };
      for (const [method, path] of calls) {
        const target = path.replace("any-id", product.id);
        const init: RequestInit & { json?: unknown } = { method, headers: auth };
        if (method === "PUT") init.json = { isAdvertise: true };
        if (method === "POST") init.body = productForm(validFields(), photoFile());
        const response = await api(target, init);
        expect(response.status, `${role} ${method} ${path}`).toBe(403);
        expect(await response.json()).toMatchObject({ error: { code: "forbidden" } });
      }
    }
    const [row] = await db().select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ advertised: false, deletedAt: null });
    expect(await productRows()).toHaveLength(1);
    expect(await storedPhotoKeys()).toEqual([]);
  });

  it("keeps other /api paths a JSON 404", async () => {
    expect((await api("/products-of-everyone")).status).toBe(404);
  });
});
