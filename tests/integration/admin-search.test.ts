// The admin's searches (All Sellers, All Buyers, Reported Items and their REST calls) take any
// text a person can type, up to the search box's limit, in any script: never a 500, and long
// queries still find what they name.
import { describe, expect, it } from "vitest";
import { reports } from "#db/schema";
import { bearerFor, get, signedInUser } from "./auth-helpers";
import { insertProduct, insertUser } from "./factories";
import { api, db, newCategory } from "./moderation-helpers";

const EMOJI_100 = "📷".repeat(100); // 100 characters, 400 bytes of UTF-8
const ASCII_100 = "a".repeat(100);
const MIXED_100 = `x${"🙂".repeat(99)}`; // an odd start: cutting by UTF-16 units would split a pair

/** A seller with a reported listing and a buyer: rows the search has to look at. */
async function someRows() {
  const seller = await insertUser({ role: "seller", name: "Sasha Seller" });
  const reporter = await insertUser({ role: "buyer", name: "Robin Reporter" });
  const category = await newCategory();
  const product = await insertProduct({ sellerId: seller.id, categoryId: category.id });
  await db().insert(reports).values({ productId: product.id, reporterId: reporter.id, reason: "misleading" });
}

const PAGES = ["/dashboard/all_sellers", "/dashboard/all_buyers", "/dashboard/reported_items"];
const CALLS = ["/allSeller", "/allBuyer", "/reports"];

describe("admin searches with long text", () => {
  for (const [label, q] of [
    ["100 emoji", EMOJI_100],
    ["100 ASCII letters", ASCII_100],
    ["an emoji after one letter", MIXED_100],
    ["LIKE wildcards", "%_".repeat(50)],
    ["a backslash", "\\".repeat(100)],
  ] as const) {
    it(`answer 200 on every page and call (${label})`, async () => {
      await someRows();
      const admin = await signedInUser("admin");
      const token = await bearerFor(admin.user.id);
      for (const path of PAGES) {
        const response = await get(`${path}?q=${encodeURIComponent(q)}`, { Cookie: admin.cookie });
        expect(response.status, `${path} answered ${response.status}`).toBe(200);
        expect(await response.text()).toContain("matches");
      }
      for (const path of CALLS) {
        const response = await api(`${path}?q=${encodeURIComponent(q)}`, { auth: token });
        expect(response.status, `${path} answered ${response.status}`).toBe(200);
        expect(await response.json()).toEqual([]);
      }
    });
  }

  it("find names and emails that contain the whole long text, case-insensitively", async () => {
    const admin = await signedInUser("admin");
    const token = await bearerFor(admin.user.id);
    const long = "Zeiss Planar Collector From The North Coast Who Trades Only Medium Format";
    const seller = await insertUser({ role: "seller", name: `${long} 📷📷📷`, email: "zeiss.collector@example.com" });
    await insertUser({ role: "seller", name: "Zeiss Planar Other", email: "other@example.com" });
    const buyer = await insertUser({ role: "buyer", name: `Buyer ${"🙂".repeat(60)}` });
    const reporter = await insertUser({ role: "buyer", name: "Reporter", email: `${"r".repeat(60)}@example.com` });
    const category = await newCategory();
    const product = await insertProduct({ sellerId: seller.id, categoryId: category.id, name: `${long} lens` });
    await db().insert(reports).values({ productId: product.id, reporterId: reporter.id, reason: "misleading" });

    const sellers = await (await api(`/allSeller?q=${encodeURIComponent(long.toUpperCase())}`, { auth: token })).json<
      Array<{ email: string }>
    >();
    expect(sellers.map((row) => row.email)).toEqual(["zeiss.collector@example.com"]);
    const page = await (
      await get(`/dashboard/all_sellers?q=${encodeURIComponent(`${long} 📷📷📷`)}`, { Cookie: admin.cookie })
    ).text();
    expect(page).toContain("zeiss.collector@example.com");
    expect(page).not.toContain("other@example.com");

    const buyers = await (await api(`/allBuyer?q=${encodeURIComponent("🙂".repeat(60))}`, { auth: token })).json<
      Array<{ _id: string }>
    >();
    expect(buyers.map((row) => row._id)).toEqual([buyer.id]);

    for (const q of [`${long.toLowerCase()} LENS`, `${"R".repeat(60)}@EXAMPLE.COM`]) {
      const found = await (await api(`/reports?q=${encodeURIComponent(q)}`, { auth: token })).json<
        Array<{ productId: string }>
      >();
      expect(
        found.map((row) => row.productId),
        q,
      ).toEqual([product.id]);
    }
  });

  it("cut text past the limit at a whole character, never inside an emoji", async () => {
    const admin = await signedInUser("admin");
    const response = await get(`/dashboard/all_buyers?q=${encodeURIComponent(`x${"🙂".repeat(150)}`)}`, {
      Cookie: admin.cookie,
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    const value = /id="list-search"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? "";
    expect([...value]).toHaveLength(100);
    expect(value).toBe(`x${"🙂".repeat(99)}`);
  });
});
