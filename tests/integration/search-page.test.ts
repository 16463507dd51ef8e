// The /search page: public and server-rendered; results come from the one listing search, a bad
// parameter is shown next to its field on a 200 page (never a 5xx), the empty state offers one
// link per active filter that removes it, and the pager keeps the whole search.
import { describe, expect, it } from "vitest";
import { LIST_PAGE_SIZE } from "#app/domain/shared/list-query";
import { bearerFor, get, signedInUser } from "./auth-helpers";
import { amountsIn, insertCategory, insertProduct, insertUser } from "./factories";

const word = () => `zq${crypto.randomUUID().replace(/-/g, "").slice(0, 10)}`;

async function listing(overrides: Partial<Parameters<typeof insertProduct>[0]> = {}) {
  const seller = await insertUser({ role: "seller" });
  const category = await insertCategory({ title: word() });
  const row = await insertProduct({ sellerId: seller.id, categoryId: category.id, ...overrides });
  return { row, seller, category };
}

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await get(path, headers);
  expect(response.status).toBe(200);
  return response.text();
}

/** The href values of the links in a page, decoded as the browser would. */
function links(html: string): string[] {
  return Array.from(html.matchAll(/<a [^>]*href="([^"]+)"/g), (match) => match[1]!.replace(/&amp;/g, "&"));
}

describe("GET /search", () => {
  it("shows the listings a word of their description finds, with the count, to anyone", async () => {
    const text = word();
    const { row } = await listing({ description: `Clean sensor, ${text} included.`, name: "Nikon Z6 body" });
    const other = await listing({ description: "Nothing to see." });
    const visitors: Record<string, string>[] = [{}, { Cookie: (await signedInUser("buyer")).cookie }];
    for (const headers of visitors) {
      const html = await page(`/search?q=${text}`, headers);
      expect(html).toContain("<title>Pay&amp;Buy Search</title>");
      expect(html).toContain(`1 result for “${text}”`);
      expect(html).toContain("Nikon Z6 body");
      expect(html).toMatch(new RegExp(`book(=|%3D)${row.id}`));
      expect(html).not.toContain(other.row.name);
      expect(html).toMatch(/<link rel="canonical" href="[^"]*\/search\?q=/);
      expect(html).not.toContain('content="noindex"');
    }
  });

  it("keeps a filtered search out of the index", async () => {
    const html = await page(`/search?q=${word()}&condition=Good`);
    expect(html).toContain('name="robots" content="noindex"');
    expect(html).not.toContain('rel="canonical"');
  });

  it("applies the filters and the order", async () => {
    const text = word();
    const cheap = await listing({ description: text, resalePriceCents: 10_000, condition: "Fair" });
    const dear = await listing({ description: text, resalePriceCents: 90_000, condition: "Excellent" });
    const order = (html: string) => [cheap, dear].map((l) => html.indexOf(l.row.name)).filter((at) => at >= 0);
    const ascending = await page(`/search?q=${text}&sort=price-asc`);
    expect(order(ascending)[0]).toBeLessThan(order(ascending)[1]!);
    const descending = await page(`/search?q=${text}&sort=price-desc`);
    expect(order(descending)[0]).toBeGreaterThan(order(descending)[1]!);
    const fair = await page(`/search?q=${text}&condition=Fair`);
    expect(fair).toContain(cheap.row.name);
    expect(fair).not.toContain(dear.row.name);
    const above = await page(`/search?q=${text}&min=500`);
    expect(above).toContain(dear.row.name);
    expect(above).not.toContain(cheap.row.name);
  });

  it.each([
    ["min=-5", "Min price cannot be negative."],
    ["max=lots", "Max price must be an amount in US dollars, such as 250 or 249.50."],
    ["min=300&max=200", "Max price must not be below the min price."],
    ["condition=Mint", "Condition must be Excellent, Good or Fair."],
    ["sort=cheapest", "Sort by newest, price-asc (low to high), price-desc (high to low) or relevance."],
    ["verified=maybe", "Verified sellers only is 1 (on) or left out (off)."],
    [`q=${"x".repeat(201)}`, "Search for at most 200 characters."],
    ["q=%2B%2B%2B", "Search for a word or a number."],
    ["q=a&q=b", "Give the search text only once."],
    ["category=no-such-category", "There is no such category. Choose one from the list."],
  ])("answers %s with 200 and its message next to the field", async (query, message) => {
    const html = await page(`/search?${query}`);
    expect(html).toContain(message);
    expect(html).toContain("Correct the search above to see results.");
    expect(html).toMatch(/aria-invalid="true"/);
    expect(html).toContain('name="robots" content="noindex"');
  });

  it("offers one link per active filter when nothing is found, each removing only that filter", async () => {
    const text = word();
    const { category } = await listing({ description: text, condition: "Good", resalePriceCents: 60_000 });
    const html = await page(
      `/search?q=${text}&category=${category.slug}&condition=Fair&min=700&max=900&verified=1&sort=newest`,
    );
    expect(html).toContain(`0 results for “${text}”`);
    expect(html).toContain("Try removing a filter:");
    const base = { q: text, category: category.slug, condition: "Fair", min: "700", max: "900", verified: "1" };
    const removals = links(html).filter((href) => href.startsWith("/search?") && !href.includes("book="));
    for (const name of ["category", "condition", "min", "max", "verified"] as const) {
      const expected = new URLSearchParams({ ...base, sort: "newest" });
      expected.delete(name);
      expect(removals).toContain(`/search?${expected}`.replace(/%20/g, "+"));
    }
    expect(html).toContain(`Remove category: ${category.title}`);
    expect(html).toContain("Remove condition: Fair");
    expect(html).toContain(amountsIn("Remove min price: $ 700.00"));
    const found = await page(`/search?q=${text}&category=${category.slug}`);
    expect(found).toContain(`1 result for “${text}”`);
  });

  it("links the pages with the whole search kept", async () => {
    const text = word();
    const seller = await insertUser({ role: "seller" });
    const category = await insertCategory({ title: word() });
    for (let n = 0; n <= LIST_PAGE_SIZE; n++) {
      await insertProduct({ sellerId: seller.id, categoryId: category.id, description: text, condition: "Good" });
    }
    const first = await page(`/search?q=${text}&condition=Good&max=1000&sort=price-asc`);
    expect(first).toContain(`${LIST_PAGE_SIZE + 1} results`);
    expect(links(first)).toContain(`/search?q=${text}&condition=Good&max=1000&sort=price-asc&page=2`);
    const second = await page(`/search?q=${text}&condition=Good&max=1000&sort=price-asc&page=2`);
    expect(second).toContain("Page 2 of 2");
    expect(links(second)).toContain(`/search?q=${text}&condition=Good&max=1000&sort=price-asc`);
  });
});

describe("GET /products/:name (a search with the category fixed)", () => {
  it("filters and orders within the category only, and keeps the login rule", async () => {
    const text = word();
    const { category, seller } = await listing({ description: text, resalePriceCents: 90_000, condition: "Good" });
    const cheap = await insertProduct({
      sellerId: seller.id,
      categoryId: category.id,
      description: text,
      resalePriceCents: 10_000,
      condition: "Fair",
    });
    const elsewhere = await listing({ description: text });
    expect((await get(`/products/${category.slug}`)).status).toBe(302);
    const { cookie } = await signedInUser("buyer");
    const all = await page(`/products/${category.slug}?q=${text}&sort=price-asc`, { Cookie: cookie });
    expect(all).toContain(`2 listings for “${text}”, price: low to high`);
    expect(all).not.toContain(elsewhere.row.name);
    expect(all).not.toContain('id="search-category"');
    const fair = await page(`/products/${category.slug}?condition=Fair`, { Cookie: cookie });
    expect(fair).toContain("1 listing, newest first");
    expect(fair).toContain(cheap.name);
    const none = await page(`/products/${category.slug}?condition=Excellent&verified=1`, { Cookie: cookie });
    expect(links(none)).toContain(`/products/${category.slug}?verified=1`);
    expect(links(none)).toContain(`/products/${category.slug}?condition=Excellent`);
  });

  it("shows a bad parameter next to its field under the category's title, and 404 for an unknown category", async () => {
    const { category } = await listing();
    const { cookie } = await signedInUser("buyer");
    const bad = await page(`/products/${category.slug}?max=cheap`, { Cookie: cookie });
    expect(bad).toContain("Max price must be an amount in US dollars, such as 250 or 249.50.");
    expect(bad).toContain(`>${category.title}</h1>`);
    const missing = await get(`/products/${word()}?max=cheap`, { Cookie: cookie });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Category Not Found");
  });

  it("answers 404 for a name of white space alone, never the listings of every category", async () => {
    const { row } = await listing({ name: `Lens ${word()}` });
    const { cookie } = await signedInUser("buyer");
    for (const name of ["%20", "%20%20", "%09", "%0A", "%E2%80%83", "%20?q=camera", "%20?max=cheap"]) {
      const response = await get(`/products/${name}`, { Cookie: cookie });
      expect(response.status, name).toBe(404);
      const html = await response.text();
      expect(html, name).toContain("Category Not Found");
      expect(html, name).not.toContain(row.name);
    }
    const api = await get("/api/products?path=%20", { Authorization: await bearerFor((await insertUser()).id) });
    expect(api.status).toBe(404);
  });
});
