// One currency from configuration (ADR 0095): with PAYMENT_CURRENCY=eur or jpy the product charges
// in it, and every amount on its pages, in its letters, statements and REST answers is written in
// it, in its own subunits (JPY has none). No page of a deal paid in euros or yen shows a dollar.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { choosePaymentProvider, findPayableBooking, payBooking } from "#app/domain/deals/payments/checkout.server";
import { plannedLetters } from "#app/domain/notifications/letters.server";
import { currencyOf } from "#app/domain/shared/money";
import { parseEnv } from "#app/server/env.server";
import { database } from "#db/client";
import { deals } from "#db/schema";
import { app } from "../../workers/app";
import { bearerFor, ORIGIN, sessionCookieFor } from "./auth-helpers";
import { amountsIn, insertUser } from "./factories";
import { bookedListing } from "./payment-fixtures";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

/** The environment with another configured currency (a new object: parsed on its own). */
const envIn = (code: string) => ({ ...testEnv, PAYMENT_CURRENCY: code });

/** A booking of `priceCents` paid with the test card in the configured currency `code`. */
async function paidDealIn(code: string, priceCents: number) {
  const listing = await bookedListing(priceCents);
  const provider = choosePaymentProvider(db(), parseEnv(envIn(code) as never).settings);
  const payable = await findPayableBooking(db(), listing.buyer.user, listing.booking.id);
  const paid = await payBooking(provider, payable!, { method: "card", cardNumber: "4242424242424242" });
  if (!paid.ok) throw new Error(`The test payment failed: ${paid.message}`);
  const [deal] = await db().select().from(deals).where(eq(deals.bookingId, listing.booking.id));
  return { ...listing, deal: deal! };
}

async function page(code: string, path: string, userId: string | null) {
  const headers: Record<string, string> = userId ? { Cookie: await sessionCookieFor(userId) } : {};
  const response = await app.request(`${ORIGIN}${path}`, { headers }, envIn(code), ctx);
  expect(response.status, path).toBe(200);
  return response.text();
}

/** What a reader sees and a form carries: the page without its scripts, styles and React's comments. */
const readable = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/<!--[\s\S]*?-->/g, "");

const CASES = [
  { code: "eur", price: 196_050, shown: amountsIn("€ 1,960.50"), units: "1960.50" },
  { code: "jpy", price: 196_050, shown: amountsIn("¥ 196,050"), units: "196050" },
] as const;

describe.each(CASES)("with PAYMENT_CURRENCY=$code", ({ code, price, shown, units }) => {
  it("shows every amount of a paid deal in it, and no dollar, to the buyer, the seller and the admin", async () => {
    const sale = await paidDealIn(code, price);
    expect(sale.deal.currency).toBe(code);
    const admin = await insertUser({ role: "admin" });
    const pages = [
      await page(code, "/dashboard/my_orders", sale.buyer.user.id),
      await page(code, "/dashboard/payouts", sale.seller.id),
      await page(code, "/dashboard/my_buyer", sale.seller.id),
      await page(code, "/dashboard/add_product", sale.seller.id),
      await page(code, "/dashboard/claims", admin.id),
    ];
    for (const html of pages) expect(readable(html)).not.toContain("$");
    for (const html of pages.slice(0, 3)) expect(html).toContain(shown);
    expect(pages[3]).toContain(`Prices are in ${currencyOf(code).words}.`);
  });

  it("writes a listing's price in it on its page, in search and in the REST API", async () => {
    const sale = await paidDealIn(code, price);
    const other = await bookedListing(price);
    // The booked listing's page still shows its price.
    const listingPage = readable(await page(code, `/listings/${other.product.id}`, null));
    expect(listingPage).toContain(shown);
    expect(listingPage).not.toContain("$");
    const search = readable(await page(code, `/search?q=sigma&min=1&max=${units}`, null));
    expect(search).not.toContain("$");
    const bearer = await bearerFor(sale.buyer.user.id);
    const orders = await app.request(
      `${ORIGIN}/api/myOrders`,
      { headers: { Authorization: bearer } },
      envIn(code),
      ctx,
    );
    const [order] = (await orders.json()) as Array<{ productPrice: number; productPriceCents: number }>;
    expect(order).toMatchObject({ productPrice: Number(units), productPriceCents: price });
  });

  it("writes the letters and the statement in it", async () => {
    const sale = await paidDealIn(code, price);
    const letters = await plannedLetters(
      db(),
      { kind: "payment_received", bookingId: sale.booking.id },
      { appName: "Pay&Buy", currency: currencyOf(code) },
    );
    expect(letters.length).toBeGreaterThan(0);
    for (const letter of letters) {
      expect(letter.text).toContain(shown);
      expect(letter.text).not.toContain("$");
    }
    const month = new Date().toISOString().slice(0, 7);
    const csv = await (
      await app.request(
        `${ORIGIN}/dashboard/payouts/statement?from=${month}&to=${month}`,
        { headers: { Cookie: await sessionCookieFor(sale.seller.id) } },
        envIn(code),
        ctx,
      )
    ).text();
    expect(csv).toContain(`,${units},${code.toUpperCase()},`);
    expect(csv).not.toContain("$");
  });
});
