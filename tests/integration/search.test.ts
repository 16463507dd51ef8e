// Listing search (ADR 0026, 0027): the full-text index follows the listings through the
// migration's triggers alone, the one listing rule decides what is found, and every search
// parameter is read by one schema that refuses bad input with a message.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { searchListings } from "#app/domain/catalog/listing-search.server";
import { readSearchParams, type SearchQuery } from "#app/domain/catalog/search-params";
import { toMatchQuery } from "#app/domain/catalog/search-terms";
import { database } from "#db/client";
import { categories, products, users } from "#db/schema";
import { ORIGIN } from "./auth-helpers";
import { insertCategory, insertProduct, insertUser, USD } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const word = () => `zq${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;

function query(overrides: Partial<SearchQuery> = {}): SearchQuery {
  return { condition: [], verified: false, page: 1, ...overrides } as SearchQuery;
}

async function found(overrides: Partial<SearchQuery>) {
  const result = await searchListings(db(), query(overrides));
  if (!result.ok) throw new Error(result.reason);
  return result.listings.rows.map((row) => row.id);
}

async function listing(overrides: Partial<typeof products.$inferInsert> = {}) {
  const seller = await insertUser({ role: "seller" });
  const category = await insertCategory({ title: word() });
  const row = await insertProduct({ sellerId: seller.id, categoryId: category.id, ...overrides });
  return { row, seller, category };
}

describe("the full-text index follows the listings", () => {
  it("finds a new listing by a word of its description, its name, its category and its place", async () => {
    const [d, n, l] = [word(), word(), word()];
    const { row, category } = await listing({
      description: `Sharp lens ${d}.`,
      name: `Camera ${n}`,
      location: `${l} City`,
    });
    for (const text of [d, n, l, category.title]) expect(await found({ q: text })).toEqual([row.id]);
  });

  it("finds an edited listing by its new words only", async () => {
    const [before, after] = [word(), word()];
    const { row } = await listing({ description: before });
    await db().update(products).set({ description: after }).where(eq(products.id, row.id));
    expect(await found({ q: before })).toEqual([]);
    expect(await found({ q: after })).toEqual([row.id]);
  });

  it("forgets a listing its seller deleted and one an admin removed, and finds it again when restored", async () => {
    const text = word();
    const deleted = await listing({ description: text });
    const removed = await listing({ description: text });
    expect((await found({ q: text })).sort()).toEqual([deleted.row.id, removed.row.id].sort());
    await db().update(products).set({ deletedAt: new Date() }).where(eq(products.id, deleted.row.id));
    await db().update(products).set({ removedAt: new Date() }).where(eq(products.id, removed.row.id));
    expect(await found({ q: text })).toEqual([]);
    const [{ n }] = (
      await testEnv.DB.prepare("select count(*) as n from products_fts where products_fts match ?")
        .bind(`"${text}"`)
        .all<{ n: number }>()
    ).results as [{ n: number }];
    expect(n).toBe(0);
    await db().update(products).set({ removedAt: null }).where(eq(products.id, removed.row.id));
    expect(await found({ q: text })).toEqual([removed.row.id]);
  });

  it("does not find the listings of a deleted seller", async () => {
    const text = word();
    const { row, seller } = await listing({ description: text });
    expect(await found({ q: text })).toEqual([row.id]);
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, seller.id));
    expect(await found({ q: text })).toEqual([]);
  });

  it("does not find booked or sold listings", async () => {
    const text = word();
    await listing({ description: text, status: "booked" });
    await listing({ description: text, status: "sold" });
    expect(await found({ q: text })).toEqual([]);
  });

  it("finds listings by the new title of a renamed category, not the old one", async () => {
    const { row, category } = await listing();
    const renamed = word();
    await db().update(categories).set({ title: renamed }).where(eq(categories.id, category.id));
    expect(await found({ q: renamed })).toEqual([row.id]);
    expect(await found({ q: category.title })).toEqual([]);
  });

  it("removes the entry of a listing deleted from the table", async () => {
    const text = word();
    const { row } = await listing({ description: text });
    await db().delete(products).where(eq(products.id, row.id));
    const { results } = await testEnv.DB.prepare("select rowid from products_fts where products_fts match ?")
      .bind(`"${text}"`)
      .all();
    expect(results).toEqual([]);
  });
});

describe("search text is words, never FTS syntax", () => {
  it("quotes every word and treats operators and punctuation as text", () => {
    expect(toMatchQuery('a7 "NEAR( OR NOT* ^x:y )')).toBe('"a7"* "near"* "or"* "not"* "x y"*');
    expect(toMatchQuery('" * ( ) ^ : -')).toBeNull();
  });

  it("matches a prefix as you type and ignores accents", async () => {
    const stem = word();
    const { row } = await listing({ description: `${stem}lens café` });
    expect(await found({ q: stem })).toEqual([row.id]);
    expect(await found({ q: `${stem}lens cafe` })).toEqual([row.id]);
  });

  it("runs every FTS operator as a plain word without an error", async () => {
    for (const text of ['"', "NEAR(a b)", "a AND b OR NOT c", "^x", "name:x", "(x", "x*", "-x", "''"]) {
      const read = readSearchParams(new URLSearchParams({ q: text }), USD);
      if (!read.ok) {
        expect(read.errors.q?.[0]).toMatch(/word or a number/);
        continue;
      }
      const result = await searchListings(db(), read.query);
      expect(result.ok).toBe(true);
    }
  });
});

describe("filters and sort", () => {
  async function shelf() {
    const seller = await insertUser({ role: "seller" });
    const verified = await insertUser({ role: "seller", verifiedAt: new Date() });
    const category = await insertCategory({ title: word() });
    const text = word();
    const at = Date.now();
    const make = (
      name: string,
      cents: number,
      condition: "Excellent" | "Good" | "Fair",
      sellerId: string,
      age: number,
    ) =>
      insertProduct({
        sellerId,
        categoryId: category.id,
        name,
        description: `${text} item`,
        resalePriceCents: cents,
        condition,
        createdAt: new Date(at - age * 60_000),
      });
    const cheap = await make("Cheap", 10_000, "Fair", seller.id, 1);
    const middle = await make("Middle", 50_000, "Good", verified.id, 3);
    const dear = await make("Dear", 90_000, "Excellent", seller.id, 2);
    return { text, category, cheap, middle, dear };
  }

  it("narrows by category, condition, price and verified sellers", async () => {
    const { text, category, cheap, middle, dear } = await shelf();
    expect((await found({ category: category.slug })).sort()).toEqual([cheap.id, middle.id, dear.id].sort());
    expect((await found({ q: text, condition: ["Good", "Fair"] })).sort()).toEqual([cheap.id, middle.id].sort());
    expect(await found({ q: text, min: 20_000, max: 60_000 })).toEqual([middle.id]);
    expect(await found({ q: text, min: 90_000 })).toEqual([dear.id]);
    expect(await found({ q: text, max: 10_000 })).toEqual([cheap.id]);
    expect(await found({ q: text, verified: true })).toEqual([middle.id]);
  });

  it("sorts by newest and by price both ways", async () => {
    const { category, cheap, middle, dear } = await shelf();
    expect(await found({ category: category.slug, sort: "newest" })).toEqual([cheap.id, dear.id, middle.id]);
    expect(await found({ category: category.slug, sort: "price-asc" })).toEqual([cheap.id, middle.id, dear.id]);
    expect(await found({ category: category.slug, sort: "price-desc" })).toEqual([dear.id, middle.id, cheap.id]);
  });

  it("ranks a word in the name above the same word in the description", async () => {
    const text = word();
    const category = await insertCategory({ title: word() });
    const seller = await insertUser({ role: "seller" });
    const inDescription = await insertProduct({
      sellerId: seller.id,
      categoryId: category.id,
      description: `${text} inside`,
    });
    const inName = await insertProduct({
      sellerId: seller.id,
      categoryId: category.id,
      name: `Body ${text}`,
      createdAt: new Date(0),
    });
    expect(await found({ q: text })).toEqual([inName.id, inDescription.id]);
  });

  it("pages the results with their total", async () => {
    const text = word();
    const category = await insertCategory({ title: word() });
    const seller = await insertUser({ role: "seller" });
    for (let i = 0; i < 21; i++) {
      await insertProduct({
        sellerId: seller.id,
        categoryId: category.id,
        description: text,
        createdAt: new Date(i * 1000),
      });
    }
    const first = await searchListings(db(), query({ q: text, sort: "newest" }));
    const second = await searchListings(db(), query({ q: text, sort: "newest", page: 2 }));
    if (!first.ok || !second.ok) throw new Error("search failed");
    expect([first.listings.total, first.listings.pageCount, first.listings.rows.length]).toEqual([21, 2, 20]);
    expect(second.listings.rows).toHaveLength(1);
    expect(first.listings.rows.map((row) => row.id)).not.toContain(second.listings.rows[0]?.id);
  });

  it("says a category does not exist", async () => {
    expect(await searchListings(db(), query({ category: word() }))).toEqual({ ok: false, reason: "unknown-category" });
  });
});

describe("bad parameters are refused with a message", () => {
  const cases: [string, string, RegExp][] = [
    ["sort=cheapest", "sort", /Sort by/],
    ["min=500&max=100", "max", /not be below/],
    ["min=-5", "min", /negative/],
    ["max=abc", "max", /amount in US dollars/],
    [`q=${"a".repeat(10_000)}`, "q", /at most 200/],
    ["q=%22*()", "q", /word or a number/],
    ["sort=newest&sort=price-asc", "sort", /only once/],
    ["q=a&q=b", "q", /only once/],
    ["condition=Mint", "condition", /Excellent, Good or Fair/],
    ["verified=maybe", "verified", /Verified sellers only/],
  ];
  it.each(cases.map(([search, ...rest]) => [search.slice(0, 40), search, ...rest] as const))(
    "%s",
    (_label, search, field, message) => {
      const read = readSearchParams(new URLSearchParams(search), USD);
      expect(read.ok).toBe(false);
      if (read.ok) return;
      expect(read.errors[field as keyof typeof read.errors]?.[0]).toMatch(message);
    },
  );

  it("reads good parameters, conditions in any case, prices in dollars", () => {
    const read = readSearchParams(
      new URLSearchParams("q=a7&condition=good&condition=FAIR&min=10&max=99.50&verified=1&sort=price-asc&page=2"),
      USD,
    );
    expect(read).toEqual({
      ok: true,
      query: {
        q: "a7",
        category: undefined,
        condition: ["Good", "Fair"],
        min: 1000,
        max: 9950,
        verified: true,
        // No gear filter given: each is absent (off).
        brand: undefined,
        mount: undefined,
        sensor: undefined,
        shutter_max: undefined,
        focal_min: undefined,
        focal_max: undefined,
        fits: false,
        camera: undefined,
        sort: "price-asc",
        page: 2,
      },
    });
  });
});

describe("GET /api/search", () => {
  const api = (search: string) => SELF.fetch(`${ORIGIN}/api/search?${search}`);

  it("is public and answers a page of results with its metadata", async () => {
    const text = word();
    const { row } = await listing({ description: text, resalePriceCents: 12_345 });
    const response = await api(`q=${text}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe("1");
    expect(response.headers.get("Link")).toContain('rel="first"');
    const body = (await response.json()) as {
      total: number;
      page: number;
      pageCount: number;
      sort: string;
      results: { _id: string }[];
    };
    expect(body).toMatchObject({ total: 1, page: 1, pageCount: 1, sort: "relevance" });
    expect(body.results.map((result) => result._id)).toEqual([row.id]);
  });

  it("refuses bad parameters with the JSON error shape and a 4xx, never a 5xx", async () => {
    for (const search of [
      "sort=cheapest",
      "min=5&max=1",
      "min=-1",
      "max=x",
      `q=${"a".repeat(10_000)}`,
      "q=%22*()",
      "sort=newest&sort=newest",
    ]) {
      const response = await api(search);
      expect(response.status, search).toBe(422);
      const body = (await response.json()) as {
        error: { status: number; code: string; message: string; fields: object };
      };
      expect(body.error).toMatchObject({ status: 422, code: "invalid" });
      expect(body.error.message.length).toBeGreaterThan(0);
    }
    expect((await api("q=%22NEAR(a%20OR%20b")).status).toBe(200);
    const unknown = await api(`category=${word()}`);
    expect(unknown.status).toBe(404);
  });
});
