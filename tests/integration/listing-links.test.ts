// Every card and every list row that names a listing links to its page while the page is there:
// home and category cards (name and photo), wishlist, My Orders, My Products, My Buyers and the
// admin's Reported Items. A listing that left is named without a link.
import { describe, expect, it } from "vitest";
import { newPhotoStem } from "#app/domain/catalog/photo-keys";
import { database } from "#db/client";
import { bookings, payments, reports, wishlistEntries } from "#db/schema";
import { get, signedInUser } from "./auth-helpers";
import { insertCategory, insertProduct } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);

/** The links to a listing's page in a piece of HTML (each `<a …>` tag whole). */
const linksTo = (html: string, id: string) => html.match(new RegExp(`<a [^>]*href="/listings/${id}"[^>]*>`, "g")) ?? [];

async function market() {
  const category = await insertCategory({ title: "Camera" });
  const seller = await signedInUser("seller", { name: "Vera Lens" });
  const buyer = await signedInUser("buyer");
  const admin = await signedInUser("admin");
  const product = (name: string, extra: Partial<Parameters<typeof insertProduct>[0]> = {}) =>
    insertProduct({
      sellerId: seller.user.id,
      categoryId: category.id,
      name,
      advertised: true,
      photoKey: newPhotoStem(),
      ...extra,
    });
  const live = await product("Nikon FM2");
  const removed = await product("Pentax K1000", { removedAt: new Date() });
  const booked = await product("Canon AE-1", { status: "booked" });
  const sold = await product("Olympus OM-1", { status: "sold" });
  const deletedSold = await product("Minolta X-700", { status: "sold", deletedAt: new Date() });
  await db().insert(bookings).values({
    productId: booked.id,
    buyerId: buyer.user.id,
    priceCents: booked.resalePriceCents,
    meetLocation: "Dock",
    buyerContact: "+1 415 555 0100",
  });
  for (const item of [sold, deletedSold]) {
    const [booking] = await db()
      .insert(bookings)
      .values({
        productId: item.id,
        buyerId: buyer.user.id,
        priceCents: item.resalePriceCents,
        meetLocation: "Dock",
        buyerContact: "+1 415 555 0100",
        status: "paid",
        paidAt: new Date(),
      })
      .returning();
    await db()
      .insert(payments)
      .values({
        bookingId: booking!.id,
        productId: item.id,
        buyerId: buyer.user.id,
        sellerId: seller.user.id,
        amountCents: item.resalePriceCents,
        currency: "usd",
        provider: "test",
        transactionId: `test_${item.id}`,
      });
  }
  await db()
    .insert(wishlistEntries)
    .values([
      { buyerId: buyer.user.id, productId: live.id },
      { buyerId: buyer.user.id, productId: removed.id },
    ]);
  await db().insert(reports).values({ productId: live.id, reporterId: buyer.user.id, reason: "misleading" });
  return { category, seller, buyer, admin, live, removed, booked, sold, deletedSold };
}

describe("links to listing pages", () => {
  it("home and category cards are one link each, their name (the whole card leads there)", async () => {
    const { live, buyer } = await market();
    for (const [path, headers] of [
      ["/", {}],
      ["/products/camera", { Cookie: buyer.cookie }],
    ] as const) {
      const html = await (await get(path, headers)).text();
      const links = linksTo(html, live.id);
      // Keyboard and screen-reader users meet one link per card; its box covers the card.
      expect(links, path).toHaveLength(1);
      expect(links[0], path).not.toContain("tabindex");
      expect(html).toMatch(new RegExp(`<h[23] id="product-${live.id}"[^>]*><a [^>]*href="/listings/${live.id}"`));
    }
  });

  it("the buyer's wishlist and orders link the listings that are still there", async () => {
    const { buyer, live, removed, booked, sold, deletedSold } = await market();
    const wishlist = await (await get("/dashboard/wishlist", { Cookie: buyer.cookie })).text();
    expect(linksTo(wishlist, live.id)).toHaveLength(1);
    expect(wishlist).toContain("Pentax K1000");
    expect(linksTo(wishlist, removed.id)).toHaveLength(0);
    const orders = await (await get("/dashboard/my_orders", { Cookie: buyer.cookie })).text();
    expect(linksTo(orders, booked.id)).toHaveLength(1);
    expect(linksTo(orders, sold.id)).toHaveLength(1);
    expect(orders).toContain("Minolta X-700");
    expect(linksTo(orders, deletedSold.id)).toHaveLength(0);
  });

  it("the seller's products and buyers link the listings that are still there", async () => {
    const { seller, live, removed, booked, sold, deletedSold } = await market();
    const mine = await (await get("/dashboard/my_product", { Cookie: seller.cookie })).text();
    for (const item of [live, booked, sold]) expect(linksTo(mine, item.id), item.name).toHaveLength(1);
    expect(mine).toContain("Pentax K1000");
    expect(linksTo(mine, removed.id)).toHaveLength(0);
    const buyers = await (await get("/dashboard/my_buyer", { Cookie: seller.cookie })).text();
    expect(linksTo(buyers, sold.id)).toHaveLength(1);
    expect(buyers).toContain("Minolta X-700");
    expect(linksTo(buyers, deletedSold.id)).toHaveLength(0);
  });

  it("the admin's reported items link the reported listing", async () => {
    const { admin, live } = await market();
    const html = await (await get("/dashboard/reported_items", { Cookie: admin.cookie })).text();
    expect(linksTo(html, live.id)).toHaveLength(1);
  });
});
