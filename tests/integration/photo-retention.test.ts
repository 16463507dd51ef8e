// A product photo leaves R2 only when nothing can show it any more: no live product carries it,
// and no booking, wishlist entry or report of a deleted product can show it. Each rule has a
// case here that fails when the rule is dropped.
import { SELF } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { bookings, reports, wishlistEntries } from "#db/schema";
import { bearerFor, get, ORIGIN } from "./auth-helpers";
import { insertCategory, insertProduct, insertUser } from "./factories";
import { db, photoBytes, storedPhotoKeys } from "./seller-helpers";
import { testEnv } from "./test-env";

async function storedPhoto(): Promise<string> {
  const key = `p-${crypto.randomUUID().replace(/-/g, "")}.webp`;
  await testEnv.PHOTOS.put(key, photoBytes("webp"), { httpMetadata: { contentType: "image/webp" } });
  return key;
}

let world: Awaited<ReturnType<typeof setUp>>;

/** A seller with one product to delete, and a live product of another seller with its own photo. */
async function setUp() {
  const category = await insertCategory({ title: "Camera" });
  const seller = await insertUser({ role: "seller" });
  const buyer = await insertUser({ role: "buyer" });
  const other = await insertUser({ role: "seller" });
  const bystander = await insertProduct({ sellerId: other.id, categoryId: category.id, photoKey: await storedPhoto() });
  const product = await insertProduct({ sellerId: seller.id, categoryId: category.id, photoKey: await storedPhoto() });
  return { category, seller, buyer, bystander, product, token: await bearerFor(seller.id) };
}

async function deleteListing(productId: string, token = world.token) {
  const response = await SELF.fetch(`${ORIGIN}/api/product/${productId}`, {
    method: "DELETE",
    headers: { Authorization: token },
  });
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
}

const photoServed = async (key: string) => (await get(`/images/${key}`)).status === 200;

beforeEach(async () => {
  world = await setUp();
});

describe("deleting a product", () => {
  it("with no history removes its photo, and only its photo", async () => {
    await deleteListing(world.product.id);
    expect(await storedPhotoKeys()).toEqual([world.bystander.photoKey]);
    expect(await photoServed(world.product.photoKey!)).toBe(false);
    expect(await photoServed(world.bystander.photoKey!)).toBe(true);
  });

  it("keeps the photo for a booking of it (the buyer's order still shows it)", async () => {
    await db().insert(bookings).values({
      productId: world.product.id,
      buyerId: world.buyer.id,
      priceCents: world.product.resalePriceCents,
      meetLocation: "Oakland",
      buyerContact: "+1 415 555 0100",
      status: "cancelled",
      endReason: "buyer_cancelled",
      cancelledAt: new Date(),
    });
    await deleteListing(world.product.id);
    expect((await storedPhotoKeys()).sort()).toEqual([world.bystander.photoKey, world.product.photoKey].sort());
  });

  it("keeps the photo for a wishlist entry of it", async () => {
    await db().insert(wishlistEntries).values({ productId: world.product.id, buyerId: world.buyer.id });
    await deleteListing(world.product.id);
    expect((await storedPhotoKeys()).sort()).toEqual([world.bystander.photoKey, world.product.photoKey].sort());
    expect(await photoServed(world.product.photoKey!)).toBe(true);
  });

  it("keeps the photo for a report of it", async () => {
    await db()
      .insert(reports)
      .values({ productId: world.product.id, reporterId: world.buyer.id, reason: "misleading" });
    await deleteListing(world.product.id);
    expect((await storedPhotoKeys()).sort()).toEqual([world.bystander.photoKey, world.product.photoKey].sort());
  });

  it("keeps a photo another live product shares, and removes it with the last one", async () => {
    const twin = await insertProduct({
      sellerId: world.seller.id,
      categoryId: world.category.id,
      photoKey: world.product.photoKey,
    });
    await deleteListing(world.product.id);
    expect((await storedPhotoKeys()).sort()).toEqual([world.bystander.photoKey, world.product.photoKey].sort());
    expect(await photoServed(world.product.photoKey!)).toBe(true);
    await deleteListing(twin.id);
    expect(await storedPhotoKeys()).toEqual([world.bystander.photoKey]);
  });

  it("keeps a shared photo while a deleted twin still has history", async () => {
    const twin = await insertProduct({
      sellerId: world.seller.id,
      categoryId: world.category.id,
      photoKey: world.product.photoKey,
    });
    await db().insert(wishlistEntries).values({ productId: twin.id, buyerId: world.buyer.id });
    await deleteListing(twin.id);
    await deleteListing(world.product.id);
    expect((await storedPhotoKeys()).sort()).toEqual([world.bystander.photoKey, world.product.photoKey].sort());
  });
});
