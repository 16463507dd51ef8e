import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DashboardPage } from "#app/components/dashboard-page";
import { ImageZoom } from "#app/components/image-zoom";
import { Pager } from "#app/components/list-controls";
import { PagedTable } from "#app/components/paged-table";
import * as table from "#app/components/table.css";
import { REPORT_REASON_LABELS } from "#app/domain/moderation/report-reasons";
import {
  dismissedMessage,
  dismissListingReports,
  findReportedListing,
  openReportsReads,
  REPORT_MESSAGES,
  removeReportedListing,
  toOpenReportsPage,
} from "#app/domain/moderation/reports.server";
import {
  dismissReviewReports,
  openReviewReportsReads,
  REVIEW_REPORT_MESSAGES,
  removeReviewText,
  toReviewReportsPage,
} from "#app/domain/moderation/review-reports.server";
import { readListQuery, readPage } from "#app/domain/shared/list-query";
import { idSchema } from "#app/domain/shared/schemas";
import { requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { button } from "#app/styles/utilities.css";
import { MESSAGES_PATH } from "#app/utils/dashboard-tabs";
import { formatPostedDate } from "#app/utils/format";
import { listHref } from "#app/utils/list-urls";
import { listingPath } from "#app/utils/listing-urls";
import { EMAIL_NOT_FOUND, NAME_NOT_FOUND } from "#app/utils/messages";
import { confirmationId, keptAnswer, listBack, pageOrLast } from "#app/utils/paged-list.server";
import { sellerPath } from "#app/utils/seller-urls";
import { pageMeta } from "#app/utils/seo";
import { requireAdmin, requireRoleWithReads } from "#app/utils/session.server";
import { redirectWithError, redirectWithResult } from "#app/utils/toast.server";
import { database } from "#db/client";
import * as styles from "./admin.css";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Reported Items", "Listings reported by Pay&Buy users, for administrators to review.");

const PATH = "/dashboard/reported_items";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = readListQuery(url.searchParams);
  const db = database(context.env.DB);
  // The reports travel with the session's read: one D1 round trip (ADR 0040).
  const reviewsPage = readPage(url.searchParams.get("reviews"));
  const { results } = await requireRoleWithReads(
    request,
    context,
    ["admin"],
    () => [...openReportsReads(db, query), ...openReviewReportsReads(db, reviewsPage)] as const,
  );
  const [listings, listingCount, listingReports, reviews, reviewCount, reviewReports] = results;
  const reports = pageOrLast(toOpenReportsPage([listings, listingCount, listingReports], query.page), PATH, query);
  const reportedReviews = toReviewReportsPage([reviews, reviewCount, reviewReports], reviewsPage);
  const confirmId = confirmationId(url, "remove");
  const confirming = confirmId ? await findReportedListing(db, confirmId) : null;
  return { reports, query, confirming, reportedReviews };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const back = listBack(request, PATH, { search: true });
  const form = await requireFormData(request);
  const intent = form.get("intent");
  if (intent === "keep") return keptAnswer(context, back);
  if (intent === "dismiss-review" || intent === "remove-review") {
    // The admin decides on a review: dismiss its reports, or remove its text (the stars stay).
    const ratingId = idSchema.safeParse(form.get("ratingId"));
    if (!ratingId.success) return redirectWithError(context, back, REVIEW_REPORT_MESSAGES.noSuchReport);
    const decide = intent === "dismiss-review" ? dismissReviewReports : removeReviewText;
    const result = await decide(database(context.env.DB), admin, ratingId.data);
    const done = intent === "dismiss-review" ? REVIEW_REPORT_MESSAGES.dismissed : REVIEW_REPORT_MESSAGES.removed;
    return redirectWithResult(context, back, result, done);
  }
  if (intent !== "dismiss" && intent !== "remove") {
    throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
  }
  // The admin decides on a listing: Dismiss closes all its open reports, Remove takes it down.
  const productId = idSchema.safeParse(form.get("productId"));
  if (!productId.success) return redirectWithError(context, back, REPORT_MESSAGES.noSuchReport);
  const db = database(context.env.DB);
  if (intent === "dismiss") {
    const result = await dismissListingReports(db, admin, productId.data);
    return redirectWithResult(context, back, result, result.ok ? dismissedMessage(result.reportsResolved) : undefined);
  }
  const result = await removeReportedListing(db, admin, productId.data);
  if (result.ok) await publishFromRoute(context, result.events);
  return redirectWithResult(context, back, result, REPORT_MESSAGES.removed);
}

type ReportedListing = ReturnType<typeof useLoaderData<typeof loader>>["reports"]["rows"][number];

/** The listing with its photo, its seller and how many open reports it has. */
function ListingCell({ listing }: { listing: ReportedListing }) {
  return (
    <div className={styles.listing}>
      <ImageZoom photoKey={listing.photoKey} alt={listing.productName || "Product"} />
      <span className={styles.stacked}>
        {/* Open reports are of listings still on the storefront: the page is there. */}
        <Link to={listingPath(listing.productId)}>{listing.productName || NAME_NOT_FOUND}</Link>
        <span className={styles.secondary}>
          {`by ${listing.sellerName || NAME_NOT_FOUND}, ${listing.sellerEmail || EMAIL_NOT_FOUND}`}
          {listing.sellerVerifiedAt ? (
            <>
              {" "}
              <span className={styles.verified}>Verified</span>
            </>
          ) : null}
        </span>
        <span className={styles.reportCount}>
          {listing.openReports === 1 ? "1 open report" : `${listing.openReports} open reports`}
        </span>
      </span>
    </div>
  );
}

function ReportsCell({ listing }: { listing: ReportedListing }) {
  return (
    <ul className={styles.reports}>
      {listing.reports.map((report) => (
        <li key={report.id} className={styles.stacked}>
          <strong>{REPORT_REASON_LABELS[report.reason]}</strong>
          {report.details ? <q className={styles.details}>{report.details}</q> : null}
          <span className={styles.secondary}>
            {`${report.reporterName || NAME_NOT_FOUND} (${report.reporterEmail || EMAIL_NOT_FOUND}), ${formatPostedDate(report.reportedAt) ?? "Not found"}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

type ReportedReview = ReturnType<typeof useLoaderData<typeof loader>>["reportedReviews"]["rows"][number];

/** The reviews people reported, each with its open reports and the admin's two decisions. */
function ReportedReviews({
  list,
  here,
  hrefFor,
}: {
  list: ReturnType<typeof useLoaderData<typeof loader>>["reportedReviews"];
  here: string;
  hrefFor: (page: number) => string;
}) {
  return (
    <section aria-labelledby="reported-reviews">
      <h2 id="reported-reviews">{`Reported reviews (${list.total})`}</h2>
      {list.rows.length === 0 ? (
        <p>There is no reported review.</p>
      ) : (
        <ul className={styles.reports}>
          {list.rows.map((review: ReportedReview) => (
            <li key={review.ratingId} className={styles.stacked}>
              <span>
                {`${review.stars}/5 by ${review.authorName || NAME_NOT_FOUND} of `}
                <Link to={sellerPath(review.sellerId)}>{review.sellerName || NAME_NOT_FOUND}</Link>
              </span>
              <q className={styles.details}>{review.comment}</q>
              {review.answer ? <span className={styles.secondary}>{`Answer: ${review.answer}`}</span> : null}
              <ul className={styles.reports}>
                {review.reports.map((report) => (
                  <li key={report.id} className={styles.secondary}>
                    <strong>{REPORT_REASON_LABELS[report.reason]}</strong>
                    {report.details ? ` (${report.details})` : ""}
                    {`, ${report.reporterName || NAME_NOT_FOUND}, ${formatPostedDate(report.reportedAt) ?? "Not found"}`}
                  </li>
                ))}
              </ul>
              <div className={table.rowActions}>
                <Form method="post" action={here} preventScrollReset>
                  <input type="hidden" name="intent" value="dismiss-review" />
                  <input type="hidden" name="ratingId" value={review.ratingId} />
                  <button
                    type="submit"
                    className={button.ghost}
                    aria-label={`Dismiss the reports on the review by ${review.authorName}`}
                  >
                    Dismiss
                  </button>
                </Form>
                <Form method="post" action={here} preventScrollReset>
                  <input type="hidden" name="intent" value="remove-review" />
                  <input type="hidden" name="ratingId" value={review.ratingId} />
                  <button
                    type="submit"
                    className={button.danger}
                    aria-label={`Remove the text of the review by ${review.authorName}`}
                  >
                    Remove review text
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager pathname={here} page={list.page} pageCount={list.pageCount} hrefFor={hrefFor} />
    </section>
  );
}

export default function ReportedItems() {
  const { reports, query, confirming, reportedReviews } = useLoaderData<typeof loader>();
  const here = listHref(PATH, query);
  return (
    <DashboardPage title="Reported Items">
      <PagedTable
        pathname={PATH}
        list={reports}
        rowKey={(listing) => listing.productId}
        wide
        search={{ label: "Search by product, seller or reporter", q: query.q }}
        empty={
          query.q ? `No open report matches “${query.q}”.` : "There is no reported item. Every report has been handled."
        }
        caption={`${query.q ? `Reported listings matching “${query.q}”` : "Reported listings, most recently reported first"} (${reports.total})`}
        columns={[
          { header: "Product and seller", kind: "name", cell: (listing) => <ListingCell listing={listing} /> },
          { header: "Reports", cell: (listing) => <ReportsCell listing={listing} /> },
          {
            header: "Action",
            kind: "actions",
            cell: (listing) => (
              <div className={table.rowActions}>
                <Form method="post" action={here} preventScrollReset>
                  <input type="hidden" name="intent" value="dismiss" />
                  <input type="hidden" name="productId" value={listing.productId} />
                  <button
                    type="submit"
                    className={button.ghost}
                    aria-label={`Dismiss the reports on ${listing.productName}`}
                  >
                    Dismiss
                  </button>
                </Form>
                <Link
                  to={listHref(PATH, query, { confirm: "remove", id: listing.productId })}
                  className={button.danger}
                  preventScrollReset
                  aria-label={`Remove listing: ${listing.productName}`}
                >
                  Remove listing
                </Link>
                <Link
                  to={`${MESSAGES_PATH}?product=${encodeURIComponent(listing.productId)}`}
                  aria-label={`Messages about ${listing.productName} (read-only)`}
                >
                  Messages (read-only)
                </Link>
              </div>
            ),
          },
        ]}
        confirm={
          confirming && {
            title: "Remove Confirmation",
            question: `Do you want to remove the listing ${confirming.productName || NAME_NOT_FOUND} from the storefront?`,
            confirmIntent: "remove",
            cancelIntent: "keep",
            fields: { productId: confirming.productId },
          }
        }
      />
      <ReportedReviews
        list={reportedReviews}
        here={here}
        hrefFor={(page) => `${listHref(PATH, query, { reviews: String(page) })}#reported-reviews`}
      />
    </DashboardPage>
  );
}
