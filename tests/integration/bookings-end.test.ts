// endActiveBookingsStatements is meant to run inside a larger db.batch; these run it that way.

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { endActiveBookingsStatements } from "#app/domain/catalog/availability.server";
import { database } from "#db/client";
import { bookings, products } from "#db/schema";
import { insertBooking, insertCategory, insertProduct, insertUser } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);

async function bookedProduct(
  buyerId: string,
  sellerId: string,
  categoryId: string,
  status: "active" | "paid" = "active",
) {
  const product = await insertProduct({ sellerId, categoryId, status: status === "paid" ? "sold" : "booked" });
  const booking = await insertBooking(product, buyerId, { status });
  return { product, booking };
}

const bookingStatus = async (id: string) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;
const productStatus = async (id: string) => (await db().select().from(products).where(eq(products.id, id)))[0]!.status;

describe("endActiveBookingsStatements", () => {
  it("ends a buyer's active bookings and releases their products, leaving paid ones and other buyers alone", async () => {
    const category = await insertCategory({ title: "Camera" });
    const seller = await insertUser({ role: "seller" });
    const [leaving, staying] = [await insertUser(), await insertUser()];
    const active = await bookedProduct(leaving.id, seller.id, category.id);
    const paid = await bookedProduct(leaving.id, seller.id, category.id, "paid");
    const others = await bookedProduct(staying.id, seller.id, category.id);
    const now = Date.UTC(2026, 5, 1);
    await db().batch([
      db().select().from(products).limit(1),
      ...endActiveBookingsStatements(db(), { buyerId: leaving.id }, "buyer_deleted", { releaseProducts: true, now }),
    ]);
    expect(await bookingStatus(active.booking.id)).toMatchObject({
      status: "cancelled",
      endReason: "buyer_deleted",
      cancelledAt: new Date(now),
    });
    expect(await productStatus(active.product.id)).toBe("available");
    expect((await bookingStatus(paid.booking.id)).status).toBe("paid");
    expect(await productStatus(paid.product.id)).toBe("sold");
    expect((await bookingStatus(others.booking.id)).status).toBe("active");
    expect(await productStatus(others.product.id)).toBe("booked");
  });

  it("ends a product's active booking without releasing the product", async () => {
    const category = await insertCategory({ title: "Camera" });
    const seller = await insertUser({ role: "seller" });
    const buyer = await insertUser();
    const { product, booking } = await bookedProduct(buyer.id, seller.id, category.id);
    const [first, ...rest] = endActiveBookingsStatements(db(), { productId: product.id }, "product_deleted", {
      releaseProducts: false,
    });
    await db().batch([first!, ...rest]);
    expect(await bookingStatus(booking.id)).toMatchObject({ status: "cancelled", endReason: "product_deleted" });
    expect(await productStatus(product.id)).toBe("booked");
  });
});
