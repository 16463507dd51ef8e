// A seller's payouts, for programs: the payout account's state and what is missing, the amounts
// (held, on its way, paid), every deal with price, fee and net, the payout history, and the
// address where the payout setup continues. The token decides whose; nothing else is shown. And
// the admin's statement of the platform's money by month (ADR 0088).
import { Hono } from "hono";
import { feeRuleWords } from "#app/domain/deals/ledger/fees";
import { PLATFORM_FIGURES } from "#app/domain/deals/ledger/figures";
import { readStatementRange } from "#app/domain/deals/ledger/months.server";
import { choosePaymentProvider } from "#app/domain/deals/payments/checkout.server";
import { findPayoutAccount, startPayoutOnboarding } from "#app/domain/deals/payouts/accounts.server";
import { PAYOUTS_PATH } from "#app/domain/deals/payouts/paths";
import { missingForPayouts, payoutSetup } from "#app/domain/deals/payouts/payout-words";
import { listPayouts } from "#app/domain/deals/payouts/payouts.server";
import {
  platformMonths,
  platformStatementCsv,
  platformStatementFileName,
} from "#app/domain/deals/payouts/platform-statement.server";
import {
  sellerMonths,
  sellerStatement,
  statementCsv,
  statementFileName,
} from "#app/domain/deals/payouts/statements.server";
import { getSellerAmounts, listSellerDeals } from "#app/domain/deals/payouts/summary.server";
import { feeRuleOf } from "#app/domain/deals/providers/settings";
import { type Currency, currencyOf, moneyFormatter, toUnits } from "#app/domain/shared/money";
import { type ApiEnv, appEnv, db, requireApiRole, requireBearer } from "../context";
import { apiError } from "../errors";
import { listHeaders, requestedPage } from "../shapes";

export const payoutsApi = new Hono<ApiEnv>();

const sellerOnly = [requireBearer, requireApiRole("seller")] as const;
const adminOnly = [requireBearer, requireApiRole("admin")] as const;

const money = (cents: number | null, currency: Currency) => (cents === null ? null : toUnits(cents, currency));

/** The payout account's state, what is missing, the amounts and the platform's fee. */
payoutsApi.get("/payouts", ...sellerOnly, async (c) => {
  const sellerId = c.get("user").id;
  const rule = feeRuleOf(appEnv(c).settings);
  const currency = appEnv(c).currency;
  const [account, totals] = await Promise.all([
    findPayoutAccount(db(c), sellerId),
    getSellerAmounts(db(c), sellerId, rule),
  ]);
  return c.json({
    account: {
      setup: payoutSetup(account),
      provider: account?.provider ?? null,
      accountId: account?.accountId ?? null,
      detailsSubmitted: account?.detailsSubmitted ?? false,
      payoutsEnabled: account?.payoutsEnabled ?? false,
      transfersActive: account?.transfersActive ?? false,
      requirementsDue: account?.requirementsDue ?? [],
      missing: missingForPayouts(account),
    },
    fee: {
      basisPoints: rule.basisPoints,
      fixedCents: rule.fixedCents,
      words: feeRuleWords(rule, moneyFormatter(appEnv(c).currency)),
    },
    amounts: Object.fromEntries(
      Object.entries(totals).flatMap(([name, cents]) => [
        [name, toUnits(cents, currency)],
        [`${name}Cents`, cents],
      ]),
    ),
  });
});

/** The seller's deals, newest first: price, fee, net (expected while held), refunds, state, claim. */
payoutsApi.get("/payouts/deals", ...sellerOnly, async (c) => {
  const page = requestedPage(c);
  const deals = await listSellerDeals(db(c), c.get("user").id, page, feeRuleOf(appEnv(c).settings));
  listHeaders(c, deals);
  return c.json(
    deals.rows.map((deal) => ({
      bookingId: deal.bookingId,
      productId: deal.productId,
      productName: deal.productName,
      buyerName: deal.buyerName,
      state: deal.state,
      price: toUnits(deal.amountCents, currencyOf(deal.currency)),
      priceCents: deal.amountCents,
      // As the Payouts page shows it: a shipped sale's shipping (within the price), and the label
      // bought through Pay&Buy, paid from the sale at release (ADR 0086); 0 for a meetup.
      shipping: toUnits(deal.shippingCents, currencyOf(deal.currency)),
      shippingCents: deal.shippingCents,
      label: toUnits(deal.labelCostCents, currencyOf(deal.currency)),
      labelCents: deal.labelCostCents,
      fee: money(deal.fee, currencyOf(deal.currency)),
      feeCents: deal.fee,
      net: money(deal.net, currencyOf(deal.currency)),
      netCents: deal.net,
      // While held, the fee and net are what the release would make them now.
      expected: deal.expected,
      refunded: toUnits(deal.refunded, currencyOf(deal.currency)),
      refundedCents: deal.refunded,
      currency: deal.currency,
      paidAt: deal.createdAt.toISOString(),
      protectionEndsAt: deal.releaseDueAt?.toISOString() ?? null,
      releasedAt: deal.releasedAt?.toISOString() ?? null,
      movementsPending: deal.pending,
      claim: deal.claimId
        ? {
            _id: deal.claimId,
            status: deal.claimStatus,
            reason: deal.claimReason,
            details: deal.claimDetails,
            sellerAnswer: deal.claimAnswer,
          }
        : null,
    })),
  );
});

/** The seller's payouts to their bank, newest first. */
payoutsApi.get("/payouts/history", ...sellerOnly, async (c) => {
  const page = requestedPage(c);
  const history = await listPayouts(db(c), c.get("user").id, page);
  listHeaders(c, history);
  return c.json(
    history.rows.map((payout) => ({
      _id: payout.id,
      providerPayoutId: payout.providerPayoutId,
      amount: toUnits(payout.amountCents, currencyOf(payout.currency)),
      amountCents: payout.amountCents,
      currency: payout.currency,
      status: payout.status,
      arrivalAt: payout.arrivalAt?.toISOString() ?? null,
      failureMessage: payout.failureMessage,
      createdAt: payout.createdAt.toISOString(),
    })),
  );
});

/**
 * Set up payouts: the seller's account at the provider (opened once) and the address where its
 * onboarding continues (Stripe's hosted onboarding, or the test page in test mode).
 */
/** The seller's money in each of the last 12 months, from the ledger (what the Payouts page charts). */
payoutsApi.get("/payouts/months", ...sellerOnly, async (c) => {
  const months = await sellerMonths(db(c), c.get("user").id);
  return c.json(
    months.map((month) => ({
      month: month.month,
      currency: month.currency,
      sales: toUnits(month.sales, currencyOf(month.currency)),
      salesCents: month.sales,
      fees: toUnits(month.fees, currencyOf(month.currency)),
      feesCents: month.fees,
      refunds: toUnits(month.refunds, currencyOf(month.currency)),
      refundsCents: month.refunds,
      received: toUnits(month.received, currencyOf(month.currency)),
      receivedCents: month.received,
      paidOut: toUnits(month.paidOut, currencyOf(month.currency)),
      paidOutCents: month.paidOut,
    })),
  );
});

/** The seller's statement of the months asked for (`?from=YYYY-MM&to=YYYY-MM`), as CSV. */
payoutsApi.get("/payouts/statement", ...sellerOnly, async (c) => {
  const range = readStatementRange(c.req.query("from") ?? null, c.req.query("to") ?? null);
  if (!range.ok) return apiError(c, 422, "invalid", range.message);
  const lines = await sellerStatement(db(c), c.get("user").id, range);
  return c.body(statementCsv(lines), 200, {
    "Content-Type": "text/csv; charset=utf-8; header=present",
    "Content-Disposition": `attachment; filename="${statementFileName(range)}"`,
  });
});

/**
 * The platform's money by month (ADR 0088): the months asked for (`?from=YYYY-MM&to=YYYY-MM`, the
 * last 12 by default, what the Claims page charts), a row per month and currency.
 */
payoutsApi.get("/platform/months", ...adminOnly, async (c) => {
  const range = readStatementRange(c.req.query("from") ?? null, c.req.query("to") ?? null);
  if (!range.ok) return apiError(c, 422, "invalid", range.message);
  const months = await platformMonths(db(c), range);
  return c.json(
    months.map((month) => ({
      month: month.month,
      currency: month.currency,
      ...Object.fromEntries(
        PLATFORM_FIGURES.flatMap((figure) => [
          [figure, toUnits(month[figure], currencyOf(month.currency))],
          [`${figure}Cents`, month[figure]],
        ]),
      ),
    })),
  );
});

/** The platform's statement of the months asked for (`?from=YYYY-MM&to=YYYY-MM`), as CSV. */
payoutsApi.get("/platform/statement", ...adminOnly, async (c) => {
  const range = readStatementRange(c.req.query("from") ?? null, c.req.query("to") ?? null);
  if (!range.ok) return apiError(c, 422, "invalid", range.message);
  const months = await platformMonths(db(c), range);
  return c.body(platformStatementCsv(months), 200, {
    "Content-Type": "text/csv; charset=utf-8; header=present",
    "Content-Disposition": `attachment; filename="${platformStatementFileName(range)}"`,
  });
});

payoutsApi.post("/payouts/onboarding", ...sellerOnly, async (c) => {
  const origin = appEnv(c).settings.APP_URL ?? new URL(c.req.url).origin;
  const result = await startPayoutOnboarding(db(c), choosePaymentProvider(db(c), appEnv(c).settings), c.get("user"), {
    returnUrl: `${origin}${PAYOUTS_PATH}?onboarding=return`,
    refreshUrl: `${origin}${PAYOUTS_PATH}?onboarding=refresh`,
  });
  if (!result.ok) return apiError(c, result.status, result.status === 409 ? "conflict" : "forbidden", result.message);
  const url = new URL(result.url, origin).href;
  return c.json({ url });
});
