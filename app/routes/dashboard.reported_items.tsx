import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { database } from "../../db/client";
import { ConfirmDialog } from "../components/confirm-dialog";
import { DashboardPage } from "../components/dashboard-page";
import { ImageZoom } from "../components/image-zoom";
import { Pager, SearchForm } from "../components/list-controls";
import * as table from "../components/table.css";
import { readListQuery } from "../domain/list-query";
import { REPORT_REASON_LABELS } from "../domain/report-reasons";
import {
  dismissReport,
  findOpenReport,
  listOpenReports,
  REPORT_MESSAGES,
  removeReportedListing,
} from "../domain/reports.server";
import { idSchema } from "../domain/schemas";
import { requireFormData } from "../server/http.server";
import { button } from "../styles/utilities.css";
import { formatPostedDate } from "../utils/format";
import { listHref } from "../utils/list-urls";
import { listingPath } from "../utils/listing-urls";
import { CANCELLED_PROCESS } from "../utils/messages";
import { pageMeta } from "../utils/seo";
import { requireAdmin } from "../utils/session.server";
import { redirectWithError, redirectWithSuccess } from "../utils/toast.server";
import * as styles from "./admin.css";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Reported Items", "Listings reported by Pay&Buy users, for administrators to review.");

const PATH = "/dashboard/reported_items";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const query = readListQuery(url.searchParams);
  const db = database(context.env.DB);
  const reports = await listOpenReports(db, query);
  if (query.page > reports.pageCount) throw redirect(listHref(PATH, { ...query, page: reports.pageCount }));
  const confirmId = url.searchParams.get("confirm") === "remove" ? url.searchParams.get("id") : null;
  const confirming = confirmId ? await findOpenReport(db, confirmId.slice(0, 100)) : null;
  return { reports, query, confirming };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const back = listHref(PATH, readListQuery(new URL(request.url).searchParams));
  const form = await requireFormData(request);
  const intent = form.get("intent");
  if (intent === "keep") return redirectWithError(context, back, CANCELLED_PROCESS);
  if (intent !== "dismiss" && intent !== "remove") {
    throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
  }
  const reportId = idSchema.safeParse(form.get("reportId"));
  if (!reportId.success) return redirectWithError(context, back, REPORT_MESSAGES.noSuchReport);
  const db = database(context.env.DB);
  const result =
    intent === "dismiss"
      ? await dismissReport(db, admin, reportId.data)
      : await removeReportedListing(db, admin, reportId.data);
  if (!result.ok) return redirectWithError(context, back, result.message);
  return redirectWithSuccess(context, back, intent === "dismiss" ? REPORT_MESSAGES.dismissed : REPORT_MESSAGES.removed);
}

export default function ReportedItems() {
  const { reports, query, confirming } = useLoaderData<typeof loader>();
  const here = listHref(PATH, query);
  return (
    <DashboardPage title="Reported Items">
      <SearchForm pathname={PATH} label="Search by product, seller or reporter" q={query.q} />
      {reports.rows.length === 0 ? (
        <p className={table.empty}>
          {query.q
            ? `No open report matches “${query.q}”.`
            : "There is no reported item. Every report has been handled."}
        </p>
      ) : (
        <div className={table.wrap}>
          <table className={table.table}>
            <caption className={table.caption}>
              {query.q ? `Open reports matching “${query.q}”` : "Open reports, newest first"} ({reports.total})
            </caption>
            <thead>
              <tr>
                <th scope="col">Index</th>
                <th scope="col">Product and seller</th>
                <th scope="col">Reason</th>
                <th scope="col">Reported by</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {reports.rows.map((report, index) => (
                <tr key={report.id}>
                  <td>{(reports.page - 1) * reports.pageSize + index + 1}</td>
                  <th scope="row">
                    <div className={styles.listing}>
                      <ImageZoom photoKey={report.photoKey} alt={report.productName || "Product"} />
                      <span className={styles.stacked}>
                        {/* Open reports are of listings still on the storefront: the page is there. */}
                        <Link to={listingPath(report.productId)}>{report.productName || "Name not found"}</Link>
                        <span className={styles.secondary}>
                          {`by ${report.sellerName || "Name not found"}, ${report.sellerEmail || "Email not found"}`}
                          {report.sellerVerifiedAt ? (
                            <>
                              {" "}
                              <span className={styles.verified}>Verified</span>
                            </>
                          ) : null}
                        </span>
                        <span className={styles.reportCount}>
                          {report.openReports === 1 ? "1 open report" : `${report.openReports} open reports`}
                        </span>
                      </span>
                    </div>
                  </th>
                  <td>
                    <span className={styles.stacked}>
                      {REPORT_REASON_LABELS[report.reason]}
                      {report.details ? <q className={styles.details}>{report.details}</q> : null}
                    </span>
                  </td>
                  <td>
                    <span className={styles.stacked}>
                      {report.reporterName || "Name not found"}
                      <span className={styles.secondary}>{report.reporterEmail || "Email not found"}</span>
                      <span className={styles.secondary}>{formatPostedDate(report.reportedAt) ?? "Not found"}</span>
                    </span>
                  </td>
                  <td>
                    <div className={table.rowActions}>
                      <Form method="post" action={here} preventScrollReset>
                        <input type="hidden" name="intent" value="dismiss" />
                        <input type="hidden" name="reportId" value={report.id} />
                        <button
                          type="submit"
                          className={button.ghost}
                          aria-label={`Dismiss the report on ${report.productName}`}
                        >
                          Dismiss
                        </button>
                      </Form>
                      <Link
                        to={listHref(PATH, query, { confirm: "remove", id: report.id })}
                        className={button.danger}
                        preventScrollReset
                        aria-label={`Remove listing: ${report.productName}`}
                      >
                        Remove listing
                      </Link>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager pathname={PATH} q={query.q} page={reports.page} pageCount={reports.pageCount} />
      {confirming ? (
        <ConfirmDialog
          title="Remove Confirmation"
          question={`Do you want to remove the listing ${confirming.productName || "Name not found"} from the storefront?`}
          confirmIntent="remove"
          cancelIntent="keep"
          fields={{ reportId: confirming.id }}
        />
      ) : null}
    </DashboardPage>
  );
}
