// Adds N synthetic listings (spread over the categories and both demo sellers, one in ten
// advertised) to a local state folder, to show how pages behave as the catalog grows. Listings of
// the camera and lens categories carry the gear of a model of the list (a body's shutter count,
// a lens's mount), as sellers' would. With --sales, that many more listings of those models are
// sold and paid (spread over the last year), so price guidance reads a grown history too.
//   tsx bench/grow-catalog.ts --persist-to <dir> --count 10000 [--sales 50000]
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { getPlatformProxy } from "wrangler";
import { gearColumns } from "#app/domain/catalog/listing-gear.server";
import { gearKindOf } from "#app/domain/gear/categories";
import { type GearDetails, NO_GEAR } from "#app/domain/gear/gear-schema";
import { BODIES, LENSES, modelFullName } from "#app/domain/gear/models";
import { database } from "#db/client";
import { CONDITIONS, type GearKind } from "#db/closed-lists";
import { bookingRow, paymentRow, productRow } from "#db/factories";
import { bookings, categories, payments, products, users } from "#db/schema";

const { values } = parseArgs({
  options: {
    "persist-to": { type: "string" },
    count: { type: "string", default: "10000" },
    sales: { type: "string", default: "0" },
  },
});

const BRANDS = ["Canon", "Nikon", "Sony", "Fujifilm", "Leica", "Olympus", "Pentax"];
const KINDS = ["lens", "camera body", "tripod", "flash", "camera bag", "filter set"];

/** The gear of the i-th grown listing of a body or lens category, and its name. */
function grownGear(kind: GearKind, i: number): { gear: GearDetails; name: string } {
  if (kind === "body") {
    const body = BODIES[i % BODIES.length]!;
    return {
      name: `${modelFullName(body)} body ${i}`,
      gear: {
        ...NO_GEAR,
        kind,
        brand: body.brand,
        model: body.key,
        mount: body.mount,
        sensorFormat: body.sensor,
        // Two in three give a count, from a few thousand to 200,000 actuations.
        shutterCount: i % 3 === 2 ? null : (i * 7919) % 200_000,
        shutterCountMethod: i % 3 === 2 ? null : "photo-exif",
      },
    };
  }
  const lens = LENSES[i % LENSES.length]!;
  return {
    name: `${modelFullName(lens)} lens ${i}`,
    gear: {
      ...NO_GEAR,
      kind,
      brand: lens.brand,
      model: lens.key,
      mount: lens.mounts[i % lens.mounts.length]!,
      focalMinMm: lens.focal[0],
      focalMaxMm: lens.focal[1],
      apertureWide: lens.aperture[0],
      apertureTele: lens.aperture[1] ?? null,
    },
  };
}

async function main() {
  const persistTo = values["persist-to"] ?? ".wrangler/state";
  const count = Number(values.count);
  const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: `${persistTo}/v3` } });
  try {
    const db = database(proxy.env.DB);
    const allCategories = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
    const buyers = await db.select({ id: users.id }).from(users).where(eq(users.role, "buyer"));
    const sellers = await db.select({ id: users.id }).from(users).where(eq(users.role, "seller"));
    const [sample] = await db.select({ photoKey: products.photoKey }).from(products).limit(1);
    if (!allCategories.length || !sellers.length) throw new Error("Seed the database first");
    const now = Date.now();
    const BATCH = 400;
    for (let start = 0; start < count; start += BATCH) {
      const statements = [];
      for (let i = start; i < Math.min(count, start + BATCH); i++) {
        const category = allCategories[i % allCategories.length]!;
        const kind = gearKindOf(category.slug);
        const grown = kind ? grownGear(kind, Math.floor(i / allCategories.length)) : null;
        statements.push(
          db.insert(products).values(
            productRow({
              sellerId: sellers[i % sellers.length]!.id,
              categoryId: category.id,
              // Real words, so a full-text search at this size matches thousands of listings.
              name:
                grown?.name ??
                `${BRANDS[i % BRANDS.length]} ${KINDS[Math.floor(i / BRANDS.length) % KINDS.length]} ${i}`,
              ...(grown ? gearColumns(grown.gear) : {}),
              description: `A synthetic ${KINDS[i % KINDS.length]} for the bench, kept in a dry cabinet.`,
              condition: CONDITIONS[i % 3]!,
              originalPriceCents: 100_000 + i,
              resalePriceCents: 50_000 + i,
              purchaseYear: 2015 + (i % 10),
              location: "Bench City",
              // A third ship (half of those meet too), within the US or Canada (ADR 0085).
              ...(i % 3 === 0
                ? {
                    delivery: i % 2 === 0 ? ("both" as const) : ("ship" as const),
                    shipsFromCountry: i % 5 === 0 ? ("CA" as const) : ("US" as const),
                    shipsFromPostalCode: i % 5 === 0 ? "M5V 2T6" : "11201",
                    parcel: "small" as const,
                    shippingPriceCents: i % 4 === 0 ? null : 1_200,
                    handlingDays: 2,
                  }
                : {}),
              photoKey: sample?.photoKey ?? null,
              advertised: i % 10 === 0,
              // Older than the seed, so the first pages keep showing the demo catalog.
              createdAt: new Date(now - 90 * 86_400_000 - i * 60_000),
            }),
          ),
        );
      }
      const [first, ...rest] = statements;
      await db.batch([first!, ...rest]);
    }
    // Sold listings of the models, each with its paid booking and payment (model_sales follows by trigger).
    const sales = Number(values.sales);
    const gearCategories = allCategories.filter((category) => gearKindOf(category.slug));
    if (sales > 0 && (!gearCategories.length || !buyers.length))
      throw new Error("No camera category or buyer to sell to");
    const SALES_BATCH = 90;
    for (let start = 0; start < sales; start += SALES_BATCH) {
      const statements = [];
      for (let i = start; i < Math.min(sales, start + SALES_BATCH); i++) {
        const category = gearCategories[i % gearCategories.length]!;
        const grown = grownGear(gearKindOf(category.slug)!, Math.floor(i / gearCategories.length));
        const soldAt = now - (i % 365) * 86_400_000 - (i % 1440) * 60_000;
        const id = crypto.randomUUID();
        const product = productRow({
          id,
          sellerId: sellers[i % sellers.length]!.id,
          categoryId: category.id,
          name: `${grown.name} (sold)`,
          description: "A synthetic sale for the bench.",
          condition: CONDITIONS[i % 3]!,
          resalePriceCents: 40_000 + ((i * 104_729) % 160_000),
          status: "sold",
          photoKey: sample?.photoKey ?? null,
          createdAt: new Date(soldAt - 7 * 86_400_000),
          ...gearColumns(grown.gear),
        });
        const booking = bookingRow({ id, resalePriceCents: product.resalePriceCents! }, buyers[i % buyers.length]!.id, {
          id: crypto.randomUUID(),
          status: "paid",
          createdAt: new Date(soldAt - 3_600_000),
          paidAt: new Date(soldAt),
        });
        statements.push(
          db.insert(products).values(product),
          db.insert(bookings).values(booking),
          db.insert(payments).values(paymentRow(booking, product.sellerId)),
        );
      }
      const [first, ...rest] = statements;
      await db.batch([first!, ...rest]);
    }
    console.log(`Added ${count} listings and ${sales} sales to ${persistTo}.`);
  } finally {
    await proxy.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
