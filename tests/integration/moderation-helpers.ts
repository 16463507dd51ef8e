// What the admin and moderation tests share: REST calls, the toast a redirect carries, a small
// marketplace with bookings and a sale, and the database invariants every action must keep.
import { SELF } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { database } from "#db/client";
import { bookings, payments, products } from "#db/schema";
import { get, ORIGIN } from "./auth-helpers";
import { insertBooking, insertCategory, insertProduct, insertSale, insertUser } from "./factories";
import { testEnv } from "./test-env";

export const db = () => database(testEnv.DB);

export function api(path: string, init: { method?: string; json?: unknown; auth?: string } = {}) {
  const headers = new Headers();
  if (init.auth) headers.set("Authorization", init.auth);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  return SELF.fetch(`${ORIGIN}/api${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

/** The toast a redirect carries, read the way the next page would show it. */
export async function toastText(response: Response): Promise<string | null> {
  const toast = response.headers.getSetCookie().find((c) => c.startsWith("pb_toast="));
  if (!toast) return null;
  const page = await get("/about", { Cookie: toast.split(";")[0]! });
  const match = /data-toast-type="[a-z]+"[^>]*>([^<]+)</.exec(await page.text());
  return match ? match[1]!.replace(/&#x27;/g, "'") : null;
}

export async function productRow(id: string) {
  const [row] = await db().select().from(products).where(eq(products.id, id));
  return row!;
}

export async function bookingRow(id: string) {
  const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

export async function newCategory() {
  return insertCategory({ title: `Gear ${crypto.randomUUID().slice(0, 8)}` });
}

export async function activeBooking(productId: string, buyerId: string) {
  await db().update(products).set({ status: "booked" }).where(eq(products.id, productId));
  return insertBooking(await productRow(productId), buyerId);
}

/** A finished sale: the booking paid, the payment recorded, the product sold. */
export function paidSale(productId: string, buyerId: string, sellerId: string) {
  return insertSale({ productId, buyerId, sellerId });
}

/** A seller with a listing on the storefront, one booked by a buyer and one sold to another. */
export async function sellerWithHistory(name = "Sol Seller") {
  const category = await newCategory();
  const seller = await insertUser({ role: "seller", name });
  const bookingBuyer = await insertUser({ role: "buyer", name: "Bo Booker" });
  const payingBuyer = await insertUser({ role: "buyer", name: "Pat Payer" });
  const listed = await insertProduct({
    sellerId: seller.id,
    categoryId: category.id,
    name: `${name}'s Leica M6`,
    advertised: true,
  });
  const booked = await insertProduct({ sellerId: seller.id, categoryId: category.id, name: `${name}'s Nikon FM2` });
  const sold = await insertProduct({ sellerId: seller.id, categoryId: category.id, name: `${name}'s Canon AE-1` });
  const booking = await activeBooking(booked.id, bookingBuyer.id);
  const sale = await paidSale(sold.id, payingBuyer.id, seller.id);
  return { category, seller, bookingBuyer, payingBuyer, listed, booked, sold, booking, sale };
}

/**
 * The invariants a later issue fuzzes: a product is booked only with exactly one live booking
 * and sold only with exactly one payment; an active booking's product is booked.
 */
export async function expectInvariants() {
  const broken = await db().all(sql`
    select p.id, p.status from ${products} p
    where (p.status = 'booked' and (select count(*) from ${bookings} b where b.product_id = p.id and b.status in ('active', 'paid')) != 1)
       or (p.status = 'sold' and (select count(*) from ${payments} y where y.product_id = p.id) != 1)
       or (p.status != 'booked' and exists (select 1 from ${bookings} b where b.product_id = p.id and b.status = 'active'))`);
  expect(broken).toEqual([]);
}
