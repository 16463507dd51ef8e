// Each limit the domain states once is the table's too: the schema's CHECKs are SQL and cannot
// read the domain's constants, so this file holds them together. Every case inserts the domain's
// bound and the value just past it through the real migrations: the database takes the one and
// refuses the other. A constant changed without a migration fails here.
import { describe, expect, it } from "vitest";
import { DELIVERY_LIMITS } from "#app/domain/catalog/delivery";
import { LISTING_LIMITS } from "#app/domain/catalog/listing-schema";
import { CLAIM_TEXT_MAX } from "#app/domain/deals/claims/claim-schema";
import { HANDLING_DAYS } from "#app/domain/deals/parcels/clock";
import { RATING_COMMENT_MAX, RATING_STARS } from "#app/domain/deals/ratings/rating-schema";
import { database } from "#db/client";
import { claims, ratings } from "#db/schema";
import { insertCategory, insertProduct, insertSale, insertUser } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);

/** "stored", or the database's refusal. */
const outcome = (write: Promise<unknown>) =>
  write.then(
    () => "stored",
    (error: { cause?: unknown }) => String(error.cause ?? error),
  );

const REFUSED = /CHECK constraint failed/;

async function seller() {
  const category = await insertCategory({ title: `Camera ${crypto.randomUUID().slice(0, 6)}` });
  const user = await insertUser({ role: "seller" });
  return { sellerId: user.id, categoryId: category.id };
}

const shipped = {
  delivery: "ship",
  shipsFromCountry: "US",
  shipsFromPostalCode: "11201",
  parcel: "small",
  shippingPriceCents: 1_400,
  handlingDays: 2,
} as const;

describe("a listing's delivery limits (DELIVERY_LIMITS) are the products table's", () => {
  it("takes every handling time from the least to the most, and refuses one day fewer or more", async () => {
    const owner = await seller();
    const listing = (handlingDays: number) => outcome(insertProduct({ ...owner, ...shipped, handlingDays }));
    expect(await listing(DELIVERY_LIMITS.minHandlingDays)).toBe("stored");
    expect(await listing(DELIVERY_LIMITS.maxHandlingDays)).toBe("stored");
    expect(await listing(DELIVERY_LIMITS.minHandlingDays - 1)).toMatch(REFUSED);
    expect(await listing(DELIVERY_LIMITS.maxHandlingDays + 1)).toMatch(REFUSED);
  });

  it("gives the payment's ship-by date every handling time the listing rule allows", () => {
    expect(HANDLING_DAYS[0]).toBe(DELIVERY_LIMITS.minHandlingDays);
    expect(HANDLING_DAYS.at(-1)).toBe(DELIVERY_LIMITS.maxHandlingDays);
    expect(HANDLING_DAYS).toHaveLength(DELIVERY_LIMITS.maxHandlingDays - DELIVERY_LIMITS.minHandlingDays + 1);
  });

  it("takes a shipping price up to the cap, and refuses a cent more", async () => {
    const owner = await seller();
    const listing = (shippingPriceCents: number) =>
      outcome(insertProduct({ ...owner, ...shipped, shippingPriceCents }));
    expect(await listing(0)).toBe("stored");
    expect(await listing(DELIVERY_LIMITS.maxShippingCents)).toBe("stored");
    expect(await listing(DELIVERY_LIMITS.maxShippingCents + 1)).toMatch(REFUSED);
    expect(await listing(-1)).toMatch(REFUSED);
  });

  it("takes a postal code of the longest length, and refuses one character more", async () => {
    const owner = await seller();
    const listing = (length: number) =>
      outcome(insertProduct({ ...owner, ...shipped, shipsFromPostalCode: "1".repeat(length) }));
    expect(await listing(DELIVERY_LIMITS.postalCode)).toBe("stored");
    expect(await listing(DELIVERY_LIMITS.postalCode + 1)).toMatch(REFUSED);
  });
});

describe("a listing's purchase year (LISTING_LIMITS.minYear) is the products table's", () => {
  it("takes the earliest year, and refuses the year before", async () => {
    const owner = await seller();
    const listing = (purchaseYear: number) => outcome(insertProduct({ ...owner, purchaseYear }));
    expect(await listing(LISTING_LIMITS.minYear)).toBe("stored");
    expect(await listing(LISTING_LIMITS.minYear - 1)).toMatch(REFUSED);
  });
});

async function sale() {
  const owner = await seller();
  const buyer = await insertUser({ role: "buyer" });
  const product = await insertProduct(owner);
  const { booking, payment } = await insertSale({ productId: product.id, buyerId: buyer.id, sellerId: owner.sellerId });
  return { paymentId: payment.id, bookingId: booking.id, buyerId: buyer.id, sellerId: owner.sellerId };
}

describe("a claim's texts (CLAIM_TEXT_MAX) are the claims table's", () => {
  const claim = async (values: { details: string; sellerAnswer?: string; decisionNote?: string }) =>
    outcome(
      db()
        .insert(claims)
        .values({ ...(await sale()), reason: "other", ...values }),
    );
  const longest = "a".repeat(CLAIM_TEXT_MAX);
  const tooLong = "a".repeat(CLAIM_TEXT_MAX + 1);

  it("takes the buyer's details, the seller's answer and the admin's note at their longest, and refuses one character more", async () => {
    expect(await claim({ details: longest, sellerAnswer: longest, decisionNote: longest })).toBe("stored");
    expect(await claim({ details: tooLong })).toMatch(REFUSED);
    expect(await claim({ details: "x", sellerAnswer: tooLong })).toMatch(REFUSED);
    expect(await claim({ details: "x", decisionNote: tooLong })).toMatch(REFUSED);
  });
});

describe("a rating's stars and comment (RATING_STARS, RATING_COMMENT_MAX) are the ratings table's", () => {
  const rate = async (values: { stars: number; comment?: string }) => {
    const { paymentId, buyerId, sellerId } = await sale();
    return outcome(
      db()
        .insert(ratings)
        .values({ paymentId, buyerId, sellerId, ...values }),
    );
  };

  it("takes the fewest and the most stars, and refuses one fewer or one more", async () => {
    expect(await rate({ stars: RATING_STARS.min })).toBe("stored");
    expect(await rate({ stars: RATING_STARS.max })).toBe("stored");
    expect(await rate({ stars: RATING_STARS.min - 1 })).toMatch(REFUSED);
    expect(await rate({ stars: RATING_STARS.max + 1 })).toMatch(REFUSED);
  });

  it("takes the longest comment, and refuses one character more", async () => {
    expect(await rate({ stars: RATING_STARS.max, comment: "a".repeat(RATING_COMMENT_MAX) })).toBe("stored");
    expect(await rate({ stars: RATING_STARS.max, comment: "a".repeat(RATING_COMMENT_MAX + 1) })).toMatch(REFUSED);
  });
});
