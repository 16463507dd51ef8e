// The letters of an admin's decisions about a seller or a listing: a seller verified, a listing
// removed after reports.
import { eq } from "drizzle-orm";
import type { EventOf } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import { products } from "#db/schema";
import { type LetterOf, type LetterOptions, link, loadUser, type PlannedLetter } from "./letter-kit.server";

export async function sellerVerifiedLetters(
  db: Database,
  event: EventOf<"seller_verified">,
  options: LetterOptions,
  letter: LetterOf,
): Promise<PlannedLetter[]> {
  const seller = await loadUser(db, event.sellerId);
  if (!seller) return [];
  return [
    letter(
      seller,
      "Your seller account is verified",
      `An admin verified your seller account: your listings now show the Verified badge.\n` +
        link(options, "/dashboard/my_product", "Your listings"),
    ),
  ];
}

export async function listingRemovedLetters(
  db: Database,
  event: EventOf<"listing_removed">,
  options: LetterOptions,
  letter: LetterOf,
): Promise<PlannedLetter[]> {
  const [row] = await db
    .select({ name: products.name, sellerId: products.sellerId })
    .from(products)
    .where(eq(products.id, event.productId))
    .limit(1);
  const seller = row ? await loadUser(db, row.sellerId) : null;
  if (!row || !seller) return [];
  return [
    letter(
      seller,
      `Listing removed: ${row.name}`,
      `An admin removed your listing "${row.name}" after buyers reported it. It no longer appears in the store.\n` +
        link(options, "/dashboard/my_product", "Your listings"),
    ),
  ];
}
