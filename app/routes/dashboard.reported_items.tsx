// Reported Items (admin): the listings and the reviews people reported, and the admin's decisions.
// Each form posts to its own child route, which does that one thing and leads back to the list as
// it was (ADR 0071).

import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Link, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { ImageZoom } from "#app/components/image-zoom";
import { Pager } from "#app/components/list-controls";
import { PagedTable } from "#app/components/paged-table";
import * as table from "#app/components/table.css";
import { REPORT_REASON_LABELS } from "#app/domain/moderation/report-reasons";
import { findReportedListing, listOpenReports } from "#app/domain/moderation/reports.server";
import { listOpenReviewReports } from "#app/domain/moderation/review-reports.server";
import { formatDay } from "#app/domain/shared/dates";
import { readListQuery, readPage } from "#app/domain/shared/list-query";
import { button } from "#app/styles/utilities.css";
import { MESSAGES_PATH } from "#app/utils/dashboard-tabs";
import { listHref } from "#app/utils/list-urls";
import { listingPath } from "#app/utils/listing-urls";
import { EMAIL_NOT_FOUND, NAME_NOT_FOUND } from "#app/utils/messages";
import { confirmationId, pageOrLast } from "#app/utils/paged-list.server";
import { REPORTED_ITEMS_ACTIONS, REPORTED_ITEMS_PATH } from "#app/utils/reported-items-urls";
import { sellerPath } from "#app/utils/seller-urls";
import { pageMeta } from "#app/utils/seo";
import { requireRoleWith } from "#app/utils/session.server";
import { useZone } from "#app/utils/use-zone";
import { database } from "#db/client";
import * as styles from "./admin.css";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Reported Items", "Listings reported by Pay&Buy users, for administrators to review.");

const PATH = REPORTED_ITEMS_PATH;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = readListQuery(url.searchParams);
  const db = database(context.env.DB);
  const reviewsPage = readPage(url.searchParams.get("reviews"));
  const confirmId = confirmationId(url, "remove");
  // The reports, and the listing a confirmation asks about, travel with the session's read: one
  // D1 round trip (ADR 0040, 0069).
  const {
    data: [listings, reportedReviews, confirming],
  } = await requireRoleWith(request, context, ["admin"], () =>
    Promise.all([
      listOpenReports(db, query),
      listOpenReviewReports(db, reviewsPage),
      confirmId ? findReportedListing(db, confirmId) : null,
    ]),
  );
  const reports = pageOrLast(listings, PATH, query);
  return { reports, query, confirming, reportedReviews };
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
  const zone = useZone();
  return (
    <ul className={styles.reports}>
      {listing.reports.map((report) => (
        <li key={report.id} className={styles.stacked}>
          <strong>{REPORT_REASON_LABELS[report.reason]}</strong>
          {report.details ? <q className={styles.details}>{report.details}</q> : null}
          <span className={styles.secondary}>
            {`${report.reporterName || NAME_NOT_FOUND} (${report.reporterEmail || EMAIL_NOT_FOUND}), ${formatDay(report.reportedAt, zone) ?? "Not found"}`}
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
  actionOf,
  hrefFor,
}: {
  list: ReturnType<typeof useLoaderData<typeof loader>>["reportedReviews"];
  here: string;
  /** A form's action, with the list's search and page (where it leads back to). */
  actionOf: (path: string) => string;
  hrefFor: (page: number) => string;
}) {
  const zone = useZone();
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
                    {`, ${report.reporterName || NAME_NOT_FOUND}, ${formatDay(report.reportedAt, zone) ?? "Not found"}`}
                  </li>
                ))}
              </ul>
              <div className={table.rowActions}>
                <Form method="post" action={actionOf(REPORTED_ITEMS_ACTIONS.dismissReview)} preventScrollReset>
                  <input type="hidden" name="ratingId" value={review.ratingId} />
                  <button
                    type="submit"
                    className={button.ghost}
                    aria-label={`Dismiss the reports on the review by ${review.authorName}`}
                  >
                    Dismiss
                  </button>
                </Form>
                <Form method="post" action={actionOf(REPORTED_ITEMS_ACTIONS.removeReview)} preventScrollReset>
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
  const actionOf = (path: string) => listHref(path, query);
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
                <Form method="post" action={actionOf(REPORTED_ITEMS_ACTIONS.dismiss)} preventScrollReset>
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
            confirmAction: actionOf(REPORTED_ITEMS_ACTIONS.remove),
            cancelAction: actionOf(REPORTED_ITEMS_ACTIONS.keep),
            fields: { productId: confirming.productId },
          }
        }
      />
      <ReportedReviews
        list={reportedReviews}
        here={here}
        actionOf={actionOf}
        hrefFor={(page) => `${listHref(PATH, query, { reviews: String(page) })}#reported-reviews`}
      />
    </DashboardPage>
  );
}
