// Several photos per listing, each stored as WebP renditions made by the Images binding (the
// real one of Miniflare): how many, what is stored, what is refused, and what never leaves
// (EXIF, GPS). A refused request writes nothing in D1 and leaves nothing in R2.
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stripWebpMetadata } from "#app/domain/catalog/photo-renditions.server";
import { productPhotos } from "#db/schema";
import { get, signedInUser } from "./auth-helpers";
import { asciiBytes, contains, GPS_LATITUDE_BYTES, jpegWithExif, pngClaiming, webpWithExif } from "./crafted-photos";
import { insertCategory } from "./factories";
import { largePhoto, realPhoto } from "./photo-fixtures";
import {
  db,
  photoBytes,
  photoFile,
  postAddProduct,
  productForm,
  productRows,
  storedPhotoKeys,
  validFields,
} from "./seller-helpers";
import { testEnv } from "./test-env";

async function seller() {
  await insertCategory({ title: "Camera" });
  return signedInUser("seller");
}

const file = (bytes: Uint8Array<ArrayBuffer>, name = "photo.jpg", type = "image/jpeg") =>
  new File([bytes], name, { type });

async function photoRows(productId: string) {
  return db()
    .select()
    .from(productPhotos)
    .where(eq(productPhotos.productId, productId))
    .orderBy(asc(productPhotos.position));
}

async function served(key: string) {
  const response = await get(`/images/${key}`);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

async function sizeOf(bytes: Uint8Array) {
  const info = await testEnv.IMAGES.info(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream());
  if (!("width" in info)) throw new Error("not a bitmap");
  return { width: info.width, height: info.height, format: info.format };
}

async function expectNothingWritten() {
  expect(await productRows()).toHaveLength(0);
  expect(await db().select().from(productPhotos)).toHaveLength(0);
  expect(await storedPhotoKeys()).toEqual([]);
}

describe("Add Product with several photos", () => {
  it("takes one photo: one row at position 0, the cover, three renditions", async () => {
    const { cookie } = await seller();
    const response = await postAddProduct(cookie, productForm(validFields(), photoFile("png")));
    expect(response.status).toBe(302);
    const [product] = await productRows();
    const rows = await photoRows(product!.id);
    expect(rows.map((row) => [row.position, row.width, row.height])).toEqual([[0, 40, 30]]);
    expect(product!.photoKey).toBe(rows[0]!.key);
    expect((await storedPhotoKeys()).sort()).toEqual(
      ["1280", "320", "640"].map((width) => `${rows[0]!.key}-${width}.webp`),
    );
  });

  it("takes three photos in the order they were sent; the first is the cover", async () => {
    const { cookie } = await seller();
    const photos = [
      file(await largePhoto(200, 100), "wide.jpg"),
      file(await largePhoto(100, 200, "png"), "tall.png", "image/png"),
      photoFile("webp"),
    ];
    const response = await postAddProduct(cookie, productForm(validFields(), photos));
    expect(response.status).toBe(302);
    const [product] = await productRows();
    const rows = await photoRows(product!.id);
    expect(rows.map((row) => [row.position, row.width, row.height])).toEqual([
      [0, 200, 100],
      [1, 100, 200],
      [2, 40, 30],
    ]);
    expect(product!.photoKey).toBe(rows[0]!.key);
    expect(await storedPhotoKeys()).toHaveLength(9);
  });

  it("refuses nine photos (400) and writes nothing", async () => {
    const { cookie } = await seller();
    const photos = Array.from({ length: 9 }, () => photoFile("jpeg"));
    const response = await postAddProduct(cookie, productForm(validFields(), photos));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("A listing can have at most 8 photos.");
    await expectNothingWritten();
  });

  it.each([
    [
      "a polyglot (JPEG bytes, then HTML)",
      () => file(new Uint8Array([...photoBytes("jpeg", 16), ...asciiBytes("<html><script>alert(1)</script></html>")])),
    ],
    ["a truncated PNG", () => file(realPhoto("png").slice(0, 100), "cut.png", "image/png")],
    [
      "an HTML file named .webp",
      () => file(new Uint8Array(asciiBytes("<!doctype html><p>hi</p>")), "a.webp", "image/webp"),
    ],
  ])("refuses %s among good photos: nothing written, nothing left in R2", async (_label, bad) => {
    const { cookie } = await seller();
    const response = await postAddProduct(
      cookie,
      productForm(validFields(), [photoFile("jpeg"), bad(), photoFile("png")]),
    );
    expect(response.status).toBe(422);
    expect(await response.text()).toMatch(
      /Photo 2: The photo (could not be read as an image|must be a JPEG, PNG, WebP or AVIF image)/,
    );
    await expectNothingWritten();
  });

  it("refuses a photo whose header claims 50000×50000 pixels (422): nothing written", async () => {
    const { cookie } = await seller();
    const bomb = file(pngClaiming(50_000, 50_000), "bomb.png", "image/png");
    const response = await postAddProduct(cookie, productForm(validFields(), [photoFile("jpeg"), bomb]));
    expect(response.status).toBe(422);
    // Refused from its header: by our limit, or by the binding's own (sharp's, locally).
    expect(await response.text()).toMatch(/Photo 2: The photo (is too large in pixels|could not be read as an image)/);
    await expectNothingWritten();
  });

  it.each([
    [12_001, 100],
    [100, 12_001],
    [11_000, 9_500],
  ])("refuses a photo of %i×%i pixels by its header (more than 12,000 a side or 100 MP)", async (width, height) => {
    const { cookie } = await seller();
    const response = await postAddProduct(
      cookie,
      productForm(validFields(), file(pngClaiming(width, height), "p.png", "image/png")),
    );
    expect(response.status).toBe(422);
    expect(await response.text()).toContain(
      "The photo is too large in pixels: at most 12,000 pixels a side and 100 megapixels.",
    );
    await expectNothingWritten();
  });
});

describe("renditions", () => {
  it("are WebP at 320, 640 and 1280 pixels wide for a large photo, served as image/webp", async () => {
    const { cookie } = await seller();
    await postAddProduct(cookie, productForm(validFields(), file(await largePhoto(2000, 1500))));
    const [product] = await productRows();
    const [row] = await photoRows(product!.id);
    expect([row!.width, row!.height]).toEqual([1280, 960]);
    for (const [width, height] of [
      [320, 240],
      [640, 480],
      [1280, 960],
    ] as const) {
      const { response, bytes } = await served(`${row!.key}-${width}.webp`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(await sizeOf(bytes)).toEqual({ width, height, format: "image/webp" });
    }
  });

  it("never upscale a small photo", async () => {
    const { cookie } = await seller();
    await postAddProduct(cookie, productForm(validFields(), file(await largePhoto(500, 400))));
    const [product] = await productRows();
    const [row] = await photoRows(product!.id);
    expect([row!.width, row!.height]).toEqual([500, 400]);
    expect(await sizeOf((await served(`${row!.key}-320.webp`)).bytes)).toMatchObject({ width: 320 });
    expect(await sizeOf((await served(`${row!.key}-640.webp`)).bytes)).toMatchObject({ width: 500 });
    expect(await sizeOf((await served(`${row!.key}-1280.webp`)).bytes)).toMatchObject({ width: 500 });
  });

  it("are turned upright by the EXIF orientation, and keep no EXIF or GPS position", async () => {
    const { cookie } = await seller();
    const camera = jpegWithExif(6);
    expect(contains(camera, GPS_LATITUDE_BYTES)).toBe(true);
    const response = await postAddProduct(cookie, productForm(validFields(), file(camera)));
    expect(response.status).toBe(302);
    const [product] = await productRows();
    const [row] = await photoRows(product!.id);
    // 40×30 as stored, turned a quarter: 30×40 as seen.
    expect([row!.width, row!.height]).toEqual([30, 40]);
    for (const width of [320, 640, 1280]) {
      const { bytes } = await served(`${row!.key}-${width}.webp`);
      expect(contains(bytes, asciiBytes("Exif"))).toBe(false);
      expect(contains(bytes, asciiBytes("EXIF"))).toBe(false);
      expect(contains(bytes, asciiBytes("XMP "))).toBe(false);
      expect(contains(bytes, GPS_LATITUDE_BYTES)).toBe(false);
    }
  });

  it("lose an EXIF chunk an encoder kept (stripWebpMetadata), and still decode", async () => {
    const simple = new Uint8Array(
      await (await testEnv.IMAGES.input(new Blob([realPhoto("png")]).stream()).output({ format: "image/webp" }))
        .response()
        .arrayBuffer(),
    );
    const withExif = webpWithExif(simple, 40, 30);
    expect(contains(withExif, GPS_LATITUDE_BYTES)).toBe(true);
    const stripped = stripWebpMetadata(withExif);
    expect(contains(stripped, asciiBytes("EXIF"))).toBe(false);
    expect(contains(stripped, GPS_LATITUDE_BYTES)).toBe(false);
    // The RIFF size matches, the VP8X flag for EXIF is off, and the image still reads.
    expect(new DataView(stripped.buffer).getUint32(4, true)).toBe(stripped.length - 8);
    expect(stripped[20]! & 0x08).toBe(0);
    expect(await sizeOf(stripped)).toEqual({ width: 40, height: 30, format: "image/webp" });
    expect(stripWebpMetadata(simple)).toBe(simple);
  });
});

describe("the image route", () => {
  it("serves rendition keys only (and originals stored before renditions), never other names", async () => {
    const stem = `p-${"a".repeat(32)}`;
    for (const key of [`${stem}-640.webp`, `p-${"b".repeat(32)}.jpg`]) {
      await testEnv.PHOTOS.put(key, realPhoto("webp"), { httpMetadata: { contentType: "image/webp" } });
      expect((await get(`/images/${key}`)).status, key).toBe(200);
    }
    await testEnv.PHOTOS.put(stem, realPhoto("webp"), { httpMetadata: { contentType: "text/html" } });
    await testEnv.PHOTOS.put(`${stem}-800.webp`, realPhoto("webp"));
    for (const key of [stem, `${stem}-800.webp`, `${stem}-640.png`, `${stem}-640.webp.html`, "index.html"]) {
      expect((await get(`/images/${encodeURIComponent(key)}`)).status, key).toBe(404);
    }
  });
});
