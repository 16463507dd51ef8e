import { eq } from "drizzle-orm";
import { database } from "#db/client";
import { users } from "#db/schema";
import { signedInUser } from "./auth-helpers";
import { insertBooking, insertCategory, insertProduct, insertUser } from "./factories";
import { testEnv } from "./test-env";

/** A booked product and its buyer, as a booking leaves them (of a new seller unless one is named). */
export async function bookedListing(priceCents = 45_000, options: { sellerId?: string } = {}) {
  const category = await insertCategory({ title: `Lens ${crypto.randomUUID().slice(0, 6)}` });
  const seller = options.sellerId
    ? (await database(testEnv.DB).select().from(users).where(eq(users.id, options.sellerId)))[0]!
    : await insertUser({ role: "seller" });
  const product = await insertProduct({
    sellerId: seller.id,
    categoryId: category.id,
    name: "Sigma 35mm Art",
    resalePriceCents: priceCents,
    status: "booked",
  });
  const buyer = await signedInUser("buyer");
  const booking = await insertBooking(product, buyer.user.id);
  return { seller, product, buyer, booking };
}
