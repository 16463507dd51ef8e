// Money on screen (ADR 0100): a shipped sale's figures read the same on the seller's Payouts, the
// seller's My Buyers, the buyer's My Orders and the REST API; the sum adds up in words; the fee is
// said to be on the item only; the chart says what its bars are, names its months and starts at
// the first month with money. Refusals: a buyer, a stranger, another seller.
import { describe, expect, it } from "vitest";
import { saleSumWords } from "#app/domain/deals/payouts/sale-sum";
import { formatMoney } from "#app/domain/shared/money";
import { fromFirstMoney, monthName } from "#app/utils/month-names";
import { get, sessionCookieFor } from "./auth-helpers";
import { insertUser, USD } from "./factories";
import { apiCall } from "./money-fixtures";
import { paidShippedDeal } from "./shipping-fixtures";

/** The page's text without tags, its entities read back, whitespace kept as it is. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'");

describe("a shipped sale's money on screen", () => {
  it("Payouts shows item, shipping, fee on the item only, and the sum to what the seller receives, as the API does", async () => {
    const sale = await paidShippedDeal();
    const page = text(
      await (await get("/dashboard/payouts", { Cookie: await sessionCookieFor(sale.seller.id) })).text(),
    );
    // $ 450.00 item + $ 14.00 shipping − 8 % of the item only ($ 36.00) = $ 428.00.
    expect(page).toContain(
      `${formatMoney(45_000, USD)} item + ${formatMoney(1_400, USD)} shipping − ${formatMoney(3_600, USD)} fee = ${formatMoney(42_800, USD)} you receive`,
    );
    expect(page).toContain("The platform's fee on each sale: 8 % of the item's price, never of the shipping.");
    expect(page).toContain("Item Price");
    expect(page).toContain("Fees on released sales");
    // The months' first figure says it counts what buyers paid, shipping included.
    expect(page).toContain("Buyers paid");

    const api = await apiCall(sale.seller.id, "GET", "/api/payouts/deals");
    expect(api.status).toBe(200);
    const [deal] = await api.json<Array<Record<string, number>>>();
    expect(deal).toMatchObject({ priceCents: 46_400, shippingCents: 1_400, feeCents: 3_600, netCents: 42_800 });
    // The page's figures are the API's.
    expect(deal!.priceCents! - deal!.refundedCents! - deal!.feeCents! - deal!.labelCents!).toBe(deal!.netCents);
    for (const cents of [
      deal!.priceCents! - deal!.shippingCents!,
      deal!.shippingCents!,
      deal!.feeCents!,
      deal!.netCents!,
    ]) {
      expect(page).toContain(formatMoney(cents, USD));
    }
  });

  it("My Buyers shows the item's price the buyer's My Orders shows, and the shipping apart", async () => {
    const sale = await paidShippedDeal();
    const mine = text(
      await (await get("/dashboard/my_buyer", { Cookie: await sessionCookieFor(sale.seller.id) })).text(),
    );
    const theirs = text(
      await (await get("/dashboard/my_orders", { Cookie: await sessionCookieFor(sale.buyer.id) })).text(),
    );
    expect(mine).toContain("Item Price");
    expect(mine).toContain("Shipping");
    expect(mine).toContain("Buyer Paid");
    expect(mine).not.toContain("Product Price");
    for (const page of [mine, theirs]) {
      expect(page).toContain(formatMoney(45_000, USD));
      expect(page).toContain(formatMoney(1_400, USD));
    }
    expect(mine).toContain(formatMoney(46_400, USD));
  });

  it("is refused to a buyer, a stranger and another seller", async () => {
    const sale = await paidShippedDeal();
    const buyerPage = await get("/dashboard/payouts", { Cookie: await sessionCookieFor(sale.buyer.id) });
    expect([302, 303, 403]).toContain(buyerPage.status);
    expect(await buyerPage.text()).not.toContain(formatMoney(42_800, USD));
    expect((await get("/dashboard/my_buyer", {})).status).toBeGreaterThanOrEqual(300);
    expect((await apiCall(sale.buyer.id, "GET", "/api/payouts/deals")).status).toBe(403);
    expect((await apiCall(null, "GET", "/api/payouts/deals")).status).toBe(401);
    const other = await insertUser({ role: "seller" });
    const otherPage = text(
      await (await get("/dashboard/payouts", { Cookie: await sessionCookieFor(other.id) })).text(),
    );
    expect(otherPage).not.toContain("Nikon 50mm f/1.8");
    expect(await (await apiCall(other.id, "GET", "/api/payouts/deals")).json()).toEqual([]);
  });
});

describe("a sale's sum in words", () => {
  it("adds up the refund and the label, and says nothing when the figures do not add up", () => {
    const sum = saleSumWords(
      { amountCents: 46_400, shippingCents: 1_400, refunded: 10_000, fee: 2_800, labelCents: 900, net: 32_700 },
      USD,
    );
    expect(sum).toBe(
      `${formatMoney(45_000, USD)} item + ${formatMoney(1_400, USD)} shipping − ${formatMoney(10_000, USD)} refunded − ${formatMoney(2_800, USD)} fee − ${formatMoney(900, USD)} label = ${formatMoney(32_700, USD)} you receive`,
    );
    expect(
      saleSumWords({ amountCents: 46_400, shippingCents: 1_400, refunded: 0, fee: 3_600, labelCents: 0, net: 1 }, USD),
    ).toBeNull();
    expect(
      saleSumWords({ amountCents: 1_000, shippingCents: 0, refunded: 0, fee: null, labelCents: 0, net: null }, USD),
    ).toBeNull();
  });
});

describe("the Payouts chart", () => {
  it("names months, starts at the first with money, and says on the page what its bars are", async () => {
    expect(monthName("2026-12")).toBe("Dec 2026");
    expect(monthName("2027-01")).toBe("Jan 2027");
    const months = [
      { month: "2026-08", cents: 0 },
      { month: "2026-09", cents: 0 },
      { month: "2026-10", cents: 500 },
      { month: "2026-11", cents: 0 },
    ];
    expect(fromFirstMoney(months).map((month) => month.month)).toEqual(["2026-10", "2026-11"]);
    expect(fromFirstMoney([{ month: "2026-08", cents: 0 }])).toHaveLength(1);

    const sale = await paidShippedDeal();
    const html = await (await get("/dashboard/payouts", { Cookie: await sessionCookieFor(sale.seller.id) })).text();
    expect(html).toMatch(/<figcaption[^>]*>Sent to you each month \(USD\)<\/figcaption>/);
    expect(html).toContain(", the highest month</text>");
    const thisMonth = monthName(new Date().toISOString().slice(0, 7));
    expect(html).toContain(`>${thisMonth}<`);
    expect(html).not.toMatch(/<th scope="row"[^>]*>\d{4}-\d{2}</);
    // The table, like the chart, starts at the first month with money: last month had none.
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    expect(html).toMatch(new RegExp(`<th scope="row"[^>]*>${thisMonth}</th>`));
    expect(html).not.toMatch(new RegExp(`<th scope="row"[^>]*>${monthName(lastMonth)}</th>`));
  });
});
