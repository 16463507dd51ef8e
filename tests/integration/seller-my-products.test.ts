import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listOrders } from "#app/domain/deals/bookings/bookings.server";
import { bookings, payments, products } from "#db/schema";
import { get, postForm, signedInUser } from "./auth-helpers";
import { amountsIn, insertBooking, insertCategory, insertProduct, insertSale, insertUser } from "./factories";
import { hasElement } from "./markup";
import { asHtml, db, photoBytes, storedPhotoKeys, toastCookieFrom } from "./seller-helpers";
import { testEnv } from "./test-env";

const PAGE = "/dashboard/my_product";

async function setUp() {
  const category = await insertCategory({ title: "Camera" });
  const me = await signedInUser("seller", { name: "Maya Seller" });
  const other = await signedInUser("seller", { name: "Owen Seller" });
  const buyer = await insertUser({ role: "buyer", name: "Bea Buyer", email: "bea@example.com" });
  return { category, me, other, buyer };
}

/** A product with a photo in R2, as Add Product leaves it. */
async function productWithPhoto(
  sellerId: string,
  categoryId: string,
  overrides: Partial<typeof products.$inferInsert> = {},
) {
  const photoKey = `p-${crypto.randomUUID().replace(/-/g, "")}.webp`;
  await testEnv.PHOTOS.put(photoKey, photoBytes("webp"), { httpMetadata: { contentType: "image/webp" } });
  return insertProduct({ sellerId, categoryId, photoKey, ...overrides });
}

async function productRow(id: string) {
  const [row] = await db().select().from(products).where(eq(products.id, id));
  return row!;
}

async function pageWithToast(cookie: string, response: Response) {
  return (await get(PAGE, { Cookie: `${cookie}; ${toastCookieFrom(response)}` })).text();
}

describe("My Products", () => {
  it("lists only the seller's own products with the spec's columns", async () => {
    const { category, me, other, buyer } = await setUp();
    const createdAt = new Date(Date.UTC(2026, 0, 5, 15, 7));
    await insertProduct({
      sellerId: me.user.id,
      categoryId: category.id,
      name: "Fresh Lens",
      resalePriceCents: 123_456,
      createdAt,
    });
    await insertProduct({ sellerId: me.user.id, categoryId: category.id, name: "Shown Tripod", advertised: true });
    const sold = await insertProduct({
      sellerId: me.user.id,
      categoryId: category.id,
      name: "Sold Body",
      advertised: true,
    });
    await insertSale({
      productId: sold.id,
      buyerId: buyer.id,
      sellerId: me.user.id,
      amountCents: 60_000,
      transactionId: "tx_1",
    });
    await insertProduct({
      sellerId: me.user.id,
      categoryId: category.id,
      name: "Deleted Flash",
      deletedAt: new Date(),
    });
    await insertProduct({ sellerId: other.user.id, categoryId: category.id, name: "Owen's Camera" });
    const response = await get(PAGE, { Cookie: me.cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const header of [
      "Index",
      "Image",
      "Product Name",
      "Asking Price",
      "Post Date",
      "Post Time",
      "Payment",
      "Advertisement",
      "Action",
    ]) {
      expect(html).toContain(`<th scope="col">${header}</th>`);
    }
    expect(html).toContain("<caption");
    expect(html).toContain("Fresh Lens");
    expect(html).toContain(amountsIn("$ 1,234.56"));
    expect(html).toContain("5 Jan 2026");
    expect(html).toContain("3:07 PM UTC");
    expect(html).toContain("Released");
    expect(html).toContain("Sold Body");
    expect(html).toContain(">Paid<");
    expect(html).toContain(">Unpaid<");
    expect(html).toContain('aria-label="Advertise Fresh Lens"');
    expect(html).not.toContain('aria-label="Advertise Sold Body"');
    expect(html).not.toContain('aria-label="Advertise Shown Tripod"');
    expect(html).not.toContain("Deleted Flash");
    expect(html).not.toContain(asHtml("Owen's Camera"));
  });

  it("says when there is nothing yet, and is for sellers only", async () => {
    const { me } = await setUp();
    expect(await (await get(PAGE, { Cookie: me.cookie })).text()).toContain(asHtml("You don't have any product"));
    const buyer = await signedInUser("buyer");
    expect((await get(PAGE, { Cookie: buyer.cookie })).status).toBe(403);
    expect((await postForm(PAGE, { intent: "keep" }, { Cookie: buyer.cookie })).status).toBe(403);
    expect((await get(PAGE)).headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%2Fmy_product");
  });
});

describe("advertising", () => {
  it("puts the product on the home page, with a toast", async () => {
    const { category, me } = await setUp();
    const product = await insertProduct({ sellerId: me.user.id, categoryId: category.id, name: "Advertised Lens" });
    expect(await (await get("/")).text()).not.toContain("Advertised Lens");
    const response = await postForm(PAGE, { intent: "advertise", id: product.id }, { Cookie: me.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PAGE);
    expect((await productRow(product.id)).advertised).toBe(true);
    const html = await pageWithToast(me.cookie, response);
    expect(html).toContain("Product is ready for advertising");
    expect(html).toContain("Released");
    expect(await (await get("/")).text()).toContain("Advertised Lens");
  });

  it("refuses another seller's product with a 404 and changes nothing", async () => {
    const { category, me, other } = await setUp();
    const theirs = await insertProduct({ sellerId: other.user.id, categoryId: category.id });
    const response = await postForm(PAGE, { intent: "advertise", id: theirs.id }, { Cookie: me.cookie });
    expect(response.status).toBe(404);
    expect((await productRow(theirs.id)).advertised).toBe(false);
  });

  it("cannot advertise a sold product", async () => {
    const { category, me, buyer } = await setUp();
    const sold = await insertProduct({ sellerId: me.user.id, categoryId: category.id });
    await insertSale({
      productId: sold.id,
      buyerId: buyer.id,
      sellerId: me.user.id,
      amountCents: 60_000,
      transactionId: "tx_sold",
    });
    const response = await postForm(PAGE, { intent: "advertise", id: sold.id }, { Cookie: me.cookie });
    expect(response.status).toBe(302);
    expect(await pageWithToast(me.cookie, response)).toContain("A sold product cannot be advertised.");
    expect((await productRow(sold.id)).advertised).toBe(false);
  });

  it("answers an unknown intent or a missing id with 400", async () => {
    const { category, me } = await setUp();
    const product = await insertProduct({ sellerId: me.user.id, categoryId: category.id });
    expect((await postForm(PAGE, { intent: "publish", id: product.id }, { Cookie: me.cookie })).status).toBe(400);
    expect((await postForm(PAGE, { intent: "advertise" }, { Cookie: me.cookie })).status).toBe(400);
  });
});

describe("deleting", () => {
  it("asks first: the URL opens the confirmation, only for the seller's own product", async () => {
    const { category, me, other } = await setUp();
    const mine = await insertProduct({ sellerId: me.user.id, categoryId: category.id, name: "My Flash" });
    const theirs = await insertProduct({ sellerId: other.user.id, categoryId: category.id, name: "Their Flash" });
    const html = await (await get(`${PAGE}?confirm=delete&id=${mine.id}`, { Cookie: me.cookie })).text();
    expect(html).toMatch(/<dialog open=""[^>]*aria-labelledby="confirm-title"/);
    expect(html).toContain("Delete Confirmation");
    expect(html).toContain("Do you want to delete product?");
    expect(hasElement(html, "button", { type: "submit", name: "intent", value: "delete" }, "Yes</button>")).toBe(true);
    expect(hasElement(html, "button", { type: "submit", name: "intent", value: "keep" }, "No</button>")).toBe(true);
    expect(html).toContain(`<input type="hidden" name="id" value="${mine.id}"/>`);
    const foreign = await (await get(`${PAGE}?confirm=delete&id=${theirs.id}`, { Cookie: me.cookie })).text();
    expect(foreign).not.toContain("Delete Confirmation");
    expect(foreign).not.toContain("Their Flash");
  });

  it("Yes: the product is gone from the list and the home page, kept as a row, its photo removed", async () => {
    const { category, me } = await setUp();
    const product = await productWithPhoto(me.user.id, category.id, { name: "Doomed Lens", advertised: true });
    expect(await (await get("/")).text()).toContain("Doomed Lens");
    const response = await postForm(
      `${PAGE}?confirm=delete&id=${product.id}`,
      { intent: "delete", id: product.id },
      { Cookie: me.cookie },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PAGE);
    const html = await pageWithToast(me.cookie, response);
    expect(html).toContain("Product has been deleted");
    expect(html).not.toContain("Doomed Lens");
    expect(await (await get("/")).text()).not.toContain("Doomed Lens");
    expect((await productRow(product.id)).deletedAt).toBeInstanceOf(Date);
    expect(await storedPhotoKeys()).toEqual([]);
    expect((await get(`/images/${product.photoKey}`)).status).toBe(404);
  });

  it("No: nothing changes and the error toast says so", async () => {
    const { category, me } = await setUp();
    const product = await productWithPhoto(me.user.id, category.id, { name: "Kept Lens" });
    const response = await postForm(PAGE, { intent: "keep", id: product.id }, { Cookie: me.cookie });
    expect(response.status).toBe(302);
    const html = await pageWithToast(me.cookie, response);
    expect(html).toContain('data-toast-type="error"');
    expect(html).toContain("You have canceled this process");
    expect(html).toContain("Kept Lens");
    expect((await productRow(product.id)).deletedAt).toBeNull();
    expect(await storedPhotoKeys()).toEqual([product.photoKey]);
  });

  it("refuses another seller's product with a 404: nothing changes, not even its booking", async () => {
    const { category, me, other, buyer } = await setUp();
    const theirs = await productWithPhoto(other.user.id, category.id, { status: "booked" });
    const booking = await insertBooking(theirs, buyer.id);
    const response = await postForm(PAGE, { intent: "delete", id: theirs.id }, { Cookie: me.cookie });
    expect(response.status).toBe(404);
    expect((await productRow(theirs.id)).deletedAt).toBeNull();
    const [after] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after!.status).toBe("active");
    expect(await storedPhotoKeys()).toEqual([theirs.photoKey]);
  });

  it("ends an active booking, which its buyer then sees as cancelled; the photo stays for that order", async () => {
    const { category, me, buyer } = await setUp();
    const product = await productWithPhoto(me.user.id, category.id, { status: "booked", name: "Booked Lens" });
    await insertBooking(product, buyer.id);
    const response = await postForm(PAGE, { intent: "delete", id: product.id }, { Cookie: me.cookie });
    expect(response.status).toBe(302);
    const {
      rows: [order],
    } = await listOrders(db(), buyer.id, 1);
    expect(order).toMatchObject({
      productName: "Booked Lens",
      status: "cancelled",
      endReason: "product_deleted",
      photoKey: product.photoKey,
    });
    expect(await storedPhotoKeys()).toEqual([product.photoKey]);
  });

  it("a sold product's sale and the buyer's paid order stay readable, with the photo", async () => {
    const { category, me, buyer } = await setUp();
    const product = await productWithPhoto(me.user.id, category.id, { name: "Sold Lens" });
    const { payment } = await insertSale({
      productId: product.id,
      buyerId: buyer.id,
      sellerId: me.user.id,
      amountCents: 45_000,
      transactionId: "tx_kept",
    });
    const response = await postForm(PAGE, { intent: "delete", id: product.id }, { Cookie: me.cookie });
    expect(response.status).toBe(302);
    expect(await (await get(PAGE, { Cookie: me.cookie })).text()).not.toContain("Sold Lens");
    const [kept] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(kept).toMatchObject({ amountCents: 45_000, transactionId: "tx_kept" });
    const {
      rows: [order],
    } = await listOrders(db(), buyer.id, 1);
    expect(order).toMatchObject({ productName: "Sold Lens", status: "paid", transactionId: "tx_kept" });
    const sales = await (await get("/dashboard/my_buyer", { Cookie: me.cookie })).text();
    expect(sales).toContain("Sold Lens");
    expect(sales).toContain("tx_kept");
    expect(await storedPhotoKeys()).toEqual([product.photoKey]);
    expect((await get(`/images/${product.photoKey}`)).status).toBe(200);
  });

  it("deleting twice answers 404 the second time", async () => {
    const { category, me } = await setUp();
    const product = await insertProduct({ sellerId: me.user.id, categoryId: category.id });
    expect((await postForm(PAGE, { intent: "delete", id: product.id }, { Cookie: me.cookie })).status).toBe(302);
    expect((await postForm(PAGE, { intent: "delete", id: product.id }, { Cookie: me.cookie })).status).toBe(404);
  });
});

describe("My Buyers", () => {
  it("lists the seller's sales with the buyer read by join, and only the seller's", async () => {
    const { category, me, other, buyer } = await setUp();
    const mine = await insertProduct({ sellerId: me.user.id, categoryId: category.id, name: "Sold Tripod" });
    const theirs = await insertProduct({ sellerId: other.user.id, categoryId: category.id, name: "Their Sold Bag" });
    await insertSale({
      productId: mine.id,
      buyerId: buyer.id,
      sellerId: me.user.id,
      amountCents: 12_345,
      transactionId: "pi_test_123",
      paidAt: new Date(Date.UTC(2026, 2, 9, 10)),
    });
    await insertSale({
      productId: theirs.id,
      buyerId: buyer.id,
      sellerId: other.user.id,
      amountCents: 999,
      transactionId: "pi_other",
    });
    const response = await get("/dashboard/my_buyer", { Cookie: me.cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const header of [
      "Index",
      "Buyer Name",
      "Buyer Email",
      "Product Name",
      "Item Price",
      "Shipping",
      "Buyer Paid",
      "Payment Date",
      "Payment Transaction Id",
    ]) {
      expect(html).toMatch(new RegExp(`<th scope="col"( class="[^"]*")?>${header}</th>`));
    }
    expect(html).toContain("Bea Buyer");
    expect(html).toContain("bea@example.com");
    expect(html).toContain("Sold Tripod");
    expect(html).toContain(amountsIn("$ 123.45"));
    expect(html).toContain("9 Mar 2026");
    expect(html).toContain("pi_test_123");
    expect(html).not.toContain("Their Sold Bag");
    expect(html).not.toContain("pi_other");
  });

  it("says when there is no buyer yet, and is for sellers only", async () => {
    const { me } = await setUp();
    expect(await (await get("/dashboard/my_buyer", { Cookie: me.cookie })).text()).toContain(
      asHtml("You don't have any buyer"),
    );
    const buyer = await signedInUser("buyer");
    expect((await get("/dashboard/my_buyer", { Cookie: buyer.cookie })).status).toBe(403);
  });
});
