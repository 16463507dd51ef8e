// The platform's money by month (ADR 0088): the Claims page's chart and table, GET
// /api/platform/months, and the statement the admin downloads (a CSV a spreadsheet opens as it
// is: RFC 4180, ISO months, decimal amounts with the currency). All read from the ledger, so they
// add up to it: the test sums the ledger's entries itself and compares. The admin's alone.

import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PLATFORM_FIGURE_WORDS, PLATFORM_FIGURES } from "#app/domain/deals/ledger/figures";
import { figuresOf, platformPlace } from "#app/domain/deals/ledger/kinds";
import { monthOf, monthStart, readStatementRange } from "#app/domain/deals/ledger/months.server";
import { platformMonths } from "#app/domain/deals/payouts/platform-statement.server";
import { formatMoney } from "#app/domain/shared/money";
import { monthName } from "#app/utils/month-names";
import { LEDGER_KINDS, type LedgerKind } from "#db/closed-lists";
import { ledgerEntries } from "#db/schema";
import { ORIGIN, sessionCookieFor } from "./auth-helpers";
import { insertCategory, insertProduct, insertSale, insertUser, USD } from "./factories";
import { apiCall, db, paidDeal, tick } from "./money-fixtures";

const HEADER = [
  "Month",
  "Currency",
  "Paid by buyers",
  "Fees kept",
  "Refunded to buyers",
  "Lost to chargebacks",
  "Chargeback fees",
  "Chargebacks beyond the sale",
  "Shipping labels",
  "Sent to sellers",
  "Paid to sellers' banks",
  "Owed by sellers",
];

/**
 * The platform's ledger over two months: this month a sale released and paid out, and a sale
 * refunded in part by the admin's decision; last month, movements written as the ledger keeps
 * them, where more was given back than taken (negative figures), a label, a lost chargeback, a
 * seller's debt more than recovered, and a sale in euros.
 */
async function platformWithMoney() {
  const admin = await insertUser({ role: "admin" });
  const released = await paidDeal(120_000);
  expect((await apiCall(released.buyer.user.id, "POST", `/api/bookings/${released.booking.id}/receipt`)).status).toBe(
    200,
  );
  await tick(Date.now());
  const claimed = await paidDeal(50_000);
  const opened = await apiCall(claimed.buyer.user.id, "POST", `/api/bookings/${claimed.booking.id}/claim`, {
    reason: "not_as_described",
    details: "The lens has a scratch the photos did not show.",
  });
  const { _id } = await opened.json<{ _id: string }>();
  const decided = await apiCall(admin.id, "PUT", `/api/claims/${_id}/decision`, {
    outcome: "refund_partial",
    amount: "100.50",
  });
  expect(decided.status).toBe(200);

  const lastMonth = monthOf(Date.now(), -1);
  const at = new Date(monthStart(lastMonth)! + 9 * 86_400_000);
  const entry = (kind: LedgerKind, amountCents: number, currency = "usd") => ({
    kind,
    amountCents,
    currency,
    provider: "test" as const,
    providerRef: `planted_${kind}_${crypto.randomUUID()}`,
    sellerId: released.seller.id,
    paymentId: kind === "payout" || kind === "payout_failure" ? null : released.deal.paymentId,
    createdAt: at,
  });
  // One insert a movement: D1 binds at most 100 values to a statement.
  const planted = [
    entry("fee_refund", 1_250),
    entry("refund", 7_001),
    entry("label", 899),
    entry("label_refund", 99),
    entry("transfer_reversal", 4_000),
    entry("payout_failure", 2_500),
    entry("dispute_loss", 15_000),
    entry("dispute_fee", 1_500),
    entry("dispute_excess", 3_300),
    entry("seller_debt", 6_000),
    entry("debt_recovery", 2_000),
    entry("debt_recovery", 4_500),
    entry("charge", 30_000, "eur"),
    entry("fee", 2_400, "eur"),
  ];
  for (const values of planted) await db().insert(ledgerEntries).values(values);
  return { admin, lastMonth, thisMonth: monthOf(Date.now()) };
}

/** The ledger summed in TypeScript by the table of kinds: month and currency → the figures. */
async function ledgerSums() {
  const entries = new Map<string, Array<{ kind: LedgerKind; amountCents: number }>>();
  for (const row of await db().select().from(ledgerEntries)) {
    const key = `${monthOf(row.createdAt.getTime())} ${row.currency}`;
    entries.set(key, [...(entries.get(key) ?? []), row]);
  }
  return (month: string, currency: string) =>
    figuresOf(entries.get(`${month} ${currency}`) ?? [], platformPlace, PLATFORM_FIGURES);
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

const cents = (units: string) => Math.round(Number(units) * 100);

/**
 * What one movement of each kind does to the platform's figures, as the bookkeeping says (the
 * statement's column by its header, and the sign): written here, not read from the code.
 */
const MOVES: Record<LedgerKind, [column: string, sign: 1 | -1]> = {
  charge: ["Paid by buyers", 1],
  fee: ["Fees kept", 1],
  fee_refund: ["Fees kept", -1],
  refund: ["Refunded to buyers", 1],
  dispute_loss: ["Lost to chargebacks", 1],
  dispute_fee: ["Chargeback fees", 1],
  dispute_excess: ["Chargebacks beyond the sale", 1],
  label: ["Shipping labels", 1],
  label_refund: ["Shipping labels", -1],
  transfer: ["Sent to sellers", 1],
  transfer_reversal: ["Sent to sellers", -1],
  payout: ["Paid to sellers' banks", 1],
  payout_failure: ["Paid to sellers' banks", -1],
  seller_debt: ["Owed by sellers", 1],
  debt_recovery: ["Owed by sellers", -1],
  return_label: ["Owed by sellers", 1],
};

describe("the platform's money by month", () => {
  it("adds up to the ledger, month by month and per currency, on the page, in the API and in the CSV", async () => {
    const { admin, lastMonth, thisMonth } = await platformWithMoney();
    const expected = await ledgerSums();

    // This month: both sales paid, the fee of both releases, the partial refund, the payout.
    expect(expected(thisMonth, "usd")).toMatchObject({ paidIn: 170_000, refunds: 10_050 });
    // Last month gave back more than it took: its fees kept, labels aside, are negative.
    expect(expected(lastMonth, "usd")).toEqual({
      paidIn: 0,
      fees: -1_250,
      refunds: 7_001,
      disputesLost: 15_000,
      disputeFees: 1_500,
      disputesBeyondSale: 3_300,
      labels: 800,
      transfers: -4_000,
      payouts: -2_500,
      owedBySellers: -500,
    });

    const months = await platformMonths(db());
    expect(months).toHaveLength(24); // 12 months, two currencies
    for (const row of months) {
      expect(row, `${row.month} ${row.currency}`).toEqual({
        month: row.month,
        currency: row.currency,
        ...expected(row.month, row.currency),
      });
    }
    expect(months.at(-1)).toMatchObject({ month: thisMonth, currency: "usd" });

    const api = await apiCall(admin.id, "GET", "/api/platform/months");
    expect(api.status).toBe(200);
    const apiMonths = await api.json<Array<Record<string, string | number>>>();
    expect(apiMonths).toHaveLength(24);
    expect(apiMonths.find((row) => row.month === lastMonth && row.currency === "usd")).toEqual({
      month: lastMonth,
      currency: "usd",
      paidIn: 0,
      paidInCents: 0,
      fees: -12.5,
      feesCents: -1_250,
      refunds: 70.01,
      refundsCents: 7_001,
      disputesLost: 150,
      disputesLostCents: 15_000,
      disputeFees: 15,
      disputeFeesCents: 1_500,
      disputesBeyondSale: 33,
      disputesBeyondSaleCents: 3_300,
      labels: 8,
      labelsCents: 800,
      transfers: -40,
      transfersCents: -4_000,
      payouts: -25,
      payoutsCents: -2_500,
      owedBySellers: -5,
      owedBySellersCents: -500,
    });

    const cookie = await sessionCookieFor(admin.id);
    const page = await (await SELF.fetch(`${ORIGIN}/dashboard/claims`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("The platform&#x27;s money by month");
    expect(page).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="chart-fees-kept-each-month-usd-"/);
    expect(page).toContain("Fees kept each month (USD)");
    expect(page).toContain("Fees kept each month (EUR)");
    expect(page).toContain(`action="/dashboard/claims/statement"`);
    // The table beside the chart (read with the page's other reads, in one batch): last month's row.
    const usd = page.slice(page.indexOf("The platform&#x27;s money by month, USD"));
    const shown = new RegExp(`<tr><th scope="row"[^>]*>${monthName(lastMonth)}</th>(.*?)</tr>`).exec(usd)?.[1] ?? "";
    expect([...shown.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((cell) => cell[1])).toEqual(
      [0, -1_250, 7_001, 15_000, 1_500, 3_300, 800, -4_000, -2_500, -500].map((amount) => formatMoney(amount, USD)),
    );

    const response = await SELF.fetch(`${ORIGIN}/dashboard/claims/statement?from=${lastMonth}&to=${thisMonth}`, {
      headers: { Cookie: cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="pay-and-buy-platform-${lastMonth}-to-${thisMonth}.csv"`,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await response.text();
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.split("\r\n").every((line) => !line.includes("\n"))).toBe(true);
    const [header, ...lines] = parseCsv(text);
    expect(header).toEqual(HEADER);
    // One line per month and currency, oldest first; every figure the ledger's.
    expect(lines.map((line) => `${line[0]} ${line[1]}`)).toEqual([
      `${lastMonth} EUR`,
      `${lastMonth} USD`,
      `${thisMonth} EUR`,
      `${thisMonth} USD`,
    ]);
    for (const line of lines) {
      const sums = expected(line[0]!, line[1]!.toLowerCase());
      expect(line.slice(2).map(cents), line.join(",")).toEqual([
        sums.paidIn,
        sums.fees,
        sums.refunds,
        sums.disputesLost,
        sums.disputeFees,
        sums.disputesBeyondSale,
        sums.labels,
        sums.transfers,
        sums.payouts,
        sums.owedBySellers,
      ]);
    }
    // Decimal units, negative amounts as numbers a spreadsheet adds up (not defused as formulas).
    expect(lines[1]).toEqual([
      lastMonth,
      "USD",
      "0.00",
      "-12.50",
      "70.01",
      "150.00",
      "15.00",
      "33.00",
      "8.00",
      "-40.00",
      "-25.00",
      "-5.00",
    ]);
    expect(lines[0]).toEqual([
      lastMonth,
      "EUR",
      "300.00",
      "24.00",
      "0.00",
      "0.00",
      "0.00",
      "0.00",
      "0.00",
      "0.00",
      "0.00",
      "0.00",
    ]);

    const csvApi = await apiCall(admin.id, "GET", `/api/platform/statement?from=${lastMonth}&to=${thisMonth}`);
    expect(csvApi.status).toBe(200);
    expect(csvApi.headers.get("Content-Disposition")).toBe(response.headers.get("Content-Disposition"));
    expect(csvApi.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await csvApi.text()).toBe(text);
  });

  it("moves, for every ledger kind written alone, the one figure the bookkeeping says, in the months and in the CSV", async () => {
    const admin = await insertUser({ role: "admin" });
    const seller = await insertUser({ role: "seller" });
    const buyer = await insertUser({ role: "buyer" });
    const category = await insertCategory({ title: "Bodies" });
    const product = await insertProduct({ sellerId: seller.id, categoryId: category.id, name: "Leica M6" });
    const { payment } = await insertSale({ productId: product.id, buyerId: buyer.id, sellerId: seller.id });
    // Each kind in a month of its own, long ago: nothing else the sale wrote is in it.
    const monthFor = (index: number) => `${2001 + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
    for (const [index, kind] of LEDGER_KINDS.entries()) {
      expect(MOVES[kind], `${kind} has no figure in the test's table`).toBeDefined();
      const month = monthFor(index);
      await db()
        .insert(ledgerEntries)
        .values({
          kind,
          amountCents: 1_234,
          currency: "usd",
          provider: "test",
          providerRef: `alone_${kind}`,
          sellerId: seller.id,
          paymentId: kind === "payout" || kind === "payout_failure" ? null : payment.id,
          createdAt: new Date(monthStart(month)! + 3 * 86_400_000),
        });
    }
    const first = monthFor(0);
    const last = monthFor(LEDGER_KINDS.length - 1);
    const figures = await platformMonths(db(), { from: first, to: last });
    const csv = await apiCall(admin.id, "GET", `/api/platform/statement?from=${first}&to=${last}`);
    expect(csv.status).toBe(200);
    const [header, ...lines] = parseCsv(await csv.text());
    expect(header).toEqual(HEADER);
    for (const [index, kind] of LEDGER_KINDS.entries()) {
      const month = monthFor(index);
      const [column, sign] = MOVES[kind];
      const expected = HEADER.slice(2).map((name) => (name === column ? sign * 1_234 : 0));
      const row = figures.find((figure) => figure.month === month && figure.currency === "usd");
      expect(row, kind).toBeDefined();
      const byWords = Object.fromEntries(
        PLATFORM_FIGURES.map((figure) => [PLATFORM_FIGURE_WORDS[figure], row![figure]]),
      );
      expect(
        HEADER.slice(2).map((name) => byWords[name]),
        `${kind} in the months`,
      ).toEqual(expected);
      const line = lines.find((cells) => cells[0] === month && cells[1] === "USD");
      expect(line?.slice(2).map(cents), `${kind} in the CSV`).toEqual(expected);
    }
  });

  it("gives a month without movements no line", async () => {
    const admin = await insertUser({ role: "admin" });
    // Nothing has moved: no currency, so no line, only the header.
    const empty = await apiCall(admin.id, "GET", "/api/platform/statement?from=2020-01&to=2020-03");
    expect(parseCsv(await empty.text())).toEqual([HEADER]);
    await platformWithMoney();
    const old = await apiCall(admin.id, "GET", "/api/platform/statement?from=2020-01&to=2020-02");
    expect(parseCsv(await old.text())).toEqual([HEADER]);
  });

  it("is the admin's alone: a buyer, a seller and a signed-out visitor are refused", async () => {
    await platformWithMoney();
    const month = monthOf(Date.now());
    for (const role of ["buyer", "seller"] as const) {
      const user = await insertUser({ role });
      const cookie = await sessionCookieFor(user.id);
      const page = await SELF.fetch(`${ORIGIN}/dashboard/claims`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(page.status, role).toBe(403);
      const csv = await SELF.fetch(`${ORIGIN}/dashboard/claims/statement?from=${month}&to=${month}`, {
        headers: { Cookie: cookie },
        redirect: "manual",
      });
      expect(csv.status, role).toBe(403);
      expect(await csv.text(), role).not.toContain("Month,Currency");
      for (const path of ["/api/platform/months", `/api/platform/statement?from=${month}&to=${month}`]) {
        const api = await apiCall(user.id, "GET", path);
        expect(api.status, `${role} ${path}`).toBe(403);
        expect((await api.json<{ error: { status: number } }>()).error.status).toBe(403);
      }
    }
    for (const path of ["/dashboard/claims", `/dashboard/claims/statement?from=${month}&to=${month}`]) {
      const signedOut = await SELF.fetch(`${ORIGIN}${path}`, { redirect: "manual" });
      expect(signedOut.status, path).toBe(302);
      expect(signedOut.headers.get("Location"), path).toMatch(/^\/login/);
    }
    for (const path of ["/api/platform/months", `/api/platform/statement?from=${month}&to=${month}`]) {
      const api = await apiCall(null, "GET", path);
      expect(api.status, path).toBe(401);
    }
  });

  it("refuses months that are not months, with what to send, on the page and in the API", async () => {
    const admin = await insertUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    for (const [query, message] of [
      ["from=2026-13&to=2026-12", "Months are written as YYYY-MM, such as 2026-01."],
      ["from=abc", "Months are written as YYYY-MM, such as 2026-01."],
      ["from=2026-1&to=2026-02", "Months are written as YYYY-MM, such as 2026-01."],
      ["from=2026-11&to=2026-01", "The first month must not be after the last."],
      ["from=2000-01&to=2026-01", "A statement covers ten years at most."],
    ] as const) {
      const page = await SELF.fetch(`${ORIGIN}/dashboard/claims/statement?${query}`, { headers: { Cookie: cookie } });
      expect(page.status, query).toBe(400);
      expect(await page.text(), query).toBe(message);
      expect(page.headers.get("Cache-Control"), query).toBe("private, no-store");
      for (const path of ["/api/platform/statement", "/api/platform/months"]) {
        const api = await apiCall(admin.id, "GET", `${path}?${query}`);
        expect(api.status, `${path}?${query}`).toBe(422);
        expect(await api.json(), `${path}?${query}`).toEqual({ error: { status: 422, code: "invalid", message } });
      }
    }
    expect(readStatementRange("2026-01", "2035-12")).toEqual({ ok: true, from: "2026-01", to: "2035-12" });
    expect(readStatementRange("2026-01", "2036-01")).toMatchObject({ ok: false });
  });
});
