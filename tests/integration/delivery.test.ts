// How a listing changes hands (ADR 0085): the seller says meetup, shipping or both; shipping
// needs where it ships from, its parcel and handling time; cards, the listing page, the REST
// records and search show and filter it; where the parcel leaves from stays the seller's.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveryLine, readPostalCode } from "#app/domain/catalog/delivery";
import { listingDetailsSchema } from "#app/domain/catalog/listing-schema";
import { readSearchParams } from "#app/domain/catalog/search-params";
import { products } from "#db/schema";
import { bearerFor, get, ORIGIN, sessionCookieFor, signedInUser } from "./auth-helpers";
import { amountsIn, insertCategory, insertProduct, insertUser, USD } from "./factories";
import { listingWithPhotos, productRow } from "./listing-helpers";
import { db, photoFile, postAddProduct, productForm, productRows, validFields } from "./seller-helpers";
import { testEnv } from "./test-env";

const SHIPPING = {
  delivery: "ship",
  shipsFromCountry: "US",
  shipsFromPostalCode: "11201",
  parcel: "medium",
  shippingPrice: "14",
  handlingDays: "2",
};

const details = (overrides: Record<string, unknown> = {}) => ({ ...validFields(), ...overrides });

describe("a listing's delivery fields", () => {
  it("are a meetup when left out, as every listing was before shipping", () => {
    const read = listingDetailsSchema(USD).safeParse(details());
    expect(read.success && read.data).toMatchObject({
      delivery: "meetup",
      shipsFromCountry: null,
      shipsFromPostalCode: null,
      parcel: null,
      shippingPrice: null,
      handlingDays: null,
    });
  });

  it("keep nothing of shipping for a meetup, whatever the form still holds", () => {
    const read = listingDetailsSchema(USD).safeParse(details({ ...SHIPPING, delivery: "meetup" }));
    expect(read.success && read.data).toMatchObject({ delivery: "meetup", shipsFromCountry: null, parcel: null });
  });

  it("need the country, postal code, parcel and handling time to ship, and take an empty price as the carrier's rate", () => {
    const read = listingDetailsSchema(USD).safeParse(details({ ...SHIPPING, shippingPrice: "" }));
    expect(read.success && read.data).toMatchObject({
      delivery: "ship",
      shipsFromCountry: "US",
      shipsFromPostalCode: "11201",
      parcel: "medium",
      shippingPrice: null,
      handlingDays: 2,
    });
    const missing = listingDetailsSchema(USD).safeParse(details({ delivery: "both" }));
    expect(missing.success).toBe(false);
    const fields = missing.error?.issues.map((issue) => issue.path.join("."));
    expect(fields).toEqual(
      expect.arrayContaining(["shipsFromCountry", "shipsFromPostalCode", "parcel", "handlingDays"]),
    );
  });

  it("refuse a country we do not ship within, a bad postal code, a price out of range and a handling time over five days", () => {
    const issues = (overrides: Record<string, string>) => {
      const read = listingDetailsSchema(USD).safeParse(details({ ...SHIPPING, ...overrides }));
      return read.success ? [] : read.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    };
    expect(issues({ shipsFromCountry: "FR" })).toEqual([
      "shipsFromCountry: We ship within United States and Canada only.",
    ]);
    expect(issues({ shipsFromPostalCode: "1120" })[0]).toMatch(/^shipsFromPostalCode: Enter a US ZIP code/);
    expect(issues({ shipsFromCountry: "CA", shipsFromPostalCode: "11201" })[0]).toMatch(/Canadian postal code/);
    expect(issues({ shipsFromPostalCode: "1".repeat(3_000_000) })[0]).toMatch(/^shipsFromPostalCode: .*at most 10/);
    expect(issues({ shippingPrice: "500.01" })[0]).toMatch(/^shippingPrice: Shipping price must be/);
    expect(issues({ shippingPrice: "-3" })[0]).toMatch(/^shippingPrice:/);
    expect(issues({ handlingDays: "6" })).toEqual(["handlingDays: Send within 1 to 5 business days."]);
    expect(issues({ parcel: "huge" })[0]).toMatch(/^parcel: Parcel must be small, medium, large/);
    expect(issues({ delivery: "drone" })[0]).toMatch(/^delivery: How it changes hands must be meetup, ship, both/);
    expect(issues({ shippingPrice: "0" })).toEqual([]);
  });

  it("write postal codes the way their country does", () => {
    expect(readPostalCode("US", " 11201-1234 ")).toBe("11201-1234");
    expect(readPostalCode("CA", "m5v2t6")).toBe("M5V 2T6");
    expect(readPostalCode("CA", "D5V 2T6")).toBeNull();
    expect(readPostalCode("US", "11201\u0007")).toBeNull();
  });

  it("read as one line on a card", () => {
    const place = "Brooklyn, NY";
    expect(deliveryLine({ delivery: "meetup", location: place, shippingPriceCents: null }, USD)).toBe("Meetup only");
    expect(deliveryLine({ delivery: "ship", location: place, shippingPriceCents: 1_400 }, USD)).toBe(
      amountsIn("Ships from Brooklyn, NY · $ 14.00 shipping"),
    );
    expect(deliveryLine({ delivery: "both", location: place, shippingPriceCents: 0 }, USD)).toBe(
      "Meetup or ships from Brooklyn, NY · free shipping",
    );
    expect(deliveryLine({ delivery: "ship", location: place, shippingPriceCents: null }, USD)).toBe(
      "Ships from Brooklyn, NY · shipping at the carrier's rate",
    );
  });
});

describe("Add Product and the edit, with shipping", () => {
  it("stores a shipped listing from the form a browser without JavaScript posts", async () => {
    await insertCategory({ title: "Camera" });
    const { cookie } = await signedInUser("seller");
    const response = await postAddProduct(cookie, productForm(validFields(SHIPPING), photoFile("webp")));
    expect(response.status).toBe(302);
    const [row] = await productRows();
    expect(row).toMatchObject({
      delivery: "ship",
      shipsFromCountry: "US",
      shipsFromPostalCode: "11201",
      parcel: "medium",
      shippingPriceCents: 1_400,
      handlingDays: 2,
    });
  });

  it("refuses shipping without a postal code on its field, and stores nothing", async () => {
    await insertCategory({ title: "Camera" });
    const { cookie } = await signedInUser("seller");
    const response = await postAddProduct(
      cookie,
      productForm(validFields({ ...SHIPPING, shipsFromPostalCode: "" }), photoFile("webp")),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Enter the postal code it ships from.");
    expect(await productRows()).toHaveLength(0);
  });

  it("changes a listing to shipping and back to a meetup through PUT /api/product/:id", async () => {
    const category = await insertCategory({ title: "Camera" });
    const seller = await insertUser({ role: "seller" });
    const { product } = await listingWithPhotos(seller.id, category.id, 1);
    const put = async (body: Record<string, unknown>) =>
      SELF.fetch(`${ORIGIN}/api/product/${product.id}`, {
        method: "PUT",
        headers: { Authorization: await bearerFor(seller.id), "Content-Type": "application/json" },
        body: JSON.stringify({ ...validFields({ category: "camera" }), ...body }),
      });
    const shipped = await put({
      ...SHIPPING,
      shippingPrice: 9.5,
      handlingDays: 1,
      shipsFromCountry: "ca",
      shipsFromPostalCode: "m5v 2t6",
    });
    expect(shipped.status).toBe(200);
    expect(await productRow(product.id)).toMatchObject({
      delivery: "ship",
      shipsFromCountry: "CA",
      shipsFromPostalCode: "M5V 2T6",
      shippingPriceCents: 950,
      handlingDays: 1,
    });
    const refused = await put({ ...SHIPPING, shipsFromCountry: "DE" });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({
      error: { fields: { shipsFromCountry: ["We ship within United States and Canada only."] } },
    });
    const meetup = await put({ delivery: "meetup", shippingPrice: null });
    expect(meetup.status).toBe(200);
    expect(await productRow(product.id)).toMatchObject({
      delivery: "meetup",
      shipsFromCountry: null,
      shipsFromPostalCode: null,
      parcel: null,
      shippingPriceCents: null,
      handlingDays: null,
    });
  });

  it("cannot be stored half-filled, whatever writes it: the table's own rule", async () => {
    const category = await insertCategory({ title: "Camera" });
    const seller = await insertUser({ role: "seller" });
    const refusal = (write: Promise<unknown>) =>
      write.then(
        () => "stored",
        (error: { cause?: unknown }) => String(error.cause),
      );
    expect(
      await refusal(
        insertProduct({ sellerId: seller.id, categoryId: category.id, delivery: "ship", shipsFromCountry: "US" }),
      ),
    ).toMatch(/CHECK constraint failed/);
    expect(
      await refusal(
        insertProduct({ sellerId: seller.id, categoryId: category.id, delivery: "meetup", shippingPriceCents: 1_000 }),
      ),
    ).toMatch(/CHECK constraint failed/);
    expect(await db().select().from(products).where(eq(products.sellerId, seller.id))).toHaveLength(0);
  });
});

async function shippingWorld() {
  const category = await insertCategory({ title: "Camera" });
  const seller = await insertUser({ role: "seller" });
  const listing = async (name: string, columns: Partial<typeof products.$inferInsert>) => {
    const { product } = await listingWithPhotos(seller.id, category.id, 1, { name, ...columns });
    return product;
  };
  const meetup = await listing("Meetup Leica", {});
  const shipsUs = await listing("Shipped Nikon", {
    delivery: "ship",
    shipsFromCountry: "US",
    shipsFromPostalCode: "11201",
    parcel: "small",
    shippingPriceCents: 1_400,
    handlingDays: 2,
    location: "Brooklyn, NY",
  });
  const bothCa = await listing("Either Canon", {
    delivery: "both",
    shipsFromCountry: "CA",
    shipsFromPostalCode: "M5V 2T6",
    parcel: "medium",
    shippingPriceCents: null,
    handlingDays: 3,
    location: "Toronto, ON",
  });
  return { seller, meetup, shipsUs, bothCa };
}

describe("cards, the listing page and search, with shipping", () => {
  it("show how each listing changes hands, and never where the parcel leaves from", async () => {
    const { shipsUs } = await shippingWorld();
    // A card names the location on a line of its own, and how it changes hands after (ADR 0099).
    const html = await (await get("/search")).text();
    expect(html).toContain(amountsIn("Ships · $ 14.00 shipping"));
    expect(html).toContain("Meetup or ships · shipping at the carrier&#x27;s rate");
    expect(html).toContain("Meetup only");
    for (const place of ["Brooklyn, NY", "Toronto, ON"]) expect(html).toContain(place);
    const page = await (await get(`/listings/${shipsUs.id}`)).text();
    expect(page).toContain(amountsIn("Ships from Brooklyn, NY · $ 14.00 shipping"));
    expect(page).toContain("Sends within 2 business days");
    expect(page).not.toContain("11201");
    const cards = (await (await SELF.fetch(`${ORIGIN}/api/search`)).json()) as {
      results: Array<Record<string, unknown>>;
    };
    const card = cards.results.find((row) => row._id === shipsUs.id);
    expect(card).toMatchObject({
      delivery: "ship",
      shipsFromCountry: "US",
      shippingPrice: 14,
      shippingPriceCents: 1_400,
      deliverySummary: amountsIn("Ships from Brooklyn, NY · $ 14.00 shipping"),
    });
    expect(JSON.stringify(cards)).not.toContain("11201");
  });

  it("filter by meetup or by the country a listing ships within, on the page and in /api/search", async () => {
    const { meetup, shipsUs, bothCa } = await shippingWorld();
    const ids = async (query: string) => {
      const response = await SELF.fetch(`${ORIGIN}/api/search?${query}`);
      expect(response.status, query).toBe(200);
      const body = (await response.json()) as { results: Array<{ _id: string }> };
      return body.results.map((row) => row._id).sort();
    };
    expect(await ids("delivery=meetup")).toEqual([meetup.id, bothCa.id].sort());
    expect(await ids("delivery=ship-us")).toEqual([shipsUs.id]);
    expect(await ids("delivery=SHIP-CA")).toEqual([bothCa.id]);
    const bad = await SELF.fetch(`${ORIGIN}/api/search?delivery=ship-fr`);
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({
      error: { fields: { delivery: [expect.stringMatching(/^Delivery must be/)] } },
    });
    const page = await get("/search?delivery=ship-us");
    const html = await page.text();
    expect(html).toContain("Shipped Nikon");
    expect(html).not.toContain("Meetup Leica");
    expect(html).toMatch(/<option value="ship-us" selected="">Ships to United States<\/option>/);
  });

  it("reads each delivery filter through its own index", async () => {
    const { searchStatements } = await import("#app/domain/catalog/listing-search.server");
    for (const [search, index] of [
      ["delivery=meetup", /products_available_meets/],
      ["delivery=ship-us", /products_available_ships_from/],
    ] as const) {
      const read = readSearchParams(new URLSearchParams(search), USD);
      if (!read.ok) throw new Error(read.message);
      const { rows, count } = searchStatements(db(), read.query);
      const plans: string[] = [];
      for (const statement of [rows.toSQL(), count.toSQL()]) {
        const plan = await testEnv.DB.prepare(`explain query plan ${statement.sql}`)
          .bind(...statement.params)
          .all<{ detail: string }>();
        plans.push(plan.results.map((row) => row.detail).join("\n"));
      }
      // The page walks its index newest first and stops when it is full; the count (capped) reads
      // some index of the available listings, never the whole table.
      expect(plans[0], search).toMatch(index);
      for (const plan of plans) expect(plan, search).not.toMatch(/SCAN products\b(?! USING)/);
    }
  });

  it("keep the postal code on the seller's own edit page", async () => {
    const { seller, shipsUs } = await shippingWorld();
    const html = await (
      await get(`/dashboard/my_product/${shipsUs.id}/edit`, { Cookie: await sessionCookieFor(seller.id) })
    ).text();
    expect(html).toMatch(/name="shipsFromPostalCode"[^>]*value="11201"/);
  });
});
