// All Sellers and All Buyers: verifying a seller, deleting a seller or a buyer (keeping every
// sale and paid order readable), and the lists' pagination and search, as pages and REST calls.

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments, sessions, users } from "#db/schema";
import { bearerFor, get, postForm, sessionCookieFor, signedInUser } from "./auth-helpers";
import { insertProduct, insertUser } from "./factories";
import {
  activeBooking,
  api,
  bookingRow,
  db,
  expectInvariants,
  newCategory,
  paidSale,
  productRow,
  sellerWithHistory,
  toastText,
} from "./moderation-helpers";

const SELLERS = "/dashboard/all_sellers";
const BUYERS = "/dashboard/all_buyers";

async function userRow(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  return row!;
}

const login = (email: string, password: string) => postForm("/login", { website_confirm: "", email, password });

describe("verifying a seller", () => {
  it("shows the badge on every listing at once, read through the join", async () => {
    const admin = await signedInUser("admin");
    const category = await newCategory();
    const seller = await insertUser({ role: "seller", name: "Vic Unverified" });
    const listing = await insertProduct({
      sellerId: seller.id,
      categoryId: category.id,
      name: "Hasselblad 500C/M",
      advertised: true,
    });
    let page = await (await get(SELLERS, { Cookie: admin.cookie })).text();
    expect(page).toMatch(/aria-label="Verification: Vic Unverified"/);
    const badgeBefore = (
      await (await api("/advertiseProduct")).json<Array<{ _id: string; isSellerVerification: boolean }>>()
    ).find((product) => product._id === listing.id);
    expect(badgeBefore?.isSellerVerification).toBe(false);

    const response = await postForm(SELLERS, { intent: "verify", sellerId: seller.id }, { Cookie: admin.cookie });
    expect(response.headers.get("Location")).toBe(SELLERS);
    expect(await toastText(response)).toBe("Seller verification completed successfully");
    expect((await userRow(seller.id)).verifiedAt).toBeInstanceOf(Date);
    page = await (await get(SELLERS, { Cookie: admin.cookie })).text();
    expect(page).not.toContain("Verification: Vic Unverified");
    expect(page).toMatch(/>Verified</);
    const home = await (await get("/")).text();
    const card = home.slice(home.indexOf("Hasselblad 500C/M"));
    expect(card.slice(0, card.indexOf("</article>"))).toContain("Verified");
    const badgeAfter = (
      await (await api("/advertiseProduct")).json<Array<{ _id: string; isSellerVerification: boolean }>>()
    ).find((product) => product._id === listing.id);
    expect(badgeAfter?.isSellerVerification).toBe(true);
  });

  it("PUT /api/sellerVerify counts the seller and the listings now showing the badge", async () => {
    const admin = await bearerFor((await insertUser({ role: "admin" })).id);
    const category = await newCategory();
    const seller = await insertUser({ role: "seller", email: "Vera.Seller@example.com" });
    await insertProduct({ sellerId: seller.id, categoryId: category.id });
    await insertProduct({ sellerId: seller.id, categoryId: category.id });
    await insertProduct({ sellerId: seller.id, categoryId: category.id, deletedAt: new Date() });
    const first = await api("/sellerVerify?email=ignored@example.com", {
      method: "PUT",
      auth: admin,
      json: { sellerEmail: "vera.seller@example.com" },
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ productResult: { modifiedCount: 2 }, userResult: { modifiedCount: 1 } });
    const again = await api("/sellerVerify", { method: "PUT", auth: admin, json: { sellerEmail: seller.email } });
    expect(await again.json()).toEqual({ productResult: { modifiedCount: 0 }, userResult: { modifiedCount: 0 } });
    const buyer = await insertUser({ role: "buyer" });
    for (const sellerEmail of ["nobody@example.com", buyer.email]) {
      const missing = await api("/sellerVerify", { method: "PUT", auth: admin, json: { sellerEmail } });
      expect(missing.status).toBe(404);
    }
    expect((await userRow(buyer.id)).verifiedAt).toBeNull();
    expect(
      (await api("/sellerVerify", { method: "PUT", auth: admin, json: { sellerEmail: "not an email" } })).status,
    ).toBe(422);
    expect((await api("/sellerVerify", { method: "PUT", auth: admin })).status).toBe(422);
  });
});

describe("deleting a seller", () => {
  it("asks first; No keeps everything", async () => {
    const admin = await signedInUser("admin");
    const seller = await insertUser({ role: "seller", name: "Kim Keep", email: "kim@example.com" });
    const dialog = await (await get(`${SELLERS}?confirm=delete&id=${seller.id}`, { Cookie: admin.cookie })).text();
    expect(dialog).toContain("<dialog");
    expect(dialog).toContain("Delete Confirmation");
    expect(dialog).toContain("Do you want to delete the seller Kim Keep (kim@example.com)?");
    const no = await postForm(SELLERS, { intent: "keep" }, { Cookie: admin.cookie });
    expect(await toastText(no)).toBe("You have canceled this process");
    expect((await userRow(seller.id)).deletedAt).toBeNull();
    const unknown = await (await get(`${SELLERS}?confirm=delete&id=nobody`, { Cookie: admin.cookie })).text();
    expect(unknown).not.toContain("<dialog");
  });

  it("ends access and listings, keeps sales and the buyers' paid orders, leaves nothing booked", async () => {
    const admin = await signedInUser("admin");
    const world = await sellerWithHistory("Dee Delete");
    const seller = world.seller;
    const cookie = await sessionCookieFor(seller.id);
    const token = await bearerFor(seller.id);
    expect((await get("/dashboard/my_product", { Cookie: cookie })).status).toBe(200);
    expect(await (await get("/")).text()).toContain("Dee Delete&#x27;s Leica M6");

    const response = await postForm(SELLERS, { intent: "delete", sellerId: seller.id }, { Cookie: admin.cookie });
    expect(await toastText(response)).toBe("Seller has been deleted");
    expect((await userRow(seller.id)).deletedAt).toBeInstanceOf(Date);
    const open = await db().select().from(sessions).where(eq(sessions.userId, seller.id));
    expect(open.every((session) => session.revokedAt !== null)).toBe(true);
    expect((await api("/user", { auth: token })).status).toBe(401);
    expect((await get("/dashboard/my_product", { Cookie: cookie })).status).toBe(302);
    // Listings leave the storefront.
    expect(await (await get("/")).text()).not.toContain("Dee Delete&#x27;s Leica M6");
    expect((await (await api("/advertiseProduct")).json<Array<{ _id: string }>>()).map((p) => p._id)).not.toContain(
      world.listed.id,
    );
    // The unpaid booking ended, its product is no longer booked.
    expect(await bookingRow(world.booking.id)).toMatchObject({ status: "cancelled", endReason: "seller_deleted" });
    expect((await productRow(world.booked.id)).status).toBe("available");
    // The sale and the buyer's paid order stay exactly as they were.
    expect(await bookingRow(world.sale.booking.id)).toMatchObject({ status: "paid", endReason: null });
    expect((await productRow(world.sold.id)).status).toBe("sold");
    expect(await db().select().from(payments).where(eq(payments.id, world.sale.payment.id))).toHaveLength(1);
    const payer = await bearerFor(world.payingBuyer.id);
    const orders = await (await api("/myOrders", { auth: payer })).json<Array<{ _id: string; isPaid: boolean }>>();
    expect(orders).toContainEqual(expect.objectContaining({ _id: world.sale.booking.id, isPaid: true }));
    const sale = await api(`/booking/${world.sale.booking.id}`, {
      auth: await bearerFor((await insertUser({ role: "admin" })).id),
    });
    expect(await sale.json()).toMatchObject({ isPaid: true, sellerEmail: world.seller.email });
    // Gone from the list; deleting again is a 404.
    expect(await (await get(SELLERS, { Cookie: admin.cookie })).text()).not.toContain("Dee Delete");
    const again = await postForm(SELLERS, { intent: "delete", sellerId: seller.id }, { Cookie: admin.cookie });
    expect(await toastText(again)).toBe("There is no such seller.");
    await expectInvariants();
  });

  it("a deleted seller can no longer sign in, and their open session dies", async () => {
    const admin = await signedInUser("admin");
    const { user, password, cookie } = await signedInUser("seller", { name: "Sid Session" });
    // A live listing: its deletion also writes the search index, which is not an account deleted.
    await insertProduct({ sellerId: user.id, categoryId: (await newCategory()).id });
    expect((await get("/dashboard/my_product", { Cookie: cookie })).status).toBe(200);
    const response = await api(`/seller/${user.id}`, { method: "DELETE", auth: await bearerFor(admin.user.id) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const page = await get("/dashboard/my_product", { Cookie: cookie });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/login/);
    expect(await (await login(user.email, password)).text()).toContain("this account not exist.");
  });
});

describe("deleting a buyer", () => {
  it("ends their unpaid bookings, frees the products, keeps the paid order in the seller's records", async () => {
    const admin = await signedInUser("admin");
    const category = await newCategory();
    const seller = await insertUser({ role: "seller" });
    const {
      user: buyer,
      cookie,
      password,
    } = await signedInUser("buyer", { name: "Bree Buyer", email: "bree@example.com" });
    const wanted = await insertProduct({
      sellerId: seller.id,
      categoryId: category.id,
      name: "Rolleiflex 2.8F",
      advertised: true,
    });
    const bought = await insertProduct({ sellerId: seller.id, categoryId: category.id });
    const booking = await activeBooking(wanted.id, buyer.id);
    const sale = await paidSale(bought.id, buyer.id, seller.id);
    expect(await (await get("/")).text()).not.toContain("Rolleiflex 2.8F");

    const dialog = await (await get(`${BUYERS}?confirm=delete&id=${buyer.id}`, { Cookie: admin.cookie })).text();
    expect(dialog).toContain("Delete Confirmation");
    expect(dialog).toContain("Do you want to delete the buyer Bree Buyer (bree@example.com)?");
    const no = await postForm(BUYERS, { intent: "keep" }, { Cookie: admin.cookie });
    expect(await toastText(no)).toBe("You have canceled this process");
    expect((await userRow(buyer.id)).deletedAt).toBeNull();

    const yes = await postForm(BUYERS, { intent: "delete", buyerId: buyer.id }, { Cookie: admin.cookie });
    expect(await toastText(yes)).toBe("Buyer has been deleted");
    expect((await userRow(buyer.id)).deletedAt).toBeInstanceOf(Date);
    expect((await get("/dashboard/my_orders", { Cookie: cookie })).status).toBe(302);
    expect(await (await login(buyer.email, password)).text()).toContain("this account not exist.");
    expect(await bookingRow(booking.id)).toMatchObject({ status: "cancelled", endReason: "buyer_deleted" });
    expect((await productRow(wanted.id)).status).toBe("available");
    expect(await (await get("/")).text()).toContain("Rolleiflex 2.8F");
    expect(await bookingRow(sale.booking.id)).toMatchObject({ status: "paid" });
    expect((await productRow(bought.id)).status).toBe("sold");
    const record = await api(`/booking/${sale.booking.id}`, { auth: await bearerFor(seller.id) });
    expect(await record.json()).toMatchObject({
      isPaid: true,
      buyerName: "Bree Buyer",
      buyerEmail: "bree@example.com",
    });
    expect(await (await get(BUYERS, { Cookie: admin.cookie })).text()).toContain("There is no buyer");
    await expectInvariants();
  });

  it("DELETE /api/buyer/:id answers deletedCount", async () => {
    const admin = await bearerFor((await insertUser({ role: "admin" })).id);
    const buyer = await insertUser({ role: "buyer" });
    const response = await api(`/buyer/${buyer.id}?email=whoever@example.com`, { method: "DELETE", auth: admin });
    expect(await response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await api(`/buyer/${buyer.id}`, { method: "DELETE", auth: admin })).status).toBe(404);
  });
});

describe("what cannot be deleted", () => {
  it("an id of the other kind, an unknown id, the admin itself or another admin: nothing is deleted", async () => {
    const { user: me, cookie } = await signedInUser("admin");
    const other = await insertUser({ role: "admin" });
    const seller = await insertUser({ role: "seller" });
    const buyer = await insertUser({ role: "buyer" });
    const token = await bearerFor(me.id);
    const refused: Array<[string, number]> = [
      [`/buyer/${seller.id}`, 404],
      [`/seller/${buyer.id}`, 404],
      ["/seller/no-such-id", 404],
      ["/buyer/no-such-id", 404],
      [`/seller/${me.id}`, 403],
      [`/buyer/${me.id}`, 403],
      [`/seller/${other.id}`, 403],
      [`/buyer/${other.id}`, 403],
    ];
    for (const [path, status] of refused) {
      const response = await api(path, { method: "DELETE", auth: token });
      expect(response.status, path).toBe(status);
    }
    expect(await toastText(await postForm(SELLERS, { intent: "delete", sellerId: me.id }, { Cookie: cookie }))).toBe(
      "Admin accounts cannot be deleted.",
    );
    expect(await toastText(await postForm(BUYERS, { intent: "delete", buyerId: seller.id }, { Cookie: cookie }))).toBe(
      "There is no such buyer.",
    );
    expect(await toastText(await postForm(SELLERS, { intent: "delete", sellerId: buyer.id }, { Cookie: cookie }))).toBe(
      "There is no such seller.",
    );
    for (const id of [me.id, other.id, seller.id, buyer.id]) expect((await userRow(id)).deletedAt).toBeNull();
    expect((await get(SELLERS, { Cookie: cookie })).status).toBe(200);
  });
});

describe("lists", () => {
  it("say so when there is nobody", async () => {
    const { cookie } = await signedInUser("admin");
    expect(await (await get(SELLERS, { Cookie: cookie })).text()).toContain("There is no seller");
    expect(await (await get(BUYERS, { Cookie: cookie })).text()).toContain("There is no buyer");
  });

  it("are paginated, newest first, with the index running on", async () => {
    const { cookie } = await signedInUser("admin");
    const base = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 25; i++) {
      await insertUser({
        role: "seller",
        name: `Paged Seller ${String(i).padStart(2, "0")}`,
        createdAt: new Date(base + i * 60_000),
      });
    }
    const first = await (await get(SELLERS, { Cookie: cookie })).text();
    expect(first).toContain("Paged Seller 24");
    expect(first).toContain("Paged Seller 05");
    expect(first).not.toContain("Paged Seller 04");
    expect(first).toContain("Page 1 of 2");
    expect(first.indexOf("Paged Seller 24")).toBeLessThan(first.indexOf("Paged Seller 23"));
    const second = await (await get(`${SELLERS}?page=2`, { Cookie: cookie })).text();
    expect(second).toContain("Paged Seller 04");
    expect(second).toContain("Paged Seller 00");
    expect(second).toMatch(/<td data-label="Index">21<\/td>/);
    const beyond = await get(`${SELLERS}?page=9`, { Cookie: cookie });
    expect(beyond.status).toBe(302);
    expect(beyond.headers.get("Location")).toBe(`${SELLERS}?page=2`);
    for (const page of ["-1", "abc", "99999999999"]) {
      expect((await get(`${SELLERS}?page=${page}`, { Cookie: cookie })).status).toBe(200);
    }
    const api2 = await api("/allSeller?page=2", { auth: await bearerFor((await insertUser({ role: "admin" })).id) });
    expect(api2.headers.get("X-Total-Count")).toBe("25");
    expect(api2.headers.get("X-Page-Count")).toBe("2");
    const rows = await api2.json<Array<{ name: string; isVerify: boolean }>>();
    expect(rows.map((row) => row.name)).toEqual([
      "Paged Seller 04",
      "Paged Seller 03",
      "Paged Seller 02",
      "Paged Seller 01",
      "Paged Seller 00",
    ]);
    expect(rows[0]!.isVerify).toBe(false);
  });

  it("are searched by name or email, case-insensitively, with % and _ taken literally", async () => {
    const { cookie, user: admin } = await signedInUser("admin", { name: "Ada Admin" });
    await insertUser({ role: "buyer", name: "Quinn Lowe", email: "quinn@example.com" });
    await insertUser({ role: "buyer", name: "Rory Hale", email: "rory_100%@example.com" });
    await insertUser({ role: "buyer", name: "Gone Buyer", email: "gone@example.com", deletedAt: new Date() });
    await insertUser({ role: "seller", name: "Quinn Seller", email: "quinn.seller@example.com" });
    const byName = await (await get(`${BUYERS}?q=QUINN`, { Cookie: cookie })).text();
    expect(byName).toContain("quinn@example.com");
    expect(byName).not.toContain("quinn.seller@example.com");
    expect(byName).not.toContain("Rory Hale");
    expect(byName).toMatch(/value="QUINN"/);
    const byEmail = await (await get(`${BUYERS}?q=${encodeURIComponent("_100%")}`, { Cookie: cookie })).text();
    expect(byEmail).toContain("Rory Hale");
    expect(byEmail).not.toContain("Quinn Lowe");
    const literal = await (await get(`${BUYERS}?q=${encodeURIComponent("%")}`, { Cookie: cookie })).text();
    expect(literal).toContain("Rory Hale");
    expect(literal).not.toContain("Quinn Lowe");
    const nobody = await (await get(`${BUYERS}?q=gone`, { Cookie: cookie })).text();
    expect(nobody).toContain("No buyer matches “gone”.");
    const token = await bearerFor(admin.id);
    const found = await (await api("/allBuyer?q=quinn", { auth: token })).json<
      Array<{ email: string; isBuyer: boolean }>
    >();
    expect(found).toEqual([expect.objectContaining({ email: "quinn@example.com", isBuyer: true })]);
    const sellers = await (await api("/allSeller?q=quinn", { auth: token })).json<Array<{ email: string }>>();
    expect(sellers.map((row) => row.email)).toEqual(["quinn.seller@example.com"]);
    // The page keeps the search across the confirmation and the redirect after the post.
    const [quinn] = await db().select().from(users).where(eq(users.email, "quinn@example.com"));
    const confirming = `${BUYERS}?q=quinn&confirm=delete&id=${quinn!.id}`;
    expect(await (await get(confirming, { Cookie: cookie })).text()).toContain("Delete Confirmation");
    const no = await postForm(confirming, { intent: "keep" }, { Cookie: cookie });
    expect(no.headers.get("Location")).toBe(`${BUYERS}?q=quinn`);
    const deleted = await postForm(`${BUYERS}?q=quinn`, { intent: "delete", buyerId: quinn!.id }, { Cookie: cookie });
    expect(deleted.headers.get("Location")).toBe(`${BUYERS}?q=quinn`);
  });
});
