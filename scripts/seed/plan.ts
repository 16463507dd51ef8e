// Turns the demo catalog into rows with stable ids, built with the row builders the tests use
// too (db/factories.ts), so seeding twice changes nothing.
import { dollarsToCents } from "#app/domain/shared/money";
import { bookingRow, categoryRow, paymentRow, productRow, reportRow, userRow } from "#db/factories";
import { seedAccounts } from "./accounts";
import { type SeedListing, seedCategories, seedListings } from "./catalog";
import { type ModerationListing, moderationAccounts, moderationListings, moderationReports } from "./moderation";

const DAY_MS = 86_400_000;

/** A stable UUID-shaped id derived from a seed key. */
export async function stableId(namespace: string, key: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${namespace}:${key}`)));
  const hex = [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A seed listing's photos: its own render first (the cover), then, for every second listing, one
 * or two other renders of the same kind of gear. Ids and stems are stable, so seeding twice
 * finds them there.
 */
async function seedPhotos(listingKey: string, photo: { kind: string; variant: number }, index: number) {
  const extra = index % 4 === 0 ? 2 : index % 4 === 2 ? 1 : 0;
  return Promise.all(
    Array.from({ length: 1 + extra }, async (_, position) => {
      const id = await stableId("photo", position === 0 ? listingKey : `${listingKey}/${position}`);
      return {
        id,
        position,
        stem: `p-${id.replace(/-/g, "")}`,
        source: `${photo.kind}-${(photo.variant + position) % 4}.webp`,
      };
    }),
  );
}

function cents(value: string, listing: SeedListing | ModerationListing): number {
  const result = dollarsToCents(value);
  if (result === null) throw new Error(`Bad price ${value} in seed listing ${listing.key}`);
  return result;
}

export async function seedPlan(now = Date.now()) {
  const users = await Promise.all(
    [...seedAccounts, ...moderationAccounts].map(async (account) => {
      const id = await stableId("user", account.key);
      const verifiedAt = account.verified ? new Date(Date.UTC(2026, 0, 15)) : null;
      // The password is hashed when the row is written (scripts/seed.ts).
      return {
        ...account,
        id,
        row: userRow({ id, email: account.email, name: account.name, role: account.role, verifiedAt }),
      };
    }),
  );
  const userIdByKey = new Map(users.map((user) => [user.key, user.id]));
  const categories = await Promise.all(
    seedCategories.map(async (category) =>
      categoryRow({
        id: await stableId("category", category.slug),
        slug: category.slug,
        title: category.title,
        imagePath: `/categories/${category.kind}.webp`,
        position: category.position,
      }),
    ),
  );
  const categoryIdBySlug = new Map(categories.map((category) => [category.slug, category.id!]));
  // Post dates are whole days before today (UTC midnight plus an hour per listing) so a
  // re-run on the same day computes the same rows.
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const listings = [...seedListings, ...moderationListings];
  const soldOrBooked = new Map<string, "sold" | "booked">(
    seedSales.map((sale) => [sale.listing, sale.paid ? "sold" : "booked"]),
  );
  const products = await Promise.all(
    listings.map(async (listing, index) => {
      const sellerId = userIdByKey.get(listing.seller);
      const categoryId = categoryIdBySlug.get(listing.category);
      if (!sellerId || !categoryId) throw new Error(`Seed listing ${listing.key} has a bad seller or category`);
      const row = productRow({
        id: await stableId("product", listing.key),
        sellerId,
        categoryId,
        name: listing.name,
        description: listing.description,
        condition: listing.condition,
        originalPriceCents: cents(listing.originalPrice, listing),
        resalePriceCents: cents(listing.resalePrice, listing),
        purchaseYear: listing.purchaseYear,
        contact: listing.contact,
        location: listing.location,
        advertised: listing.advertised,
        status: soldOrBooked.get(listing.key) ?? "available",
        createdAt: new Date(today - listing.postedDaysAgo * DAY_MS + (index % 12) * 3_600_000),
      });
      // The cover (products.photo_key) follows the first photo by trigger once the photos are stored.
      return { row, photos: await seedPhotos(listing.key, listing.photo, index) };
    }),
  );
  // Demo history: one finished sale (My Buyers, a paid order) and one open booking.
  const productByKey = new Map(listings.map((listing, index) => [listing.key, products[index]!.row]));
  const userByKey = new Map(users.map((user) => [user.key, user]));
  const sales = await Promise.all(
    seedSales.map(async (sale) => {
      const product = productByKey.get(sale.listing);
      const buyer = userByKey.get(sale.buyer);
      if (!product || !buyer) throw new Error(`Seed sale ${sale.listing} names an unknown listing or buyer`);
      const bookedAt = new Date(product.createdAt!.getTime() + 2 * DAY_MS);
      const booking = bookingRow(product, buyer.id, {
        id: await stableId("booking", sale.listing),
        meetLocation: sale.meetLocation,
        buyerContact: sale.buyerContact,
        status: sale.paid ? "paid" : "active",
        createdAt: bookedAt,
        paidAt: sale.paid ? new Date(bookedAt.getTime() + 3_600_000) : null,
        // The open booking is held for the default 48 hours from the moment of seeding.
        expiresAt: sale.paid ? null : new Date(now + 2 * DAY_MS),
      });
      const payment = sale.paid
        ? paymentRow(booking, product.sellerId, {
            id: await stableId("payment", sale.listing),
            transactionId: `test_seed_${sale.listing.slice(0, 24)}`,
          })
        : null;
      return { booking, payment };
    }),
  );
  // Open reports for the admin's Reported Items page.
  const reports = await Promise.all(
    moderationReports.map(async (report) => {
      const product = productByKey.get(report.listing);
      const reporter = userByKey.get(report.reporter);
      if (!product || !reporter)
        throw new Error(`Seed report on ${report.listing} names an unknown listing or reporter`);
      return reportRow({
        id: await stableId("report", `${report.listing}:${report.reporter}`),
        productId: product.id!,
        reporterId: reporter.id,
        reason: report.reason,
        details: report.details ?? null,
        createdAt: new Date(today - report.reportedDaysAgo * DAY_MS),
      });
    }),
  );
  return { users, categories, products, sales, reports };
}

const seedSales = [
  {
    listing: "gordys-leather-neck-strap-tan-seller2",
    buyer: "buyer2",
    paid: true,
    meetLocation: "Ferry Building, San Francisco",
    buyerContact: "+1 415 555 0177",
  },
  {
    listing: "think-tank-retrospective-7-pinestone-seller1",
    buyer: "buyer1",
    paid: false,
    meetLocation: "Pike Place Market, Seattle",
    buyerContact: "+1 206 555 0133",
  },
] as const;
