// `npm run seed`: the demo catalog and local accounts in the local D1 and R2 that
// `wrangler dev` uses. Idempotent: every row has a stable id and existing rows are kept.
//   tsx scripts/seed.ts [--persist-to <dir>]   (default: .wrangler/state, like wrangler)
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { inArray } from "drizzle-orm";
import { getPlatformProxy } from "wrangler";
import { hashPassword } from "#app/domain/accounts/passwords.server";
import { sealSecret } from "#app/domain/accounts/two-factor.server";
import { preparePhotos, storePhotos } from "#app/domain/catalog/uploads.server";
import { parseEnv } from "#app/server/env.server";
import { database } from "#db/client";
import { payoutAccountRow } from "#db/factories";
import {
  bookings,
  categories,
  deals,
  listingChecks,
  listingIncludedItems,
  payments,
  payoutAccounts,
  productPhotos,
  products,
  ratings,
  reports,
  serialMatches,
  stolenSerials,
  twoFactorCredentials,
  users,
} from "#db/schema";
import { unknownListValues } from "#db/stored-list-values";
import { seedShippedDeals } from "./seed/deals";
import { seedPlan, stableId } from "./seed/plan";

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
    // The demo sellers have set up payouts in test mode, so their listings can be booked.
    const payoutInserts = userRows
      .filter((row) => row.role === "seller")
      .map((row) => db.insert(payoutAccounts).values(payoutAccountRow(row.id!)).onConflictDoNothing());
    const categoryInserts = plan.categories.map((row) => db.insert(categories).values(row).onConflictDoNothing());
    const productInserts = plan.products.map(({ row }) => db.insert(products).values(row).onConflictDoNothing());
    const saleInserts = plan.sales.flatMap((sale) => [
      db.insert(bookings).values(sale.booking).onConflictDoNothing(),
      ...(sale.payment ? [db.insert(payments).values(sale.payment).onConflictDoNothing()] : []),
      // The demo's past sales are history from before payouts: settled outside the ledger, as
      // the migration settles real ones (ADR 0058), so nothing ever pays them.
      ...(sale.payment
        ? [
            db
              .insert(deals)
              .values({
                paymentId: sale.payment.id!,
                bookingId: sale.booking.id!,
                sellerId: sale.payment.sellerId,
                buyerId: sale.payment.buyerId,
                provider: sale.payment.provider ?? "test",
                amountCents: sale.payment.amountCents,
                currency: sale.payment.currency ?? "usd",
                chargeRef: sale.payment.transactionId ?? null,
                state: "settled_outside",
                ...(sale.payment.createdAt ? { createdAt: sale.payment.createdAt } : {}),
              })
              .onConflictDoNothing(),
          ]
        : []),
      ...(sale.review ? [db.insert(ratings).values(sale.review).onConflictDoNothing()] : []),
    ]);
    const reportInserts = plan.reports.map((report) => db.insert(reports).values(report).onConflictDoNothing());
    // The demo admin's authenticator key, sealed with the session secret the local server uses
    // (`npm start` and the end-to-end server run with LOCAL_DEV=true).
    const { SESSION_SECRET } = parseEnv({ ...proxy.env, LOCAL_DEV: "true" }).settings;
    const enrolled = await Promise.all(
      plan.users
        .filter((user) => user.totpSecret)
        .map(async (user) => ({
          userId: user.id,
          secret: await sealSecret(user.totpSecret!, user.id, SESSION_SECRET),
        })),
    );
    const twoFactorInserts = enrolled.map((row) =>
      db
        .insert(twoFactorCredentials)
        .values({ ...row, enabledAt: new Date() })
        .onConflictDoNothing(),
    );
    const gearInserts = plan.products.flatMap((product) => [
      ...(product.included.length
        ? [db.insert(listingIncludedItems).values(product.included).onConflictDoNothing()]
        : []),
      ...(product.checks.length ? [db.insert(listingChecks).values(product.checks).onConflictDoNothing()] : []),
    ]);
    const stolenInserts = plan.stolen.flatMap((entry) => [
      db.insert(stolenSerials).values(entry.registration).onConflictDoNothing(),
      db.insert(serialMatches).values(entry.match).onConflictDoNothing(),
    ]);
    const [first, ...rest] = [
      ...userInserts,
      ...twoFactorInserts,
      ...payoutInserts,
      ...categoryInserts,
      ...productInserts,
      ...gearInserts,
      ...saleInserts,
      ...reportInserts,
      ...stolenInserts,
    ];
    const results = await db.batch([first!, ...rest]);
    const written = results.reduce(
      (sum, result) => sum + ((result as { meta?: { changes?: number } }).meta?.changes ?? 0),
      0,
    );

    // Photos go the way a seller's do: checked, made into renditions by the Images binding, stored
    // under their stems, then recorded (the cover follows by trigger). A listing that has photos
    // already keeps them as they are.
    const withPhotos = new Set<string>();
    for (let at = 0; at < plan.products.length; at += 90) {
      const ids = plan.products.slice(at, at + 90).map((product) => product.row.id!);
      const rows = await db
        .selectDistinct({ productId: productPhotos.productId })
        .from(productPhotos)
        .where(inArray(productPhotos.productId, ids));
      for (const row of rows) withPhotos.add(row.productId);
    }
    const planned = plan.products
      .filter((product) => !withPhotos.has(product.row.id!))
      .flatMap((product) => product.photos.map((photo) => ({ ...photo, productId: product.row.id! })));
    let uploaded = 0;
    // Listings share source renders: each is checked and made into renditions once, then stored
    // under every stem that uses it.
    const renditionsBySource = new Map<string, ReturnType<typeof renditionsOf>>();
    async function renditionsOf(source: string) {
      const bytes = await readFile(`${photosDir}${source}`);
      const prepared = await preparePhotos(proxy.env.IMAGES, [new File([bytes], source, { type: "image/webp" })]);
      if (!prepared.ok) throw new Error(`Seed photo ${source}: ${prepared.message}`);
      return prepared.photos;
    }
    const addPhoto = async (photo: (typeof planned)[number]) => {
      if (!renditionsBySource.has(photo.source)) renditionsBySource.set(photo.source, renditionsOf(photo.source));
      const renditions = await renditionsBySource.get(photo.source)!;
      const [stored] = await storePhotos(proxy.env.PHOTOS, renditions, [photo.stem]);
      await db
        .insert(productPhotos)
        .values({
          id: photo.id,
          productId: photo.productId,
          position: photo.position,
          key: stored!.key,
          width: stored!.width,
          height: stored!.height,
        })
        .onConflictDoNothing();
      uploaded++;
    };
    // A few at a time: the renditions are the slow part.
    for (let at = 0; at < planned.length; at += 4) await Promise.all(planned.slice(at, at + 4).map(addPhoto));

    // Shipped deals in each state, made through the domain with the offline providers (ADR 0086).
    const userIdOf = new Map(plan.users.map((user) => [user.key, user.row.id!]));
    const shippedDeals = await seedShippedDeals(db, parseEnv({ ...proxy.env, LOCAL_DEV: "true" }).settings, {
      listing: (key) => stableId("product", key),
      user: (key) => userIdOf.get(key)!,
    });

    console.log(
      `Seeded ${persistTo}: ${written} new rows, ${uploaded} new photos ` +
        `(${plan.users.length} accounts, ${plan.categories.length} categories, ${plan.products.length} listings, ` +
        `${plan.sales.length} bookings, ${plan.reports.length} open reports, ${plan.stolen.length} stolen-gear registration, ` +
        `${shippedDeals} new shipped deals).`,
    );
    // The closed lists that grow have no CHECK (ADR 0094): the seeded rows hold only values the lists know.
    const unknown = await unknownListValues(proxy.env.DB);
    if (unknown.length > 0) throw new Error(`Values outside their closed list:\n  ${unknown.join("\n  ")}`);
    console.log("Local demo accounts (local development only):");
    for (const user of plan.users) {
      console.log(
        `  ${user.role.padEnd(6)} ${user.email.padEnd(24)} ${user.password}${user.verified ? "  (verified seller)" : ""}` +
          (user.totpSecret ? `  (authenticator key ${user.totpSecret})` : ""),
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
