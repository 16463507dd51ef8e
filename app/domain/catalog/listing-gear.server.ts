// A listing's gear as stored: its columns on `products`, what came with it
// (listing_included_items) and its defect checklist (listing_checks). The rows of the two lists
// are written in the batch of the listing's own write, and only when that write happened.
import { asc, eq, type SQL, sql } from "drizzle-orm";
import type { GearDetails } from "#app/domain/gear/gear-schema";
import type { Database } from "#db/client";
import type { CheckAnswer, ConditionCheck } from "#db/closed-lists";
import { intoColumns } from "#db/insert-select";
import { listingChecks, listingIncludedItems, products } from "#db/schema";

/** The listing's gear columns as `products` stores them. */
export function gearColumns(gear: GearDetails) {
  return {
    gearKind: gear.kind,
    brand: gear.brand,
    brandOther: gear.brandOther,
    model: gear.model,
    modelOther: gear.modelOther,
    mount: gear.mount,
    sensorFormat: gear.sensorFormat,
    shutterCount: gear.shutterCount,
    shutterCountMethod: gear.shutterCountMethod,
    focalMinMm: gear.focalMinMm,
    focalMaxMm: gear.focalMaxMm,
    apertureWide: gear.apertureWide,
    apertureTele: gear.apertureTele,
    serialNumber: gear.serial,
  };
}

/** The gear columns as the values of an INSERT … SELECT (bound, one by one). */
export function gearSelection(gear: GearDetails) {
  const value = (v: string | number | null) => (v === null ? sql`null` : sql`${v}`);
  return Object.fromEntries(Object.entries(gearColumns(gear)).map(([key, v]) => [key, value(v)])) as Record<
    keyof ReturnType<typeof gearColumns>,
    SQL
  >;
}

/**
 * The rows of what came with the listing and of its checklist, each written only while
 * `written` (a condition on the listing's row, such as the revision this request set) holds.
 */
export function gearRowsStatements(db: Database, productId: string, gear: GearDetails, written: SQL) {
  const included = gear.included.map((item) =>
    db
      .insert(listingIncludedItems)
      .select(
        db
          .select(intoColumns(listingIncludedItems, { productId: products.id, item: sql`${item}` }))
          .from(products)
          .where(sql`${products.id} = ${productId} and ${written}`),
      )
      .onConflictDoNothing(),
  );
  const checks = (Object.entries(gear.checks) as Array<[ConditionCheck, CheckAnswer]>).map(([item, answer]) =>
    db
      .insert(listingChecks)
      .select(
        db
          .select(intoColumns(listingChecks, { productId: products.id, item: sql`${item}`, answer: sql`${answer}` }))
          .from(products)
          .where(sql`${products.id} = ${productId} and ${written}`),
      )
      .onConflictDoNothing(),
  );
  return [...included, ...checks];
}

/** The statements that replace a listing's lists with `gear`'s, while `written` holds. */
export function replaceGearRowsStatements(db: Database, productId: string, gear: GearDetails, written: SQL) {
  const mine = (table: typeof listingIncludedItems | typeof listingChecks) =>
    sql`${table.productId} = ${productId} and exists (select 1 from ${products} where ${products.id} = ${productId} and ${written})`;
  return [
    db.delete(listingIncludedItems).where(mine(listingIncludedItems)),
    db.delete(listingChecks).where(mine(listingChecks)),
    ...gearRowsStatements(db, productId, gear, written),
  ];
}

/** What came with a listing and its defect checklist, as its pages show them. */
export async function gearListsOf(db: Database, productId: string) {
  const [included, checks] = await Promise.all([
    db
      .select({ item: listingIncludedItems.item })
      .from(listingIncludedItems)
      .where(eq(listingIncludedItems.productId, productId))
      .orderBy(asc(listingIncludedItems.item)),
    db
      .select({ item: listingChecks.item, answer: listingChecks.answer })
      .from(listingChecks)
      .where(eq(listingChecks.productId, productId))
      .orderBy(asc(listingChecks.item)),
  ]);
  return {
    included: included.map((row) => row.item),
    checks: Object.fromEntries(checks.map((row) => [row.item, row.answer])) as Partial<
      Record<ConditionCheck, CheckAnswer>
    >,
  };
}
