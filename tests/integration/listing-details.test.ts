// A listing's details come from one list (listing-details.server): the edit, the reads, the
// export, the edit form's values and the REST records all take every detail from it. These
// checks walk the list, so a detail added to the form's schema is checked in each place too.
import { SELF } from "cloudflare:test";
import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  DETAIL_FIELDS,
  detailColumns,
  detailFormValues,
  MONEY_DETAILS,
  PRIVATE_DETAILS,
  sameDetails,
} from "#app/domain/catalog/listing-details.server";
import { findListingForEdit } from "#app/domain/catalog/listing-edits.server";
import { listingDetailsSchema } from "#app/domain/catalog/listing-schema";
import { products } from "#db/schema";
import { bearerFor, ORIGIN, sessionCookieFor } from "./auth-helpers";
import { insertCategory, insertUser, USD } from "./factories";
import { listingWithPhotos, productRow } from "./listing-helpers";
import { db } from "./seller-helpers";

const DETAILS = {
  productName: "Nikon FM2n",
  category: "camera",
  condition: "Good",
  description: "New light seals.\nShutter tested at every speed.",
  originalPrice: 900,
  resalePrice: 412.5,
  purchaseYear: 2019,
  contact: "+1 415 555 0101",
  location: "Oakland, California",
  delivery: "both",
  shipsFromCountry: "US",
  shipsFromPostalCode: "94609",
  parcel: "small",
  shippingPrice: 14,
  handlingDays: 2,
  returnPolicy: "any_reason_30",
};

async function sellerWithEditedListing() {
  const category = await insertCategory({ title: "Camera" });
  const seller = await insertUser({ role: "seller" });
  const { product } = await listingWithPhotos(seller.id, category.id, 1, { name: "Nikon FM2" });
  const bearer = await bearerFor(seller.id);
  const saved = await SELF.fetch(`${ORIGIN}/api/product/${product.id}`, {
    method: "PUT",
    headers: { Authorization: bearer, "Content-Type": "application/json" },
    body: JSON.stringify(DETAILS),
  });
  expect(saved.status).toBe(200);
  return { seller, product, bearer };
}

/** What a detail is called in the REST records, and its value there (prices in dollars). */
const expectedRecord = Object.fromEntries(
  DETAIL_FIELDS.map((field) => [field, DETAILS[field as keyof typeof DETAILS]]),
) as Record<string, unknown>;
const privateDetails: ReadonlySet<string> = new Set(PRIVATE_DETAILS);
/** The public record: every detail but the private ones. */
const expectedPublicRecord = Object.fromEntries(
  Object.entries(expectedRecord).filter(([field]) => !privateDetails.has(field)),
);

/** The public REST record of a listing (GET /api/listings/:id), with a bearer token or signed out. */
async function publicRecord(productId: string, bearer?: string): Promise<Record<string, unknown>> {
  const response = await SELF.fetch(`${ORIGIN}/api/listings/${productId}`, {
    headers: bearer ? { Authorization: bearer } : {},
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe("a listing's details, from one list", () => {
  it("are the form's fields but the category and the gear, each stored in a column of the listing", () => {
    expect(DETAIL_FIELDS).toEqual([
      "productName",
      "condition",
      "description",
      "originalPrice",
      "resalePrice",
      "purchaseYear",
      "contact",
      "location",
      "delivery",
      "shipsFromCountry",
      "shipsFromPostalCode",
      "parcel",
      "shippingPrice",
      "handlingDays",
      "returnPolicy",
    ]);
    const columns = Object.values(getTableColumns(products));
    for (const column of Object.values(detailColumns)) expect(columns).toContain(column);
    for (const money of MONEY_DETAILS) expect(DETAIL_FIELDS).toContain(money);
  });

  it("are all saved by the edit and all given back by the seller's and the public records", async () => {
    const { product, bearer } = await sellerWithEditedListing();
    const mine = (await (
      await SELF.fetch(`${ORIGIN}/api/product`, { headers: { Authorization: bearer } })
    ).json()) as Array<Record<string, unknown>>;
    const record = mine.find((row) => row._id === product.id);
    expect(record).toMatchObject({
      ...expectedRecord,
      originalPriceCents: 90_000,
      resalePriceCents: 41_250,
      shippingPriceCents: 1_400,
    });

    // The public record, read by a signed-in caller (another member, with a bearer token): every
    // public detail, the seller's contact number with them (ADR 0099).
    const buyer = await insertUser({ role: "buyer" });
    const listing = await publicRecord(product.id, await bearerFor(buyer.id));
    expect(listing).toMatchObject({ ...expectedPublicRecord, originalPriceCents: 90_000, resalePriceCents: 41_250 });
    expect(listing.contact).toBe(DETAILS.contact);
    // Signed out, the same record but the number: null in its place (ADR 0099).
    const signedOut = await publicRecord(product.id);
    expect(signedOut).toMatchObject({
      ...expectedPublicRecord,
      contact: null,
      originalPriceCents: 90_000,
      resalePriceCents: 41_250,
    });
    expect(JSON.stringify(signedOut)).not.toContain(DETAILS.contact);
    // Where the parcel leaves from is the seller's: never in the public record, signed in or out.
    for (const record of [listing, signedOut]) {
      for (const field of PRIVATE_DETAILS) expect(record).not.toHaveProperty(field);
      expect(JSON.stringify(record)).not.toContain("94609");
    }
  });

  it("are all in the seller's data download", async () => {
    const { seller, product } = await sellerWithEditedListing();
    const response = await SELF.fetch(`${ORIGIN}/dashboard/settings/export`, {
      headers: { Cookie: await sessionCookieFor(seller.id) },
    });
    const data = (await response.json()) as { listings: Array<Record<string, unknown>> };
    const exported = data.listings.find((row) => row.id === product.id);
    const stored = await productRow(product.id);
    for (const key of Object.keys(detailColumns)) {
      expect(exported?.[key], key).toEqual(stored?.[key as keyof typeof stored]);
    }
  });

  it("fill the edit form with values that read back as the same details", async () => {
    const { seller, product } = await sellerWithEditedListing();
    const found = await findListingForEdit(db(), seller.id, product.id);
    if (!found) throw new Error("the seller's listing is not found for editing");
    const values = { ...detailFormValues(found.listing, USD), category: "camera" };
    expect(values).toMatchObject({
      originalPrice: "900.00",
      resalePrice: "412.50",
      purchaseYear: "2019",
      shippingPrice: "14.00",
      handlingDays: "2",
    });
    const read = listingDetailsSchema(USD).safeParse(values);
    expect(read.success).toBe(true);
    if (read.success) expect(sameDetails(found.listing, read.data)).toBe(true);
  });
});
