// Reconciliation (ADR 0089): the daily check of the ledger against the payment provider's own
// record. The last runs, and the differences nobody has looked into yet, each with a plain form
// that marks it as looked into (once; a second submit changes nothing). Admins only.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import * as table from "#app/components/table.css";
import { CLAIMS_PATH, RECONCILIATION_PATH } from "#app/domain/deals/payouts/paths";
import {
  dayChecks,
  listOpenDifferences,
  listRuns,
  RECONCILIATION_MESSAGES,
  resolveDifference,
} from "#app/domain/deals/reconciliation/differences.server";
import {
  DAYS_ACCOUNTED,
  DIFFERENCE_WORDS,
  NEVER_CHECKED,
  PROVIDER_WORDS,
  RECONCILED_KIND_WORDS,
  RUN_STATUS_WORDS,
} from "#app/domain/deals/reconciliation/reconciliation-words";
import { formatMoney } from "#app/domain/shared/money";
import { idSchema } from "#app/domain/shared/schemas";
import { badRequest, requireFormData } from "#app/server/http.server";
import { button } from "#app/styles/utilities.css";
import { pageMeta } from "#app/utils/seo";
import { requireAdmin, requireRoleWith } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Reconciliation", "The ledger checked every day against the payment provider's own records.");

export async function loader({ request, context }: LoaderFunctionArgs) {
  const currency = context.env.currency;
  const db = database(context.env.DB);
  // The runs and the differences travel with the session's read: one D1 round trip (ADR 0069).
  const {
    data: [runs, open],
  } = await requireRoleWith(request, context, ["admin"], () => Promise.all([listRuns(db), listOpenDifferences(db)]));
  type DayRow = {
    id: string;
    day: string;
    provider: string;
    status: string;
    checked: string;
    differences: string;
    lastError: string | null;
  };
  const shown = (run: (typeof runs)[number]): DayRow => ({
    id: run.id,
    day: run.day,
    provider: PROVIDER_WORDS[run.provider],
    status: RUN_STATUS_WORDS[run.status],
    checked: String(run.checked),
    differences: run.status === "done" ? String(run.differences) : "Not finished",
    lastError: run.lastError,
  });
  // Every one of the last days, a day without a run said to be never checked (ADR 0099).
  const days = dayChecks(runs).flatMap(({ day, runs: ofDay }): DayRow[] =>
    ofDay.length > 0
      ? ofDay.map(shown)
      : [
          {
            id: day,
            day,
            provider: "None",
            status: NEVER_CHECKED,
            checked: "None",
            differences: "Not known",
            lastError: null,
          },
        ],
  );
  return {
    everChecked: runs.length > 0,
    neverChecked: days.filter((row) => row.status === NEVER_CHECKED).map((row) => row.day),
    runs: days,
    open: {
      total: open.total,
      rows: open.rows.map((difference) => ({
        id: difference.id,
        kind: DIFFERENCE_WORDS[difference.kind],
        movement: (difference.ledgerKind && RECONCILED_KIND_WORDS[difference.ledgerKind]) ?? "Movement",
        provider: PROVIDER_WORDS[difference.provider],
        providerRef: difference.providerRef,
        day: difference.day,
        ours: difference.ourCents === null ? "None" : formatMoney(difference.ourCents, currency),
        theirs: difference.theirCents === null ? "None" : formatMoney(difference.theirCents, currency),
        currency: difference.currency.toUpperCase(),
      })),
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await requireFormData(request);
  if (form.get("intent") !== "resolve") throw badRequest();
  const differenceId = idSchema.safeParse(form.get("differenceId"));
  if (!differenceId.success) throw badRequest();
  const result = await resolveDifference(database(context.env.DB), admin, differenceId.data);
  if (!result.ok) return redirectWithError(context, RECONCILIATION_PATH, RECONCILIATION_MESSAGES.notFound);
  return result.resolved
    ? redirectWithSuccess(context, RECONCILIATION_PATH, result.message)
    : redirectWithError(context, RECONCILIATION_PATH, result.message);
}

export default function Reconciliation() {
  const { runs, open, everChecked, neverChecked } = useLoaderData<typeof loader>();
  return (
    <DashboardPage title="Reconciliation">
      <p>
        Every day the ledger is checked against the payment provider&apos;s own records of the day&apos;s payments,
        transfers, refunds, reversals and payouts. <Link to={CLAIMS_PATH}>Back to Claims</Link>
      </p>

      <section aria-labelledby="open-differences">
        <h2 id="open-differences">Differences to look into</h2>
        {!everChecked ? (
          <p className={table.empty}>
            No day has been checked yet, so nothing is known of any difference: the scheduled job checks each day after
            it ends (UTC).
          </p>
        ) : open.rows.length === 0 ? (
          <p className={table.empty}>
            {`No difference to look into in the days checked.${neverChecked.length > 0 ? ` ${neverChecked.length} of the last ${DAYS_ACCOUNTED} days were never checked: they are marked below.` : ""}`}
          </p>
        ) : (
          <>
            {open.total > open.rows.length ? (
              <p>{`The oldest ${open.rows.length} of ${open.total} are shown.`}</p>
            ) : null}
            <div className={table.wrap}>
              <table className={table.table}>
                <caption className={table.caption}>
                  Differences between the ledger and the provider, oldest first.
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Difference</th>
                    <th scope="col">Provider&apos;s id</th>
                    <th scope="col">Day</th>
                    <th scope="col">Our amount</th>
                    <th scope="col">Theirs</th>
                    <th scope="col">Action</th>
                  </tr>
                </thead>
                <tbody>
                  {open.rows.map((difference) => (
                    <tr key={difference.id}>
                      <th scope="row">{`${difference.kind}: ${difference.movement}`}</th>
                      <td data-label="Provider's id">
                        <code>{difference.providerRef}</code>
                        <small className={table.deadline}>{difference.provider}</small>
                      </td>
                      <td data-label="Day">{difference.day}</td>
                      <td data-label="Our amount">{`${difference.ours} ${difference.currency}`}</td>
                      <td data-label="Theirs">{`${difference.theirs} ${difference.currency}`}</td>
                      <td className={table.actions}>
                        <Form method="post" preventScrollReset>
                          <input type="hidden" name="intent" value="resolve" />
                          <input type="hidden" name="differenceId" value={difference.id} />
                          <button
                            type="submit"
                            className={button.secondary}
                            aria-label={`Mark as looked into: ${difference.providerRef}`}
                          >
                            Mark as looked into
                          </button>
                        </Form>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>

      <section aria-labelledby="runs">
        <h2 id="runs">{`The last ${DAYS_ACCOUNTED} days`}</h2>
        {runs.length === 0 ? (
          <p className={table.empty}>No reconciliation has run yet.</p>
        ) : (
          <div className={table.wrap}>
            <table className={table.table}>
              <caption className={table.caption}>
                Each of the last days, newest first, and whether it was checked.
              </caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Provider</th>
                  <th scope="col">Status</th>
                  <th scope="col">Records checked</th>
                  <th scope="col">Differences</th>
                </tr>
              </thead>
              <tbody>
                {runs.map((run) => (
                  <tr key={run.id}>
                    <th scope="row">{run.day}</th>
                    <td data-label="Provider">{run.provider}</td>
                    <td data-label="Status">
                      {run.status}
                      {run.lastError ? (
                        <small className={table.deadline}>{`Last error: ${run.lastError}`}</small>
                      ) : null}
                    </td>
                    <td data-label="Records checked">{run.checked}</td>
                    <td data-label="Differences">{run.differences}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </DashboardPage>
  );
}
