// Row builders with believable defaults, one per table the demo and the tests fill: the seed
// (scripts/seed) builds its rows with them and the integration tests insert them. They only
// build values; the caller decides how to write them (the seed in one batch, a test one by one).
// Every default can be overridden; a booking is made from its product (the price is the
// product's) and a payment from its booking, as the product does.
import type { bookings, categories, offers, payments, payoutAccounts, products, reports, users } from "./schema";

export type NewUser = typeof users.$inferInsert;
export type NewCategory = typeof categories.$inferInsert;
export type NewProduct = typeof products.$inferInsert;
export type NewBooking = typeof bookings.$inferInsert;
export type NewPayment = typeof payments.$inferInsert;
export type NewReport = typeof reports.$inferInsert;
export type NewPayoutAccount = typeof payoutAccounts.$inferInsert;
export type NewOffer = typeof offers.$inferInsert;

let sequence = 0;
/** A number no other row built in this process has, for unique names and emails. */
const next = () => ++sequence;

/** An account whose address is verified, unless `emailVerifiedAt: null` says otherwise. */
export function userRow(overrides: Partial<NewUser> = {}): NewUser {
  const n = next();
  return {
    email: `user${n}@example.com`,
    name: `User ${n}`,
    role: "buyer",
    emailVerifiedAt: new Date(Date.UTC(2026, 0, 1)),
    ...overrides,
  };
}

export function categoryRow(overrides: Partial<NewCategory> & { title: string }): NewCategory {
  return { slug: overrides.title.toLowerCase(), position: next(), ...overrides };
}

export function productRow(overrides: Partial<NewProduct> & Pick<NewProduct, "sellerId" | "categoryId">): NewProduct {
  const n = next();
  return {
    name: `Product ${n}`,
    description: "A well-kept item.",
    condition: "Good",
    originalPriceCents: 100_000,
    resalePriceCents: 60_000,
    purchaseYear: 2022,
    contact: "+1 415 555 0100",
    location: "Oakland, California",
    ...overrides,
  };
}

/**
 * A booking of `product` by `buyerId` at the product's price; an active one is held for the
 * default 48 hours from now unless `expiresAt` says otherwise.
 */
export function bookingRow(
  product: { id?: string; resalePriceCents: number },
  buyerId: string,
  overrides: Partial<NewBooking> = {},
): NewBooking {
  if (!product.id) throw new Error("A booking needs a product with an id");
  return {
    productId: product.id,
    buyerId,
    priceCents: product.resalePriceCents,
    meetLocation: "Union Square, San Francisco",
    buyerContact: "+1 415 555 0101",
    status: "active",
    expiresAt: (overrides.status ?? "active") === "active" ? new Date(Date.now() + 48 * 3600 * 1000) : null,
    ...overrides,
  };
}

/** An open offer on `product` by `buyerId`: 80 % of the asking price, answerable for 48 hours. */
export function offerRow(
  product: { id?: string; sellerId: string; resalePriceCents: number },
  buyerId: string,
  overrides: Partial<NewOffer> = {},
): NewOffer {
  if (!product.id) throw new Error("An offer needs a product with an id");
  return {
    productId: product.id,
    buyerId,
    sellerId: product.sellerId,
    askingCents: product.resalePriceCents,
    amountCents: Math.ceil(product.resalePriceCents * 0.8),
    status: "open",
    meetLocation: "Union Square, San Francisco",
    buyerContact: "+1 415 555 0101",
    respondBy: new Date(Date.now() + 48 * 3600 * 1000),
    ...overrides,
  };
}

/** The payment of `booking` (its product, buyer and price), to `sellerId`, by the test provider. */
export function paymentRow(
  booking: Pick<NewBooking, "id" | "productId" | "buyerId" | "priceCents" | "paidAt">,
  sellerId: string,
  overrides: Partial<NewPayment> = {},
): NewPayment {
  if (!booking.id) throw new Error("A payment needs a booking with an id");
  return {
    bookingId: booking.id,
    productId: booking.productId,
    buyerId: booking.buyerId,
    sellerId,
    amountCents: booking.priceCents,
    currency: "usd",
    provider: "test",
    transactionId: `test_${crypto.randomUUID()}`,
    ...(booking.paidAt ? { createdAt: booking.paidAt } : {}),
    ...overrides,
  };
}

export function reportRow(overrides: Partial<NewReport> & Pick<NewReport, "productId" | "reporterId">): NewReport {
  return { reason: "misleading", ...overrides };
}

/**
 * A seller's payout account as the offline provider's test onboarding leaves it: ready to be
 * paid (what a seller does before their listings can be booked).
 */
export function payoutAccountRow(sellerId: string, overrides: Partial<NewPayoutAccount> = {}): NewPayoutAccount {
  return {
    sellerId,
    provider: "test",
    accountId: `acct_test_${sellerId.replace(/-/g, "")}`,
    detailsSubmitted: true,
    chargesEnabled: true,
    payoutsEnabled: true,
    transfersActive: true,
    requirementsDue: [],
    ...overrides,
  };
}
