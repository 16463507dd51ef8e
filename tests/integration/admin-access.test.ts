// Every admin page, form and REST call is refused to buyers, sellers and signed-out callers,
// and nothing changes when they try.

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reports, users } from "#db/schema";
import { bearerFor, get, postForm, signedInUser } from "./auth-helpers";
import { insertProduct, insertReport, insertUser } from "./factories";
import { api, db, newCategory } from "./moderation-helpers";

async function targets() {
  const category = await newCategory();
  const seller = await insertUser({ role: "seller" });
  const buyer = await insertUser({ role: "buyer" });
  const product = await insertProduct({ sellerId: seller.id, categoryId: category.id });
  const report = await insertReport({ productId: product.id, reporterId: buyer.id, reason: "offensive" });
  return { seller, buyer, product, report };
}

const PAGES = ["/dashboard/all_sellers", "/dashboard/all_buyers", "/dashboard/reported_items"];

describe("admin pages", () => {
  it("send signed-out visitors to log in, and give buyers and sellers a 403", async () => {
    for (const path of PAGES) {
      const anonymous = await get(path);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    for (const role of ["buyer", "seller"] as const) {
      const { cookie } = await signedInUser(role);
      for (const path of PAGES) expect((await get(path, { Cookie: cookie })).status).toBe(403);
    }
    const { cookie } = await signedInUser("admin");
    for (const path of PAGES) expect((await get(path, { Cookie: cookie })).status).toBe(200);
  });

  it("refuse every form post from anyone but an admin, changing nothing", async () => {
    const { seller, buyer, report } = await targets();
    const posts: Array<[string, Record<string, string>]> = [
      ["/dashboard/all_sellers", { intent: "verify", sellerId: seller.id }],
      ["/dashboard/all_sellers", { intent: "delete", sellerId: seller.id }],
      ["/dashboard/all_buyers", { intent: "delete", buyerId: buyer.id }],
      ["/dashboard/reported_items/dismiss", { productId: report.productId }],
      ["/dashboard/reported_items/remove", { productId: report.productId }],
      ["/dashboard/reported_items/keep", {}],
      ["/dashboard/reported_items/reviews/dismiss", { ratingId: report.id }],
      ["/dashboard/reported_items/reviews/remove", { ratingId: report.id }],
    ];
    const buyerSession = await signedInUser("buyer");
    const sellerSession = await signedInUser("seller");
    for (const [path, fields] of posts) {
      expect((await postForm(path, fields)).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
      expect((await postForm(path, fields, { Cookie: buyerSession.cookie })).status).toBe(403);
      expect((await postForm(path, fields, { Cookie: sellerSession.cookie })).status).toBe(403);
    }
    const [sellerRow] = await db().select().from(users).where(eq(users.id, seller.id));
    const [buyerRow] = await db().select().from(users).where(eq(users.id, buyer.id));
    const [reportRow] = await db().select().from(reports).where(eq(reports.id, report.id));
    expect(sellerRow).toMatchObject({ verifiedAt: null, deletedAt: null });
    expect(buyerRow!.deletedAt).toBeNull();
    expect(reportRow!.status).toBe("open");
  });
});

describe("admin REST calls", () => {
  it("need a bearer token, and an admin's", async () => {
    const { seller, buyer, report } = await targets();
    const calls: Array<[string, string, unknown?]> = [
      ["GET", "/allSeller"],
      ["GET", "/allBuyer"],
      ["DELETE", `/seller/${seller.id}`],
      ["DELETE", `/buyer/${buyer.id}`],
      ["PUT", "/sellerVerify", { sellerEmail: seller.email }],
      ["GET", "/reports"],
      ["PUT", `/report/${report.id}`, { action: "remove" }],
    ];
    const tokens = { buyer: await bearerFor(buyer.id), seller: await bearerFor(seller.id) };
    for (const [method, path, json] of calls) {
      expect((await api(path, { method, json })).status).toBe(401);
      expect((await api(path, { method, json, auth: "Bearer not-a-token" })).status).toBe(401);
      for (const auth of Object.values(tokens)) {
        const response = await api(path, { method, json, auth });
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({ error: { code: "forbidden" } });
      }
    }
    const [sellerRow] = await db().select().from(users).where(eq(users.id, seller.id));
    expect(sellerRow).toMatchObject({ verifiedAt: null, deletedAt: null });
    expect((await db().select().from(reports).where(eq(reports.id, report.id)))[0]!.status).toBe("open");
  });

  it("refuse a report without a token", async () => {
    const { product } = await targets();
    const anonymous = await api("/report", { method: "POST", json: { productId: product.id, reason: "offensive" } });
    expect(anonymous.status).toBe(401);
  });
});
