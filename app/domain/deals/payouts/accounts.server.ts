// Sellers' payout accounts: opened at the provider when the seller sets up payouts, completed in
// the provider's onboarding (Stripe's hosted Express onboarding through an Account Link, or the
// offline provider's test page), and kept current by one function, `applyAccountState`, which
// Stripe's account.updated events, the account read back on the seller's return and the test
// page all call. A seller's listings can be booked only once the account is ready.
import { and, eq, isNull, lte, ne, not, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { mayReceivePayouts } from "#app/domain/accounts/email-verification.server";
import type { SessionUser } from "#app/domain/accounts/sessions.server";
import type { Database } from "#db/client";
import { payoutAccounts, users } from "#db/schema";
import type { ConnectedAccountState, PaymentProvider } from "../providers/types";
import { payoutSetup } from "./payout-words";

/**
 * Whether the seller's account is gone (removed by an admin, or deleted by its owner, who cannot
 * while a deal is unsettled): nothing is paid to it any more (ADR 0079).
 */
export function sellerRemoved(sellerId: SQL | SQLiteColumn): SQL {
  return sql`exists (select 1 from ${users} where ${users.id} = ${sellerId} and ${users.deletedAt} is not null)`;
}

export const PAYOUT_MESSAGES = {
  notSeller: "Only sellers set up payouts.",
  deleted: "This account is closed.",
  alreadyReady: "Payouts are set up already.",
  testModeOnly: "The test onboarding page exists in test mode only.",
  ready: "Payouts are set up: buyers can book your listings.",
  notFinished: "Your payout setup is not finished yet: see what is missing below.",
} as const;

/**
 * Whether the user may set up payouts (null) or why not. The one place this rule lives: a live
 * seller account whose email address is verified (mayReceivePayouts, the accounts' rule).
 */
export function payoutSetupRefusal(user: Pick<SessionUser, "role" | "emailVerified">): string | null {
  if (user.role !== "seller") return PAYOUT_MESSAGES.notSeller;
  // Money goes only to an account whose owner proved its address (the accounts' rule).
  const verified = mayReceivePayouts(user);
  return verified.ok ? null : verified.message;
}

/** The seller's payout account, or null before payouts are set up. */
export async function findPayoutAccount(db: Database, sellerId: string): Promise<PayoutAccount | null> {
  const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, sellerId)).limit(1);
  return account ?? null;
}

export type PayoutAccount = typeof payoutAccounts.$inferSelect;

type Seller = Pick<SessionUser, "id" | "email" | "role" | "emailVerified">;

export type OnboardingResult = { ok: true; url: string } | { ok: false; status: 403 | 409; message: string };

/** The seller's account at this provider, opened there (once) if there is none yet. */
async function ensureAccount(
  db: Database,
  provider: PaymentProvider,
  seller: Seller,
  now = Date.now(),
): Promise<PayoutAccount> {
  const existing = await findPayoutAccount(db, seller.id);
  if (existing && existing.provider === provider.name) return existing;
  // The provider's idempotency key is the seller's: a double click opens one account.
  const { accountId, state } = await provider.payouts.createAccount({ id: seller.id, email: seller.email });
  const fresh = {
    provider: provider.name,
    accountId,
    detailsSubmitted: state?.detailsSubmitted ?? false,
    chargesEnabled: state?.chargesEnabled ?? false,
    payoutsEnabled: state?.payoutsEnabled ?? false,
    transfersActive: state?.transfersActive ?? false,
    requirementsDue: state?.requirementsDue ?? [],
    disabledReason: state?.disabledReason ?? null,
    // No time: the state as opened gives way to any account.updated that follows.
    stateAt: null,
    updatedAt: new Date(now),
  };
  // An account at another provider (the site moved from test mode to Stripe) is replaced.
  await db
    .insert(payoutAccounts)
    .values({ sellerId: seller.id, ...fresh })
    .onConflictDoUpdate({
      target: payoutAccounts.sellerId,
      set: fresh,
      setWhere: ne(payoutAccounts.provider, provider.name),
    });
  return (await findPayoutAccount(db, seller.id))!;
}

/** Set up payouts: the seller's account (opened once) and where to complete it. */
export async function startPayoutOnboarding(
  db: Database,
  provider: PaymentProvider,
  seller: Seller,
  urls: { returnUrl: string; refreshUrl: string },
): Promise<OnboardingResult> {
  const refusal = payoutSetupRefusal(seller);
  if (refusal) return { ok: false, status: 403, message: refusal };
  const account = await ensureAccount(db, provider, seller);
  if (account.provider === provider.name && payoutSetup(account) === "ready") {
    return { ok: false, status: 409, message: PAYOUT_MESSAGES.alreadyReady };
  }
  return { ok: true, url: await provider.payouts.onboardingUrl(account.accountId, urls) };
}

/**
 * The account's state as the provider reported it at `at` (an event's creation time, or now for
 * a state read back). An older report than the one applied changes nothing: events arrive out of
 * order. Returns the seller, when something was applied.
 */
export async function applyAccountState(
  db: Database,
  input: { provider: PaymentProvider["name"]; accountId: string; state: ConnectedAccountState; at: number },
): Promise<{ sellerId: string } | null> {
  const { state } = input;
  const [row] = await db
    .update(payoutAccounts)
    .set({
      detailsSubmitted: state.detailsSubmitted,
      chargesEnabled: state.chargesEnabled,
      payoutsEnabled: state.payoutsEnabled,
      transfersActive: state.transfersActive,
      requirementsDue: state.requirementsDue,
      disabledReason: state.disabledReason,
      stateAt: new Date(input.at),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(payoutAccounts.provider, input.provider),
        eq(payoutAccounts.accountId, input.accountId),
        or(isNull(payoutAccounts.stateAt), lte(payoutAccounts.stateAt, new Date(input.at))),
        // A removed seller's account stays closed whatever the provider says of it.
        not(sellerRemoved(payoutAccounts.sellerId)),
      ),
    )
    .returning({ sellerId: payoutAccounts.sellerId });
  return row ?? null;
}

/** The reason a payout account shows once its seller's account is gone (ADR 0079). */
export const ACCOUNT_REMOVED_REASON = "pay_and_buy.account_removed";

/**
 * The seller's payout account closed, in the batch that removes or deletes the seller (`when`:
 * the condition that the account was removed by that batch): it receives no transfer and no
 * payout again, and a later report of the provider does not open it again.
 */
export function closePayoutAccountStatement(db: Database, sellerId: string, when: SQL, now: number) {
  return db
    .update(payoutAccounts)
    .set({
      transfersActive: false,
      payoutsEnabled: false,
      disabledReason: ACCOUNT_REMOVED_REASON,
      updatedAt: new Date(now),
    })
    .where(and(eq(payoutAccounts.sellerId, sellerId), when));
}

/** The seller is back from the provider's onboarding: their account is read back from it. */
export async function refreshPayoutAccount(
  db: Database,
  provider: PaymentProvider,
  sellerId: string,
  now = Date.now(),
): Promise<PayoutAccount | null> {
  const account = await findPayoutAccount(db, sellerId);
  if (!account || account.provider !== provider.name) return account;
  const state = await provider.payouts.accountState(account.accountId);
  if (state) await applyAccountState(db, { provider: provider.name, accountId: account.accountId, state, at: now });
  return findPayoutAccount(db, sellerId);
}

/** The state a completed test onboarding gives: everything a ready Stripe account reports. */
export const TEST_ACCOUNT_READY: ConnectedAccountState = {
  detailsSubmitted: true,
  chargesEnabled: true,
  payoutsEnabled: true,
  transfersActive: true,
  requirementsDue: [],
  disabledReason: null,
};

/**
 * The offline provider's onboarding page, completed (its form checked by testOnboardingSchema):
 * the same account state Stripe's account.updated would bring, through the same function.
 */
export async function completeTestOnboarding(
  db: Database,
  provider: PaymentProvider,
  seller: Seller,
  now = Date.now(),
): Promise<{ ok: true } | { ok: false; status: 403 | 404; message: string }> {
  if (!provider.testMode) return { ok: false, status: 404, message: PAYOUT_MESSAGES.testModeOnly };
  const refusal = payoutSetupRefusal(seller);
  if (refusal) return { ok: false, status: 403, message: refusal };
  const account = await ensureAccount(db, provider, seller);
  await applyAccountState(db, {
    provider: provider.name,
    accountId: account.accountId,
    state: TEST_ACCOUNT_READY,
    at: now,
  });
  return { ok: true };
}
