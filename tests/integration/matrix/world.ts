// The world the authorization matrix is played in: six callers and objects that belong to A,
// to B and to nobody.
import { eq } from "drizzle-orm";
import { database } from "../../../db/client";
import { bookings, categories, productPhotos, reports } from "../../../db/schema";
import { bearerFor, sessionCookieFor } from "../auth-helpers";
import { insertProduct, insertUser } from "../factories";
import { testEnv } from "../test-env";

export const CALLERS = ["anon", "buyerA", "buyerB", "sellerA", "sellerB", "admin"] as const;
export type Caller = (typeof CALLERS)[number];

export const NOBODY = "00000000-0000-4000-8000-000000000000";

export async function buildWorld() {
  const db = database(testEnv.DB);
  // Every world is new objects in the same database, so worlds never see each other's changes.
  await db.insert(categories).values({ slug: "camera", title: "Camera", position: 1 }).onConflictDoNothing();
  const [category] = await db.select().from(categories).where(eq(categories.slug, "camera"));
  const run = crypto.randomUUID().slice(0, 8);
  const make = (role: "buyer" | "seller" | "admin", name: string) =>
    insertUser({ role, name, email: `${name.toLowerCase().replace(/ /g, ".")}-${run}@example.com` });
  const users = {
    buyerA: await make("buyer", "Buyer A"),
    buyerB: await make("buyer", "Buyer B"),
    sellerA: await make("seller", "Seller A"),
    sellerB: await make("seller", "Seller B"),
    admin: await make("admin", "Admin"),
  };
  const product = (sellerId: string, name: string, status: "available" | "booked" = "available") =>
    insertProduct({ sellerId, categoryId: category!.id, name, advertised: true, status });
  const listingA = await product(users.sellerA.id, "Listing of A");
  const listingB = await product(users.sellerB.id, "Listing of B");
  // Two photos on each available listing, for the edit page's photo intents and calls.
  const photosOf = async (productId: string) => {
    const rows = await db
      .insert(productPhotos)
      .values([0, 1].map((position) => ({ productId, position, key: `${run}-${productId.slice(0, 8)}-${position}` })))
      .returning();
    return rows.map((row) => row.id);
  };
  const photoA = await photosOf(listingA.id);
  const photoB = await photosOf(listingB.id);
  const bookedA = await product(users.sellerA.id, "Booked from A", "booked");
  const bookedB = await product(users.sellerB.id, "Booked from B", "booked");
  const [bookingA] = await db
    .insert(bookings)
    .values({
      productId: bookedA.id,
      buyerId: users.buyerA.id,
      priceCents: bookedA.resalePriceCents,
      meetLocation: "x",
      buyerContact: "+1 415 555 0100",
    })
    .returning();
  const [bookingB] = await db
    .insert(bookings)
    .values({
      productId: bookedB.id,
      buyerId: users.buyerB.id,
      priceCents: bookedB.resalePriceCents,
      meetLocation: "x",
      buyerContact: "+1 415 555 0100",
    })
    .returning();
  // Open reports: A's is buyer A's report of seller B's listing, and the other way round.
  const [reportA] = await db
    .insert(reports)
    .values({ productId: listingB.id, reporterId: users.buyerA.id, reason: "misleading" })
    .returning();
  const [reportB] = await db
    .insert(reports)
    .values({ productId: listingA.id, reporterId: users.buyerB.id, reason: "offensive" })
    .returning();
  const cookies: Record<Caller, string | null> = { anon: null } as Record<Caller, string | null>;
  const bearers: Record<Caller, string | null> = { anon: null } as Record<Caller, string | null>;
  for (const [caller, user] of Object.entries(users) as Array<[Exclude<Caller, "anon">, { id: string }]>) {
    cookies[caller] = await sessionCookieFor(user.id);
    bearers[caller] = await bearerFor(user.id);
  }
  return {
    users,
    /** Objects that belong to A, to B, and to nobody (an id that does not exist). */
    listing: { A: listingA.id, B: listingB.id, nobody: NOBODY },
    /** The photos of A's and B's listing, in order; nobody's is an id that does not exist. */
    photos: { A: photoA, B: photoB, nobody: [NOBODY, NOBODY] },
    booking: { A: bookingA!.id, B: bookingB!.id, nobody: NOBODY },
    sellerId: { A: users.sellerA.id, B: users.sellerB.id, nobody: NOBODY },
    buyerId: { A: users.buyerA.id, B: users.buyerB.id, nobody: NOBODY },
    report: { A: reportA!.id, B: reportB!.id, nobody: NOBODY },
    cookies,
    bearers,
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;
