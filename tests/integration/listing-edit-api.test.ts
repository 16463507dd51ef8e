// The REST calls of the edit page: PUT /api/product/:id with the details, and the photo calls
// under /api/product/:id/photos. Same rules as the page: the caller's own listing while it is
// available; a retry changes nothing twice.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { LISTING_EDIT_MESSAGES } from "#app/domain/catalog/listing-edits.server";
import { PHOTO_EDIT_MESSAGES } from "#app/domain/catalog/listing-photos.server";
import { products } from "#db/schema";
import { bearerFor, ORIGIN } from "./auth-helpers";
import { insertCategory, insertUser } from "./factories";
import { coverKey, listingWithPhotos, photoOrder, productRow } from "./listing-helpers";
import { db, photoFile, storedPhotoStems } from "./seller-helpers";

let world: Awaited<ReturnType<typeof setUp>>;

async function setUp() {
  const category = await insertCategory({ title: "Camera" });
  const me = await insertUser({ role: "seller" });
  const other = await insertUser({ role: "seller" });
  const { product, photos } = await listingWithPhotos(me.id, category.id, 2, { name: "Nikon FM2" });
  return {
    category,
    product,
    photos,
    auth: { Authorization: await bearerFor(me.id) },
    otherAuth: { Authorization: await bearerFor(other.id) },
  };
}

beforeEach(async () => {
  world = await setUp();
});

function call(path: string, init: RequestInit & { json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  return SELF.fetch(`${ORIGIN}/api${path}`, { ...init, headers, body });
}

const photosForm = (files: File[]) => {
  const form = new FormData();
  for (const file of files) form.append("img", file);
  return form;
};

const DETAILS = {
  productName: "Nikon FM2n",
  category: "camera",
  condition: "Good",
  description: "New light seals.",
  originalPrice: 900,
  resalePrice: 412.5,
  purchaseYear: 2019,
  contact: "+1 415 555 0100",
  location: "Oakland, California",
};

describe("PUT /api/product/:id with the details", () => {
  it("replaces the details (JSON numbers for the prices and year)", async () => {
    const response = await call(`/product/${world.product.id}`, { method: "PUT", headers: world.auth, json: DETAILS });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      acknowledged: true,
      modifiedCount: 1,
      heldForReview: false,
      priceWarning: null,
    });
    expect(await productRow(world.product.id)).toMatchObject({
      name: "Nikon FM2n",
      resalePriceCents: 41_250,
      originalPriceCents: 90_000,
      purchaseYear: 2019,
    });
  });

  it("answers invalid details with 422 and the form's messages, changing nothing", async () => {
    const response = await call(`/product/${world.product.id}`, {
      method: "PUT",
      headers: world.auth,
      json: { ...DETAILS, resalePrice: "12.345", location: "" },
    });
    expect(response.status).toBe(422);
    const body = await response.json<{ error: { fields: Record<string, string[]> } }>();
    expect(body.error.fields).toMatchObject({
      resalePrice: ["Resale price must be an amount in US dollars, such as 1250 or 1249.50"],
      location: ["location is required"],
    });
    const mixed = await call(`/product/${world.product.id}`, {
      method: "PUT",
      headers: world.auth,
      json: { ...DETAILS, isAdvertise: true },
    });
    expect(mixed.status).toBe(422);
    const unknown = await call(`/product/${world.product.id}`, {
      method: "PUT",
      headers: world.auth,
      json: { ...DETAILS, category: "boats" },
    });
    expect(unknown.status).toBe(422);
    expect((await productRow(world.product.id)).name).toBe("Nikon FM2");
  });

  it("is a 404 on another seller's listing and a 409 once the listing is booked", async () => {
    const theirs = await call(`/product/${world.product.id}`, {
      method: "PUT",
      headers: world.otherAuth,
      json: DETAILS,
    });
    expect(theirs.status).toBe(404);
    await db().update(products).set({ status: "booked" }).where(eq(products.id, world.product.id));
    const booked = await call(`/product/${world.product.id}`, { method: "PUT", headers: world.auth, json: DETAILS });
    expect(booked.status).toBe(409);
    expect(await booked.json()).toMatchObject({ error: { code: "conflict", message: LISTING_EDIT_MESSAGES.booked } });
    expect((await productRow(world.product.id)).name).toBe("Nikon FM2");
  });

  it("still advertises with {isAdvertise: true}", async () => {
    const response = await call(`/product/${world.product.id}`, {
      method: "PUT",
      headers: world.auth,
      json: { isAdvertise: true },
    });
    expect(await response.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
  });
});

describe("the photo calls", () => {
  it("GET lists the photos in order with their renditions", async () => {
    const response = await call(`/product/${world.product.id}/photos`, { headers: world.auth });
    expect(response.status).toBe(200);
    const body = await response.json<Array<Record<string, unknown>>>();
    expect(body.map((photo) => [photo._id, photo.position])).toEqual([
      [world.photos[0]!.id, 0],
      [world.photos[1]!.id, 1],
    ]);
    expect(body[0]).toMatchObject({
      img: `${ORIGIN}/images/${world.photos[0]!.key}-1280.webp`,
      width: 40,
      height: 30,
      renditions: [{ url: `${ORIGIN}/images/${world.photos[0]!.key}-320.webp`, width: 40 }],
    });
    expect((await call(`/product/${world.product.id}/photos`, { headers: world.otherAuth })).status).toBe(404);
  });

  it("POST adds photos after the others; the same Idempotency-Key adds them once", async () => {
    const send = () =>
      call(`/product/${world.product.id}/photos`, {
        method: "POST",
        headers: { ...world.auth, "Idempotency-Key": "add-2-photos" },
        body: photosForm([photoFile("jpeg"), photoFile("avif")]),
      });
    const first = await send();
    expect(first.status).toBe(201);
    const body = await first.json<{ acknowledged: boolean; insertedIds: string[] }>();
    expect(body.insertedIds).toHaveLength(2);
    const again = await send();
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(body);
    expect(await photoOrder(world.product.id)).toEqual([...world.photos.map((photo) => photo.id), ...body.insertedIds]);
    expect(await storedPhotoStems()).toHaveLength(4);
  });

  it("POST refuses a ninth photo (422), a body that is not multipart (415), another's listing (404)", async () => {
    const seven = Array.from({ length: 7 }, () => photoFile("webp"));
    const tooMany = await call(`/product/${world.product.id}/photos`, {
      method: "POST",
      headers: world.auth,
      body: photosForm(seven),
    });
    expect(tooMany.status).toBe(422);
    expect(await tooMany.json()).toMatchObject({
      error: { message: "A listing can have at most 8 photos: add at most 6 more." },
    });
    const json = await call(`/product/${world.product.id}/photos`, { method: "POST", headers: world.auth, json: {} });
    expect(json.status).toBe(415);
    const theirs = await call(`/product/${world.product.id}/photos`, {
      method: "POST",
      headers: world.otherAuth,
      body: photosForm([photoFile()]),
    });
    expect(theirs.status).toBe(404);
    expect(await storedPhotoStems()).toHaveLength(2);
  });

  it("DELETE removes a photo, never the last one; a repeat is a 404", async () => {
    const [a, b] = world.photos;
    const path = `/product/${world.product.id}/photos/${a!.id}`;
    const first = await call(path, { method: "DELETE", headers: world.auth });
    expect(await first.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await coverKey(world.product.id)).toBe(b!.key);
    const again = await call(path, { method: "DELETE", headers: world.auth });
    expect(again.status).toBe(404);
    const last = await call(`/product/${world.product.id}/photos/${b!.id}`, { method: "DELETE", headers: world.auth });
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({ error: { message: PHOTO_EDIT_MESSAGES.lastPhoto } });
    const theirs = await call(`/product/${world.product.id}/photos/${b!.id}`, {
      method: "DELETE",
      headers: world.otherAuth,
    });
    expect(theirs.status).toBe(404);
    expect(await photoOrder(world.product.id)).toEqual([b!.id]);
  });

  it("PUT puts the photos in order; the same order again changes nothing; a bad order is a 422", async () => {
    const [a, b] = world.photos.map((photo) => photo.id) as [string, string];
    const path = `/product/${world.product.id}/photos`;
    const first = await call(path, { method: "PUT", headers: world.auth, json: { order: [b, a] } });
    expect(await first.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    const again = await call(path, { method: "PUT", headers: world.auth, json: { order: [b, a] } });
    expect(await again.json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    expect(await coverKey(world.product.id)).toBe(world.photos[1]!.key);
    for (const order of [[b], [a, a], [a, b, "x"], "ab", []]) {
      const bad = await call(path, { method: "PUT", headers: world.auth, json: { order } });
      expect(bad.status, JSON.stringify(order)).toBe(422);
    }
    const theirs = await call(path, { method: "PUT", headers: world.otherAuth, json: { order: [a, b] } });
    expect(theirs.status).toBe(404);
    expect(await photoOrder(world.product.id)).toEqual([b, a]);
  });

  it("refuse every change once the listing is sold (409), storing nothing", async () => {
    await db().update(products).set({ status: "sold" }).where(eq(products.id, world.product.id));
    const [a, b] = world.photos.map((photo) => photo.id) as [string, string];
    const answers = await Promise.all([
      call(`/product/${world.product.id}/photos`, {
        method: "POST",
        headers: world.auth,
        body: photosForm([photoFile()]),
      }),
      call(`/product/${world.product.id}/photos/${a}`, { method: "DELETE", headers: world.auth }),
      call(`/product/${world.product.id}/photos`, { method: "PUT", headers: world.auth, json: { order: [b, a] } }),
    ]);
    for (const answer of answers) expect(answer.status).toBe(409);
    expect(await photoOrder(world.product.id)).toEqual([a, b]);
    expect(await storedPhotoStems()).toHaveLength(2);
  });
});
