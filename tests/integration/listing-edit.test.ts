// The seller's edit page (/dashboard/my_product/:id/edit): photos added, removed and reordered,
// details and price changed, only on the seller's own listing while it is available, every form
// a plain POST that a double submit cannot turn into two changes.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { LISTING_EDIT_MESSAGES } from "#app/domain/catalog/listing-edits.server";
import { PHOTO_EDIT_MESSAGES } from "#app/domain/catalog/listing-photos.server";
import { bookings, products, wishlistEntries } from "#db/schema";
import { get, signedInUser } from "./auth-helpers";
import { insertCategory, insertUser } from "./factories";
import {
  allPhotoRows,
  coverKey,
  EDIT_FORMS,
  editPath,
  listingWithPhotos,
  photoOrder,
  postEdit,
  productRow,
  toastOf,
} from "./listing-helpers";
import { hasElement } from "./markup";
import { asHtml, db, photoFile, storedPhotoStems, validFields } from "./seller-helpers";

let world: Awaited<ReturnType<typeof setUp>>;

async function setUp() {
  const category = await insertCategory({ title: "Camera" });
  await insertCategory({ title: "Tripod" });
  const me = await signedInUser("seller", { name: "Maya Seller" });
  const other = await signedInUser("seller", { name: "Owen Seller" });
  const buyer = await insertUser({ role: "buyer" });
  const { product, photos } = await listingWithPhotos(me.user.id, category.id, 3, {
    name: "Leica M6",
    resalePriceCents: 150_000,
  });
  return { category, me, other, buyer, product, photos };
}

beforeEach(async () => {
  world = await setUp();
});

const details = (overrides: Record<string, string> = {}) => ({
  intent: "details",
  ...validFields({ productName: "Leica M6 TTL", resalePrice: "1,350.00", ...overrides }),
});

describe("the edit page", () => {
  it("shows the photos in order with their buttons, and the details filled in", async () => {
    const response = await get(editPath(world.product.id), { Cookie: world.me.cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Pay&amp;Buy Edit Product</title>");
    expect(html).toContain("Photo 1 (cover)");
    for (const photo of world.photos) expect(html).toContain(`value="${photo.id}"`);
    expect(html.indexOf(world.photos[0]!.key)).toBeLessThan(html.indexOf(world.photos[2]!.key));
    expect(html).toContain('aria-label="Move photo 2 up"');
    expect(html).not.toContain('aria-label="Move photo 1 up"');
    expect(html).not.toContain('aria-label="Move photo 3 down"');
    expect(html).toContain('aria-label="Remove photo 3"');
    expect(hasElement(html, "input", { name: "img", type: "file", multiple: true })).toBe(true);
    expect(html).toContain('value="1500.00"');
    expect(html).toContain('value="Leica M6"');
  });

  it("is the seller's own only: another seller's listing is a 404, a buyer gets a 403", async () => {
    expect((await get(editPath(world.product.id), { Cookie: world.other.cookie })).status).toBe(404);
    const buyer = await signedInUser("buyer");
    expect((await get(editPath(world.product.id), { Cookie: buyer.cookie })).status).toBe(403);
    const signedOut = await get(editPath(world.product.id));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect((await get(editPath("no-such-listing"), { Cookie: world.me.cookie })).status).toBe(404);
  });

  it("lets another seller change nothing (404 for every intent)", async () => {
    const intents: Record<string, string>[] = [
      details(),
      { intent: "move", photoId: world.photos[2]!.id, position: "0" },
      { intent: "remove", photoId: world.photos[0]!.id },
    ];
    for (const fields of intents) {
      expect((await postEdit(world.other.cookie, world.product.id, fields)).status, fields.intent).toBe(404);
    }
    const add = await postEdit(world.other.cookie, world.product.id, { intent: "add", upload: "u-1" }, [photoFile()]);
    expect(add.status).toBe(404);
    expect(await photoOrder(world.product.id)).toEqual(world.photos.map((photo) => photo.id));
    expect((await productRow(world.product.id)).name).toBe("Leica M6");
    expect(await storedPhotoStems()).toHaveLength(3);
  });

  it("is gone with the listing once the seller deleted it", async () => {
    await db().update(products).set({ deletedAt: new Date() }).where(eq(products.id, world.product.id));
    expect((await get(editPath(world.product.id), { Cookie: world.me.cookie })).status).toBe(404);
    expect((await postEdit(world.me.cookie, world.product.id, details())).status).toBe(404);
  });
});

describe("a listing that is no longer available", () => {
  it.each([
    ["booked", { status: "booked" as const }, LISTING_EDIT_MESSAGES.booked],
    ["sold", { status: "sold" as const }, LISTING_EDIT_MESSAGES.sold],
    ["removed by an admin", { removedAt: new Date() }, LISTING_EDIT_MESSAGES.removed],
  ])("when %s shows why, offers no forms, and refuses every change", async (_label, state, message) => {
    await db().update(products).set(state).where(eq(products.id, world.product.id));
    const page = await (await get(editPath(world.product.id), { Cookie: world.me.cookie })).text();
    expect(page).toContain(asHtml(message));
    expect(page).not.toContain(`action="${editPath(world.product.id)}/details"`);
    expect(page).not.toContain("Move up");
    const intents: Record<string, string>[] = [
      details(),
      { intent: "move", photoId: world.photos[2]!.id, position: "0" },
      { intent: "remove", photoId: world.photos[0]!.id },
    ];
    for (const fields of intents) {
      const response = await postEdit(world.me.cookie, world.product.id, fields);
      expect(await toastOf(response, world.me.cookie), fields.intent).toEqual({ type: "error", text: asHtml(message) });
    }
    const add = await postEdit(world.me.cookie, world.product.id, { intent: "add", upload: "u-1" }, [photoFile()]);
    expect(await toastOf(add, world.me.cookie)).toEqual({ type: "error", text: asHtml(message) });
    expect(await photoOrder(world.product.id)).toEqual(world.photos.map((photo) => photo.id));
    const row = await productRow(world.product.id);
    expect([row.name, row.resalePriceCents]).toEqual(["Leica M6", 150_000]);
    expect(await storedPhotoStems()).toHaveLength(3);
  });
});

describe("reordering photos", () => {
  it("moves a photo up and down; moving one to the top makes it the cover", async () => {
    const [a, b, c] = world.photos.map((photo) => photo.id) as [string, string, string];
    const down = await postEdit(world.me.cookie, world.product.id, { intent: "move", photoId: a, position: "1" });
    expect(await toastOf(down, world.me.cookie)).toEqual({ type: "success", text: PHOTO_EDIT_MESSAGES.moved });
    expect(await photoOrder(world.product.id)).toEqual([b, a, c]);
    expect(await coverKey(world.product.id)).toBe(world.photos[1]!.key);
    await postEdit(world.me.cookie, world.product.id, { intent: "move", photoId: c, position: "0" });
    expect(await photoOrder(world.product.id)).toEqual([c, b, a]);
    expect(await coverKey(world.product.id)).toBe(world.photos[2]!.key);
  });

  it("sent twice moves once (the form names the position, not a step)", async () => {
    const [a, b, c] = world.photos.map((photo) => photo.id) as [string, string, string];
    const fields = { intent: "move", photoId: c, position: "1" };
    const [first, second] = await Promise.all([
      postEdit(world.me.cookie, world.product.id, fields),
      postEdit(world.me.cookie, world.product.id, fields),
    ]);
    expect(first.status).toBe(302);
    expect(second.status).toBe(302);
    expect(await photoOrder(world.product.id)).toEqual([a, c, b]);
  });

  it("refuses a position outside the listing's photos, and a photo of another listing", async () => {
    const mine = await postEdit(world.me.cookie, world.product.id, {
      intent: "move",
      photoId: world.photos[0]!.id,
      position: "5",
    });
    expect(await toastOf(mine, world.me.cookie)).toEqual({
      type: "error",
      text: asHtml(PHOTO_EDIT_MESSAGES.badPosition),
    });
    const theirs = await listingWithPhotos(world.other.user.id, world.category.id, 2);
    const foreign = await postEdit(world.me.cookie, world.product.id, {
      intent: "move",
      photoId: theirs.photos[1]!.id,
      position: "0",
    });
    expect(await toastOf(foreign, world.me.cookie)).toMatchObject({ type: "error" });
    expect(await photoOrder(world.product.id)).toEqual(world.photos.map((photo) => photo.id));
    expect(await photoOrder(theirs.product.id)).toEqual(theirs.photos.map((photo) => photo.id));
    for (const position of ["-1", "x", "99"]) {
      const bad = await postEdit(world.me.cookie, world.product.id, {
        intent: "move",
        photoId: world.photos[0]!.id,
        position,
      });
      expect(bad.status, position).toBe(400);
    }
  });
});

describe("removing photos", () => {
  it("removes one; the next becomes the cover; without history its files leave R2 and its row goes", async () => {
    const [a, b, c] = world.photos;
    const response = await postEdit(world.me.cookie, world.product.id, { intent: "remove", photoId: a!.id });
    expect(await toastOf(response, world.me.cookie)).toEqual({ type: "success", text: PHOTO_EDIT_MESSAGES.removed });
    expect(await photoOrder(world.product.id)).toEqual([b!.id, c!.id]);
    expect(await coverKey(world.product.id)).toBe(b!.key);
    expect(await storedPhotoStems()).toEqual([b!.key, c!.key].sort());
    expect(await allPhotoRows(world.product.id)).toHaveLength(2);
    expect((await get(`/images/${a!.key}-640.webp`)).status).toBe(404);
  });

  it("sent twice removes once, and the repeat says the photo is gone already", async () => {
    const fields = { intent: "remove", photoId: world.photos[1]!.id };
    const first = await postEdit(world.me.cookie, world.product.id, fields);
    const second = await postEdit(world.me.cookie, world.product.id, fields);
    expect(await toastOf(first, world.me.cookie)).toMatchObject({ type: "success" });
    expect(await toastOf(second, world.me.cookie)).toEqual({
      type: "error",
      text: asHtml(PHOTO_EDIT_MESSAGES.noSuchPhoto),
    });
    expect(await photoOrder(world.product.id)).toEqual([world.photos[0]!.id, world.photos[2]!.id]);
  });

  it("never removes the last photo", async () => {
    const [a, b, c] = world.photos;
    await postEdit(world.me.cookie, world.product.id, { intent: "remove", photoId: a!.id });
    await postEdit(world.me.cookie, world.product.id, { intent: "remove", photoId: b!.id });
    const last = await postEdit(world.me.cookie, world.product.id, { intent: "remove", photoId: c!.id });
    expect(await toastOf(last, world.me.cookie)).toEqual({ type: "error", text: PHOTO_EDIT_MESSAGES.lastPhoto });
    expect(await photoOrder(world.product.id)).toEqual([c!.id]);
    expect(await coverKey(world.product.id)).toBe(c!.key);
    expect(await storedPhotoStems()).toEqual([c!.key]);
    const page = await (await get(editPath(world.product.id), { Cookie: world.me.cookie })).text();
    expect(page).not.toContain('aria-label="Remove photo 1"');
  });

  it("at the same moment as another removal: both happen, positions stay 0..n-1", async () => {
    const [a, b, c] = world.photos;
    const answers = await Promise.all(
      [a, b].map((photo) => postEdit(world.me.cookie, world.product.id, { intent: "remove", photoId: photo!.id })),
    );
    for (const answer of answers) expect(answer.status).toBe(302);
    const rows = await allPhotoRows(world.product.id);
    expect(rows.map((row) => [row.id, row.position])).toEqual([[c!.id, 0]]);
    expect(await coverKey(world.product.id)).toBe(c!.key);
  });

  it("keeps a removed photo (row and files) while the listing has history", async () => {
    await db().insert(wishlistEntries).values({ productId: world.product.id, buyerId: world.buyer.id });
    const [a, b] = world.photos;
    await postEdit(world.me.cookie, world.product.id, { intent: "remove", photoId: a!.id });
    expect(await photoOrder(world.product.id)).toEqual([b!.id, world.photos[2]!.id]);
    const removed = (await allPhotoRows(world.product.id)).find((row) => row.id === a!.id);
    expect(removed).toMatchObject({ position: null, key: a!.key });
    expect(removed!.removedAt).toBeInstanceOf(Date);
    expect(await storedPhotoStems()).toHaveLength(3);
  });
});

describe("adding photos", () => {
  it("adds them after the others, and the same form sent twice adds them once", async () => {
    const fields = { intent: "add", upload: crypto.randomUUID() };
    const files = [photoFile("jpeg"), photoFile("png")];
    const first = await postEdit(world.me.cookie, world.product.id, fields, files);
    const second = await postEdit(world.me.cookie, world.product.id, fields, files);
    expect(await toastOf(first, world.me.cookie)).toEqual({ type: "success", text: PHOTO_EDIT_MESSAGES.added });
    expect(await toastOf(second, world.me.cookie)).toEqual({ type: "success", text: PHOTO_EDIT_MESSAGES.added });
    const order = await photoOrder(world.product.id);
    expect(order).toHaveLength(5);
    expect(order.slice(0, 3)).toEqual(world.photos.map((photo) => photo.id));
    expect(await storedPhotoStems()).toHaveLength(5);
    expect(await coverKey(world.product.id)).toBe(world.photos[0]!.key);
  });

  it("refuses more than a listing can hold, and a bad photo, storing nothing", async () => {
    const five = Array.from({ length: 6 }, () => photoFile("webp"));
    const tooMany = await postEdit(world.me.cookie, world.product.id, { intent: "add", upload: "u-2" }, five);
    expect(tooMany.status).toBe(422);
    expect(await tooMany.text()).toContain("A listing can have at most 8 photos: add at most 5 more.");
    const bad = await postEdit(world.me.cookie, world.product.id, { intent: "add", upload: "u-3" }, [
      photoFile("jpeg"),
      new File(["<html></html>"], "x.jpg", { type: "image/jpeg" }),
    ]);
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("Photo 2: The photo must be a JPEG, PNG, WebP or AVIF image.");
    const none = await postEdit(world.me.cookie, world.product.id, { intent: "add", upload: "u-4" });
    expect(none.status).toBe(400);
    expect(await photoOrder(world.product.id)).toHaveLength(3);
    expect(await storedPhotoStems()).toHaveLength(3);
  });
});

describe("editing the details", () => {
  it("saves the text and the new price, and leaves a past booking's price alone", async () => {
    const [ended] = await db()
      .insert(bookings)
      .values({
        productId: world.product.id,
        buyerId: world.buyer.id,
        priceCents: 150_000,
        meetLocation: "Union Square",
        buyerContact: "+1 415 555 0101",
        status: "cancelled",
        endReason: "buyer_cancelled",
        cancelledAt: new Date(),
      })
      .returning();
    const fields = details({ category: "tripod", description: "Serviced in 2025." });
    const response = await postEdit(world.me.cookie, world.product.id, fields);
    expect(await toastOf(response, world.me.cookie)).toEqual({
      type: "success",
      text: LISTING_EDIT_MESSAGES.saved,
    });
    // Sent twice: the same listing.
    await postEdit(world.me.cookie, world.product.id, fields);
    const row = await productRow(world.product.id);
    expect(row).toMatchObject({
      name: "Leica M6 TTL",
      resalePriceCents: 135_000,
      description: "Serviced in 2025.",
      status: "available",
    });
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, ended!.id));
    expect(booking!.priceCents).toBe(150_000);
    const page = await (await get(editPath(world.product.id), { Cookie: world.me.cookie })).text();
    expect(page).toContain('value="1350.00"');
  });

  it("answers bad input with the form's messages (400) and an unknown category (422), changing nothing", async () => {
    const bad = await postEdit(world.me.cookie, world.product.id, details({ resalePrice: "abc", productName: "" }));
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Resale price must be an amount in US dollars, such as 1250 or 1249.50");
    expect(html).toContain("product name is required");
    const unknown = await postEdit(world.me.cookie, world.product.id, details({ category: "boats" }));
    expect(unknown.status).toBe(422);
    expect(await unknown.text()).toContain(LISTING_EDIT_MESSAGES.unknownCategory);
    expect((await productRow(world.product.id)).name).toBe("Leica M6");
  });

  it("sends the errors back at the details form, on the whole edit page, with the values typed", async () => {
    const bad = await postEdit(world.me.cookie, world.product.id, details({ resalePrice: "abc" }));
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toMatch(/name="resalePrice"[^>]*value="abc"/);
    for (const heading of ["Photos", "Details", "Offers", "Add Photos"]) expect(html).toContain(heading);
    expect(html).toContain(`action="${editPath(world.product.id)}/photos/add"`);
  });
});

describe("the edit page's forms, each at its own action (ADR 0071)", () => {
  it("posts each form to its own URL", async () => {
    const html = await (await get(editPath(world.product.id), { Cookie: world.me.cookie })).text();
    for (const path of Object.values(EDIT_FORMS)) {
      expect(html, path).toContain(`action="${editPath(world.product.id)}/${path}"`);
    }
    expect(html).not.toContain('name="intent"');
  });

  it("takes no form at the page itself (405), changing nothing", async () => {
    const response = await postEdit(world.me.cookie, world.product.id, { intent: "publish", ...validFields() });
    expect(response.status).toBe(405);
    expect((await productRow(world.product.id)).name).toBe("Leica M6");
  });

  it("shows the edit page at each action's URL", async () => {
    for (const path of Object.values(EDIT_FORMS)) {
      const page = await get(`${editPath(world.product.id)}/${path}`, { Cookie: world.me.cookie });
      expect(page.status, path).toBe(200);
      const html = await page.text();
      expect(html, path).toContain("Save Changes");
      expect(html, path).toContain("Save offer setting");
    }
    expect((await get(`${editPath(world.product.id)}/details`, { Cookie: world.other.cookie })).status).toBe(404);
  });

  it.each([
    ["offers", { offersAccepted: "yes" }],
    ["move", { photoId: "", position: "0" }],
    ["remove", { photoId: "x".repeat(65) }],
  ])("answers a value the page did not send to %s with a 400, and no toast", async (intent, fields) => {
    const response = await postEdit(world.me.cookie, world.product.id, { intent, ...fields });
    expect(response.status).toBe(400);
    expect(response.headers.get("Location")).toBeNull();
    expect(await photoOrder(world.product.id)).toEqual(world.photos.map((photo) => photo.id));
    expect((await productRow(world.product.id)).offersAccepted).toBe(true);
  });
});
