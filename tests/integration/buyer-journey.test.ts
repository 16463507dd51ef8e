import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { database } from "#db/client";
import { bookings, products, users, wishlistEntries } from "#db/schema";
import { get, postForm, sessionCookieFor, signedInUser } from "./auth-helpers";
import { amountsIn, insertBooking, insertCategory, insertProduct, insertUser } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);

async function listing(overrides: Parameters<typeof insertProduct>[0] extends infer T ? Partial<T> : never = {}) {
  const category = await insertCategory({ title: `Camera ${crypto.randomUUID().slice(0, 6)}` });
  const seller = await insertUser({
    role: "seller",
    name: "Sol Seller",
    email: `sol-${crypto.randomUUID()}@example.com`,
  });
  const product = await insertProduct({
    sellerId: seller.id,
    categoryId: category.id,
    name: "Fujifilm X-T3",
    advertised: true,
    resalePriceCents: 64_900,
    ...overrides,
  });
  return { category, seller, product };
}

const book = (cookie: string, productId: string, extra: Record<string, string> = {}) =>
  postForm(
    `/?index&book=${productId}`,
    { intent: "book", productId, meetLocation: "Union Square", buyerContact: "+1 415 555 0101", ...extra },
    { Cookie: cookie },
  );

async function productRow(id: string) {
  const [row] = await db().select().from(products).where(eq(products.id, id));
  return row!;
}

async function liveBookings(productId: string) {
  const rows = await db().select().from(bookings).where(eq(bookings.productId, productId));
  return rows.filter((row) => row.status !== "cancelled");
}

describe("booking", () => {
  it("books at the database's price, marks the product booked and hides it from the storefront", async () => {
    const { product } = await listing();
    const { user, cookie } = await signedInUser("buyer");
    const response = await book(cookie, product.id, { price: "1", priceCents: "1" });
    expect(response.status).toBe(302);
    const [booking] = await liveBookings(product.id);
    // Straight on to its payment (ADR 0101).
    expect(response.headers.get("Location")).toBe(`/dashboard/payment/${booking?.id}`);
    expect(booking).toMatchObject({
      buyerId: user.id,
      priceCents: 64_900,
      status: "active",
      meetLocation: "Union Square",
    });
    expect((await productRow(product.id)).status).toBe("booked");
    const home = await (await get("/", { Cookie: cookie })).text();
    expect(home).not.toContain("Fujifilm X-T3");
  });

  it("lets exactly one of 20 simultaneous bookings of one product win, leaving nothing half-written", async () => {
    const { product } = await listing();
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signedInUser("buyer")));
    const responses = await Promise.all(buyers.map(({ cookie }) => book(cookie, product.id)));
    expect(responses.every((r) => r.status === 302)).toBe(true);
    const toasts = await Promise.all(responses.map((r) => toastText(r)));
    expect(toasts.filter((t) => t === "Booking Submitted Successfully")).toHaveLength(1);
    expect(toasts.filter((t) => t === "Sorry, this product has just been booked by someone else.")).toHaveLength(19);
    const rows = await db().select().from(bookings).where(eq(bookings.productId, product.id));
    expect(rows).toHaveLength(1);
    expect((await productRow(product.id)).status).toBe("booked");
  });

  it("refuses sellers and admins on the server, and sends signed-out visitors to log in", async () => {
    const { product } = await listing();
    for (const role of ["seller", "admin"] as const) {
      const { cookie } = await signedInUser(role);
      const response = await book(cookie, product.id);
      expect(response.status).toBe(403);
    }
    const anonymous = await postForm(`/?index&book=${product.id}`, {
      intent: "book",
      productId: product.id,
      meetLocation: "x",
      buyerContact: "+1 415 555 0101",
    });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(await liveBookings(product.id)).toHaveLength(0);
    expect((await productRow(product.id)).status).toBe("available");
  });

  it("validates the dialog with clear messages and books nothing", async () => {
    const { product } = await listing();
    const { cookie } = await signedInUser("buyer");
    const response = await book(cookie, product.id, { meetLocation: "", buyerContact: "call me" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Your location is required");
    expect(html).toContain("Enter a phone number, e.g. +1 415 555 0100");
    expect(html).toContain("<dialog");
    expect(await liveBookings(product.id)).toHaveLength(0);
  });

  it("answers a browser without JavaScript with redirect-after-post to the dialog, its errors kept for one view", async () => {
    const { product } = await listing();
    const { cookie } = await signedInUser("buyer");
    const refused = await postForm(
      `/?index&book=${product.id}`,
      { intent: "book", productId: product.id, meetLocation: "Pier 39", buyerContact: "call me" },
      { Cookie: cookie, "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Site": "same-origin" },
    );
    expect(refused.status).toBe(303);
    expect(refused.headers.get("Location")).toBe(`/?book=${product.id}`);
    const flash = refused.headers.getSetCookie().find((value) => value.startsWith("pb_form="))!;
    expect(flash).toMatch(/HttpOnly/i);
    const shown = await get(`/?book=${product.id}`, { Cookie: `${cookie}; ${flash.split(";")[0]}` });
    const html = await shown.text();
    expect(html).toContain("Enter a phone number, e.g. +1 415 555 0100");
    expect(html).toContain('value="Pier 39"');
    expect(shown.headers.getSetCookie().some((value) => /^pb_form=;.*Max-Age=0/.test(value))).toBe(true);
    // The errors belong to that dialog only: another listing's dialog opens clean.
    const { product: other } = await listing();
    const elsewhere = await (await get(`/?book=${other.id}`, { Cookie: `${cookie}; ${flash.split(";")[0]}` })).text();
    expect(elsewhere).not.toContain("Enter a phone number");
    expect(await liveBookings(product.id)).toHaveLength(0);
  });

  it("opens the dialog clean, never a 500, when the errors' cookie is garbled or forged, and clears it", async () => {
    const { product } = await listing();
    const { cookie } = await signedInUser("buyer");
    for (const bad of ["pb_form=%E0%A4%A", "pb_form=not base64!", "pb_form=e30.@@@", "pb_form=e30.", "pb_form=."]) {
      const shown = await get(`/?book=${product.id}`, { Cookie: `${cookie}; ${bad}` });
      expect(shown.status, bad).toBe(200);
      const html = await shown.text();
      expect(html, bad).toContain("<dialog");
      expect(html, bad).not.toContain("Enter a phone number");
      expect(
        shown.headers.getSetCookie().some((value) => /^pb_form=;.*Max-Age=0/.test(value)),
        bad,
      ).toBe(true);
    }
  });

  it("refuses a booked, sold, deleted, removed, seller-deleted or unknown product", async () => {
    const { cookie } = await signedInUser("buyer");
    const taken = "Sorry, this product has just been booked by someone else.";
    const gone = "This product is no longer available.";
    for (const [overrides, message] of [
      [{ status: "booked" as const }, taken],
      [{ status: "sold" as const }, taken],
      [{ deletedAt: new Date() }, gone],
      [{ removedAt: new Date() }, gone],
    ] as const) {
      const { product } = await listing(overrides);
      const response = await book(cookie, product.id);
      expect(await toastText(response), JSON.stringify(overrides)).toBe(message);
      expect(await liveBookings(product.id)).toHaveLength(0);
    }
    // The seller's account was deleted: the listing left the storefront with it.
    const { product, seller } = await listing();
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, seller.id));
    expect(await toastText(await book(cookie, product.id))).toBe(gone);
    expect(await liveBookings(product.id)).toHaveLength(0);
    const unknown = await book(cookie, "no-such-product");
    expect(await toastText(unknown)).toBe(gone);
  });

  it("renders the dialog prefilled from the session and the database", async () => {
    const { product, seller } = await listing({ contact: "+1 212 555 0199" });
    const { user, cookie } = await signedInUser("buyer", { name: "Dana Buyer" });
    const html = await (await get(`/?book=${product.id}`, { Cookie: cookie })).text();
    expect(html).toContain("<dialog");
    for (const value of [
      "Dana Buyer",
      user.email,
      "Fujifilm X-T3",
      amountsIn("$ 649.00"),
      seller.email,
      "+1 212 555 0199",
    ]) {
      expect(html).toContain(value);
    }
    const anonymous = await get(`/?book=${product.id}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/?book=${product.id}`)}`);
  });
});

describe("my orders and cancelling", () => {
  it("lists the booking with Pay, and cancelling makes the product available again", async () => {
    const { product } = await listing();
    const { cookie } = await signedInUser("buyer");
    await book(cookie, product.id);
    const [booking] = await liveBookings(product.id);
    const orders = await (await get("/dashboard/my_orders", { Cookie: cookie })).text();
    expect(orders).toContain("Fujifilm X-T3");
    expect(orders).toContain(`href="/dashboard/payment/${booking!.id}"`);
    const dialog = await (
      await get(`/dashboard/my_orders?confirm=cancel&id=${booking!.id}`, { Cookie: cookie })
    ).text();
    expect(dialog).toContain("Booking Cancel Confirmation");
    expect(dialog).toContain("Do you want to cancel this booking?");
    const no = await postForm("/dashboard/my_orders", { intent: "keep" }, { Cookie: cookie });
    expect(await toastText(no)).toBe("You have canceled this process");
    expect((await productRow(product.id)).status).toBe("booked");
    const yes = await postForm(
      "/dashboard/my_orders",
      { intent: "cancel", bookingId: booking!.id },
      { Cookie: cookie },
    );
    expect(await toastText(yes)).toBe("Booking had been canceled");
    expect((await productRow(product.id)).status).toBe("available");
    expect(await (await get("/dashboard/my_orders", { Cookie: cookie })).text()).toContain(
      "You don&#x27;t have any order",
    );
  });

  it("refuses to cancel a paid booking or another buyer's booking", async () => {
    const { product } = await listing();
    const owner = await signedInUser("buyer");
    const other = await signedInUser("buyer");
    await book(owner.cookie, product.id);
    const [booking] = await liveBookings(product.id);
    const stolen = await postForm(
      "/dashboard/my_orders",
      { intent: "cancel", bookingId: booking!.id },
      { Cookie: other.cookie },
    );
    expect(await toastText(stolen)).toBe("There is no such booking.");
    expect((await liveBookings(product.id))[0]!.status).toBe("active");
    await db().update(bookings).set({ status: "paid", paidAt: new Date() }).where(eq(bookings.id, booking!.id));
    await db().update(products).set({ status: "sold" }).where(eq(products.id, product.id));
    const paid = await postForm(
      "/dashboard/my_orders",
      { intent: "cancel", bookingId: booking!.id },
      { Cookie: owner.cookie },
    );
    expect(await toastText(paid)).toBe("A paid booking cannot be cancelled.");
    expect((await productRow(product.id)).status).toBe("sold");
    const html = await (await get("/dashboard/my_orders", { Cookie: owner.cookie })).text();
    expect(html).toContain("Paid");
    expect(html).toMatch(/<button[^>]*disabled[^>]*>Cancel Booking<\/button>/);
  });

  it("shows a booking ended by the seller's deletion as cancelled", async () => {
    const { product } = await listing();
    const { user, cookie } = await signedInUser("buyer");
    await insertBooking(product, user.id, { status: "cancelled", endReason: "product_deleted" });
    const html = await (await get("/dashboard/my_orders", { Cookie: cookie })).text();
    expect(html).toContain("Cancelled: the seller deleted the listing");
  });
});

describe("wishlist", () => {
  const add = (cookie: string, productId: string) =>
    postForm("/?index", { intent: "wishlist-add", productId }, { Cookie: cookie });

  it("adds once per buyer, shows Paid from the product, and removes", async () => {
    const { product } = await listing();
    const a = await signedInUser("buyer");
    const b = await signedInUser("buyer");
    expect(await toastText(await add(a.cookie, product.id))).toBe("This product has been added to your wishlist");
    expect(await toastText(await add(a.cookie, product.id))).toBe("You added this product already to your wishlist");
    expect(await toastText(await add(b.cookie, product.id))).toBe("This product has been added to your wishlist");
    let html = await (await get("/dashboard/wishlist", { Cookie: a.cookie })).text();
    expect(html).toContain("Fujifilm X-T3");
    expect(html).toContain(`href="/dashboard/wishlist?book=${product.id}"`);
    await db().update(products).set({ status: "sold" }).where(eq(products.id, product.id));
    html = await (await get("/dashboard/wishlist", { Cookie: a.cookie })).text();
    expect(html).toMatch(/>Paid</);
    const removed = await postForm(
      "/dashboard/wishlist",
      { intent: "wishlist-remove", productId: product.id },
      { Cookie: a.cookie },
    );
    expect(await toastText(removed)).toBe("The product has been removed from your wishlist");
    const rows = await db().select().from(wishlistEntries).where(eq(wishlistEntries.productId, product.id));
    expect(rows).toHaveLength(1);
    expect(await (await get("/dashboard/wishlist", { Cookie: a.cookie })).text()).toContain(
      "You don&#x27;t have any wishlist item.",
    );
  });

  it("links Pay to the buyer's own booking of the product", async () => {
    const { product } = await listing();
    const { cookie } = await signedInUser("buyer");
    await add(cookie, product.id);
    await book(cookie, product.id);
    const [booking] = await liveBookings(product.id);
    const html = await (await get("/dashboard/wishlist", { Cookie: cookie })).text();
    expect(html).toContain(`href="/dashboard/payment/${booking!.id}"`);
  });

  it("after a sign-in, ?wishlist= asks the buyer to confirm, and only the POST adds the item", async () => {
    const { product } = await listing();
    const path = `/?wishlist=${product.id}`;
    const anonymous = await get(path);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    const buyer = await signedInUser("buyer");
    const html = await (await get(path, { Cookie: buyer.cookie })).text();
    expect(html).toContain("Add to your wishlist");
    expect(html).toMatch(/<input type="hidden" name="intent" value="wishlist-add"\/>/);
    const rows = () => db().select().from(wishlistEntries).where(eq(wishlistEntries.productId, product.id));
    expect(await rows()).toHaveLength(0);
    const added = await postForm(
      `/?index&wishlist=${product.id}`,
      { intent: "wishlist-add", productId: product.id },
      {
        Cookie: buyer.cookie,
      },
    );
    expect(added.headers.get("Location")).toBe("/");
    expect(await toastText(added)).toBe("This product has been added to your wishlist");
    expect(await rows()).toHaveLength(1);
    // Sellers keep no wishlist: no dialog; a listing that left says so.
    const seller = await signedInUser("seller");
    expect(await (await get(path, { Cookie: seller.cookie })).text()).not.toContain("Add to your wishlist");
    const gone = await (await get("/?wishlist=no-such-product", { Cookie: buyer.cookie })).text();
    expect(gone).toContain("This product is no longer available.");
  });

  it("is refused to sellers and to unknown products", async () => {
    const { product } = await listing();
    const seller = await signedInUser("seller");
    expect((await add(seller.cookie, product.id)).status).toBe(403);
    const buyer = await signedInUser("buyer");
    expect(await toastText(await add(buyer.cookie, "nope"))).toBe("This product is no longer available.");
  });
});

describe("category page", () => {
  it("shows available listings newest first, paginated, with a 404 for an unknown category", async () => {
    const category = await insertCategory({ title: "Tripod" });
    const seller = await insertUser({ role: "seller" });
    const base = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 22; i++) {
      await insertProduct({
        sellerId: seller.id,
        categoryId: category.id,
        name: `Tripod number ${String(i).padStart(2, "0")}`,
        createdAt: new Date(base + i * 60_000),
      });
    }
    await insertProduct({ sellerId: seller.id, categoryId: category.id, name: "Booked tripod", status: "booked" });
    const { cookie } = await sessionUser();
    const first = await (await get("/products/tripod", { Cookie: cookie })).text();
    expect(first).toContain("Shop By Category");
    expect(first).toContain("Tripod number 21");
    expect(first).toContain("Tripod number 02");
    expect(first).not.toContain("Tripod number 01");
    expect(first).not.toContain("Booked tripod");
    expect(first).toContain("Page 1 of 2");
    expect(first.indexOf("Tripod number 21")).toBeLessThan(first.indexOf("Tripod number 20"));
    const second = await (await get("/products/tripod?page=2", { Cookie: cookie })).text();
    expect(second).toContain("Tripod number 01");
    expect(second).toContain("Tripod number 00");
    const missing = await get("/products/nothing-here", { Cookie: cookie });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Category Not Found");
    for (const page of ["-5", "abc", "99999999999"]) {
      expect((await get(`/products/tripod?page=${page}`, { Cookie: cookie })).status).toBe(200);
    }
  });

  it("says so when a category is empty", async () => {
    await insertCategory({ title: "Battery" });
    const { cookie } = await sessionUser();
    expect(await (await get("/products/battery", { Cookie: cookie })).text()).toContain(
      "There is no product in this category",
    );
  });
});

describe("cards", () => {
  it("show years of use, prices and 'Not found' fallbacks, and the buttons per viewer", async () => {
    const year = new Date().getUTCFullYear();
    const { product } = await listing({
      purchaseYear: year - 1,
      contact: "",
      location: "",
      photoKey: null,
      originalPriceCents: 123_456_78,
    });
    const anonymous = await (await get("/")).text();
    expect(anonymous).toContain("1 year<");
    expect(anonymous).toContain(amountsIn("$ 123,456.78"));
    expect(anonymous).toContain("Not found");
    // Signed out, the buttons open the same dialogs; the page asks for a login first (below).
    expect(anonymous).toContain(`href="/?book=${product.id}"`);
    expect(anonymous).toContain(`href="/?wishlist=${product.id}"`);
    expect(anonymous).toContain(`href="/?report=${product.id}"`);
    const seller = await signedInUser("seller");
    const sellerView = await (await get("/", { Cookie: seller.cookie })).text();
    expect(sellerView).toMatch(/<button[^>]*disabled[^>]*aria-label="Book Now: Fujifilm X-T3"/);
    const buyer = await signedInUser("buyer");
    const buyerView = await (await get("/", { Cookie: buyer.cookie })).text();
    expect(buyerView).toContain(`href="/?book=${product.id}"`);
  });
});

async function sessionUser() {
  const user = await insertUser();
  return { user, cookie: await sessionCookieFor(user.id) };
}

/** The toast a redirect carries, read the way the next page would show it. */
async function toastText(response: Response): Promise<string | null> {
  const toast = response.headers.getSetCookie().find((c) => c.startsWith("pb_toast="));
  if (!toast) return null;
  const page = await get("/about", { Cookie: toast.split(";")[0]! });
  const match = /data-toast-type="[a-z]+"[^>]*>([^<]+)</.exec(await page.text());
  return match ? match[1]!.replace(/&#x27;/g, "'") : null;
}
