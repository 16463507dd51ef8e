import { signedInUser } from "./auth-helpers";
import { insertBooking, insertCategory, insertProduct, insertUser } from "./factories";

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
  const booking = await insertBooking(product, buyer.user.id);
  return { seller, product, buyer, booking };
}
