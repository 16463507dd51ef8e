// A return policy per listing (ADR 0106): the seller of a listing that ships chooses what they
// take back (faults only unless they choose otherwise), a meetup keeps faults only, the booking
// copies the policy as it is when booked, and buyers read it on the listing, in the booking dialog
// and on the payment page, where a later edit of the listing changes nothing of a booking's copy.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listingDetailsSchema } from "#app/domain/catalog/listing-schema";
import {
  dealReturnLine,
  faultsCoveredLine,
  listingReturnLines,
  MEETUP_RETURN_LINE,
  RETURN_POLICY_HINT,
  RETURN_POLICY_MESSAGE,
  RETURN_POLICY_WORDS,
  returnPolicyFor,
} from "#app/domain/catalog/return-policy";
import { RETURN_POLICIES } from "#db/closed-lists";
import { bookings, categories, products } from "#db/schema";
import { bearerFor, get, ORIGIN, sessionCookieFor, signedInUser } from "./auth-helpers";
import { insertCategory, insertUser, USD } from "./factories";
import { editPath, listingWithPhotos, postEdit, productRow } from "./listing-helpers";
import { apiCall } from "./money-fixtures";
import { asHtml, db, photoFile, postAddProduct, productForm, productRows, validFields } from "./seller-helpers";
import { book, bookShipped, shippedListing } from "./shipping-fixtures";

const SHIPPING = {
  delivery: "ship",
  shipsFromCountry: "US",
  shipsFromPostalCode: "11201",
  parcel: "medium",
  shippingPrice: "14",
  handlingDays: "2",
};

/** Where a field's messages are on the page: the list under it, named by its error id. */
const fieldErrors = (html: string, field: string) =>
  new RegExp(`<ul id="[^"]*${field}-error"[^>]*><li>([^<]*)</li>`).exec(html)?.[1] ?? null;

/** The policy the page's "Returns" radios have chosen. */
function chosenPolicy(html: string): string | null {
  const radios = html.match(/<input[^>]*name="returnPolicy"[^>]*>/g) ?? [];
  const checked = radios.filter((radio) => radio.includes('checked=""'));
  return checked.length === 1 ? (/value="([^"]+)"/.exec(checked[0]!)?.[1] ?? null) : null;
}

async function sellerWithCategory() {
  await insertCategory({ title: "Camera" });
  return signedInUser("seller");
}

describe("the rule and its words", () => {
  it("keeps the seller's policy for a listing that ships and faults only for a meetup", () => {
    for (const policy of RETURN_POLICIES) {
      expect(returnPolicyFor("ship", policy)).toBe(policy);
      expect(returnPolicyFor("both", policy)).toBe(policy);
      expect(returnPolicyFor("meetup", policy)).toBe("faults_only");
    }
  });

  it("says the policy and the faults always covered for a parcel, and the check at a meetup", () => {
    expect(listingReturnLines("ship", "any_reason_14")).toEqual([
      "Returns for any reason within 14 days of delivery.",
      faultsCoveredLine(),
    ]);
    expect(listingReturnLines("both", "faults_only")).toEqual([
      "Returns of faults only.",
      faultsCoveredLine(),
      MEETUP_RETURN_LINE,
    ]);
    expect(listingReturnLines("meetup", "any_reason_30")).toEqual([MEETUP_RETURN_LINE]);
    expect(faultsCoveredLine()).toContain("not as described, does not work, wrong item or damaged in transit");
    expect(MEETUP_RETURN_LINE).toBe("Meetup: check the item when you meet; a claim works as for any meetup.");
    expect(dealReturnLine("any_reason_30")).toBe(
      `When it was bought: returns for any reason within 30 days of delivery. ${faultsCoveredLine()}`,
    );
    expect(RETURN_POLICY_HINT).toBe(
      "Faults (not as described, does not work, wrong item, damaged in transit) are always covered on a shipped deal. With returns for any reason, the payment stays held for the policy's days after delivery, so you are paid when they end.",
    );
  });

  it("is read with the listing's details: faults only when left out, for a meetup whatever was sent, a bad value at its field", () => {
    const read = (fields: Record<string, unknown>) => listingDetailsSchema(USD).safeParse(validFields(fields as never));
    expect(read(SHIPPING)).toMatchObject({ success: true, data: { returnPolicy: "faults_only" } });
    expect(read({ ...SHIPPING, returnPolicy: null })).toMatchObject({
      success: true,
      data: { returnPolicy: "faults_only" },
    });
    expect(read({ ...SHIPPING, returnPolicy: "any_reason_30" })).toMatchObject({
      success: true,
      data: { returnPolicy: "any_reason_30" },
    });
    expect(read({ returnPolicy: "any_reason_14" })).toMatchObject({
      success: true,
      data: { delivery: "meetup", returnPolicy: "faults_only" },
    });
    const bad = read({ ...SHIPPING, returnPolicy: "forever" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)).toEqual([
      `returnPolicy: ${RETURN_POLICY_MESSAGE}`,
    ]);
  });
});

describe("Add Product and the edit page", () => {
  it("offer the three policies under Returns with the shipping fields, faults only chosen, the hint under them", async () => {
    const { cookie } = await sellerWithCategory();
    const html = await (await get("/dashboard/add_product", { Cookie: cookie })).text();
    expect(html).toContain(">Returns</legend>");
    for (const policy of RETURN_POLICIES) {
      expect(html).toMatch(new RegExp(`<input[^>]*name="returnPolicy"[^>]*value="${policy}"`));
      expect(html).toContain(RETURN_POLICY_WORDS[policy]);
    }
    expect(chosenPolicy(html)).toBe("faults_only");
    expect(html).toContain(asHtml(RETURN_POLICY_HINT));
  });

  it.each(RETURN_POLICIES)("stores %s from the form a browser without JavaScript posts", async (policy) => {
    const { cookie } = await sellerWithCategory();
    const response = await postAddProduct(
      cookie,
      productForm(validFields({ ...SHIPPING, returnPolicy: policy }), photoFile("webp")),
    );
    expect(response.status).toBe(302);
    const [row] = await productRows();
    expect(row).toMatchObject({ delivery: "ship", returnPolicy: policy });
  });

  it("stores faults only when no policy is sent, and for a meetup whatever the form still held", async () => {
    const { cookie } = await sellerWithCategory();
    expect((await postAddProduct(cookie, productForm(validFields(SHIPPING), photoFile("webp")))).status).toBe(302);
    const meetup = productForm(
      validFields({ ...SHIPPING, delivery: "meetup", productName: "Leica M6", returnPolicy: "any_reason_30" }),
      photoFile("webp"),
    );
    expect((await postAddProduct(cookie, meetup)).status).toBe(302);
    const rows = await productRows();
    expect(rows.map((row) => [row.name, row.delivery, row.returnPolicy]).sort()).toEqual([
      ["Canon EOS R6", "ship", "faults_only"],
      ["Leica M6", "meetup", "faults_only"],
    ]);
  });

  it("refuses a policy that is none of the three with 400 and the message at its field, storing nothing", async () => {
    const { cookie } = await sellerWithCategory();
    const response = await postAddProduct(
      cookie,
      productForm(validFields({ ...SHIPPING, returnPolicy: "forever" }), photoFile("webp")),
    );
    expect(response.status).toBe(400);
    expect(fieldErrors(await response.text(), "returnPolicy")).toBe(asHtml(RETURN_POLICY_MESSAGE));
    expect(await productRows()).toHaveLength(0);
  });

  it("changes the policy through the edit form, shows it chosen again, and drops it with a meetup", async () => {
    const category = await insertCategory({ title: "Camera" });
    const me = await signedInUser("seller");
    const { product } = await listingWithPhotos(me.user.id, category.id, 1, { name: "Nikon FM2" });
    const edit = (fields: Record<string, string>) =>
      postEdit(me.cookie, product.id, { intent: "details", ...validFields(fields) });
    for (const policy of RETURN_POLICIES) {
      expect((await edit({ ...SHIPPING, returnPolicy: policy })).status, policy).toBe(302);
      expect((await productRow(product.id)).returnPolicy).toBe(policy);
      const page = await (await get(editPath(product.id), { Cookie: me.cookie })).text();
      expect(chosenPolicy(page)).toBe(policy);
    }
    expect((await edit({ ...SHIPPING, delivery: "meetup", returnPolicy: "any_reason_30" })).status).toBe(302);
    expect(await productRow(product.id)).toMatchObject({ delivery: "meetup", returnPolicy: "faults_only" });

    const bad = await edit({ ...SHIPPING, returnPolicy: "any_reason_60" });
    expect(bad.status).toBe(400);
    expect(fieldErrors(await bad.text(), "returnPolicy")).toBe(asHtml(RETURN_POLICY_MESSAGE));
    expect(await productRow(product.id)).toMatchObject({ delivery: "meetup", returnPolicy: "faults_only" });
  });
});

describe("the REST calls", () => {
  it("take returnPolicy in POST and PUT /api/product and give it back in GET /api/product and GET /api/listings/:id", async () => {
    await insertCategory({ title: "Camera" });
    const seller = await insertUser({ role: "seller" });
    const auth = await bearerFor(seller.id);
    const created = await SELF.fetch(`${ORIGIN}/api/product`, {
      method: "POST",
      headers: { Authorization: auth },
      body: productForm(validFields({ ...SHIPPING, returnPolicy: "any_reason_14" }), photoFile("png")),
    });
    expect(created.status).toBe(201);
    const { insertedId } = (await created.json()) as { insertedId: string };
    expect((await productRow(insertedId)).returnPolicy).toBe("any_reason_14");

    const put = (body: Record<string, unknown>) =>
      SELF.fetch(`${ORIGIN}/api/product/${insertedId}`, {
        method: "PUT",
        headers: { Authorization: auth, "Content-Type": "application/json" },
        body: JSON.stringify({ ...validFields(SHIPPING), ...body }),
      });
    expect((await put({ returnPolicy: "any_reason_30" })).status).toBe(200);
    const mine = (await (
      await SELF.fetch(`${ORIGIN}/api/product`, { headers: { Authorization: auth } })
    ).json()) as Array<Record<string, unknown>>;
    expect(mine.find((row) => row._id === insertedId)).toMatchObject({ returnPolicy: "any_reason_30" });
    const listing = (await (await get(`/api/listings/${insertedId}`)).json()) as Record<string, unknown>;
    expect(listing).toMatchObject({ delivery: "ship", returnPolicy: "any_reason_30" });

    // A policy sent with a meetup is kept as faults only, not refused.
    expect((await put({ delivery: "meetup", returnPolicy: "any_reason_30" })).status).toBe(200);
    expect(await productRow(insertedId)).toMatchObject({ delivery: "meetup", returnPolicy: "faults_only" });
    const met = (await (await get(`/api/listings/${insertedId}`)).json()) as Record<string, unknown>;
    expect(met).toMatchObject({ delivery: "meetup", returnPolicy: "faults_only" });
  });

  it("refuse a bad policy with 422 in the one error shape at fields.returnPolicy, never a 5xx", async () => {
    const category = await insertCategory({ title: "Camera" });
    const seller = await insertUser({ role: "seller" });
    const auth = await bearerFor(seller.id);
    const posted = await SELF.fetch(`${ORIGIN}/api/product`, {
      method: "POST",
      headers: { Authorization: auth },
      body: productForm(validFields({ ...SHIPPING, returnPolicy: "forever" }), photoFile("png")),
    });
    expect(posted.status).toBe(422);
    expect(await posted.json()).toMatchObject({
      error: { status: 422, code: "invalid", fields: { returnPolicy: [RETURN_POLICY_MESSAGE] } },
    });
    expect(await productRows()).toHaveLength(0);

    const { product } = await listingWithPhotos(seller.id, category.id, 1);
    for (const returnPolicy of ["FAULTS_ONLY", "", 14, true, ["any_reason_14"], { days: 14 }]) {
      const put = await SELF.fetch(`${ORIGIN}/api/product/${product.id}`, {
        method: "PUT",
        headers: { Authorization: auth, "Content-Type": "application/json" },
        body: JSON.stringify({ ...validFields(SHIPPING), returnPolicy }),
      });
      expect(put.status, JSON.stringify(returnPolicy)).toBe(422);
      expect(await put.json()).toMatchObject({ error: { fields: { returnPolicy: [RETURN_POLICY_MESSAGE] } } });
    }
    expect(await productRow(product.id)).toMatchObject({ delivery: "meetup", returnPolicy: "faults_only" });
  });
});

describe("a booking's copy", () => {
  it("is the listing's policy when booked; a later edit of the listing changes nothing of it", async () => {
    const world = await shippedListing({ returnPolicy: "any_reason_14" });
    const first = await bookShipped(world);
    const copyOf = async (bookingId: string) =>
      (await db().select({ returnPolicy: bookings.returnPolicy }).from(bookings).where(eq(bookings.id, bookingId)))[0]
        ?.returnPolicy;
    expect(await copyOf(first)).toBe("any_reason_14");

    // The payment page and the parcel's record read the booking's copy.
    const payment = await (
      await get(`/dashboard/payment/${first}`, { Cookie: await sessionCookieFor(world.buyer.id) })
    ).text();
    expect(payment).toContain("Returns for any reason within 14 days of delivery.");
    expect(payment).toContain(asHtml(faultsCoveredLine()));
    const shipment = await apiCall(world.buyer.id, "GET", `/api/shipments/${first}`);
    expect(shipment.status).toBe(200);
    expect(await shipment.json()).toMatchObject({ bookingId: first, returnPolicy: "any_reason_14" });

    // The buyer lets it go, and the seller edits the listing to 30 days.
    expect((await apiCall(world.buyer.id, "PUT", "/api/bookingCancel", { bookingId: first })).status).toBe(200);
    const [category] = await db().select().from(categories).where(eq(categories.id, world.product.categoryId));
    const edited = await apiCall(world.seller.id, "PUT", `/api/product/${world.product.id}`, {
      ...validFields({ ...SHIPPING, category: category!.slug }),
      returnPolicy: "any_reason_30",
    });
    expect(edited.status).toBe(200);
    expect((await productRow(world.product.id)).returnPolicy).toBe("any_reason_30");
    expect(await copyOf(first)).toBe("any_reason_14");

    // The next booking copies the policy as it is now.
    const next = await bookShipped({ buyer: await insertUser({ role: "buyer" }), product: world.product });
    expect(await copyOf(next)).toBe("any_reason_30");
    expect(await copyOf(first)).toBe("any_reason_14");
  });

  it("is faults only for a meetup of a listing that also ships with another policy", async () => {
    const world = await shippedListing({ delivery: "both", returnPolicy: "any_reason_30" });
    const booked = await book(world.buyer.id, {
      productId: world.product.id,
      delivery: "meetup",
      meetLocation: "Union Square",
      buyerContact: "+1 303 555 0101",
    });
    expect(booked.status).toBe(201);
    const [row] = await db().select().from(bookings).where(eq(bookings.productId, world.product.id));
    expect(row).toMatchObject({ delivery: "meetup", returnPolicy: "faults_only" });
    const payment = await (
      await get(`/dashboard/payment/${row!.id}`, { Cookie: await sessionCookieFor(world.buyer.id) })
    ).text();
    expect(payment).toContain(MEETUP_RETURN_LINE);
    expect(payment).not.toContain("30 days of delivery");
  });

  it("cannot be anything but faults only for a meetup, whatever writes it: the table's own rule", async () => {
    const { product } = await shippedListing();
    const refused = await db()
      .update(products)
      .set({
        returnPolicy: "any_reason_14",
        delivery: "meetup",
        shipsFromCountry: null,
        shipsFromPostalCode: null,
        parcel: null,
        shippingPriceCents: null,
        handlingDays: null,
      })
      .where(eq(products.id, product.id))
      .then(
        () => "stored",
        (error: { cause?: unknown }) => String(error.cause),
      );
    expect(refused).toMatch(/CHECK constraint failed/);
  });
});

describe("what buyers read", () => {
  it("is on the listing page under the protection line, and in the booking dialog", async () => {
    const { buyer, product } = await shippedListing({ delivery: "both", returnPolicy: "any_reason_30" });
    const page = await (await get(`/listings/${product.id}`)).text();
    const lines = ["Returns for any reason within 30 days of delivery.", faultsCoveredLine(), MEETUP_RETURN_LINE].map(
      asHtml,
    );
    const note = /<aside[^>]*data-testid="protection-note"[\s\S]*?<\/aside>/.exec(page)?.[0] ?? "";
    for (const line of lines) expect(note).toContain(line);

    const dialog = await (
      await get(`/listings/${product.id}?book=${product.id}`, { Cookie: await sessionCookieFor(buyer.id) })
    ).text();
    const dialogNote =
      /<aside[^>]*aria-label="Buyer protection of this booking"[\s\S]*?<\/aside>/.exec(dialog)?.[0] ?? "";
    for (const line of lines) expect(dialogNote).toContain(line);
  });

  it("is only the meetup's check on a listing only met in person", async () => {
    const category = await insertCategory({ title: "Camera" });
    const seller = await insertUser({ role: "seller" });
    const { product } = await listingWithPhotos(seller.id, category.id, 1);
    const page = await (await get(`/listings/${product.id}`)).text();
    expect(page).toContain(asHtml(MEETUP_RETURN_LINE));
    expect(page).not.toContain(asHtml(faultsCoveredLine()));
  });
});
