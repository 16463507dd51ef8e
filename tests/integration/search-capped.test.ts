// The storefront's counts stop at COUNT_CAP (ADR 0035): a search with more matches says
// "1,000+", still pages past the thousandth listing, and GET /api/search and GET /api/products
// say the total is capped. The lists read their pages through the partial indexes of
// migration 0007, never sorting every available listing.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RANK_WINDOW, searchListings, searchStatements } from "#app/domain/catalog/listing-search.server";
import { readSearchParams, type SearchQuery } from "#app/domain/catalog/search-params";
import { COUNT_CAP, LIST_PAGE_SIZE } from "#app/domain/shared/list-query";
import { database } from "#db/client";
import { productRow } from "#db/factories";
import { products } from "#db/schema";
import { bearerFor, get, ORIGIN, signedInUser } from "./auth-helpers";
import { insertCategory, insertUser, USD } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const word = () => `zq${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;
const MANY = COUNT_CAP + 5;

function query(search: string): SearchQuery {
  const read = readSearchParams(new URLSearchParams(search), USD);
  if (!read.ok) throw new Error(read.message);
  return read.query;
}

async function search(search: string) {
  const result = await searchListings(db(), query(search));
  if (!result.ok) throw new Error(result.reason);
  return result.listings;
}

/** COUNT_CAP + 5 listings of one category sharing one word; the newest is the cheapest. */
async function crowd() {
  return crowdOf(word());
}

async function crowdOf(text: string) {
  const seller = await insertUser({ role: "seller" });
  const category = await insertCategory({ title: word() });
  const at = Date.now();
  const rows = Array.from({ length: MANY }, (_, i) =>
    productRow({
      id: crypto.randomUUID(),
      sellerId: seller.id,
      categoryId: category.id,
      description: `${text} listing ${i}`,
      resalePriceCents: 10_000 + i,
      createdAt: new Date(at - i * 1000),
    }),
  );
  // D1 binds at most 100 values a statement: one row a statement, 100 statements a batch.
  for (let start = 0; start < rows.length; start += 100) {
    const [first, ...rest] = rows.slice(start, start + 100).map((row) => db().insert(products).values(row));
    await db().batch([first!, ...rest]);
  }
  return { text, slug: category.slug, newest: rows.map((row) => row.id!) };
}

describe("a search with more than COUNT_CAP matches", () => {
  it("says the total is capped, pages past the cap and ends on the last listing", async () => {
    const { text, newest } = await crowd();
    const first = await search(`q=${text}&sort=newest`);
    expect({ total: first.total, capped: first.capped, pageCount: first.pageCount }).toEqual({
      total: COUNT_CAP,
      capped: true,
      pageCount: COUNT_CAP / LIST_PAGE_SIZE + 1,
    });
    expect(first.rows.map((row) => row.id)).toEqual(newest.slice(0, LIST_PAGE_SIZE));
    const lastPage = COUNT_CAP / LIST_PAGE_SIZE + 1;
    const last = await search(`q=${text}&sort=newest&page=${lastPage}`);
    expect(last.rows.map((row) => row.id)).toEqual(newest.slice(COUNT_CAP));
    expect(last.pageCount).toBe(lastPage);
    expect((await search(`q=${text}&sort=newest&page=${lastPage + 1}`)).rows).toEqual([]);
  });

  it("reads each sort of a category and of a search in the right order, page after page", async () => {
    const { text, slug, newest } = await crowd();
    // Row i costs 10_000 + i cents and row 0 is the newest: newest first is cheapest first.
    const dearestFirst = newest.slice().reverse();
    const cases: [string, string[]][] = [
      ["sort=newest", newest],
      ["sort=price-asc", newest],
      ["sort=price-desc", dearestFirst],
    ];
    const scopes = [`category=${encodeURIComponent(slug)}`, `q=${text}`];
    for (const [sort, expected] of cases.flatMap(([sort, ids]) =>
      scopes.map((scope) => [`${scope}&${sort}`, ids] as const),
    )) {
      for (const number of [1, 2, 51]) {
        const listed = await search(`${sort}&page=${number}`);
        const from = (number - 1) * LIST_PAGE_SIZE;
        expect(
          listed.rows.map((row) => row.id),
          `${sort} page ${number}`,
        ).toEqual(expected.slice(from, from + LIST_PAGE_SIZE));
        expect(listed.capped, sort).toBe(true);
      }
    }
  });

  it("shows 1,000+ on the pages and says so in GET /api/search and GET /api/products", async () => {
    const { text, slug } = await crowd();
    const html = await (await get(`/search?q=${text}`)).text();
    expect(html).toContain(`1,000+ results for “${text}”`);
    expect(html).toMatch(/>Page 1</);
    expect(html).not.toMatch(/Page 1 of/);
    expect(html).toContain("Best match ranks the 1,000 most recently listed of them");
    const newestFirst = await (await get(`/search?q=${text}&sort=newest`)).text();
    expect(newestFirst).not.toContain("Best match ranks");
    const { cookie } = await signedInUser("buyer");
    const category = await (await get(`/products/${encodeURIComponent(slug)}`, { Cookie: cookie })).text();
    expect(category).toContain("1,000+ listings, newest first");
    const response = await SELF.fetch(`${ORIGIN}/api/search?q=${text}`);
    expect(response.headers.get("X-Total-Count")).toBe(String(COUNT_CAP));
    expect(response.headers.get("X-Total-Capped")).toBe("true");
    expect(response.headers.get("Link")).toContain('rel="next"');
    expect(response.headers.get("Link")).not.toContain('rel="last"');
    expect(await response.json()).toMatchObject({ total: COUNT_CAP, capped: true, page: 1 });
    const { user } = await signedInUser("buyer");
    const products = await SELF.fetch(`${ORIGIN}/api/products?path=${encodeURIComponent(slug)}`, {
      headers: { Authorization: await bearerFor(user.id) },
    });
    expect(products.status).toBe(200);
    expect(products.headers.get("X-Total-Count")).toBe(String(COUNT_CAP));
    expect(products.headers.get("X-Total-Capped")).toBe("true");
  });

  it("ranks the best matches among the most recently added window, and pages to its end", async () => {
    const text = word();
    const seller = await insertUser({ role: "seller" });
    const category = await insertCategory({ title: word() });
    // Added before the crowd: the word in its name would rank it first, but it is outside the window.
    const older = productRow({
      id: crypto.randomUUID(),
      sellerId: seller.id,
      categoryId: category.id,
      name: `${text} first added`,
    });
    await db().insert(products).values(older);
    const { newest } = await crowdOf(text);
    // Added after the crowd, listed as if long ago: in the window, and ranked first by its name.
    const named = productRow({
      id: crypto.randomUUID(),
      sellerId: seller.id,
      categoryId: category.id,
      name: `${text} in the name`,
      createdAt: new Date(Date.now() - 86_400_000),
    });
    await db().insert(products).values(named);

    const first = await search(`q=${text}`);
    expect(first.rows[0]!.id).toBe(named.id);
    expect(first.rows.map((row) => row.id)).not.toContain(older.id);
    expect({ total: first.total, capped: first.capped, pageCount: first.pageCount }).toEqual({
      total: COUNT_CAP,
      capped: true,
      pageCount: RANK_WINDOW / LIST_PAGE_SIZE,
    });
    const pages = [];
    for (let number = 1; number <= RANK_WINDOW / LIST_PAGE_SIZE; number++) {
      pages.push(...(await search(`q=${text}&page=${number}`)).rows.map((row) => row.id));
    }
    // The window: the named listing and the most recently added of the crowd, each once.
    expect(new Set(pages).size).toBe(RANK_WINDOW);
    expect(pages).not.toContain(older.id);
    expect(pages.filter((id) => newest.includes(id))).toHaveLength(RANK_WINDOW - 1);
    expect((await search(`q=${text}&page=${RANK_WINDOW / LIST_PAGE_SIZE + 1}`)).rows).toEqual([]);
    // Every other order still reaches every match, past the window.
    const dearestFirst = await search(`q=${text}&sort=price-desc`);
    expect(dearestFirst.pageCount).toBe(COUNT_CAP / LIST_PAGE_SIZE + 1);
  });

  it("says an exact total is not capped", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/search?q=${word()}`);
    expect(response.headers.get("X-Total-Capped")).toBe("false");
    expect(await response.json()).toMatchObject({ total: 0, capped: false });
  });
});

describe("the lists' plans", () => {
  async function plan(search: string) {
    const { rows, count } = searchStatements(db(), query(search));
    const details = [];
    for (const statement of [rows.toSQL(), count.toSQL()]) {
      const result = await testEnv.DB.prepare(`explain query plan ${statement.sql}`)
        .bind(...statement.params)
        .all<{ detail: string }>();
      details.push(result.results.map((row) => row.detail).join("\n"));
    }
    return { rows: details[0]!, count: details[1]! };
  }

  it("reads every sort of the storefront through a partial index, without sorting the matches", async () => {
    const cases: [string, RegExp][] = [
      ["", /products_available_created/],
      ["sort=price-asc", /products_available_price/],
      ["sort=price-desc", /products_available_price/],
      ["category=camera", /products_category_status_created/],
      ["category=camera&sort=price-asc", /products_available_category_price/],
      ["category=camera&sort=price-desc", /products_available_category_price/],
      // Words with another order than best match: the sort's index is walked, the matches tested.
      ["q=canon&sort=newest", /SCAN products USING INDEX products_available_created/],
      ["q=canon&sort=price-asc", /SCAN products USING INDEX products_available_price/],
      ["q=canon&category=camera&sort=price-desc", /products_available_category_price/],
    ];
    for (const [search, index] of cases) {
      const { rows, count } = await plan(search);
      expect(rows, search).toMatch(index);
      expect(rows, search).not.toMatch(/TEMP B-TREE/);
      expect(count, search).not.toMatch(/SCAN products\b(?! USING)/);
    }
  });

  it("ranks best matches from the full-text index", async () => {
    const { rows } = await plan("q=canon");
    expect(rows).toMatch(/SCAN products_fts VIRTUAL TABLE/);
    expect(rows).toMatch(/SEARCH products USING INTEGER PRIMARY KEY/);
    // bm25 scores a bounded window of the index, read newest row first (ADR 0039).
    expect(rows).toMatch(/(CO-ROUTINE|MATERIALIZE) best_match_window/);
  });

  it("answers words without filters from the full-text index alone (ADR 0042)", async () => {
    const { rows, count } = await plan("q=canon+lens");
    // Neither the window nor the count reads the listings: only the page's rows are joined.
    expect(count).toMatch(/SCAN products_fts VIRTUAL TABLE/);
    expect(count).not.toMatch(/products\b(?!_fts)/);
    expect(rows.match(/SEARCH products USING INTEGER PRIMARY KEY/g)).toHaveLength(1);
    // A filter is applied on the listings, so the window and the count join them.
    const filtered = await plan("q=canon+lens&verified=1");
    expect(filtered.count).toMatch(/SEARCH products USING INTEGER PRIMARY KEY|SCAN products/);
    expect(filtered.rows.match(/SEARCH products USING INTEGER PRIMARY KEY/g)?.length).toBeGreaterThan(1);
  });
});
