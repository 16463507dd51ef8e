import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { bookings, products, users } from "#db/schema";
import { bearerFor, ORIGIN } from "./auth-helpers";
import { insertCategory, insertProduct, insertUser } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);

function api(path: string, init: { method?: string; json?: unknown; auth?: string } = {}) {
  const headers = new Headers();
  if (init.auth) headers.set("Authorization", init.auth);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  return SELF.fetch(`${ORIGIN}/api${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

async function world() {
  const camera = await insertCategory({ title: "Camera", position: 1 });
  await insertCategory({ title: "Camera Lens", position: 2 });
  await insertCategory({ title: "Tripod", position: 3 });
  await insertCategory({ title: "Battery", position: 4 });
  const seller = await insertUser({ role: "seller", name: "Vera", verifiedAt: new Date() });
  const product = await insertProduct({
    sellerId: seller.id,
    categoryId: camera.id,
    name: "Nikon Z6",
    advertised: true,
    resalePriceCents: 99_950,
    originalPriceCents: 199_900,
  });
  const buyerA = await insertUser({ role: "buyer" });
  const buyerB = await insertUser({ role: "buyer" });
  return {
    seller,
    product,
    buyerA,
    buyerB,
    auth: {
      a: await bearerFor(buyerA.id),
      b: await bearerFor(buyerB.id),
      seller: await bearerFor(seller.id),
      admin: await bearerFor((await insertUser({ role: "admin" })).id),
    },
  };
}

describe("public storefront calls", () => {
  it("lists advertised products in the spec's shape", async () => {
    const { product, seller } = await world();
    const list = await (await api("/advertiseProduct")).json<Array<Record<string, unknown>>>();
    expect(list).toEqual([
      expect.objectContaining({
        _id: product.id,
        productName: "Nikon Z6",
        resalePrice: 999.5,
        resalePriceCents: 99_950,
        originalPrice: 1999,
        name: "Vera",
        email: seller.email,
        isSellerVerification: true,
      }),
    ]);
  });

  it("lists categories with a size, and all of them without", async () => {
    await world();
    expect(await (await api("/category?size=3")).json()).toMatchObject({
      count: 4,
      result: [{ categoryTitle: "Camera" }, { categoryTitle: "Camera Lens" }, { categoryTitle: "Tripod" }],
    });
    expect((await (await api("/category")).json<{ result: unknown[] }>()).result).toHaveLength(4);
    expect((await api("/category?size=-1")).status).toBe(422);
    expect((await api("/category?size=abc")).status).toBe(422);
  });
});

describe("GET /api/products", () => {
  it("needs a token and a known category", async () => {
    const { auth, product } = await world();
    expect((await api("/products?path=camera")).status).toBe(401);
    const response = await api("/products?path=camera", { auth: auth.a });
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("1");
    expect(await response.json()).toEqual([expect.objectContaining({ _id: product.id, category: "camera" })]);
    expect((await api("/products?path=nothing", { auth: auth.a })).status).toBe(404);
    expect((await api("/products", { auth: auth.a })).status).toBe(422);
  });
});

describe("booking calls", () => {
  it("books for the token's buyer at the product's price, whatever price is sent", async () => {
    const { auth, product, buyerA } = await world();
    const response = await api("/booking?email=someone-else@example.com", {
      method: "POST",
      auth: auth.a,
      json: {
        productId: product.id,
        meetLocation: "Pier 39",
        buyerContact: "+1 415 555 0102",
        productPrice: 1,
        buyerEmail: "x@example.com",
      },
    });
    expect(response.status).toBe(201);
    const body = await response.json<{
      bookingResult: { acknowledged: boolean; insertedId: string };
      replacementResult: { modifiedCount: number };
    }>();
    expect(body).toMatchObject({ bookingResult: { acknowledged: true }, replacementResult: { modifiedCount: 1 } });
    const [row] = await db().select().from(bookings).where(eq(bookings.id, body.bookingResult.insertedId));
    expect(row).toMatchObject({ buyerId: buyerA.id, priceCents: 99_950 });
    const again = await api("/booking", {
      method: "POST",
      auth: auth.b,
      json: { productId: product.id, meetLocation: "x", buyerContact: "+1 415 555 0103" },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: { status: 409, message: "Sorry, this product has just been booked by someone else." },
    });
  });

  it("refuses a meeting place with a line break or another control character (422), booking nothing", async () => {
    const { auth, product } = await world();
    for (const meetLocation of ["Pier 39\r\nBcc: x@example.com", "Pier\u000739", "Pier\u008539"]) {
      const response = await api("/booking", {
        method: "POST",
        auth: auth.a,
        json: { productId: product.id, meetLocation, buyerContact: "+1 415 555 0102" },
      });
      expect(response.status, JSON.stringify(meetLocation)).toBe(422);
      expect(await response.json()).toMatchObject({ error: { fields: { meetLocation: [expect.any(String)] } } });
    }
    expect(await db().select().from(bookings)).toEqual([]);
  });

  it("refuses sellers, admins, missing tokens and bad bodies", async () => {
    const { auth, product } = await world();
    const body = { productId: product.id, meetLocation: "x", buyerContact: "+1 415 555 0103" };
    expect((await api("/booking", { method: "POST", json: body })).status).toBe(401);
    expect((await api("/booking", { method: "POST", auth: auth.seller, json: body })).status).toBe(403);
    expect((await api("/booking", { method: "POST", auth: auth.admin, json: body })).status).toBe(403);
    const invalid = await api("/booking", { method: "POST", auth: auth.a, json: { productId: product.id } });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({
      error: { fields: { meetLocation: ["Your location is required"], buyerContact: ["Your contact is required"] } },
    });
    expect(
      (await api("/booking", { method: "POST", auth: auth.a, json: { ...body, productId: "missing" } })).status,
    ).toBe(404);
  });

  it("answers 404, not 'booked by someone else', for a listing whose seller was deleted", async () => {
    const { auth, product, seller } = await world();
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, seller.id));
    const response = await api("/booking", {
      method: "POST",
      auth: auth.a,
      json: { productId: product.id, meetLocation: "Pier 39", buyerContact: "+1 415 555 0102" },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      error: { status: 404, code: "not_found", message: "This product is no longer available." },
    });
    expect(await db().select().from(bookings).where(eq(bookings.productId, product.id))).toHaveLength(0);
  });

  it("shows a booking to its buyer, the seller and an admin only", async () => {
    const { auth, product } = await world();
    const created = await (
      await api("/booking", {
        method: "POST",
        auth: auth.a,
        json: { productId: product.id, meetLocation: "x", buyerContact: "+1 415 555 0103" },
      })
    ).json<{ bookingResult: { insertedId: string } }>();
    const id = created.bookingResult.insertedId;
    for (const who of [auth.a, auth.seller, auth.admin]) {
      const response = await api(`/booking/${id}`, { auth: who });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ _id: id, productPrice: 999.5, productName: "Nikon Z6" });
    }
    expect((await api(`/booking/${id}`, { auth: auth.b })).status).toBe(404);
    expect((await api(`/booking/${id}`)).status).toBe(401);
  });

  it("lists the token's orders and cancels only its own unpaid booking", async () => {
    const { auth, product } = await world();
    const created = await (
      await api("/booking", {
        method: "POST",
        auth: auth.a,
        json: { productId: product.id, meetLocation: "x", buyerContact: "+1 415 555 0103" },
      })
    ).json<{ bookingResult: { insertedId: string } }>();
    const id = created.bookingResult.insertedId;
    expect(await (await api("/myOrders", { auth: auth.a })).json()).toEqual([
      expect.objectContaining({ _id: id, isPaid: false }),
    ]);
    expect(await (await api("/myOrders?email=a@example.com", { auth: auth.b })).json()).toEqual([]);
    const stolen = await api("/bookingCancel", {
      method: "PUT",
      auth: auth.b,
      json: { bookingId: id, productID: product.id },
    });
    expect(stolen.status).toBe(404);
    const cancelled = await api("/bookingCancel", {
      method: "PUT",
      auth: auth.a,
      json: { bookingId: id, productID: product.id },
    });
    expect(await cancelled.json()).toEqual({ bookingResult: { deletedCount: 1 }, productResult: { modifiedCount: 1 } });
    const [row] = await db().select().from(products).where(eq(products.id, product.id));
    expect(row!.status).toBe("available");
    expect((await api("/bookingCancel", { method: "PUT", auth: auth.a, json: {} })).status).toBe(422);
  });

  it("refuses to cancel a paid booking", async () => {
    const { auth, product } = await world();
    const created = await (
      await api("/booking", {
        method: "POST",
        auth: auth.a,
        json: { productId: product.id, meetLocation: "x", buyerContact: "+1 415 555 0103" },
      })
    ).json<{ bookingResult: { insertedId: string } }>();
    await db().update(bookings).set({ status: "paid" }).where(eq(bookings.id, created.bookingResult.insertedId));
    const response = await api("/bookingCancel", {
      method: "PUT",
      auth: auth.a,
      json: { bookingId: created.bookingResult.insertedId },
    });
    expect(response.status).toBe(409);
  });
});

describe("wishlist calls", () => {
  it("adds per buyer, refuses duplicates and non-buyers, and lists the token's items", async () => {
    const { auth, product } = await world();
    expect((await api("/wishlist", { method: "POST", auth: auth.a, json: { productId: product.id } })).status).toBe(
      201,
    );
    const duplicate = await api("/wishlist", { method: "POST", auth: auth.a, json: { productId: product.id } });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({
      error: { message: "You added this product already to your wishlist" },
    });
    expect((await api("/wishlist", { method: "POST", auth: auth.b, json: { productId: product.id } })).status).toBe(
      201,
    );
    expect(
      (await api("/wishlist", { method: "POST", auth: auth.seller, json: { productId: product.id } })).status,
    ).toBe(403);
    expect((await api("/wishlist", { method: "POST", auth: auth.a, json: { productId: "missing" } })).status).toBe(404);
    expect((await api("/wishlist", { method: "POST", auth: auth.a, json: "nope" })).status).toBe(422);
    expect(await (await api("/wishlist", { auth: auth.a })).json()).toEqual([
      expect.objectContaining({ productId: product.id, productTitle: "Nikon Z6", productPrice: 999.5, isSold: false }),
    ]);
    expect((await api("/wishlist")).status).toBe(401);
  });
});
