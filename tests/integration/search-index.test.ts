// The full-text index holds exactly the listings a buyer may find (ADR 0042): after every kind
// of change the migration's triggers follow, its rows are the rows the listing rule
// (isListed(["available"])) selects, so a search with words and no filter can be answered by
// the index alone. A trigger that misses a change fails here.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isListed } from "#app/domain/catalog/catalog.server";
import { searchListings } from "#app/domain/catalog/listing-search.server";
import type { SearchQuery } from "#app/domain/catalog/search-params";
import { database } from "#db/client";
import { categories, products, users } from "#db/schema";
import { insertCategory, insertProduct, insertUser } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const word = () => `zq${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;

async function indexedRowids(): Promise<number[]> {
  const { results } = await testEnv.DB.prepare("select rowid as id from products_fts order by rowid").all<{
    id: number;
  }>();
  return results.map((row) => row.id);
}

async function listedRowids(): Promise<number[]> {
  const rows = await db()
    .select({ id: sql<number>`${products}.rowid` })
    .from(products)
    .where(isListed(["available"]))
    .orderBy(sql`${products}.rowid`);
  return rows.map((row) => row.id);
}

async function expectIndexToMatchTheListingRule(step: string) {
  expect(await indexedRowids(), step).toEqual(await listedRowids());
}

function query(overrides: Partial<SearchQuery>): SearchQuery {
  return { condition: [], verified: false, page: 1, ...overrides } as SearchQuery;
}

async function found(overrides: Partial<SearchQuery>) {
  const result = await searchListings(db(), query(overrides));
  if (!result.ok) throw new Error(result.reason);
  return { ids: result.listings.rows.map((row) => row.id), total: result.listings.total };
}

describe("the full-text index is the listing rule, kept by triggers", () => {
  it("holds exactly the listed listings through every change a listing goes through", async () => {
    const text = word();
    const seller = await insertUser({ role: "seller" });
    const other = await insertUser({ role: "seller" });
    const category = await insertCategory({ title: word() });
    const elsewhere = await insertCategory({ title: word() });
    const listing = (overrides: Partial<typeof products.$inferInsert> = {}) =>
      insertProduct({ sellerId: seller.id, categoryId: category.id, description: `${text} body`, ...overrides });
    const setProduct = (id: string, values: Partial<typeof products.$inferInsert>) =>
      db().update(products).set(values).where(eq(products.id, id));

    const available = await listing();
    const booked = await listing({ status: "booked" });
    const sold = await listing({ status: "sold" });
    const deleted = await listing({ deletedAt: new Date() });
    const removed = await listing({ removedAt: new Date() });
    const held = await listing({ heldAt: new Date() });
    const ofOther = await insertProduct({ sellerId: other.id, categoryId: category.id, description: text });
    await expectIndexToMatchTheListingRule("inserted in every state");

    await setProduct(available.id, { status: "booked" });
    await expectIndexToMatchTheListingRule("booked");
    await setProduct(available.id, { status: "available" });
    await setProduct(booked.id, { status: "available" });
    await expectIndexToMatchTheListingRule("booking cancelled or expired");
    await setProduct(booked.id, { status: "sold" });
    await expectIndexToMatchTheListingRule("sold");
    await setProduct(deleted.id, { deletedAt: null });
    await setProduct(removed.id, { removedAt: null });
    await expectIndexToMatchTheListingRule("restored");
    await setProduct(deleted.id, { deletedAt: new Date() });
    await setProduct(removed.id, { removedAt: new Date(), status: "booked" });
    await expectIndexToMatchTheListingRule("deleted by its seller, removed by an admin");
    await setProduct(held.id, { heldAt: null });
    await expectIndexToMatchTheListingRule("its stolen-serial hold cleared");
    await setProduct(held.id, { heldAt: new Date() });
    await expectIndexToMatchTheListingRule("held for a stolen-serial review");
    await setProduct(available.id, { categoryId: elsewhere.id, name: word() });
    await db().update(categories).set({ title: word() }).where(eq(categories.id, elsewhere.id));
    await expectIndexToMatchTheListingRule("moved, renamed, its category renamed");

    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, seller.id));
    await expectIndexToMatchTheListingRule("its seller deleted");
    expect((await found({ q: text })).ids).toEqual([ofOther.id]);
    await db().update(users).set({ name: word() }).where(eq(users.id, seller.id));
    await expectIndexToMatchTheListingRule("a deleted seller's other change");
    await db().update(users).set({ deletedAt: null }).where(eq(users.id, seller.id));
    await expectIndexToMatchTheListingRule("its seller's deletion undone (a held listing stays out)");
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, seller.id));
    await expectIndexToMatchTheListingRule("its seller's address unverified (a new address)");
    expect((await found({ q: text })).ids).toEqual([ofOther.id]);
    const unverified = await listing();
    await setProduct(booked.id, { status: "available" });
    await expectIndexToMatchTheListingRule("an unverified seller lists and changes listings");
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, seller.id));
    await expectIndexToMatchTheListingRule("its seller's address verified");
    expect((await found({ q: text })).ids).toContain(unverified.id);
    await db().update(users).set({ deletedAt: new Date(), emailVerifiedAt: null }).where(eq(users.id, seller.id));
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, seller.id));
    await expectIndexToMatchTheListingRule("a deleted seller verified");
    await db().update(users).set({ deletedAt: null }).where(eq(users.id, seller.id));
    await expectIndexToMatchTheListingRule("undeleted again");
    await setProduct(sold.id, { sellerId: other.id, status: "available" });
    await expectIndexToMatchTheListingRule("given to another seller");

    await db().delete(products).where(eq(products.id, available.id));
    await expectIndexToMatchTheListingRule("deleted from the table");
  });

  it("finds the same listings and total from the index alone as through the listings", async () => {
    const text = word();
    const seller = await insertUser({ role: "seller" });
    const category = await insertCategory({ title: word() });
    for (const [i, status] of (["available", "available", "booked", "sold", "available"] as const).entries()) {
      await insertProduct({
        sellerId: seller.id,
        categoryId: category.id,
        name: i === 4 ? `${text} in the name` : `Listing ${i}`,
        description: `${text} description ${i}`,
        status,
        createdAt: new Date(Date.now() - i * 1000),
      });
    }
    const gone = await insertProduct({ sellerId: seller.id, categoryId: category.id, description: text });
    await db().update(products).set({ removedAt: new Date() }).where(eq(products.id, gone.id));

    const alone = await found({ q: text });
    // A price floor every listing passes: the same search, read through the listings.
    const joined = await found({ q: text, min: 1 });
    expect(alone.total).toBe(3);
    expect(alone).toEqual(joined);
    // Best match: the word in the name first.
    expect(alone.ids[0]).toBe(joined.ids[0]);
  });
});
