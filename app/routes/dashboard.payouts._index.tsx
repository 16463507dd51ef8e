import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, redirect, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { DialogActions, UrlDialog } from "#app/components/dialog";
import { TextareaField } from "#app/components/forms";
import * as formStyles from "#app/components/forms.css";
import { MoneyByMonth } from "#app/components/money-by-month";
import { MoneyFigures } from "#app/components/money-figures";
import { PagedTable } from "#app/components/paged-table";
import * as table from "#app/components/table.css";
import { CLAIM_TEXT_MAX, claimAnswerFieldsSchema } from "#app/domain/deals/claims/claim-schema";
import { CLAIM_REASON_WORDS, CLAIM_STATUS_WORDS } from "#app/domain/deals/claims/claim-words";
import { answerClaim, CLAIM_MESSAGES } from "#app/domain/deals/claims/claims.server";
import { feeRuleWords } from "#app/domain/deals/ledger/fees";
import { choosePaymentProvider } from "#app/domain/deals/payments/checkout.server";
import {
  findPayoutAccount,
  refreshPayoutAccount,
  startPayoutOnboarding,
} from "#app/domain/deals/payouts/accounts.server";
import { PAYOUTS_PATH } from "#app/domain/deals/payouts/paths";
import { feeRuleOf } from "#app/domain/deals/providers/settings";
import { zoneTable } from "#app/domain/shared/time-zones.server";
import { useCurrency } from "#app/utils/use-currency";

const STATEMENT_PATH = `${PAYOUTS_PATH}/statement`;

import { lastMonths } from "#app/domain/deals/ledger/months.server";
import {
  missingForPayouts,
  PAYOUT_SETUP_WORDS,
  PAYOUT_STATUS_WORDS,
  payoutSetup,
} from "#app/domain/deals/payouts/payout-words";
import { listPayouts } from "#app/domain/deals/payouts/payouts.server";
import { saleSumWords } from "#app/domain/deals/payouts/sale-sum";
import { sellerMonths } from "#app/domain/deals/payouts/statements.server";
import { getSellerAmounts, listSellerDeals } from "#app/domain/deals/payouts/summary.server";
import { formatDay, formatMoment } from "#app/domain/shared/dates";
import { readListQuery } from "#app/domain/shared/list-query";
import { type Currency, currenciesOf, formatMoney, moneyFormatter } from "#app/domain/shared/money";
import { idSchema } from "#app/domain/shared/schemas";
import { requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { button } from "#app/styles/utilities.css";
import { listHref } from "#app/utils/list-urls";
import { pageOrLast } from "#app/utils/paged-list.server";
import { pageMeta } from "#app/utils/seo";
import { requireRoleWith, requireSeller } from "#app/utils/session.server";
import { redirectWithError, redirectWithResult } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { database } from "#db/client";
import type { DealState } from "#db/closed-lists";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Payouts", "Your payout account, the money of your sales and your payouts on Pay&Buy.");

const DEAL_STATE_WORDS = {
  held: "Held for the buyer's protection",
  released: "Released to you",
  refunded: "Refunded to the buyer",
  settled_outside: "Settled before payouts",
} as const satisfies Record<DealState, string>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { page } = readListQuery(url.searchParams);
  const db = database(context.env.DB);
  const provider = choosePaymentProvider(db, context.env.settings);
  // Back from the provider's onboarding: the account is read back from it (Stripe), so the page
  // is current even before account.updated arrives.
  if (url.searchParams.get("onboarding") === "return") {
    const seller = await requireSeller(request, context);
    await refreshPayoutAccount(db, provider, seller.id);
  }
  // Everything travels with the session's read: one D1 round trip (ADR 0040, 0069).
  const rule = feeRuleOf(context.env.settings);
  const { user, data } = await requireRoleWith(request, context, ["seller"], async (viewer) => {
    const [account, amounts, deals, history, months] = await Promise.all([
      findPayoutAccount(db, viewer.id),
      getSellerAmounts(db, viewer.id, rule),
      listSellerDeals(db, viewer.id, page, rule),
      listPayouts(db, viewer.id, 1),
      sellerMonths(db, viewer.id),
    ]);
    return { account, amounts, deals, history, months };
  });
  const { account, amounts, history, months } = data;
  const zone = zoneTable(user.timeZone);
  const deals = pageOrLast(data.deals, PAYOUTS_PATH, { page });
  const answerId = url.searchParams.get("answer");
  const answering = deals.rows.find((deal) => deal.claimId === answerId && deal.claimStatus === "open") ?? null;
  const setup = payoutSetup(account);
  return {
    setup,
    missing: missingForPayouts(account),
    testMode: provider.testMode,
    feeWords: feeRuleWords(rule, moneyFormatter(context.env.currency)),
    amounts,
    months,
    monthCurrencies: currenciesOf(months.map((month) => month.currency)),
    statementDefaults: lastMonths(),
    deals: {
      ...deals,
      rows: deals.rows.map((deal) => ({
        bookingId: deal.bookingId,
        productName: deal.productName,
        buyerName: deal.buyerName,
        state: deal.state,
        amountCents: deal.amountCents,
        // A shipped sale's shipping, and the label bought through Pay&Buy paid from it (ADR 0086).
        shippingCents: deal.shippingCents,
        labelCents: deal.labelCostCents,
        fee: deal.fee,
        net: deal.net,
        expected: deal.expected,
        sum: saleSumWords({ ...deal, labelCents: deal.labelCostCents }, context.env.currency),
        refunded: deal.refunded,
        protectionEnds: deal.state === "held" ? formatMoment(deal.releaseDueAt, zone) : null,
        paidOn: formatDay(deal.createdAt, zone),
        claim: deal.claimId
          ? {
              id: deal.claimId,
              status: deal.claimStatus!,
              reason: deal.claimReason!,
              details: deal.claimDetails ?? "",
              answer: deal.claimAnswer,
            }
          : null,
      })),
    },
    history: {
      total: history.total,
      rows: history.rows.map((payout) => ({
        id: payout.id,
        amountCents: payout.amountCents,
        status: payout.status,
        createdOn: formatDay(payout.createdAt, zone),
        arrivalOn: formatDay(payout.arrivalAt, zone),
        failureMessage: payout.failureMessage,
      })),
    },
    answering: answering?.claimId
      ? { claimId: answering.claimId, productName: answering.productName, details: answering.claimDetails ?? "" }
      : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const seller = await requireSeller(request, context);
  const back = listHref(PAYOUTS_PATH, { page: readListQuery(new URL(request.url).searchParams).page });
  const form = await requireFormData(request);
  const intent = form.get("intent");
  const db = database(context.env.DB);
  if (intent === "setup") {
    const origin = context.env.settings.APP_URL ?? new URL(request.url).origin;
    const started = await startPayoutOnboarding(db, choosePaymentProvider(db, context.env.settings), seller, {
      returnUrl: `${origin}${PAYOUTS_PATH}?onboarding=return`,
      refreshUrl: `${origin}${PAYOUTS_PATH}?onboarding=refresh`,
    });
    if (!started.ok) return redirectWithError(context, back, started.message);
    return redirect(started.url, 303);
  }
  if (intent === "answer") {
    const claimId = idSchema.safeParse(form.get("claimId"));
    if (!claimId.success) return redirectWithError(context, back, CLAIM_MESSAGES.claimNotFound);
    const parsed = claimAnswerFieldsSchema.safeParse({ answer: form.get("answer") ?? undefined });
    if (!parsed.success) {
      return redirectWithError(
        context,
        listHref(PAYOUTS_PATH, {}, { answer: claimId.data }),
        parsed.error.issues[0]!.message,
      );
    }
    const result = await answerClaim(db, seller, claimId.data, parsed.data.answer);
    if (result.ok) await publishFromRoute(context, result.events);
    return redirectWithResult(context, back, result, CLAIM_MESSAGES.answered);
  }
  throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
}

const money = (cents: number | null, currency: Currency) => (cents === null ? "—" : formatMoney(cents, currency));

export default function Payouts() {
  const currency = useCurrency();
  const {
    setup,
    missing,
    testMode,
    feeWords,
    amounts,
    deals,
    history,
    answering,
    months,
    monthCurrencies,
    statementDefaults,
  } = useLoaderData<typeof loader>();
  const settingUp = useIsPending({ state: "non-idle", intent: "setup" });
  return (
    <DashboardPage title="Payouts">
      <section aria-labelledby="payout-account">
        <h2 id="payout-account">Payout account</h2>
        <p>{PAYOUT_SETUP_WORDS[setup]}</p>
        {missing.length > 0 ? (
          <>
            <p>What is missing:</p>
            <ul>
              {missing.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </>
        ) : null}
        {setup === "not_started" || setup === "incomplete" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="setup" />
            <button type="submit" className={button.primary} disabled={settingUp}>
              {setup === "not_started" ? "Set up payouts" : "Continue payout setup"}
            </button>
            {testMode ? <p>Test mode: the setup happens on a test page of this site, and no money moves.</p> : null}
          </Form>
        ) : null}
        <p>{`The platform's fee on each sale: ${feeWords} of the item's price, never of the shipping.`}</p>
      </section>

      <section aria-labelledby="payout-amounts">
        <h2 id="payout-amounts">Your money</h2>
        {amounts.owed > 0 ? (
          <p role="status">
            {`You owe ${formatMoney(amounts.owed, currency)}: a refund or a chargeback after you were paid that your payout account could not give back, or a return label for a fault. It is taken from your next sales before anything is paid out, and taken back from your payout account when it holds enough.`}
          </p>
        ) : null}
        <MoneyFigures
          currency={currency}
          figures={[
            { term: "Held for buyers' protection", cents: amounts.held },
            { term: "On its way to your bank", cents: amounts.onItsWay },
            { term: "Paid to your bank", cents: amounts.paid },
            { term: "Fees on released sales", cents: amounts.fees },
            { term: "Refunded to buyers", cents: amounts.refunded },
            { term: "You owe", cents: amounts.owed },
          ]}
        />
      </section>

      <MoneyByMonth
        id="payout-months"
        heading="Your money by month"
        empty="Nothing has moved yet: your sales show here once they are paid."
        months={months}
        currencies={monthCurrencies}
        figures={[
          { figure: "sales", header: "Buyers paid" },
          { figure: "fees", header: "Fees" },
          { figure: "refunds", header: "Refunds" },
          { figure: "received", header: "Sent to you" },
          { figure: "paidOut", header: "Paid to your bank" },
        ]}
        charted="received"
        chartTitle="Sent to you each month"
        caption="Your money by month"
        statement={{
          action: STATEMENT_PATH,
          heading: "Download a statement",
          intro: "Every movement of your money in the months you choose, as a CSV file for a spreadsheet.",
          submit: "Download the statement (CSV)",
          defaults: statementDefaults,
        }}
      />

      <section aria-labelledby="payout-sales">
        <h2 id="payout-sales">Your sales</h2>
        <PagedTable
          pathname={PAYOUTS_PATH}
          list={deals}
          rowKey={(deal) => deal.bookingId}
          wide
          region="payout-deals"
          empty="You don't have any sale yet"
          caption={`Your sales, newest first: item + shipping − fee − label = what you receive. The fee (${feeWords}) is on the item's price only, never on the shipping. While held, the fee and what you receive are what the release will pay.`}
          columns={[
            { header: "Product", kind: "name", cell: (deal) => deal.productName },
            { header: "Buyer", cell: (deal) => deal.buyerName },
            { header: "Paid on", cell: (deal) => deal.paidOn },
            // One meaning for a price on both sides of the deal: the item's price, as the buyer's
            // My Orders shows it, then the shipping; the sum says how "You receive" is made (ADR 0100).
            {
              header: "Item Price",
              className: table.amount,
              cell: (deal) => formatMoney(deal.amountCents - deal.shippingCents, currency),
            },
            {
              header: "Shipping",
              className: table.amount,
              cell: (deal) => (deal.shippingCents > 0 ? formatMoney(deal.shippingCents, currency) : "None"),
            },
            { header: "Fee", className: table.amount, cell: (deal) => money(deal.fee, currency) },
            {
              header: "Label",
              className: table.amount,
              cell: (deal) => (deal.labelCents > 0 ? formatMoney(deal.labelCents, currency) : "None"),
            },
            {
              header: "You receive",
              className: table.amount,
              cell: (deal) => (
                <>
                  {money(deal.net, currency)}
                  {deal.sum ? <small className={`${table.deadline} ${table.sum}`}>{deal.sum}</small> : null}
                </>
              ),
            },
            { header: "Refunded", className: table.amount, cell: (deal) => formatMoney(deal.refunded, currency) },
            {
              header: "State",
              cell: (deal) => (
                <>
                  {DEAL_STATE_WORDS[deal.state]}
                  {deal.protectionEnds ? (
                    <small className={table.deadline}>{`Released ${deal.protectionEnds} unless claimed`}</small>
                  ) : null}
                </>
              ),
            },
            {
              header: "Claim",
              cell: (deal) =>
                deal.claim ? (
                  <>
                    {`${CLAIM_REASON_WORDS[deal.claim.reason]}: ${deal.claim.details}`}
                    <small className={table.deadline}>{CLAIM_STATUS_WORDS[deal.claim.status]}</small>
                    {deal.claim.answer ? <small>{`Your answer: ${deal.claim.answer}`}</small> : null}
                    {deal.claim.status === "open" ? (
                      <Link
                        to={listHref(PAYOUTS_PATH, { page: deals.page }, { answer: deal.claim.id })}
                        preventScrollReset
                        aria-label={`Answer the claim: ${deal.productName}`}
                      >
                        {deal.claim.answer ? "Change your answer" : "Answer"}
                      </Link>
                    ) : null}
                  </>
                ) : (
                  "None"
                ),
            },
          ]}
        />
      </section>

      <section aria-labelledby="payout-history">
        <h2 id="payout-history">Payouts to your bank</h2>
        <PagedTable
          pathname={PAYOUTS_PATH}
          list={{ rows: history.rows, page: 1, pageCount: 1, pageSize: history.rows.length }}
          rowKey={(payout) => payout.id}
          region="payout-history"
          empty="No payout to your bank yet"
          caption={
            history.total > history.rows.length
              ? `Your latest ${history.rows.length} of ${history.total} payouts to your bank`
              : "Your payouts to your bank"
          }
          columns={[
            { header: "Made on", kind: "name", cell: (payout) => payout.createdOn },
            { header: "Amount", className: table.amount, cell: (payout) => formatMoney(payout.amountCents, currency) },
            {
              header: "Status",
              cell: (payout) => (
                <>
                  {PAYOUT_STATUS_WORDS[payout.status]}
                  {payout.failureMessage ? <small className={table.deadline}>{payout.failureMessage}</small> : null}
                </>
              ),
            },
            { header: "Arrives", cell: (payout) => payout.arrivalOn ?? "—" },
          ]}
        />
      </section>

      {answering ? <AnswerDialog answering={answering} page={deals.page} /> : null}
    </DashboardPage>
  );
}

/** The seller's answer to a buyer's open claim, for the admin who decides it. */
function AnswerDialog({
  answering,
  page,
}: {
  answering: { claimId: string; productName: string; details: string };
  page: number;
}) {
  const pending = useIsPending({ intent: "answer" });
  return (
    <UrlDialog title="Answer the claim" closeHref={listHref(PAYOUTS_PATH, { page })}>
      <p>{answering.productName}</p>
      <p>{`The buyer says: ${answering.details}`}</p>
      <Form method="post" className={formStyles.form} preventScrollReset>
        <input type="hidden" name="intent" value="answer" />
        <input type="hidden" name="claimId" value={answering.claimId} />
        <TextareaField
          label="Your answer*"
          textareaProps={{ id: "claim-answer", name: "answer", required: true, maxLength: CLAIM_TEXT_MAX, rows: 4 }}
        />
        <DialogActions closeHref={listHref(PAYOUTS_PATH, { page })} submit="Send answer" pending={pending} />
      </Form>
    </UrlDialog>
  );
}
