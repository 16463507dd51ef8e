// Test factories: the row builders the seed uses too (db/factories.ts), written through the
// real schema into the test database, returning the stored row.
import { eq } from "drizzle-orm";
import { sealSecret } from "#app/domain/accounts/two-factor.server";
import { currencyOf, NO_BREAK_SPACE } from "#app/domain/shared/money";
import { database } from "#db/client";
import {
  bookingRow,
  categoryRow,
  type NewBooking,
  type NewCategory,
  type NewPayment,
  type NewProduct,
  type NewReport,
  type NewUser,
  paymentRow,
  payoutAccountRow,
  productRow,
  reportRow,
  userRow,
} from "#db/factories";
import {
  bookings,
  categories,
  deals,
  ledgerEntries,
  payments,
  payoutAccounts,
  products,
  reports,
  twoFactorCredentials,
  users,
} from "#db/schema";
import { testEnv as env } from "./test-env";

const db = () => database(env.DB);

/** The authenticator secret of the accounts the factories enrol (base32); tests make its codes. */
export const TEST_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** Two-factor sign-in turned on for the account with `secret`, as its setup leaves it. */
export async function enrolTwoFactor(userId: string, secret = TEST_TOTP_SECRET) {
  await db()
    .insert(twoFactorCredentials)
    .values({ userId, secret: await sealSecret(secret, userId, [env.SESSION_SECRET]), enabledAt: new Date() });
}

/**
 * An account; an admin comes with two-factor sign-in on, as every admin must have it
 * (`twoFactor` says otherwise, for either). A seller is onboarded for payouts in test mode, as a
 * seller does before their listings can be booked, unless `payouts` is false (a seller still
 * setting up payouts).
 */
export async function insertUser(
  overrides: Partial<NewUser> & { twoFactor?: boolean } = {},
  options: { payouts?: boolean } = {},
) {
  const { twoFactor, ...values } = overrides;
  const [row] = await db().insert(users).values(userRow(values)).returning();
  if (twoFactor ?? row!.role === "admin") await enrolTwoFactor(row!.id);
  if (row!.role === "seller" && options.payouts !== false) {
    await db().insert(payoutAccounts).values(payoutAccountRow(row!.id));
  }
  return row!;
}

export async function insertCategory(overrides: Partial<NewCategory> & { title: string }) {
  const [row] = await db().insert(categories).values(categoryRow(overrides)).returning();
  return row!;
}

export async function insertProduct(overrides: Partial<NewProduct> & Pick<NewProduct, "sellerId" | "categoryId">) {
  const [row] = await db().insert(products).values(productRow(overrides)).returning();
  return row!;
}

/** A booking of `product` by `buyerId`, at the product's price unless overridden. */
export async function insertBooking(
  product: { id: string; resalePriceCents: number },
  buyerId: string,
  overrides: Partial<NewBooking> = {},
) {
  const [row] = await db()
    .insert(bookings)
    .values(bookingRow(product, buyerId, overrides))
    .returning();
  return row!;
}

/**
 * The payment of `booking` to `sellerId` (the booking and product rows are left as they are),
 * with its deal held for the buyer's protection (three days unless `releaseDueAt` says
 * otherwise) and its charge in the ledger, as fulfilment leaves them.
 */
export async function insertPayment(
  booking: Parameters<typeof paymentRow>[0],
  sellerId: string,
  overrides: Partial<NewPayment> = {},
  deal: { releaseDueAt?: Date } = {},
) {
  const [row] = await db()
    .insert(payments)
    .values(paymentRow(booking, sellerId, overrides))
    .returning();
  const payment = row!;
  await db().batch([
    db()
      .insert(deals)
      .values({
        paymentId: payment.id,
        bookingId: payment.bookingId,
        sellerId: payment.sellerId,
        buyerId: payment.buyerId,
        provider: payment.provider,
        amountCents: payment.amountCents,
        currency: payment.currency,
        chargeRef: payment.transactionId,
        releaseDueAt: deal.releaseDueAt ?? new Date(payment.createdAt.getTime() + 3 * 86_400_000),
        createdAt: payment.createdAt,
      }),
    db().insert(ledgerEntries).values({
      kind: "charge",
      amountCents: payment.amountCents,
      currency: payment.currency,
      provider: payment.provider,
      providerRef: payment.transactionId,
      sellerId: payment.sellerId,
      paymentId: payment.id,
    }),
  ]);
  return payment;
}

/**
 * A finished sale as fulfilment leaves it: the booking paid (at the product's price unless
 * `amountCents` says otherwise), its payment recorded, the product sold.
 */
export async function insertSale(input: {
  productId: string;
  buyerId: string;
  sellerId: string;
  amountCents?: number;
  transactionId?: string;
  paidAt?: Date;
}) {
  const [product] = await db()
    .update(products)
    .set({ status: "sold" })
    .where(eq(products.id, input.productId))
    .returning({ id: products.id, resalePriceCents: products.resalePriceCents });
  if (!product) throw new Error(`No product ${input.productId}`);
  const booking = await insertBooking(
    { id: product.id, resalePriceCents: input.amountCents ?? product.resalePriceCents },
    input.buyerId,
    { status: "paid", paidAt: input.paidAt ?? new Date() },
  );
  const payment = await insertPayment(
    booking,
    input.sellerId,
    input.transactionId ? { transactionId: input.transactionId } : {},
  );
  return { booking, payment };
}

export async function insertReport(overrides: Partial<NewReport> & Pick<NewReport, "productId" | "reporterId">) {
  const [row] = await db().insert(reports).values(reportRow(overrides)).returning();
  return row!;
}

/** The currency the tests' amounts are written in, unless a test says otherwise. */
export const USD = currencyOf("usd");

/**
 * "You receive $ 1,104.00 of $ 1,200.00" as formatMoney writes it: each currency sign joined to
 * its number by a no-break space (ADR 0100), so a test's expected text can be typed as it reads.
 */
export function amountsIn(text: string): string {
  return text.replace(/([$€¥]) (?=-?\d)/g, `$1${NO_BREAK_SPACE}`);
}
