// Price guidance from Pay&Buy's own recorded sales only (ADR 0055): the same model, the same grade
// or better, the last six months, successful payments in the site's currency. Fewer than five
// sales show no range, and the range shown is the rounded 10th–90th percentile (ADR 0076), so no
// sale's price can be read off it; a refund takes a sale out. Nothing else is counted or invented.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { farAbove, guidanceFigures, guidanceStepCents } from "#app/domain/catalog/price-guidance";
import { priceGuidance } from "#app/domain/catalog/price-guidance.server";
import { database } from "#db/client";
import { modelSales, payments, products } from "#db/schema";
import { bearerFor, get, ORIGIN, signedInUser } from "./auth-helpers";
import {
  amountsIn,
  insertBooking,
  insertCategory,
  insertPayment,
  insertProduct,
  insertSale,
  insertUser,
} from "./factories";
import { photoFile, postAddProduct, productForm, toastCookieFrom, validFields } from "./seller-helpers";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const DAY = 86_400_000;

async function world() {
  const seller = await insertUser({ role: "seller" });
  const buyer = await insertUser();
  const cameras = await insertCategory({ title: "Camera" });
  /** A listing of the model, sold `daysAgo` at `dollars` in `condition`. */
  const sold = async (
    dollars: number,
    condition: "Excellent" | "Good" | "Fair",
    daysAgo: number,
    model = "canon-eos-r6",
  ) => {
    const product = await insertProduct({
      sellerId: seller.id,
      categoryId: cameras.id,
      condition,
      gearKind: "body",
      brand: model.split("-")[0],
      model,
      mount: "canon-rf",
      sensorFormat: "full-frame",
    });
    return insertSale({
      productId: product.id,
      buyerId: buyer.id,
      sellerId: seller.id,
      amountCents: dollars * 100,
      paidAt: new Date(Date.now() - daysAgo * DAY),
    });
  };
  return { seller, buyer, cameras, sold };
}

const guidance = (condition: "Excellent" | "Good" | "Fair", model = "canon-eos-r6") =>
  priceGuidance(db(), { model, condition }, "usd");

describe("price guidance", () => {
  it("says how few sales there are, and shows no price, below five", async () => {
    const { sold } = await world();
    expect(await guidance("Good")).toEqual({
      enough: false,
      model: "canon-eos-r6",
      grades: ["Excellent", "Good"],
      sales: 0,
      periodDays: 182,
    });
    await sold(1400, "Good", 10);
    await sold(1500, "Excellent", 20);
    expect(await guidance("Good")).toMatchObject({ enough: false, sales: 2 });
    expect(await guidance("Good")).not.toHaveProperty("lowCents");
    await sold(1450, "Good", 30);
    // Three and four sales: their prices would be the figures themselves.
    expect(await guidance("Good")).toMatchObject({ enough: false, sales: 3 });
    await sold(1420, "Good", 40);
    expect(await guidance("Good")).toMatchObject({ enough: false, sales: 4 });
    expect(await guidance("Good")).not.toHaveProperty("highCents");
    await sold(1480, "Excellent", 50);
    // 1,400 1,420 1,450 1,480 1,500: the 10th percentile 1,408 down to $ 50, the 90th 1,492 up.
    expect(await guidance("Good")).toEqual({
      enough: true,
      model: "canon-eos-r6",
      grades: ["Excellent", "Good"],
      sales: 5,
      lowCents: 140_000,
      highCents: 150_000,
      medianCents: 145_000,
      periodDays: 182,
    });
  });

  it("counts the same model, in that grade or better, in the last six months; the median of an even count is the mean of the middle two", async () => {
    const { sold } = await world();
    await sold(1300, "Good", 5);
    await sold(1400, "Good", 40);
    await sold(1600, "Excellent", 100);
    await sold(1700, "Excellent", 181);
    await sold(1500, "Good", 60);
    await sold(900, "Fair", 10); // a worse grade: not compared with a Good listing
    await sold(2000, "Excellent", 190); // older than six months
    await sold(500, "Good", 3, "canon-eos-r5"); // another model
    expect(await guidance("Good")).toMatchObject({
      sales: 5,
      lowCents: 130_000,
      highCents: 170_000,
      medianCents: 150_000,
    });
    expect(await guidance("Excellent")).toMatchObject({ enough: false, sales: 2, grades: ["Excellent"] });
    // Six prices: the 10th percentile half-way from 900 to 1,300, the median from 1,400 to 1,500.
    expect(await guidance("Fair")).toMatchObject({
      sales: 6,
      lowCents: 110_000,
      medianCents: 145_000,
      highCents: 165_000,
      grades: ["Excellent", "Good", "Fair"],
    });
  });

  it("forgets a refunded sale, and counts only the site's currency and models of the list", async () => {
    const { sold, seller, buyer, cameras } = await world();
    const sales = [];
    for (const [dollars, days] of [
      [1000, 1],
      [1100, 2],
      [1200, 3],
      [1300, 4],
      [1400, 5],
    ] as const)
      sales.push(await sold(dollars, "Good", days));
    expect(await guidance("Good")).toMatchObject({ enough: true, sales: 5 });
    await db().update(payments).set({ status: "refunded" }).where(eq(payments.id, sales[0]!.payment.id));
    expect(await guidance("Good")).toMatchObject({ enough: false, sales: 4 });
    await db().update(payments).set({ status: "succeeded" }).where(eq(payments.id, sales[0]!.payment.id));
    expect(await guidance("Good")).toMatchObject({ enough: true, sales: 5 });
    // A sale paid in another currency is recorded in it, and not counted in dollars.
    const euros = await insertProduct({
      sellerId: seller.id,
      categoryId: cameras.id,
      condition: "Good",
      gearKind: "body",
      brand: "canon",
      model: "canon-eos-r6",
      mount: "canon-rf",
      sensorFormat: "full-frame",
    });
    const booking = await insertBooking(euros, buyer.id, { status: "paid", paidAt: new Date() });
    await insertPayment(booking, seller.id, { currency: "eur" });
    expect(await db().select().from(modelSales).where(eq(modelSales.currency, "eur"))).toHaveLength(1);
    expect(await guidance("Good")).toMatchObject({ sales: 5 });
    expect(await priceGuidance(db(), { model: "canon-eos-r6", condition: "Good" }, "eur")).toMatchObject({ sales: 1 });
    // A listing of another model, typed by its seller, records no model sale.
    const typed = await insertProduct({
      sellerId: seller.id,
      categoryId: cameras.id,
      gearKind: "body",
      brand: "canon",
      model: "other",
      modelOther: "EOS R6 (grey import)",
      sensorFormat: "full-frame",
    });
    await insertSale({ productId: typed.id, buyerId: buyer.id, sellerId: seller.id });
    expect(await db().select().from(modelSales).where(eq(modelSales.model, "other"))).toEqual([]);
    expect(await priceGuidance(db(), { model: "other", condition: "Good" }, "usd")).toBeNull();
  });

  it("shows on the listing page and in GET /api/listings/:id, read in the same round trip", async () => {
    const { sold, seller, cameras } = await world();
    for (const [dollars, days] of [
      [780, 10],
      [810, 15],
      [850, 20],
      [900, 30],
      [940, 40],
    ] as const)
      await sold(dollars, "Good", days);
    const listing = await insertProduct({
      sellerId: seller.id,
      categoryId: cameras.id,
      condition: "Good",
      resalePriceCents: 120_000,
      gearKind: "body",
      brand: "canon",
      model: "canon-eos-r6",
      mount: "canon-rf",
      sensorFormat: "full-frame",
    });
    const page = await (await get(`/listings/${listing.id}`)).text();
    // The 10th percentile 792 down to $ 25, the 90th 924 up to $ 25.
    expect(page).toContain(
      amountsIn(
        "Most sold on Pay&amp;Buy for about $ 775.00–$ 925.00 (median about $ 850.00, 5 sales in the last 6 months, same model, Good or better)",
      ),
    );
    // An asking price far above what the model sold for is worth knowing for a buyer too.
    expect(page).toContain(
      amountsIn(
        "This price is 29% above what this model mostly sold for on Pay&amp;Buy (up to about $ 925.00, Good or better).",
      ),
    );
    const api = await (await SELF.fetch(`${ORIGIN}/api/listings/${listing.id}`)).json();
    expect(api).toMatchObject({
      priceGuidance: { enough: true, sales: 5, lowCents: 77_500, highCents: 92_500, medianCents: 85_000, low: 775 },
    });
    const response = await SELF.fetch(`${ORIGIN}/api/price-guidance?model=canon-eos-r6&condition=Good`);
    expect(await response.json()).toMatchObject({
      model: { key: "canon-eos-r6", name: "Canon EOS R6" },
      guidance: { enough: true, sales: 5, median: 850 },
    });
    expect((await SELF.fetch(`${ORIGIN}/api/price-guidance?model=nope`)).status).toBe(422);
    expect((await SELF.fetch(`${ORIGIN}/api/price-guidance?model=canon-eos-r6&condition=Mint`)).status).toBe(422);
  });

  it("tells a seller setting a price, and warns on saving a price far above the range", async () => {
    const { sold } = await world();
    await insertCategory({ title: "Camera Lens" });
    for (const dollars of [1000, 1050, 1100, 1150, 1200]) await sold(dollars, "Excellent", 5);
    const { user, cookie } = await signedInUser("seller");
    const page = await (
      await get("/dashboard/add_product?model=canon-eos-r6&condition=Excellent", { Cookie: cookie })
    ).text();
    expect(page).toContain(amountsIn("Canon EOS R6: Most sold on Pay&amp;Buy for about $ 1,000.00–$ 1,200.00"));
    // The form comes back with the model and grade the seller asked about.
    expect(page).toMatch(/<option value="canon-eos-r6" selected="">/);
    const response = await postAddProduct(
      cookie,
      productForm(
        validFields({ model: "canon-eos-r6", condition: "Excellent", resalePrice: "1500" }),
        photoFile("webp"),
      ),
    );
    expect(response.status).toBe(302);
    const next = await (
      await get("/dashboard/my_product", { Cookie: `${cookie}; ${toastCookieFrom(response)}` })
    ).text();
    expect(next).toContain('data-toast-type="warning"');
    expect(next).toContain(
      amountsIn(
        "This price is 25% above what this model mostly sold for on Pay&amp;Buy (up to about $ 1,200.00, Excellent).",
      ),
    );
    const [listing] = await db().select().from(products).where(eq(products.sellerId, user.id));
    expect(listing!.resalePriceCents).toBe(150_000);
    const auth = await bearerFor(user.id);
    const form = productForm(
      validFields({ model: "canon-eos-r6", condition: "Excellent", resalePrice: "1250" }),
      photoFile("webp"),
    );
    const api = await SELF.fetch(`${ORIGIN}/api/product`, {
      method: "POST",
      headers: { Authorization: auth },
      body: form,
    });
    expect(api.status).toBe(201);
    expect(await api.json()).toMatchObject({ priceWarning: null, heldForReview: false });
    const far = productForm(
      validFields({ model: "canon-eos-r6", condition: "Excellent", resalePrice: "2000" }),
      photoFile("webp"),
    );
    const farApi = await SELF.fetch(`${ORIGIN}/api/product`, {
      method: "POST",
      headers: { Authorization: auth },
      body: far,
    });
    expect(await farApi.json()).toMatchObject({ priceWarning: { percentAboveRange: 66, rangeHighCents: 120_000 } });
  });

  it("shows no sale's own price: every figure is rounded to its step, and the warning compares with the rounded top", async () => {
    const { sold } = await world();
    const cents = [101_237, 104_419, 106_583, 109_871, 112_347];
    for (const [index, price] of cents.entries()) await sold(price / 100, "Good", index + 1);
    const shown = await guidance("Good");
    if (!shown?.enough) throw new Error("five sales give guidance");
    // 10th percentile 102,509.8 down, median 106,583 to the nearest, 90th 111,356.6 up: $ 50 steps.
    expect(shown).toMatchObject({ lowCents: 100_000, medianCents: 105_000, highCents: 115_000 });
    for (const figure of [shown.lowCents, shown.medianCents, shown.highCents]) {
      expect(cents).not.toContain(figure);
      expect(figure % guidanceStepCents(figure)).toBe(0);
    }
    // Above 120 % of the highest sale ($ 1,348.16) but not of the rounded top ($ 1,380.00): an
    // asking price cannot probe for the highest sale.
    expect(farAbove(shown, 134_900)).toBeNull();
    expect(farAbove(shown, 138_000)).toBeNull();
    expect(farAbove(shown, 138_100)).toEqual({ percent: 20 });
  });

  it("rounds by the figure's size: $5, $10, $25, $50, $100, then $250", () => {
    for (const [below, step] of [
      [9_999, 500],
      [10_000, 1_000],
      [24_999, 1_000],
      [25_000, 2_500],
      [99_999, 2_500],
      [100_000, 5_000],
      [499_999, 5_000],
      [500_000, 10_000],
      [999_999, 10_000],
      [1_000_000, 25_000],
    ] as const)
      expect(guidanceStepCents(below), String(below)).toBe(step);
    const prices = [4_321, 4_999, 5_250, 5_500, 9_876];
    // 10th percentile 45.922 down, median 52.50 to the nearest $ 5 (half up), 90th 81.256 up.
    expect(guidanceFigures(prices.length, (rank) => prices[rank - 1]!)).toEqual({
      lowCents: 4_500,
      medianCents: 5_500,
      highCents: 8_500,
    });
    expect(guidanceFigures(4, (rank) => prices[rank - 1]!)).toBeNull();
  });
});
