// One serial however it is typed (ADR 0073): look-alike letters and digits of other scripts
// (Cyrillic, Greek, …) and fullwidth forms fold to the Latin ones, so a listing cannot escape
// the stolen-gear register by writing "ЕКХ1234567" for "EKX1234567"; anything still outside
// A–Z and 0–9 is refused on the field. And only a seller whose address is confirmed gives a
// serial: a throwaway account cannot list with one to learn whether it is held.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SERIAL_NEEDS_CONFIRMED_ADDRESS } from "#app/domain/catalog/serial-holds.server";
import { foldSerial, normalizeSerial, readSerial, SERIAL_LOOK_ALIKES, SERIAL_MESSAGES } from "#app/domain/gear/serials";
import { products, serialEntries, stolenSerials } from "#db/schema";
import { bearerFor, ORIGIN, signedInUser } from "./auth-helpers";
import { insertCategory, insertProduct, insertUser } from "./factories";
import { editPath, postEdit } from "./listing-helpers";
import { asHtml, db, photoFile, postAddProduct, productForm, validFields } from "./seller-helpers";

const LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** The fullwidth form of a Latin capital or digit ("Ａ", "０"), which NFKC folds. */
const fullwidth = (char: string) => String.fromCodePoint(char.codePointAt(0)! + 0xfee0);

/** Every look-alike of a Latin character: the fullwidth form, then the table's. */
const lookAlikes = (char: string) => [fullwidth(char), ...[...(SERIAL_LOOK_ALIKES[char] ?? "")]];

/**
 * The Latin characters written with their k-th look-alike (the Latin one where it has fewer):
 * every look-alike of every character is in one of these serials.
 */
const VARIANTS = Array.from({ length: Math.max(...[...LATIN].map((char) => lookAlikes(char).length)) }, (_, k) =>
  [...LATIN].map((char) => lookAlikes(char)[k] ?? char).join(""),
);

describe("folding a serial", () => {
  it("folds every look-alike in the table, and every fullwidth form, to its Latin letter or digit", () => {
    expect(Object.keys(SERIAL_LOOK_ALIKES).sort().join("")).toBe([...LATIN].sort().join(""));
    const wrong: string[] = [];
    for (const char of LATIN) {
      for (const alike of lookAlikes(char)) {
        if (foldSerial(alike) !== char) wrong.push(`${alike} (U+${alike.codePointAt(0)!.toString(16)}) → ${char}`);
        // Upper- and lower-case look-alikes alike: the fold is of what a reader sees.
        if (foldSerial(`a${alike}9`) !== `A${char}9`) wrong.push(`${alike} inside a serial`);
      }
    }
    expect(wrong).toEqual([]);
    // No character stands for two Latin ones, and none of them is ASCII.
    const all = Object.values(SERIAL_LOOK_ALIKES).flatMap((alikes) => [...alikes]);
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((char) => /[\x00-\x7f]/.test(char))).toEqual([]);
  });

  it("reads the examples as one serial, keeps ASCII letters and digits apart, and refuses what is left", () => {
    expect(foldSerial("ЕКХ1234567")).toBe("EKX1234567"); // Cyrillic
    expect(foldSerial("ΕΚΧ1234567")).toBe("EKX1234567"); // Greek
    expect(foldSerial("ＥＫＸ１２３４５６７")).toBe("EKX1234567"); // fullwidth
    expect(foldSerial("ekx-123 45.67")).toBe("EKX1234567");
    expect(foldSerial("e\u200bkx\u2013123\u00a04567")).toBe("EKX1234567"); // invisible, dash, no-break space
    expect(foldSerial("Ϲ0I1")).toBe("C0I1"); // NFKC would make the lunate sigma a Σ: folded first
    expect(foldSerial(LATIN)).toBe(LATIN);
    expect(foldSerial("O0I1l")).toBe("O0I1L");
    expect(readSerial("EKX 1234567")).toEqual({ ok: true, serial: "EKX1234567" });
    for (const typed of ["EKXß1234", "EKX1234Ж", "日本1234", "EKX1234😀", "EKX1234|", "É1234567"]) {
      expect(readSerial(typed)).toEqual({ ok: false, message: SERIAL_MESSAGES.characters });
      expect(normalizeSerial(typed)).toBeNull();
    }
    expect(readSerial("ЕК-1")).toEqual({ ok: false, message: SERIAL_MESSAGES.length });
    expect(normalizeSerial("--- ...")).toBeNull();
  });
});

/** Registers a serial as stolen (brand "other": it matches whatever the listing's brand). */
async function registerStolen(auth: string, serialNumber: string) {
  const response = await SELF.fetch(`${ORIGIN}/api/stolen-serials`, {
    method: "POST",
    headers: { Authorization: auth, "Content-Type": "application/json" },
    body: JSON.stringify({ brand: "other", brandName: "Any", serialNumber, stolenOn: "2026-10-01", note: "Taken" }),
  });
  expect(response.status, `registering ${serialNumber}`).toBe(201);
}

/** Lists a camera with the serial through POST /api/product; whether it is held for review. */
async function listWithSerial(auth: string, serialNumber: string): Promise<boolean> {
  const response = await SELF.fetch(`${ORIGIN}/api/product`, {
    method: "POST",
    headers: { Authorization: auth },
    body: productForm(validFields({ productName: "Look-alike camera", serialNumber }), photoFile("webp")),
  });
  expect(response.status, `listing ${serialNumber}`).toBe(201);
  return (await response.json<{ heldForReview: boolean }>()).heldForReview;
}

describe("a serial written with look-alikes", () => {
  it("is held when listed, for every look-alike of every Latin letter and digit of a registered serial", async () => {
    await insertCategory({ title: "Camera" });
    const reporter = await bearerFor((await insertUser({ role: "buyer" })).id);
    const seller = await bearerFor((await insertUser({ role: "seller" })).id);
    // One registration per variant, told apart by its first letters.
    for (const [k] of VARIANTS.entries()) await registerStolen(reporter, `Q${k}${LATIN}`);
    const escaped: string[] = [];
    for (const [k, variant] of VARIANTS.entries()) {
      if (!(await listWithSerial(seller, `Q${k}${variant}`))) escaped.push(variant);
    }
    expect(escaped).toEqual([]);
    // A serial nobody registered is not held (the check above can fail).
    expect(await listWithSerial(seller, `Z9${LATIN}`)).toBe(false);
    // Stored in the normal form only.
    const serials = await db().select({ serial: products.serialNumber }).from(products);
    for (const { serial } of serials) expect(serial).toMatch(/^[A-Z0-9]+$/);
  });

  it("registered with look-alikes, holds the listing of the Latin serial", async () => {
    await insertCategory({ title: "Camera" });
    const reporter = await bearerFor((await insertUser({ role: "buyer" })).id);
    const seller = await bearerFor((await insertUser({ role: "seller" })).id);
    for (const [k, variant] of VARIANTS.entries()) await registerStolen(reporter, `Q${k}${variant}`);
    const registered = await db().select({ serial: stolenSerials.serial }).from(stolenSerials);
    expect(registered.map((row) => row.serial).sort()).toEqual(VARIANTS.map((_, k) => `Q${k}${LATIN}`).sort());
    const escaped: number[] = [];
    for (const [k] of VARIANTS.entries()) if (!(await listWithSerial(seller, `Q${k}${LATIN}`))) escaped.push(k);
    expect(escaped).toEqual([]);
  });

  it("is refused on its field when a character is neither a Latin letter, a digit nor a look-alike of one", async () => {
    await insertCategory({ title: "Camera" });
    const { cookie } = await signedInUser("seller");
    const page = await postAddProduct(
      cookie,
      productForm(validFields({ serialNumber: "EKX1234Ж" }), photoFile("webp")),
    );
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(asHtml(SERIAL_MESSAGES.characters));
    const api = await SELF.fetch(`${ORIGIN}/api/stolen-serials`, {
      method: "POST",
      headers: {
        Authorization: await bearerFor((await insertUser({ role: "buyer" })).id),
        "Content-Type": "application/json",
      },
      body: JSON.stringify({ brand: "canon", serialNumber: "EKX1234ß", stolenOn: "2026-10-01", note: "Taken" }),
    });
    expect(api.status).toBe(422);
    expect(JSON.stringify(await api.json())).toContain(SERIAL_MESSAGES.characters);
    expect(await db().select().from(products)).toEqual([]);
    expect(await db().select().from(stolenSerials)).toEqual([]);
  });
});

describe("a serial from a seller whose address is not confirmed", () => {
  async function unconfirmed() {
    const category = await insertCategory({ title: "Camera" });
    const seller = await signedInUser("seller", { emailVerifiedAt: null });
    return { category, seller, auth: await bearerFor(seller.user.id) };
  }

  it("is refused on Add Product with how to confirm, and nothing is written; without a serial it lists", async () => {
    const { seller } = await unconfirmed();
    const page = await postAddProduct(
      seller.cookie,
      productForm(validFields({ serialNumber: "EKX1234567" }), photoFile("webp")),
    );
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain(asHtml(SERIAL_NEEDS_CONFIRMED_ADDRESS));
    expect(html).toMatch(/id="[^"]*serialNumber[^"]*-error"/);
    expect(await db().select().from(products)).toEqual([]);
    expect(await db().select().from(serialEntries)).toEqual([]);
    const without = await postAddProduct(seller.cookie, productForm(validFields(), photoFile("webp")));
    expect(without.status).toBe(302);
    expect(await db().select().from(products)).toHaveLength(1);
  });

  it("is refused by POST /api/product (403, on serialNumber), and nothing is written", async () => {
    const { auth } = await unconfirmed();
    const response = await SELF.fetch(`${ORIGIN}/api/product`, {
      method: "POST",
      headers: { Authorization: auth },
      body: productForm(validFields({ serialNumber: "EKX1234567" }), photoFile("webp")),
    });
    expect(response.status).toBe(403);
    const body = await response.json<{ error: { fields?: Record<string, string[]> } }>();
    expect(JSON.stringify(body)).toContain(SERIAL_NEEDS_CONFIRMED_ADDRESS);
    expect(JSON.stringify(body)).toContain('"serialNumber"');
    expect(await db().select().from(products)).toEqual([]);
    expect(await db().select().from(serialEntries)).toEqual([]);
  });

  it("is refused by the edit page and PUT /api/product/:id when new; the listing stays as it was", async () => {
    const { category, seller, auth } = await unconfirmed();
    const product = await insertProduct({ sellerId: seller.user.id, categoryId: category.id, name: "Leica M6" });
    const page = await postEdit(seller.cookie, product.id, {
      intent: "details",
      ...validFields({ productName: "Leica M6 TTL", serialNumber: "EKX1234567" }),
    });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain(asHtml(SERIAL_NEEDS_CONFIRMED_ADDRESS));
    const api = await SELF.fetch(`${ORIGIN}/api/product/${product.id}`, {
      method: "PUT",
      headers: { Authorization: auth, "Content-Type": "application/json" },
      body: JSON.stringify({
        productName: "Leica M6 TTL",
        category: "camera",
        condition: "Good",
        description: "New light seals.",
        originalPrice: 900,
        resalePrice: 412.5,
        purchaseYear: 2019,
        contact: "+1 415 555 0100",
        location: "Oakland, California",
        serialNumber: "EKX1234567",
      }),
    });
    expect(api.status).toBe(403);
    expect(JSON.stringify(await api.json())).toContain(SERIAL_NEEDS_CONFIRMED_ADDRESS);
    const [row] = await db().select().from(products).where(eq(products.id, product.id));
    expect(row!.name).toBe("Leica M6");
    expect(row!.serialNumber).toBeNull();
    expect(await db().select().from(serialEntries)).toEqual([]);
    // A serial the listing already had (given while the address was confirmed) may stay.
    await db().update(products).set({ serialNumber: "EKX1234567" }).where(eq(products.id, product.id));
    const kept = await postEdit(seller.cookie, product.id, {
      intent: "details",
      ...validFields({ productName: "Leica M6 TTL", serialNumber: "ekx 123 4567" }),
    });
    expect(kept.status).toBe(302);
    expect(kept.headers.get("Location")).toBe(editPath(product.id));
  });

  it("is taken once the address is confirmed: Add Product, the edit page and the API", async () => {
    const category = await insertCategory({ title: "Camera" });
    const seller = await signedInUser("seller");
    const added = await postAddProduct(
      seller.cookie,
      productForm(validFields({ serialNumber: "EKX1234567" }), photoFile("webp")),
    );
    expect(added.status).toBe(302);
    const product = await insertProduct({ sellerId: seller.user.id, categoryId: category.id, name: "Leica M6" });
    const edited = await postEdit(seller.cookie, product.id, {
      intent: "details",
      ...validFields({ productName: "Leica M6 TTL", serialNumber: "LCA7654321" }),
    });
    expect(edited.status).toBe(302);
    expect(await listWithSerial(await bearerFor(seller.user.id), "ЕКХ7654321")).toBe(false);
    const serials = await db().select({ serial: products.serialNumber }).from(products);
    expect(serials.map((row) => row.serial).sort()).toEqual(["EKX1234567", "EKX7654321", "LCA7654321"]);
  });
});
