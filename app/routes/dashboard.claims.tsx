import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { DialogActions, UrlDialog } from "#app/components/dialog";
import { TextareaField } from "#app/components/forms";
import * as formStyles from "#app/components/forms.css";
import { MoneyByMonth } from "#app/components/money-by-month";
import { MoneyFigures } from "#app/components/money-figures";
import { PagedTable, PersonCell } from "#app/components/paged-table";
import { ReturnsToDecide, type ReturnToDecide } from "#app/components/returns-to-decide";
import * as table from "#app/components/table.css";
import { TestModeBox } from "#app/components/test-mode-box";
import { CLAIM_TEXT_MAX, claimDecisionFieldsSchema } from "#app/domain/deals/claims/claim-schema";
import {
  CLAIM_DECISION_WORDS,
  CLAIM_OUTCOME_WORDS,
  CLAIM_REASON_WORDS,
  CLAIM_STATUS_WORDS,
} from "#app/domain/deals/claims/claim-words";
import { listClaims, listRemovedSellersHeldDeals } from "#app/domain/deals/claims/claims.server";
import { PLATFORM_FIGURE_WORDS, PLATFORM_FIGURES } from "#app/domain/deals/ledger/figures";
import { lastMonths } from "#app/domain/deals/ledger/months.server";
import { choosePaymentProvider } from "#app/domain/deals/payments/checkout.server";
import { CLAIMS_PATH, RECONCILIATION_PATH } from "#app/domain/deals/payouts/paths";
import { platformMonths } from "#app/domain/deals/payouts/platform-statement.server";
import { getPlatformTotals } from "#app/domain/deals/payouts/summary.server";
import { returnsToDecide } from "#app/domain/deals/returns/returns.server";
import { serialsMatch, shutterRise } from "#app/domain/deals/returns/steps";
import { DEAL_MESSAGES, decideClaim } from "#app/domain/deals/settlement/decisions.server";
import { listDisputes } from "#app/domain/deals/settlement/disputes.server";
import type { ClaimDecision } from "#app/domain/deals/settlement/plan";
import { SHIPMENT_STATUS_WORDS } from "#app/domain/deals/shipping/shipment-words";
import { formatDay, formatMoment } from "#app/domain/shared/dates";
import { readListQuery } from "#app/domain/shared/list-query";
import { currenciesOf, formatMoney } from "#app/domain/shared/money";
import { idSchema } from "#app/domain/shared/schemas";
import { inTestMode } from "#app/domain/shared/test-mode";
import { zoneTable } from "#app/domain/shared/time-zones.server";
import { requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { button } from "#app/styles/utilities.css";
import { listHref } from "#app/utils/list-urls";
import { pageOrLast } from "#app/utils/paged-list.server";
import { pageMeta } from "#app/utils/seo";
import { requireAdmin, requireRoleWith } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { useCurrency } from "#app/utils/use-currency";
import { useIsPending } from "#app/utils/use-is-pending";
import { database } from "#db/client";
import { CLAIM_OUTCOMES, type DealState, type DisputeStatus } from "#db/closed-lists";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Claims", "Buyers' claims about their payments, and the platform's money.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { page } = readListQuery(url.searchParams);
  const db = database(context.env.DB);
  // The claims and the totals travel with the session's read: one D1 round trip (ADR 0040, 0069).
  const {
    user,
    data: [list, totals, removed, disputed, months, toDecide],
  } = await requireRoleWith(request, context, ["admin"], () =>
    Promise.all([
      listClaims(db, page, null),
      getPlatformTotals(db),
      listRemovedSellersHeldDeals(db, 1),
      listDisputes(db, 1),
      platformMonths(db),
      returnsToDecide(db),
    ]),
  );
  const claims = pageOrLast(list, CLAIMS_PATH, { page });
  const zone = zoneTable(user.timeZone);
  const decideId = url.searchParams.get("decide");
  const deciding = claims.rows.find((claim) => claim.id === decideId && claim.status === "open") ?? null;
  return {
    totals,
    // Returns that reached the admin (ADR 0107), with both sides' words, photos and serials.
    returns: toDecide.map(
      (item): ReturnToDecide => ({
        id: item.id,
        bookingId: item.bookingId,
        productName: item.productName,
        amountCents: item.amountCents,
        buyerName: item.buyerName,
        sellerName: item.sellerName,
        reason: item.reason,
        details: item.details,
        sellerAnswer: item.sellerAnswer,
        offerCents: item.offerCents,
        toAdminReason: item.toAdminReason,
        problem: item.problem,
        problemDetails: item.problemDetails,
        serials: { listing: item.listingSerial, buyer: item.buyerSerial, seller: item.sellerSerial },
        shutter: {
          listing: item.listingShutterCount,
          buyer: item.buyerShutterCount,
          rise: shutterRise(item.listingShutterCount, item.buyerShutterCount),
        },
        serialMismatch: !serialsMatch(item.listingSerial, item.buyerSerial, item.sellerSerial),
        labelCostCents: item.labelCostCents,
        photos: item.photos.map((photo) => ({ key: photo.key, side: photo.side })),
      }),
    ),
    testMode: inTestMode(context.env.settings),
    months,
    monthCurrencies: currenciesOf(months.map((month) => month.currency)),
    statementDefaults: lastMonths(),
    disputes: {
      total: disputed.total,
      rows: disputed.rows.map((dispute) => ({
        id: dispute.id,
        productName: dispute.productName,
        amountCents: dispute.amountCents,
        reason: dispute.reason.replaceAll("_", " "),
        status: DISPUTE_STATUS_WORDS[dispute.status],
        open: dispute.closedAt === null,
        evidenceDue:
          dispute.closedAt === null && dispute.evidenceDueAt ? formatMoment(dispute.evidenceDueAt, zone) : null,
        evidenceSent: dispute.evidenceSubmittedAt ? formatDay(dispute.evidenceSubmittedAt, zone) : null,
        handover:
          dispute.delivery === "ship"
            ? dispute.trackingNumber
              ? `Shipped${dispute.carrier ? ` with ${dispute.carrier}` : ""}, tracking ${dispute.trackingNumber}${dispute.deliveredAt ? `, delivered ${formatDay(dispute.deliveredAt, zone)}` : ""}`
              : "Shipped: no tracking number recorded"
            : `Met at ${dispute.meetLocation}`,
        confirmedByBuyer: dispute.confirmedByBuyer,
        buyer: `${dispute.buyerName} (${dispute.buyerEmail})`,
        // What Pay&Buy holds for the evidence.
        booked: formatDay(dispute.bookedAt, zone),
        paid: formatDay(dispute.paidAt, zone),
        meetLocation: dispute.meetLocation,
        money: dispute.dealState ? DISPUTED_DEAL_WORDS[dispute.dealState] : null,
        released: dispute.releasedAt ? formatDay(dispute.releasedAt, zone) : null,
        claim: dispute.claimStatus ? `${CLAIM_STATUS_WORDS[dispute.claimStatus]}: ${dispute.claimDetails}` : null,
        messages: dispute.messageCount,
      })),
    },
    removed: {
      total: removed.total,
      rows: removed.rows.map((deal) => ({
        bookingId: deal.bookingId,
        productName: deal.productName,
        amountCents: deal.amountCents,
        paidOn: formatDay(deal.paidAt, zone),
        buyer: `${deal.buyerName} (${deal.buyerEmail})`,
        seller: deal.sellerName,
        claimOpen: deal.claimStatus === "open",
      })),
    },
    claims: {
      ...claims,
      rows: claims.rows.map((claim) => ({
        id: claim.id,
        productName: claim.productName,
        amountCents: claim.amountCents,
        reason: claim.reason,
        details: claim.details,
        sellerAnswer: claim.sellerAnswer,
        status: claim.status,
        outcome: claim.outcome,
        refundCents: claim.refundCents,
        decisionNote: claim.decisionNote,
        openedOn: formatDay(claim.createdAt, zone),
        protectionEnds: claim.dealState === "held" ? formatMoment(claim.releaseDueAt, zone) : null,
        buyer: { name: claim.buyerName, email: claim.buyerEmail },
        seller: { name: claim.sellerName, email: claim.sellerEmail },
        // A shipped order's parcel, beside its claim (ADR 0086).
        parcel: claim.parcelStatus
          ? {
              status: SHIPMENT_STATUS_WORDS[claim.parcelStatus],
              tracking: claim.parcelTrackingNumber ? `${claim.parcelCarrier} ${claim.parcelTrackingNumber}` : null,
              sent: formatDay(claim.parcelShippedAt, zone),
              delivered: formatDay(claim.parcelDeliveredAt, zone),
              lastEvent: formatMoment(claim.parcelLastEventAt, zone),
            }
          : null,
      })),
    },
    deciding: deciding
      ? { id: deciding.id, productName: deciding.productName, amountCents: deciding.amountCents }
      : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const back = listHref(CLAIMS_PATH, { page: readListQuery(new URL(request.url).searchParams).page });
  const form = await requireFormData(request);
  if (form.get("intent") !== "decide") throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
  const claimId = idSchema.safeParse(form.get("claimId"));
  if (!claimId.success) return redirectWithError(context, back, DEAL_MESSAGES.claimNotFound);
  const parsed = claimDecisionFieldsSchema(context.env.currency).safeParse({
    outcome: form.get("outcome") ?? undefined,
    amount: form.get("amount") ?? undefined,
    note: form.get("note") ?? undefined,
  });
  if (!parsed.success) {
    const again = listHref(CLAIMS_PATH, {}, { decide: claimId.data });
    return redirectWithError(context, again, parsed.error.issues[0]!.message);
  }
  const { outcome, amount, note } = parsed.data;
  const decision: ClaimDecision = outcome === "refund_partial" ? { outcome, amountCents: amount! } : { outcome };
  const db = database(context.env.DB);
  const settings = context.env.settings;
  const provider = choosePaymentProvider(db, settings);
  const result = await decideClaim(db, provider, settings, admin, claimId.data, decision, note ?? null);
  if (!result.ok) return redirectWithError(context, back, result.message);
  await publishFromRoute(context, result.events);
  return result.decided
    ? redirectWithSuccess(context, back, result.message)
    : redirectWithError(context, back, result.message);
}

const REFUND_PATH = `${CLAIMS_PATH}/refund`;
const EVIDENCE_PATH = `${CLAIMS_PATH}/evidence`;
const TEST_DISPUTE_PATH = `${CLAIMS_PATH}/test-dispute`;
const STATEMENT_PATH = `${CLAIMS_PATH}/statement`;

export default function Claims() {
  const currency = useCurrency();
  const { totals, months, monthCurrencies, statementDefaults, claims, deciding, removed, disputes, testMode, returns } =
    useLoaderData<typeof loader>();
  // Chargebacks come first while one is open (the open ones lead the list); decided ones follow the claims.
  const openDispute = disputes.rows.some((dispute) => dispute.open);
  return (
    <DashboardPage title="Claims">
      {/* What needs a decision first: the open chargebacks and claims; the figures after (ADR 0099). */}
      {openDispute ? <Disputes disputes={disputes} /> : null}

      {removed.total > 0 ? <RemovedSellersPayments removed={removed} page={claims.page} /> : null}

      {returns.length > 0 ? <ReturnsToDecide returns={returns} action={`${CLAIMS_PATH}/returns`} /> : null}

      <PagedTable
        pathname={CLAIMS_PATH}
        list={claims}
        rowKey={(claim) => claim.id}
        wide
        region="claims"
        empty="There is no claim"
        caption="Buyers' claims, open ones first, then the newest."
        columns={[
          { header: "Product", kind: "name", cell: (claim) => claim.productName },
          { header: "Price", className: table.amount, cell: (claim) => formatMoney(claim.amountCents, currency) },
          { header: "Buyer", cell: (claim) => <PersonCell {...claim.buyer} /> },
          { header: "Seller", cell: (claim) => <PersonCell {...claim.seller} /> },
          {
            header: "Claim",
            cell: (claim) => (
              <>
                {`${CLAIM_REASON_WORDS[claim.reason]}: ${claim.details}`}
                <small className={table.deadline}>{`Opened ${claim.openedOn}`}</small>
                {claim.parcel ? (
                  <small className={table.deadline}>
                    {[
                      `Parcel: ${claim.parcel.status}`,
                      claim.parcel.tracking ? `tracking ${claim.parcel.tracking}` : "no tracking",
                      claim.parcel.sent ? `sent ${claim.parcel.sent}` : null,
                      claim.parcel.delivered ? `delivered ${claim.parcel.delivered}` : null,
                      claim.parcel.lastEvent ? `last carrier event ${claim.parcel.lastEvent}` : null,
                    ]
                      .filter(Boolean)
                      .join(", ")}
                  </small>
                ) : null}
              </>
            ),
          },
          { header: "Seller's answer", cell: (claim) => claim.sellerAnswer ?? "No answer yet" },
          {
            header: "Status",
            cell: (claim) => (
              <>
                {CLAIM_STATUS_WORDS[claim.status]}
                {claim.outcome ? (
                  <small className={table.deadline}>
                    {`${CLAIM_OUTCOME_WORDS[claim.outcome]}${claim.refundCents ? `: ${formatMoney(claim.refundCents, currency)}` : ""}`}
                  </small>
                ) : null}
                {claim.decisionNote ? <small>{claim.decisionNote}</small> : null}
              </>
            ),
          },
          {
            header: "Action",
            kind: "actions",
            cell: (claim) =>
              claim.status === "open" ? (
                <Link
                  to={listHref(CLAIMS_PATH, { page: claims.page }, { decide: claim.id })}
                  className={button.primary}
                  preventScrollReset
                  aria-label={`Decide: ${claim.productName}`}
                >
                  Decide
                </Link>
              ) : (
                "Closed"
              ),
          },
        ]}
      >
        {deciding ? <DecisionDialog deciding={deciding} page={claims.page} /> : null}
      </PagedTable>

      {disputes.total > 0 && !openDispute ? <Disputes disputes={disputes} /> : null}

      {testMode ? <TestBankDecisions disputes={disputes.rows.filter((dispute) => dispute.open)} /> : null}

      <section aria-labelledby="platform-totals">
        <h2 id="platform-totals">The platform&apos;s money</h2>
        {totals.currencies.length === 0 ? <p>No payment yet.</p> : null}
        {totals.currencies.map((row) => (
          <MoneyFigures
            key={row.currency}
            caption={`In ${row.currency.toUpperCase()}`}
            currency={currency}
            figures={[
              { term: "Held for buyers' protection", cents: row.held },
              { term: "Released to sellers", cents: row.released },
              { term: "Fees earned", cents: row.fees },
              { term: "Refunded to buyers", cents: row.refunded },
              { term: "Paid out to sellers' banks", cents: row.paidOut },
              { term: "Owed by sellers", cents: row.owedBySellers },
              { term: "Chargebacks lost", cents: row.disputesLost },
              { term: "Chargeback fees", cents: row.disputeFees },
              { term: "Chargebacks beyond the sale", cents: row.disputesBeyondSale },
            ]}
          />
        ))}
        <p>{`Open claims: ${totals.openClaims}. Deals held: ${totals.heldDeals}.`}</p>
        {totals.movementsWaiting > 0 ? (
          <p>
            {`Money movements waiting for a retry: ${totals.movementsWaiting}${totals.movementsFailing > 0 ? `, ${totals.movementsFailing} failed at least once` : ""}.`}
            {totals.lastError ? ` Last error: ${totals.lastError}` : ""}
          </p>
        ) : null}
        <p>
          <Link to={RECONCILIATION_PATH}>Reconciliation</Link>: the ledger checked every day against the payment
          provider&apos;s records, and the differences to look into.
        </p>
      </section>

      <MoneyByMonth
        id="platform-months"
        heading="The platform's money by month"
        empty="Nothing has moved yet: the months show here once a buyer has paid."
        months={months}
        currencies={monthCurrencies}
        figures={PLATFORM_FIGURES.map((figure) => ({ figure, header: PLATFORM_FIGURE_WORDS[figure] }))}
        charted="fees"
        chartTitle="Fees kept each month"
        caption="The platform's money by month"
        statement={{
          action: STATEMENT_PATH,
          heading: "Download the platform's statement",
          intro:
            "The platform's money in the months you choose, a line per month and currency, as a CSV file for a spreadsheet.",
          submit: "Download the platform's statement (CSV)",
          defaults: statementDefaults,
        }}
      />
    </DashboardPage>
  );
}

/** A chargeback's state in words. */
const DISPUTE_STATUS_WORDS = {
  warning_needs_response: "Inquiry: needs a response",
  warning_under_review: "Inquiry: under review",
  warning_closed: "Inquiry closed",
  needs_response: "Needs a response",
  under_review: "Under review by the bank",
  won: "Won: the money stays",
  lost: "Lost: the money went back to the buyer",
} as const satisfies Record<DisputeStatus, string>;

/** Where a disputed payment's money was when the bank disputed it. */
const DISPUTED_DEAL_WORDS = {
  held: "Held by Pay&Buy",
  released: "Released to the seller",
  refunded: "Refunded to the buyer",
  settled_outside: "Settled before the ledger",
} as const satisfies Record<DealState, string>;

type DisputeRows = ReturnType<typeof useLoaderData<typeof loader>>["disputes"];

/**
 * Chargebacks: the buyer's bank disputes a payment (ADR 0081). Open ones first, with what
 * Pay&Buy holds to answer the bank: the booking and the meeting, the payment, where the money is,
 * the buyer's claim and the messages. Nothing of a disputed payment moves until the bank decides.
 */
function Disputes({ disputes }: { disputes: DisputeRows }) {
  const currency = useCurrency();
  const sending = useIsPending({ state: "non-idle", formAction: EVIDENCE_PATH });
  return (
    <section aria-labelledby="disputes">
      <h2 id="disputes">Disputed payments</h2>
      <p>
        {`${disputes.total} ${disputes.total === 1 ? "chargeback" : "chargebacks"}: nothing of a disputed payment is released or refunded until the bank decides. Send the bank our evidence before the date shown.`}
        {disputes.total > disputes.rows.length ? ` The first ${disputes.rows.length} are shown.` : ""}
      </p>
      <ul>
        {disputes.rows.map((dispute) => (
          <li key={dispute.id}>
            <strong>{`${dispute.productName}: ${formatMoney(dispute.amountCents, currency)}, ${dispute.reason}`}</strong>
            {` — ${dispute.status}`}
            {dispute.evidenceDue ? ` (evidence due ${dispute.evidenceDue})` : ""}
            <dl>
              <div>
                <dt>Buyer</dt>
                <dd>{dispute.buyer}</dd>
              </div>
              <div>
                <dt>Booked</dt>
                <dd>{dispute.booked}</dd>
              </div>
              <div>
                <dt>Handed over</dt>
                <dd>{dispute.handover}</dd>
              </div>
              <div>
                <dt>The buyer confirmed receipt</dt>
                <dd>{dispute.confirmedByBuyer ? "Yes" : "No"}</dd>
              </div>
              <div>
                <dt>Paid</dt>
                <dd>{dispute.paid}</dd>
              </div>
              <div>
                <dt>The money</dt>
                <dd>{`${dispute.money ?? "No deal"}${dispute.released ? ` on ${dispute.released}` : ""}`}</dd>
              </div>
              <div>
                <dt>The buyer&apos;s claim</dt>
                <dd>{dispute.claim ?? "None"}</dd>
              </div>
              <div>
                <dt>Messages between them</dt>
                <dd>{dispute.messages}</dd>
              </div>
            </dl>
            {dispute.evidenceSent ? (
              <p>{`Our evidence was sent to the bank on ${dispute.evidenceSent}.`}</p>
            ) : dispute.open ? (
              <Form method="post" action={EVIDENCE_PATH} preventScrollReset>
                <input type="hidden" name="disputeId" value={dispute.id} />
                <button
                  type="submit"
                  className={button.primary}
                  disabled={sending}
                  aria-label={`Send our evidence to the bank: ${dispute.productName}`}
                >
                  Send our evidence to the bank
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The offline provider's test control (ADR 0081), in the page's Test mode box (ADR 0099): the
 * bank's decision on an open chargeback, as a real bank would send it.
 */
function TestBankDecisions({ disputes }: { disputes: DisputeRows["rows"] }) {
  const deciding = useIsPending({ state: "non-idle", formAction: TEST_DISPUTE_PATH });
  if (disputes.length === 0) return null;
  return (
    <TestModeBox intro="Payments here are made with test cards: no money moves. Decide an open chargeback as the buyer's bank would.">
      <ul>
        {disputes.map((dispute) => (
          <li key={dispute.id}>
            <Form method="post" action={TEST_DISPUTE_PATH} preventScrollReset>
              <input type="hidden" name="disputeId" value={dispute.id} />
              <fieldset disabled={deciding}>
                <legend>{`The bank decides the chargeback of ${dispute.productName}`}</legend>
                <button type="submit" name="outcome" value="won" className={button.secondary}>
                  For Pay&amp;Buy (won)
                </button>{" "}
                <button type="submit" name="outcome" value="lost" className={button.danger}>
                  For the buyer (lost)
                </button>
              </fieldset>
            </Form>
          </li>
        ))}
      </ul>
    </TestModeBox>
  );
}

type RemovedSellersDeals = ReturnType<typeof useLoaderData<typeof loader>>["removed"];

/**
 * Held payments whose seller was removed: nothing pays them out any more (ADR 0079), so each
 * waits here for its refund. The oldest first; a page of them at a time.
 */
function RemovedSellersPayments({ removed, page }: { removed: RemovedSellersDeals; page: number }) {
  const currency = useCurrency();
  const pending = useIsPending({ state: "non-idle", formAction: REFUND_PATH });
  return (
    <section aria-labelledby="removed-sellers">
      <h2 id="removed-sellers">Paid orders of removed sellers</h2>
      <p>
        {`${removed.total} held ${removed.total === 1 ? "payment waits" : "payments wait"} for a refund: a removed seller is never paid.`}
        {removed.total > removed.rows.length ? ` The oldest ${removed.rows.length} are shown.` : ""}
      </p>
      <ul>
        {removed.rows.map((deal) => (
          <li key={deal.bookingId}>
            {`${deal.productName}: ${formatMoney(deal.amountCents, currency)}, paid ${deal.paidOn} by ${deal.buyer}; seller ${deal.seller}`}
            {deal.claimOpen ? " (the buyer's claim is open: this refund decides it)" : ""}
            <Form method="post" action={listHref(REFUND_PATH, { page })} preventScrollReset>
              <input type="hidden" name="bookingId" value={deal.bookingId} />
              <button
                type="submit"
                className={button.danger}
                disabled={pending}
                aria-label={`Refund the buyer: ${deal.productName}`}
              >
                Refund the buyer
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The admin's decision on an open claim: refund in full or a part, or release to the seller. */
function DecisionDialog({
  deciding,
  page,
}: {
  deciding: { id: string; productName: string; amountCents: number };
  page: number;
}) {
  const currency = useCurrency();
  const pending = useIsPending({ intent: "decide" });
  return (
    <UrlDialog title="Decide the claim" closeHref={listHref(CLAIMS_PATH, { page })}>
      <p>{`${deciding.productName}: ${formatMoney(deciding.amountCents, currency)}`}</p>
      <Form method="post" className={formStyles.form} preventScrollReset>
        <input type="hidden" name="intent" value="decide" />
        <input type="hidden" name="claimId" value={deciding.id} />
        <fieldset className={formStyles.field}>
          <legend className={formStyles.label}>Decision*</legend>
          {CLAIM_OUTCOMES.map((outcome) => (
            <label key={outcome}>
              <input type="radio" name="outcome" value={outcome} required /> {CLAIM_DECISION_WORDS[outcome]}
            </label>
          ))}
        </fieldset>
        <label className={formStyles.field}>
          <span className={formStyles.label}>{`Amount to refund, in ${currency.words} (a part only)`}</span>
          <input name="amount" inputMode="decimal" className={formStyles.input} />
        </label>
        <TextareaField
          label="Note to the buyer and the seller (optional)"
          textareaProps={{ id: "claim-note", name: "note", maxLength: CLAIM_TEXT_MAX, rows: 3 }}
        />
        <DialogActions closeHref={listHref(CLAIMS_PATH, { page })} submit="Decide" pending={pending} />
      </Form>
    </UrlDialog>
  );
}
