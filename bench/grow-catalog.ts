// Adds N synthetic listings (spread over the categories and both demo sellers, one in ten
// advertised) to a local state folder, to show how pages behave as the catalog grows.
//   tsx bench/grow-catalog.ts --persist-to <dir> --count 10000
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { getPlatformProxy } from "wrangler";
import { database } from "#db/client";
import { CONDITIONS } from "#db/closed-lists";
import { productRow } from "#db/factories";
import { categories, products, users } from "#db/schema";

const { values } = parseArgs({
  options: { "persist-to": { type: "string" }, count: { type: "string", default: "10000" } },
});

const BRANDS = ["Canon", "Nikon", "Sony", "Fujifilm", "Leica", "Olympus", "Pentax"];
const KINDS = ["lens", "camera body", "tripod", "flash", "camera bag", "filter set"];

async function main() {
  const persistTo = values["persist-to"] ?? ".wrangler/state";
  const count = Number(values.count);
  const proxy = await getPlatformProxy<Env>({ configPath: "wrangler.toml", persist: { path: `${persistTo}/v3` } });
  try {
    const db = database(proxy.env.DB);
    const allCategories = await db.select({ id: categories.id }).from(categories);
    const sellers = await db.select({ id: users.id }).from(users).where(eq(users.role, "seller"));
    const [sample] = await db.select({ photoKey: products.photoKey }).from(products).limit(1);
    if (!allCategories.length || !sellers.length) throw new Error("Seed the database first");
    const now = Date.now();
    const BATCH = 400;
    for (let start = 0; start < count; start += BATCH) {
      const statements = [];
      for (let i = start; i < Math.min(count, start + BATCH); i++) {
        statements.push(
          db.insert(products).values(
            productRow({
              sellerId: sellers[i % sellers.length]!.id,
              categoryId: allCategories[i % allCategories.length]!.id,
              // Real words, so a full-text search at this size matches thousands of listings.
              name: `${BRANDS[i % BRANDS.length]} ${KINDS[Math.floor(i / BRANDS.length) % KINDS.length]} ${i}`,
              description: `A synthetic ${KINDS[i % KINDS.length]} for the bench, kept in a dry cabinet.`,
              condition: CONDITIONS[i % 3]!,
              originalPriceCents: 100_000 + i,
              resalePriceCents: 50_000 + i,
              purchaseYear: 2015 + (i % 10),
              location: "Bench City",
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
    console.log(`Added ${count} listings to ${persistTo}.`);
  } finally {
    await proxy.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
