// INSERT … SELECT through drizzle: values are paired with columns by name, whatever order the
// caller writes them in, and the written row has each value in its own column.
import { eq, getTableColumns, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookProduct } from "#app/domain/deals/bookings/bookings.server";
import { database } from "#db/client";
import { intoColumns } from "#db/insert-select";
import { bookings, wishlistEntries } from "#db/schema";
import { insertCategory, insertProduct, insertUser } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);

describe("intoColumns", () => {
  it("puts the values in the table's column order, whatever order they are written in", () => {
    const fields = intoColumns(wishlistEntries, {
      createdAt: sql`1`,
      productId: sql`'p'`,
      buyerId: sql`'b'`,
    });
    expect(Object.keys(fields)).toEqual(Object.keys(getTableColumns(wishlistEntries)));
    expect(Object.keys(fields)).toEqual(["buyerId", "productId", "createdAt"]);
  });

  it("writes each value of a booking into its own column", async () => {
    const category = await insertCategory({ title: "Tripod" });
    const seller = await insertUser({ role: "seller" });
    const buyer = await insertUser({ role: "buyer" });
    const product = await insertProduct({ sellerId: seller.id, categoryId: category.id, resalePriceCents: 12_345 });
    const result = await bookProduct(
      db(),
      buyer,
      { productId: product.id, meetLocation: "Ferry Building", buyerContact: "+1 415 555 0199", delivery: "meetup" },
      { hours: 48 },
      null,
    );
    expect(result.ok).toBe(true);
    const [row] = await db().select().from(bookings).where(eq(bookings.productId, product.id));
    expect(row).toMatchObject({
      id: result.ok ? result.bookingId : "",
      productId: product.id,
      buyerId: buyer.id,
      priceCents: 12_345,
      meetLocation: "Ferry Building",
      buyerContact: "+1 415 555 0199",
      status: "active",
      endReason: null,
      paidAt: null,
      cancelledAt: null,
    });
    expect(row!.createdAt).toBeInstanceOf(Date);
  });
});
