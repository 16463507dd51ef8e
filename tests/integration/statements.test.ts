// A seller's money by month (the Payouts page's chart and table, GET /api/payouts/months) and
// their statement (a CSV a spreadsheet opens as it is: RFC 4180, ISO dates, decimal amounts with
// the currency), both read from the ledger, so they add up to it.
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { monthOf, readStatementRange } from "#app/domain/deals/ledger/months.server";
import { sellerMonths } from "#app/domain/deals/payouts/statements.server";
import { toCsv } from "#app/domain/shared/csv";
import { ledgerEntries, products } from "#db/schema";
import { ORIGIN, sessionCookieFor } from "./auth-helpers";
import { insertUser } from "./factories";
import { apiCall, db, paidDeal, tick } from "./money-fixtures";

/** A seller with a sale released and paid out, and a second sale refunded in part by the admin. */
async function sellerWithMoney() {
  const first = await paidDeal(120_000);
  // The seller's name for it: a comma, quotes, and what a spreadsheet would run as a formula.
  await db()
    .update(products)
    .set({ name: '=HYPERLINK("http://evil.test"), "Leica", M6' })
    .where(eq(products.id, first.product.id));
  expect((await apiCall(first.buyer.user.id, "POST", `/api/bookings/${first.booking.id}/receipt`)).status).toBe(200);
  await tick(Date.now());
  return first;
}

function parseCsv(text: string): string[][] {
  // Enough of RFC 4180 for the test: quoted fields with doubled quotes, CRLF between lines.
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      index++;
    } else field += char;
  }
  return rows;
}

describe("a seller's money by month", () => {
  it("is the ledger's, month by month, on the page, in the API and in the statement, and adds up", async () => {
    const { seller } = await sellerWithMoney();
    const month = monthOf(Date.now());
    const months = await sellerMonths(db(), seller.id);
    expect(months).toHaveLength(12);
    expect(months.at(-1)).toEqual({
      month,
      currency: "usd",
      sales: 120_000,
      fees: 9_600,
      refunds: 0,
      received: 110_400,
      paidOut: 110_400,
    });
    expect(months.slice(0, -1).every((row) => row.sales === 0 && row.received === 0)).toBe(true);

    const api = await apiCall(seller.id, "GET", "/api/payouts/months");
    expect(api.status).toBe(200);
    expect((await api.json<Array<{ month: string; receivedCents: number; received: number }>>()).at(-1)).toMatchObject({
      month,
      receivedCents: 110_400,
      received: 1104,
    });

    const cookie = await sessionCookieFor(seller.id);
    const page = await (await SELF.fetch(`${ORIGIN}/dashboard/payouts`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Your money by month");
    expect(page).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="chart-sent-to-you-each-month-usd-"/);
    expect(page).toContain("Sent to you each month (USD)");

    const response = await SELF.fetch(`${ORIGIN}/dashboard/payouts/statement?from=${month}&to=${month}`, {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="pay-and-buy-statement-${month}-to-${month}.csv"`,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.text();
    expect(text.endsWith("\r\n")).toBe(true);
    const [header, ...lines] = parseCsv(text);
    expect(header).toEqual(["Date", "Type", "Product", "Booking", "Amount", "Currency", "Reference"]);
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.sellerId, seller.id));
    expect(lines).toHaveLength(entries.length);
    // The seller's product name is text, not a formula, and its comma and quotes survive.
    const sale = lines.find((line) => line[1] === "Sale paid by the buyer")!;
    expect(sale[2]).toBe(`'=HYPERLINK("http://evil.test"), "Leica", M6`);
    expect(sale[4]).toBe("1200.00");
    expect(sale[5]).toBe("USD");
    expect(sale[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // The statement adds up to the month's figures.
    const sum = (type: string) =>
      lines.filter((line) => line[1] === type).reduce((total, line) => total + Math.round(Number(line[4]) * 100), 0);
    expect(sum("Sent to you") - sum("Taken back for a refund")).toBe(110_400);
    expect(sum("Platform fee") - sum("Platform fee given back")).toBe(9_600);
    expect(sum("Paid to your bank")).toBe(110_400);

    const csvApi = await apiCall(seller.id, "GET", `/api/payouts/statement?from=${month}&to=${month}`);
    expect(csvApi.status).toBe(200);
    expect(await csvApi.text()).toBe(text);
  });

  it("shows a seller only their own movements, and refuses months that are not months", async () => {
    const { seller } = await sellerWithMoney();
    const other = await insertUser({ role: "seller" });
    const month = monthOf(Date.now());
    const theirs = await apiCall(other.id, "GET", `/api/payouts/statement?from=${month}&to=${month}`);
    expect(parseCsv(await theirs.text())).toHaveLength(1);
    expect((await sellerMonths(db(), other.id)).length).toBe(0);

    const cookie = await sessionCookieFor(seller.id);
    for (const query of ["from=2026-13&to=2026-12", "from=abc", "from=2026-11&to=2026-01", "from=2000-01&to=2026-01"]) {
      const page = await SELF.fetch(`${ORIGIN}/dashboard/payouts/statement?${query}`, { headers: { Cookie: cookie } });
      expect(page.status, query).toBe(400);
      const api = await apiCall(seller.id, "GET", `/api/payouts/statement?${query}`);
      expect(api.status, query).toBe(422);
    }
    expect(readStatementRange(null, null, Date.UTC(2026, 10, 28))).toEqual({
      ok: true,
      from: "2025-12",
      to: "2026-11",
    });
  });

  it("covers any months from 2000-01 to 9999-12, and names that range for a month outside it, on the page and in the API", async () => {
    const seller = await insertUser({ role: "seller" });
    const cookie = await sessionCookieFor(seller.id);
    const page = (query: string) =>
      SELF.fetch(`${ORIGIN}/dashboard/payouts/statement?${query}`, { headers: { Cookie: cookie } });
    const api = (query: string) => apiCall(seller.id, "GET", `/api/payouts/statement?${query}`);

    for (const query of ["from=9999-01&to=9999-12", "from=9990-01&to=9999-12", "from=2000-01&to=2000-01"]) {
      expect((await page(query)).status, query).toBe(200);
      expect((await api(query)).status, query).toBe(200);
    }
    expect(readStatementRange("9999-01", "9999-12")).toEqual({ ok: true, from: "9999-01", to: "9999-12" });

    const message = "A statement's months run from 2000-01 to 9999-12.";
    for (const query of ["from=1999-12&to=2000-02", "from=0001-01&to=0001-02", "from=0099-01"]) {
      const refused = await page(query);
      expect(refused.status, query).toBe(400);
      expect(await refused.text(), query).toBe(message);
      const refusedApi = await api(query);
      expect(refusedApi.status, query).toBe(422);
      expect(await refusedApi.json(), query).toEqual({ error: { status: 422, code: "invalid", message } });
    }
  });

  it("counts a lost chargeback as money given back, and keeps its fee and a debt out of the months", async () => {
    const { seller, deal } = await sellerWithMoney();
    const entry = (kind: "dispute_loss" | "dispute_fee" | "seller_debt" | "debt_recovery", amountCents: number) => ({
      kind,
      amountCents,
      currency: "usd",
      provider: "test" as const,
      providerRef: `planted_${kind}_${crypto.randomUUID()}`,
      sellerId: seller.id,
      paymentId: deal.paymentId,
    });
    for (const values of [
      entry("dispute_loss", 120_000),
      entry("dispute_fee", 1_500),
      entry("seller_debt", 110_400),
      entry("debt_recovery", 400),
    ]) {
      await db().insert(ledgerEntries).values(values);
    }
    expect((await sellerMonths(db(), seller.id)).at(-1)).toMatchObject({
      sales: 120_000,
      fees: 9_600,
      refunds: 120_000,
      received: 110_400,
      paidOut: 110_400,
    });
  });

  it("writes CSV as RFC 4180 says, and defuses formulas", () => {
    expect(
      toCsv([
        ["a", "b,c", 'say "hi"', "line\nbreak", null, 12],
        ["=1+2", "+1", "-2+3", "@cmd", "plain", "-12.50", "-3", "-1e3"],
      ]),
    ).toBe('a,"b,c","say ""hi""","line\nbreak",,12\r\n\'=1+2,\'+1,\'-2+3,\'@cmd,plain,-12.50,-3,\'-1e3\r\n');
  });
});
