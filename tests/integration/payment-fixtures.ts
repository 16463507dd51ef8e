import { database } from "../../db/client";
import { bookings } from "../../db/schema";
import { signedInUser } from "./auth-helpers";
import { insertCategory, insertProduct, insertUser } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);

/** A booked product and its buyer, as a booking leaves them. */
export async function bookedListing(priceCents = 45_000) {
  const category = await insertCategory({ title: `Lens ${crypto.randomUUID().slice(0, 6)}` });
  const seller = await insertUser({ role: "seller" });
  const product = await insertProduct({
    sellerId: seller.id,
    categoryId: category.id,
    name: "Sigma 35mm Art",
    resalePriceCents: priceCents,
    status: "booked",
  });
  const buyer = await signedInUser("buyer");
  const [booking] = await db()
    .insert(bookings)
    .values({
      productId: product.id,
      buyerId: buyer.user.id,
      priceCents,
      meetLocation: "Dock",
      buyerContact: "+1 415 555 0100",
    })
    .returning();
  return { seller, product, buyer, booking: booking! };
}
