// `npm run seed`: the demo catalog and local accounts in the local D1 and R2 that
// `wrangler dev` uses. Idempotent: every row has a stable id and existing rows are kept.
//   tsx scripts/seed.ts [--persist-to <dir>]   (default: .wrangler/state, like wrangler)
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { getPlatformProxy } from "wrangler";
import { hashPassword } from "../app/domain/passwords.server";
import { database } from "../db/client";
import { bookings, categories, payments, products, reports, users } from "../db/schema";
import { seedPlan } from "./seed/plan";

const photosDir = fileURLToPath(new URL("./seed/photos/", import.meta.url));

function persistDir(argv: string[]): string {
  const index = argv.indexOf("--persist-to");
  return index >= 0 && argv[index + 1] ? argv[index + 1]! : ".wrangler/state";
}

async function main() {
  const persistTo = persistDir(process.argv);
  const proxy = await getPlatformProxy<Env>({
    configPath: "wrangler.toml",
    persist: { path: `${persistTo}/v3` },
  });
  try {
    const db = database(proxy.env.DB);
    const plan = await seedPlan();

    const userRows = await Promise.all(
      plan.users.map(async (user) => ({ ...user.row, passwordHash: await hashPassword(user.password) })),
    );
    const userInserts = userRows.map((row) => db.insert(users).values(row).onConflictDoNothing());
    const categoryInserts = plan.categories.map((row) => db.insert(categories).values(row).onConflictDoNothing());
    const productInserts = plan.products.map(({ row }) => db.insert(products).values(row).onConflictDoNothing());
    const saleInserts = plan.sales.flatMap((sale) => [
      db.insert(bookings).values(sale.booking).onConflictDoNothing(),
      ...(sale.payment ? [db.insert(payments).values(sale.payment).onConflictDoNothing()] : []),
    ]);
    const reportInserts = plan.reports.map((report) => db.insert(reports).values(report).onConflictDoNothing());
    const [first, ...rest] = [...userInserts, ...categoryInserts, ...productInserts, ...saleInserts, ...reportInserts];
    const results = await db.batch([first!, ...rest]);
    const written = results.reduce(
      (sum, result) => sum + ((result as { meta?: { changes?: number } }).meta?.changes ?? 0),
      0,
    );

    let uploaded = 0;
    for (const product of plan.products) {
      if (await proxy.env.PHOTOS.head(product.photoKey)) continue;
      const bytes = await readFile(`${photosDir}${product.photoSource}`);
      await proxy.env.PHOTOS.put(product.photoKey, bytes, {
        httpMetadata: { contentType: "image/webp" },
      });
      uploaded++;
    }

    console.log(
      `Seeded ${persistTo}: ${written} new rows, ${uploaded} new photos ` +
        `(${plan.users.length} accounts, ${plan.categories.length} categories, ${plan.products.length} listings, ` +
        `${plan.sales.length} bookings, ${plan.reports.length} open reports).`,
    );
    console.log("Local demo accounts (local development only):");
    for (const user of plan.users) {
      console.log(
        `  ${user.role.padEnd(6)} ${user.email.padEnd(24)} ${user.password}${user.verified ? "  (verified seller)" : ""}`,
      );
    }
  } finally {
    await proxy.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
