// A listing's gear through every door: the one schema (Add Product, the edit page, the REST
// calls), what is stored, the listing page's specification table and the cards. A model of the
// list brings its facts; what disagrees with them is refused, never silently replaced.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listingDetailsSchema } from "#app/domain/catalog/listing-schema";
import { listingChecks, listingIncludedItems, products } from "#db/schema";
import { bearerFor, get, ORIGIN, signedInUser } from "./auth-helpers";
import { insertCategory, insertProduct, USD } from "./factories";
import {
  db,
  photoFile,
  postAddProduct,
  productForm,
  productRows,
  toastCookieFrom,
  validFields,
} from "./seller-helpers";

const details = (fields: Record<string, unknown>) =>
  listingDetailsSchema(USD).safeParse({ ...validFields(), ...fields } as Record<string, unknown>);

const errorsOf = (result: ReturnType<typeof details>) =>
  result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));

describe("the gear schema", () => {
  it("takes a model's facts from the list, and the mount of a lens made in several", () => {
    const body = details({
      category: "camera",
      model: "canon-eos-r6",
      shutterCount: "31,000",
      shutterCountMethod: "software",
    });
    expect(body.success && body.data.gear).toMatchObject({
      kind: "body",
      brand: "canon",
      model: "canon-eos-r6",
      mount: "canon-rf",
      sensorFormat: "full-frame",
      shutterCount: 31_000,
      shutterCountMethod: "software",
      focalMinMm: null,
    });
    const lens = details({ category: "camera lens", model: "sigma-35mm-f1-4-dg-hsm-art", mount: "nikon-f" });
    expect(lens.success && lens.data.gear).toMatchObject({
      kind: "lens",
      brand: "sigma",
      mount: "nikon-f",
      focalMinMm: 35,
      focalMaxMm: 35,
      apertureWide: 1.4,
      apertureTele: null,
    });
    // The same facts typed again are accepted.
    const same = details({
      category: "camera lens",
      model: "canon-rf-24-105mm-f4-7-1-is-stm",
      focalMin: "24",
      focalMax: "105mm",
      apertureWide: "f/4",
      apertureTele: "7.1",
    });
    expect(same.success && same.data.gear).toMatchObject({ mount: "canon-rf", apertureWide: 4, apertureTele: 7.1 });
  });

  it("refuses what disagrees with the model, on the field that disagrees", () => {
    expect(errorsOf(details({ category: "camera", model: "canon-eos-r6", mount: "sony-e" }))).toEqual({
      mount: "The Canon EOS R6 has the Canon RF mount.",
    });
    expect(errorsOf(details({ category: "camera", model: "canon-eos-r6", sensorFormat: "aps-c" }))).toEqual({
      sensorFormat: "The Canon EOS R6 has a Full frame sensor.",
    });
    expect(errorsOf(details({ category: "camera lens", model: "sigma-35mm-f1-4-dg-hsm-art" }))).toHaveProperty("mount");
    expect(
      errorsOf(details({ category: "camera lens", model: "sigma-35mm-f1-4-dg-hsm-art", mount: "canon-rf" })),
    ).toHaveProperty("mount");
    expect(
      errorsOf(details({ category: "camera lens", model: "canon-rf-50mm-f1-8-stm", focalMin: "35" })),
    ).toHaveProperty("focalMin");
    expect(errorsOf(details({ category: "camera", model: "canon-rf-50mm-f1-8-stm" }))).toHaveProperty("model");
    expect(errorsOf(details({ category: "camera", model: "canon-eos-r6", brand: "nikon" }))).toHaveProperty("brand");
  });

  it("asks a model of another name for what the list would have told", () => {
    expect(Object.keys(errorsOf(details({ category: "camera lens", model: "other" })))).toEqual(
      expect.arrayContaining(["modelName", "brand", "mount", "focalMin", "apertureWide"]),
    );
    const other = details({
      category: "camera lens",
      model: "other",
      brand: "other",
      brandName: "Voigtländer",
      modelName: "Nokton 40mm f/1.4",
      mount: "leica-m",
      focalMin: "40",
      apertureWide: "1.4",
    });
    expect(other.success && other.data.gear).toMatchObject({
      brand: "other",
      brandOther: "Voigtländer",
      model: "other",
      modelOther: "Nokton 40mm f/1.4",
      mount: "leica-m",
      focalMinMm: 40,
      focalMaxMm: 40,
    });
    expect(errorsOf(details({ category: "camera", model: "other", brand: "canon", modelName: "EOS 3000" }))).toEqual({
      sensorFormat: "Choose the sensor format.",
    });
    expect(
      errorsOf(
        details({
          category: "camera",
          model: "other",
          brand: "canon",
          modelName: "Line\nBreak",
          sensorFormat: "aps-c",
        }),
      ),
    ).toHaveProperty("modelName");
  });

  it("keeps each field to its kind of gear, and the gear to bodies and lenses", () => {
    expect(
      errorsOf(
        details({
          category: "camera lens",
          model: "canon-rf-50mm-f1-8-stm",
          shutterCount: "100",
          shutterCountMethod: "estimate",
        }),
      ),
    ).toHaveProperty("shutterCount");
    expect(errorsOf(details({ category: "camera", model: "canon-eos-r6", shutterCount: "1000" }))).toEqual({
      shutterCountMethod: "Say where the shutter count was read.",
    });
    expect(errorsOf(details({ category: "camera", model: "canon-eos-r6", included: ["hood"] }))).toHaveProperty(
      "included",
    );
    expect(
      errorsOf(details({ category: "camera", model: "canon-eos-r6", checks: { "haze-fungus": "fine" } })),
    ).toHaveProperty("checks.haze-fungus");
    expect(
      errorsOf(details({ category: "camera", model: "canon-eos-r6", checks: { sensor: "perfect" } })),
    ).toHaveProperty("checks.sensor");
    expect(errorsOf(details({ category: "tripod", model: "canon-eos-r6" }))).toHaveProperty("model");
    expect(errorsOf(details({ category: "camera", mount: "canon-rf" }))).toHaveProperty("mount");
    // Other gear: what came with it and a serial, nothing else.
    const tripod = details({ category: "tripod", included: ["box", "case"], serialNumber: "gt-2545 t" });
    expect(tripod.success && tripod.data.gear).toMatchObject({
      kind: null,
      included: ["box", "case"],
      serial: "GT2545T",
    });
    // The spec's fields alone, as the original clients send them: no gear at all.
    const plain = details({});
    expect(plain.success && plain.data.gear).toMatchObject({
      kind: "body",
      model: null,
      mount: null,
      included: [],
      serial: null,
    });
    expect(errorsOf(details({ serialNumber: "-/-" }))).toHaveProperty("serialNumber");
  });
});

async function sellerWith() {
  await insertCategory({ title: "Camera" });
  await insertCategory({ title: "Camera Lens" });
  return signedInUser("seller", { name: "Gear Seller" });
}

describe("Add Product, the edit page and the listing page", () => {
  it("stores a body's gear and lists, shows the specification table, and the card's mount and shutter count", async () => {
    const { cookie } = await sellerWith();
    const form = productForm(
      validFields({
        productName: "Canon EOS R6 body",
        model: "canon-eos-r6",
        shutterCount: "31000",
        shutterCountMethod: "software",
        serialNumber: "ab-0331 0021 7755",
        "checks.sensor": "fine",
        "checks.shutter": "issue",
        "checks.autofocus": "",
      }),
      photoFile("webp"),
    );
    form.append("included", "box");
    form.append("included", "charger");
    const response = await postAddProduct(cookie, form);
    expect(response.status).toBe(302);
    const [row] = await productRows();
    expect(row).toMatchObject({
      gearKind: "body",
      brand: "canon",
      model: "canon-eos-r6",
      mount: "canon-rf",
      sensorFormat: "full-frame",
      shutterCount: 31_000,
      shutterCountMethod: "software",
      serialNumber: "AB033100217755",
      heldAt: null,
    });
    expect((await db().select().from(listingIncludedItems)).map((entry) => entry.item).sort()).toEqual([
      "box",
      "charger",
    ]);
    expect(await db().select({ item: listingChecks.item, answer: listingChecks.answer }).from(listingChecks)).toEqual(
      expect.arrayContaining([
        { item: "sensor", answer: "fine" },
        { item: "shutter", answer: "issue" },
      ]),
    );
    const page = await (await get(`/listings/${row!.id}`)).text();
    expect(page).toContain("<caption");
    expect(page).toMatch(/<th scope="row">Mount<\/th><td>Canon RF<\/td>/);
    expect(page).toMatch(/<th scope="row">Shutter count<\/th><td>31,000, as read from software over USB/);
    expect(page).toMatch(/<th scope="row">Shutter<\/th><td>Faulty at some speeds<\/td>/);
    expect(page).toMatch(/<th scope="row">Autofocus<\/th><td>Not checked by the seller<\/td>/);
    expect(page).toContain("Original box, Charger");
    // Never the whole serial: its last three characters, nowhere else on the page.
    expect(page).toContain("•••755");
    expect(page).not.toContain("AB033100217755");
    expect(page).not.toContain("0331");
    const search = await (await get("/search?q=R6")).text();
    expect(search).toMatch(/<dt>Mount<\/dt><dd>Canon RF<\/dd>/);
    expect(search).toMatch(/<dt>Shutter count<\/dt><dd>31,000<\/dd>/);
  });

  it("keeps a refused form's gear, and saves an edit of the gear and its lists in one write", async () => {
    const { user, cookie } = await sellerWith();
    const refused = await postAddProduct(
      cookie,
      productForm(validFields({ model: "canon-eos-r6", mount: "sony-e" }), photoFile("webp")),
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The Canon EOS R6 has the Canon RF mount.");
    expect(await productRows()).toHaveLength(0);

    const category = (await db().select().from(products)).length;
    expect(category).toBe(0);
    const lensCategory = await insertCategory({ title: "Lenses" });
    const listing = await insertProduct({ sellerId: user.id, categoryId: lensCategory.id });
    const edit = (fields: Record<string, string>, extra: Array<[string, string]> = []) => {
      const body = new URLSearchParams({ ...validFields({ category: "camera lens" }), ...fields });
      for (const [name, value] of extra) body.append(name, value);
      return SELF.fetch(`${ORIGIN}/dashboard/my_product/${listing.id}/edit/details`, {
        method: "POST",
        headers: {
          Cookie: cookie,
          Origin: ORIGIN,
          Host: new URL(ORIGIN).host,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body,
        redirect: "manual",
      });
    };
    expect(
      (
        await edit({ model: "nikon-af-s-70-200mm-f2-8e-fl-ed-vr", "checks.haze-fungus": "fine" }, [
          ["included", "hood"],
          ["included", "case"],
        ])
      ).status,
    ).toBe(302);
    const [saved] = await db().select().from(products).where(eq(products.id, listing.id));
    expect(saved).toMatchObject({
      gearKind: "lens",
      mount: "nikon-f",
      focalMinMm: 70,
      focalMaxMm: 200,
      apertureWide: 2.8,
    });
    expect((await db().select().from(listingIncludedItems)).map((entry) => entry.item).sort()).toEqual([
      "case",
      "hood",
    ]);
    // Lists replaced, not added to.
    expect((await edit({ model: "nikon-af-s-70-200mm-f2-8e-fl-ed-vr" }, [["included", "box"]])).status).toBe(302);
    expect((await db().select().from(listingIncludedItems)).map((entry) => entry.item)).toEqual(["box"]);
    expect(await db().select().from(listingChecks)).toEqual([]);
    // The edit page shows the stored gear back, the serial whole to its seller.
    await db().update(products).set({ serialNumber: "ZX9876" }).where(eq(products.id, listing.id));
    const page = await (await get(`/dashboard/my_product/${listing.id}/edit`, { Cookie: cookie })).text();
    expect(page).toMatch(/<option value="nikon-af-s-70-200mm-f2-8e-fl-ed-vr" selected="">/);
    expect(page).toMatch(/name="serialNumber"[^>]*value="ZX9876"/);
    // A refused edit writes neither the listing nor its lists.
    expect((await edit({ model: "canon-eos-r6" }, [["included", "hood"]])).status).toBe(400);
    expect((await db().select().from(listingIncludedItems)).map((entry) => entry.item)).toEqual(["box"]);
  });

  it("takes the gear through the REST calls too (JSON numbers, a list, an object)", async () => {
    const { user } = await sellerWith();
    const auth = await bearerFor(user.id);
    const category = await insertCategory({ title: "Lens" });
    const listing = await insertProduct({ sellerId: user.id, categoryId: category.id });
    const response = await SELF.fetch(`${ORIGIN}/api/product/${listing.id}`, {
      method: "PUT",
      headers: { Authorization: auth, "Content-Type": "application/json" },
      body: JSON.stringify({
        ...validFields({ category: "camera lens" }),
        originalPrice: 2000,
        resalePrice: 1500,
        purchaseYear: 2019,
        model: "other",
        brand: "other",
        brandName: "Laowa",
        modelName: "9mm f/2.8 Zero-D",
        mount: "fujifilm-x",
        focalMin: 9,
        apertureWide: 2.8,
        included: ["front-cap", "rear-cap"],
        checks: { "front-element": "fine" },
      }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ acknowledged: true, heldForReview: false, priceWarning: null });
    const detail = await (await SELF.fetch(`${ORIGIN}/api/listings/${listing.id}`)).json<{ gear: unknown }>();
    expect(detail.gear).toMatchObject({
      kind: "lens",
      brand: { key: "other", name: "Laowa" },
      model: { key: "other", name: "9mm f/2.8 Zero-D" },
      mount: { key: "fujifilm-x", name: "Fujifilm X" },
      focalLengthMm: { min: 9, max: 9 },
      maxAperture: { wide: 2.8, tele: null },
      included: ["front-cap", "rear-cap"],
      checks: { "front-element": "fine", autofocus: null },
    });
    const bad = await SELF.fetch(`${ORIGIN}/api/product/${listing.id}`, {
      method: "PUT",
      headers: { Authorization: auth, "Content-Type": "application/json" },
      body: JSON.stringify({ ...validFields({ category: "camera lens" }), model: "canon-eos-r6", included: "hood" }),
    });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ error: { fields: { model: [expect.stringContaining("camera body")] } } });
  });
});

describe("the toast of a saved listing", () => {
  it("is a plain success without a model or sales to compare with", async () => {
    const { cookie } = await sellerWith();
    const response = await postAddProduct(cookie, productForm(validFields(), photoFile("webp")));
    const page = await (
      await get("/dashboard/my_product", { Cookie: `${cookie}; ${toastCookieFrom(response)}` })
    ).text();
    expect(page).toContain('data-toast-type="success"');
  });
});
