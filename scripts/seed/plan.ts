// Turns the demo catalog into rows with stable ids, built with the row builders the tests use
// too (db/factories.ts), so seeding twice changes nothing.
import { gearColumns } from "#app/domain/catalog/listing-gear.server";
import { type GearDetails, readGear } from "#app/domain/gear/gear-schema";
import { currencyOf, parseMoney } from "#app/domain/shared/money";
import type { CheckAnswer, ConditionCheck } from "#db/closed-lists";
import { bookingRow, categoryRow, paymentRow, productRow, reportRow, userRow } from "#db/factories";
import { seedAccounts } from "./accounts";
import {
  type SeedGear,
  type SeedListing,
  type SeedShipping,
  seedCategories,
  seedListings,
  seedShipping,
} from "./catalog";
import { type HistoryListing, historyAccounts, historyListings, historyStolenSerials } from "./history";
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

/** A listing's gear, checked by the rules of Add Product (a seed that breaks them does not run). */
function gearOf(listing: SeedListing | ModerationListing | HistoryListing): GearDetails | null {
  const gear: SeedGear | undefined = listing.gear;
  if (!gear) return null;
  const read = readGear(listing.category, {
    model: gear.model,
    brand: "",
    brandName: "",
    modelName: "",
    mount: gear.mount ?? "",
    sensorFormat: "",
    shutterCount: gear.shutterCount === undefined ? "" : String(gear.shutterCount),
    shutterCountMethod: gear.shutterMethod ?? "",
    focalMin: "",
    focalMax: "",
    apertureWide: "",
    apertureTele: "",
    included: gear.included ?? [],
    checks: (gear.checks ?? {}) as Record<string, string>,
    serialNumber: gear.serial ?? "",
  });
  if ("issues" in read)
    throw new Error(`Seed listing ${listing.key}: ${read.issues.map((issue) => issue.message).join(" ")}`);
  return read.gear;
}

/** The seed's prices are written with two decimals (cents), whatever the configured currency. */
const SEED_UNITS = currencyOf("usd");

function cents(value: string, listing: SeedListing | ModerationListing | HistoryListing): number {
  const result = parseMoney(value, SEED_UNITS);
  if (result === null) throw new Error(`Bad price ${value} in seed listing ${listing.key}`);
  return result;
}

export async function seedPlan(now = Date.now()) {
  const users = await Promise.all(
    [...seedAccounts, ...moderationAccounts, ...historyAccounts].map(async (account) => {
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
  const listings: Array<SeedListing | ModerationListing | HistoryListing> = [
    ...seedListings,
    ...moderationListings,
    ...historyListings,
  ];
  const soldOrBooked = new Map<string, "sold" | "booked">([
    ...seedSales.map((sale) => [sale.listing, sale.paid ? "sold" : "booked"] as const),
    ...historyListings
      .filter((listing) => listing.soldDaysAgo !== null)
      .map((listing) => [listing.key, "sold"] as const),
  ]);
  const held = new Set(historyStolenSerials.map((stolen) => stolen.holds));
  for (const key of Object.keys(seedShipping))
    if (!listings.some((listing) => listing.key === key)) throw new Error(`Seed shipping names no listing: ${key}`);
  const products = await Promise.all(
    listings.map(async (listing, index) => {
      const sellerId = userIdByKey.get(listing.seller);
      const categoryId = categoryIdBySlug.get(listing.category);
      if (!sellerId || !categoryId) throw new Error(`Seed listing ${listing.key} has a bad seller or category`);
      const gear = gearOf(listing);
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
        advertised: "advertised" in listing ? listing.advertised : false,
        status: soldOrBooked.get(listing.key) ?? "available",
        createdAt: new Date(today - listing.postedDaysAgo * DAY_MS + (index % 12) * 3_600_000),
        ...(gear ? gearColumns(gear) : {}),
        heldAt: held.has(listing.key) ? new Date(today - DAY_MS) : null,
        ...shippingColumns(seedShipping[listing.key]),
      });
      // The cover (products.photo_key) follows the first photo by trigger once the photos are stored.
      return {
        row,
        photos: await seedPhotos(listing.key, listing.photo, index),
        included: (gear?.included ?? []).map((item) => ({ productId: row.id!, item })),
        checks: (Object.entries(gear?.checks ?? {}) as Array<[ConditionCheck, CheckAnswer]>).map(([item, answer]) => ({
          productId: row.id!,
          item,
          answer,
        })),
      };
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
      const review =
        payment && "review" in sale
          ? {
              id: await stableId("rating", sale.listing),
              paymentId: payment.id!,
              buyerId: buyer.id,
              sellerId: product.sellerId,
              stars: sale.review.stars,
              comment: sale.review.comment,
              createdAt: new Date(bookedAt.getTime() + 2 * DAY_MS),
            }
          : null;
      return { booking, payment, review };
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
  // Recorded sales of the catalog's models (price guidance reads them through model_sales).
  const quinn = userByKey.get("quinn")!;
  const pastSales = await Promise.all(
    historyListings
      .filter((listing) => listing.soldDaysAgo !== null)
      .map(async (listing) => {
        const product = productByKey.get(listing.key)!;
        const paidAt = new Date(today - listing.soldDaysAgo! * DAY_MS + 10 * 3_600_000);
        const booking = bookingRow(product, quinn.id, {
          id: await stableId("booking", listing.key),
          status: "paid",
          createdAt: new Date(paidAt.getTime() - 3_600_000),
          paidAt,
        });
        const payment = paymentRow(booking, product.sellerId, {
          id: await stableId("payment", listing.key),
          transactionId: `test_seed_${listing.key.slice(0, 24)}`,
        });
        return { booking, payment, review: null };
      }),
  );
  // The stolen-gear registration and the listing it holds.
  const stolen = await Promise.all(
    historyStolenSerials.map(async (entry) => {
      const id = await stableId("stolen", entry.key);
      const product = productByKey.get(entry.holds)!;
      return {
        registration: {
          id,
          reporterId: userByKey.get(entry.reporter)!.id,
          brand: entry.brand,
          serial: entry.serial,
          stolenOn: new Date(today - entry.stolenDaysAgo * DAY_MS).toISOString().slice(0, 10),
          policeReference: entry.policeReference,
          note: entry.note,
          createdAt: new Date(today - 2 * DAY_MS),
        },
        match: { productId: product.id!, stolenSerialId: id, matchedAt: new Date(today - DAY_MS) },
      };
    }),
  );
  return { users, categories, products, sales: [...sales, ...pastSales], reports, stolen };
}

const seedSales = [
  {
    listing: "gordys-leather-neck-strap-tan-seller2",
    buyer: "buyer2",
    paid: true,
    meetLocation: "Ferry Building, San Francisco",
    buyerContact: "+1 415 555 0177",
    // The buyer's rating with a written review, shown on the seller's profile (ADR 0064).
    review: {
      stars: 5,
      comment: "The strap is exactly as described: soft leather, no cracks. Owen was on time at the Ferry Building.",
    },
  },
  {
    listing: "think-tank-retrospective-7-pinestone-seller1",
    buyer: "buyer1",
    paid: false,
    meetLocation: "Pike Place Market, Seattle",
    buyerContact: "+1 206 555 0133",
  },
] as const;

/** A seed listing's shipping columns (all left at their meetup default when it has none). */
function shippingColumns(shipping: SeedShipping | undefined) {
  if (!shipping) return {};
  return {
    delivery: shipping.delivery,
    shipsFromCountry: "US" as const,
    shipsFromPostalCode: shipping.postalCode,
    parcel: shipping.parcel,
    shippingPriceCents: shipping.shippingPriceCents,
    handlingDays: shipping.handlingDays,
    returnPolicy: shipping.returnPolicy ?? "faults_only",
  };
}
