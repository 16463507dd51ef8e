// Lists longer than a page: My Products, My Buyers, My Orders and the Wishlist show every row,
// page by page (the same `?page=` and pager as the admin lists), and their REST calls answer the
// spec's array a page at a time with the totals in headers. Nothing is cut off silently.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { COUNT_CAP, LIST_PAGE_SIZE } from "#app/domain/shared/list-query";
import { bearerFor, get, ORIGIN, postForm, sessionCookieFor } from "./auth-helpers";
import { insertCategory, insertUser } from "./factories";
import { testEnv } from "./test-env";

const T0 = 1_700_000_000_000;

/** `count` products of a seller named "Item 0001"… (newest last), in one statement. */
async function manyProducts(prefix: string, sellerId: string, count: number, status = "available") {
  const category = await insertCategory({ title: `Gear ${prefix}` });
  await testEnv.DB.prepare(
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?1)
    insert into products (id, seller_id, category_id, name, description, condition, original_price_cents,
      resale_price_cents, purchase_year, contact, location, status, advertised, created_at)
    select printf('%s-%04d', ?2, i), ?3, ?4, printf('Item %04d', i), 'Kept in a bag.', 'Good', 2000, 1000, 2020,
      '+1 415 555 0100', 'Oakland', ?5, 0, ?6 + i * 1000 from n`,
  )
    .bind(count, prefix, sellerId, category.id, status, T0)
    .run();
}

/** A booking of each of those products by the buyer (id "<prefix>-b-0001"…), in one statement. */
async function bookEach(prefix: string, buyerId: string, count: number, status: "active" | "paid") {
  await testEnv.DB.prepare(
    `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?1)
    insert into bookings (id, product_id, buyer_id, price_cents, meet_location, buyer_contact, status, created_at, paid_at)
    select printf('%s-b-%04d', ?2, i), printf('%s-%04d', ?2, i), ?3, 1000, 'Oakland', '+1 415 555 0100', ?4,
      ?5 + i * 1000, case when ?4 = 'paid' then ?5 + i * 1000 end from n`,
  )
    .bind(count, prefix, buyerId, status, T0)
    .run();
}

/** Every page of a REST list, following the Link header; checks the headers on the way. */
async function everyPage(path: string, bearer: string, total: number) {
  const rows: Array<Record<string, unknown>> = [];
  let next: string | null = `${ORIGIN}${path}`;
  let pages = 0;
  while (next) {
    const response: Response = await SELF.fetch(next, { headers: { Authorization: bearer } });
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Total-Count")).toBe(String(total));
    expect(response.headers.get("X-Page-Count")).toBe(String(Math.ceil(total / LIST_PAGE_SIZE)));
    expect(response.headers.get("X-Page")).toBe(String(pages + 1));
    const page = await response.json<Array<Record<string, unknown>>>();
    expect(page.length).toBeLessThanOrEqual(LIST_PAGE_SIZE);
    rows.push(...page);
    pages++;
    next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get("Link") ?? "")?.[1] ?? null;
  }
  expect(pages).toBe(Math.ceil(total / LIST_PAGE_SIZE));
  return rows;
}

describe("My Products with more products than fit", () => {
  it("pages through every product, on the page and in GET /api/product", async () => {
    const seller = await insertUser({ role: "seller" });
    await manyProducts("mp", seller.id, 505);
    const cookie = await sessionCookieFor(seller.id);
    const first = await (await get("/dashboard/my_product", { Cookie: cookie })).text();
    expect(first).toContain("Item 0505");
    expect(first).not.toContain("Item 0485");
    expect(first).toContain("Page 1 of 26");
    expect(first).toMatch(
      /href="\/dashboard\/my_product\?page=2"[^>]*rel="next"|rel="next"[^>]*href="\/dashboard\/my_product\?page=2"/,
    );
    const last = await (await get("/dashboard/my_product?page=26", { Cookie: cookie })).text();
    expect(last).toContain("Item 0001");
    expect(last).toContain("Page 26 of 26");
    const beyond = await get("/dashboard/my_product?page=27", { Cookie: cookie });
    expect(beyond.status).toBe(302);
    expect(beyond.headers.get("Location")).toBe("/dashboard/my_product?page=26");

    const rows = await everyPage("/api/product", await bearerFor(seller.id), 505);
    expect(new Set(rows.map((row) => row._id)).size).toBe(505);
    expect(rows[0]!.productName).toBe("Item 0505");
    expect(rows.at(-1)!.productName).toBe("Item 0001");
  });

  it("counts a seller's products only up to the cap (ADR 0035): no last page named, every page still reached", async () => {
    const seller = await insertUser({ role: "seller" });
    await manyProducts("mc", seller.id, COUNT_CAP + 30);
    const cookie = await sessionCookieFor(seller.id);
    const first = await (await get("/dashboard/my_product", { Cookie: cookie })).text();
    expect(first).toContain("Page 1<");
    expect(first).not.toMatch(/Page 1 of/);
    const lastPage = Math.ceil((COUNT_CAP + 30) / LIST_PAGE_SIZE);
    const last = await (await get(`/dashboard/my_product?page=${lastPage}`, { Cookie: cookie })).text();
    expect(last).toContain("Item 0001");
    const listed = await SELF.fetch(`${ORIGIN}/api/product?page=2`, {
      headers: { Authorization: await bearerFor(seller.id) },
    });
    expect(listed.headers.get("X-Total-Count")).toBe(String(COUNT_CAP));
    expect(listed.headers.get("X-Total-Capped")).toBe("true");
    expect(listed.headers.get("Link")).toContain('rel="next"');
    expect(listed.headers.get("Link")).not.toContain('rel="last"');
  });

  it("keeps the page through the delete confirmation and the redirect after it", async () => {
    const seller = await insertUser({ role: "seller" });
    await manyProducts("md", seller.id, 41);
    const cookie = await sessionCookieFor(seller.id);
    const page3 = await (await get("/dashboard/my_product?page=3", { Cookie: cookie })).text();
    expect(page3).toContain(`href="/dashboard/my_product?page=3&amp;confirm=delete&amp;id=md-0001"`);
    const dialog = await (
      await get("/dashboard/my_product?page=3&confirm=delete&id=md-0001", { Cookie: cookie })
    ).text();
    expect(dialog).toContain("Delete Confirmation");
    const deleted = await postForm(
      "/dashboard/my_product?page=3&confirm=delete&id=md-0001",
      { intent: "delete", id: "md-0001" },
      { Cookie: cookie },
    );
    expect(deleted.headers.get("Location")).toBe("/dashboard/my_product?page=3");
    // Page 3 now holds nothing: the page sends the seller to the last one.
    const after = await get("/dashboard/my_product?page=3", { Cookie: cookie });
    expect(after.headers.get("Location")).toBe("/dashboard/my_product?page=2");
  });
});

describe("My Buyers with more sales than fit", () => {
  it("pages through every sale, on the page and in GET /api/sellerSBuyer", async () => {
    const seller = await insertUser({ role: "seller" });
    const buyer = await insertUser({ role: "buyer", name: "Paying Buyer" });
    await manyProducts("sb", seller.id, 505, "sold");
    await bookEach("sb", buyer.id, 505, "paid");
    await testEnv.DB.prepare(
      `insert into payments (id, booking_id, product_id, buyer_id, seller_id, amount_cents, currency, provider,
        transaction_id, created_at)
      select 'pay-' || b.id, b.id, b.product_id, b.buyer_id, ?1, b.price_cents, 'usd', 'test', 'tx-' || b.product_id,
        b.paid_at from bookings b where b.buyer_id = ?2`,
    )
      .bind(seller.id, buyer.id)
      .run();
    const cookie = await sessionCookieFor(seller.id);
    const first = await (await get("/dashboard/my_buyer", { Cookie: cookie })).text();
    expect(first).toContain("tx-sb-0505");
    expect(first).toContain("Page 1 of 26");
    const last = await (await get("/dashboard/my_buyer?page=26", { Cookie: cookie })).text();
    expect(last).toContain("tx-sb-0001");
    expect(last).not.toContain("tx-sb-0006");

    const rows = await everyPage("/api/sellerSBuyer", await bearerFor(seller.id), 505);
    expect(new Set(rows.map((row) => row.transactionId)).size).toBe(505);
  });
});

describe("My Orders with more orders than fit", () => {
  it("pages through every order, on the page and in GET /api/myOrders, with Cancel on every page", async () => {
    const seller = await insertUser({ role: "seller" });
    const buyer = await insertUser({ role: "buyer" });
    await manyProducts("mo", seller.id, 205, "booked");
    await bookEach("mo", buyer.id, 205, "active");
    const cookie = await sessionCookieFor(buyer.id);
    const last = await (await get("/dashboard/my_orders?page=11", { Cookie: cookie })).text();
    expect(last).toContain("Page 11 of 11");
    expect(last).toContain("Item 0001");
    expect(last).toContain('href="/dashboard/payment/mo-b-0001"');
    expect(last).toContain(`href="/dashboard/my_orders?page=11&amp;confirm=cancel&amp;id=mo-b-0001"`);
    const cancelled = await postForm(
      "/dashboard/my_orders?page=11&confirm=cancel&id=mo-b-0001",
      { intent: "cancel", bookingId: "mo-b-0001" },
      { Cookie: cookie },
    );
    expect(cancelled.headers.get("Location")).toBe("/dashboard/my_orders?page=11");

    const rows = await everyPage("/api/myOrders", await bearerFor(buyer.id), 204);
    expect(new Set(rows.map((row) => row._id)).size).toBe(204);
  });
});

describe("the Wishlist with more items than fit", () => {
  it("pages through every item, with the buyer's own Pay link on every page", async () => {
    const seller = await insertUser({ role: "seller" });
    const buyer = await insertUser({ role: "buyer" });
    await manyProducts("wl", seller.id, 205, "booked");
    await bookEach("wl", buyer.id, 205, "active");
    await testEnv.DB.prepare(
      `insert into wishlist_entries (buyer_id, product_id, created_at)
      select ?1, p.id, p.created_at from products p where p.seller_id = ?2`,
    )
      .bind(buyer.id, seller.id)
      .run();
    const cookie = await sessionCookieFor(buyer.id);
    for (const [page, newest] of [
      [1, 205],
      [6, 105],
      [11, 5],
    ] as const) {
      const html = await (await get(`/dashboard/wishlist?page=${page}`, { Cookie: cookie })).text();
      expect(html).toContain(`Page ${page} of 11`);
      const shown = Math.min(LIST_PAGE_SIZE, newest);
      for (let i = newest; i > newest - shown; i--) {
        const n = String(i).padStart(4, "0");
        expect(html, `Pay link of item ${n}`).toContain(`href="/dashboard/payment/wl-b-${n}"`);
      }
      expect(html).not.toContain("Booked by someone else");
    }
    const removed = await postForm(
      "/dashboard/wishlist?page=11",
      { intent: "wishlist-remove", productId: "wl-0001" },
      { Cookie: cookie },
    );
    expect(removed.headers.get("Location")).toBe("/dashboard/wishlist?page=11");

    const rows = await everyPage("/api/wishlist", await bearerFor(buyer.id), 204);
    expect(new Set(rows.map((row) => row.productId)).size).toBe(204);
    expect(rows.find((row) => row.productId === "wl-0002")).toMatchObject({ bookingId: "wl-b-0002" });
  });
});

describe("the Link header of every list call", () => {
  it("names only the parameters the call used, bounded, whatever else the URL carries", async () => {
    const admin = await insertUser({ role: "admin" });
    const seller = await insertUser({ role: "seller" });
    const buyer = await insertUser({ role: "buyer" });
    await manyProducts("lk", seller.id, 45, "booked");
    await bookEach("lk", buyer.id, 45, "active");
    const bearers = {
      admin: await bearerFor(admin.id),
      seller: await bearerFor(seller.id),
      buyer: await bearerFor(buyer.id),
    };
    const noise = `email=${"e".repeat(20_000)}&utm_source=${"u".repeat(5_000)}&page=2`;
    const calls: Array<[path: string, bearer: string | null, kept: string]> = [
      [`/api/allBuyer?q=${"b".repeat(20_000)}&${noise}`, bearers.admin, `q=${"b".repeat(100)}&`],
      [`/api/allSeller?q=${"s".repeat(20_000)}&${noise}`, bearers.admin, `q=${"s".repeat(100)}&`],
      [`/api/reports?q=${"r".repeat(20_000)}&${noise}`, bearers.admin, `q=${"r".repeat(100)}&`],
      [`/api/product?${noise}`, bearers.seller, "?page="],
      [`/api/myOrders?${noise}`, bearers.buyer, "?page="],
      [`/api/wishlist?${noise}`, bearers.buyer, "?page="],
      [`/api/bookings/lk-b-0001/messages?${noise}`, bearers.buyer, "?page="],
      [`/api/search?q=item&condition=Good&${noise}`, null, "?q=item&condition=Good&page="],
    ];
    for (const [path, bearer, kept] of calls) {
      const response = await SELF.fetch(`${ORIGIN}${path}`, { headers: bearer ? { Authorization: bearer } : {} });
      const label = path.slice(0, 40);
      expect(response.status, label).toBe(200);
      const link = response.headers.get("Link") ?? "";
      expect(link, label).toContain('rel="first"');
      expect(link.length, label).toBeLessThan(2_000);
      expect(link, label).not.toMatch(/email=|utm_source=/);
      expect(link, label).toContain(kept);
    }
  });
});
