// Reports of reviews: anyone signed in but the review's author flags a review (a rating's text)
// with a reason; the admin dismisses the reports or removes the review's text (its stars stay in
// the seller's rating). One open report per user and review, enforced by a unique index.
import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { alias, type SQLiteSelect } from "drizzle-orm/sqlite-core";
import type { SessionUser } from "#app/domain/accounts/sessions.server";
import { LIST_PAGE_SIZE, type Page, pageOffset, toPage } from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import { isUniqueViolation } from "#db/errors";
import { ratings, reviewReports, users } from "#db/schema";
import type { ReviewReportInput } from "./report-schema";

export const REVIEW_REPORT_MESSAGES = {
  reported: "Thank you. The review has been reported to our team.",
  duplicate: "You have already reported this review.",
  notFound: "There is no such review.",
  ownReview: "You cannot report your own review.",
  dismissed: "The reports on the review have been dismissed",
  removed: "The review's text has been removed",
  noSuchReport: "There is no such open report.",
} as const;

const sellers = alias(users, "review_seller");
const authors = alias(users, "review_author");
const reporters = alias(users, "review_reporter");

/** A review that can be reported or decided on: it has text, and its seller is still here. */
const reviewIsShown = and(ne(ratings.comment, ""), isNull(ratings.textRemovedAt), isNull(sellers.deletedAt));

export type ReviewReportResult =
  | { ok: true; reportId: string }
  | { ok: false; status: 403 | 404 | 409; message: string };

export async function reportReview(
  db: Database,
  reporter: Pick<SessionUser, "id">,
  ratingId: string,
  input: ReviewReportInput,
): Promise<ReviewReportResult> {
  const [review] = await db
    .select({ id: ratings.id, authorId: ratings.buyerId })
    .from(ratings)
    .innerJoin(sellers, eq(sellers.id, ratings.sellerId))
    .where(and(eq(ratings.id, ratingId), reviewIsShown))
    .limit(1);
  if (!review) return { ok: false, status: 404, message: REVIEW_REPORT_MESSAGES.notFound };
  if (review.authorId === reporter.id) return { ok: false, status: 403, message: REVIEW_REPORT_MESSAGES.ownReview };
  try {
    const [row] = await db
      .insert(reviewReports)
      .values({ ratingId: review.id, reporterId: reporter.id, reason: input.reason, details: input.details || null })
      .returning({ id: reviewReports.id });
    return { ok: true, reportId: row!.id };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { ok: false, status: 409, message: REVIEW_REPORT_MESSAGES.duplicate };
  }
}

function withReview<T extends SQLiteSelect>(query: T) {
  return query
    .innerJoin(ratings, eq(ratings.id, reviewReports.ratingId))
    .innerJoin(sellers, eq(sellers.id, ratings.sellerId))
    .innerJoin(authors, eq(authors.id, ratings.buyerId));
}

const openWhere = and(eq(reviewReports.status, "open"), reviewIsShown);
const lastReportedAt = sql`max(${reviewReports.createdAt})`;

// Aliased: D1 returns rows keyed by column name, and id, name and created_at appear more than once.
const reviewFields = {
  ratingId: reviewReports.ratingId,
  stars: ratings.stars,
  comment: ratings.comment,
  answer: ratings.answer,
  sellerId: sql`${sellers.id}`.mapWith(sellers.id).as("seller_id_of_review"),
  sellerName: sql`${sellers.name}`.mapWith(sellers.name).as("seller_name"),
  authorName: sql`${authors.name}`.mapWith(authors.name).as("author_name"),
  lastReportedAt: lastReportedAt.mapWith(reviewReports.createdAt).as("last_reported_at"),
  openReports: sql<number>`count(*)`.mapWith(Number).as("open_reports"),
};

export type ReportedReview = {
  ratingId: string;
  stars: number;
  comment: string;
  answer: string | null;
  sellerId: string;
  sellerName: string;
  authorName: string;
  lastReportedAt: Date;
  openReports: number;
  reports: Array<{
    id: string;
    reason: (typeof reviewReports.$inferSelect)["reason"];
    details: string | null;
    reportedAt: Date;
    reporterName: string;
  }>;
};

/**
 * One page of reported reviews (each once, most recently reported first), with their open
 * reports. Its three reads start together (one round trip in a request).
 */
export async function listOpenReviewReports(db: Database, page: number): Promise<Page<ReportedReview>> {
  const paged = <T extends SQLiteSelect>(select: T) =>
    withReview(select)
      .where(openWhere)
      .groupBy(reviewReports.ratingId)
      .orderBy(desc(lastReportedAt), desc(reviewReports.ratingId))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(page));
  const [reviews, counted, reportRows] = await Promise.all([
    paged(db.select(reviewFields).from(reviewReports).$dynamic()),
    withReview(
      db
        .select({ total: sql<number>`count(distinct ${reviewReports.ratingId})` })
        .from(reviewReports)
        .$dynamic(),
    ).where(openWhere),
    db
      .select({
        id: reviewReports.id,
        ratingId: reviewReports.ratingId,
        reason: reviewReports.reason,
        details: reviewReports.details,
        reportedAt: reviewReports.createdAt,
        reporterName: sql`${reporters.name}`.mapWith(reporters.name).as("reporter_name"),
      })
      .from(reviewReports)
      .innerJoin(reporters, eq(reporters.id, reviewReports.reporterId))
      .where(
        and(
          eq(reviewReports.status, "open"),
          inArray(
            reviewReports.ratingId,
            paged(db.select({ id: reviewReports.ratingId }).from(reviewReports).$dynamic()),
          ),
        ),
      )
      .orderBy(desc(reviewReports.createdAt), desc(reviewReports.id)),
  ]);
  const rows = reviews.map((review) => ({
    ...review,
    reports: reportRows
      .filter((report) => report.ratingId === review.ratingId)
      .map(({ ratingId: _, ...report }) => report),
  }));
  return toPage(rows, Number(counted[0]?.total ?? 0), page);
}

export type ReviewDecisionResult = { ok: true; reportsResolved: number } | { ok: false; status: 404; message: string };

const noSuchReport = { ok: false, status: 404, message: REVIEW_REPORT_MESSAGES.noSuchReport } as const;

/** Dismisses every open report of a review: the review stays as it is. */
export async function dismissReviewReports(
  db: Database,
  admin: Pick<SessionUser, "id">,
  ratingId: string,
): Promise<ReviewDecisionResult> {
  const dismissed = await db
    .update(reviewReports)
    .set({ status: "dismissed", resolvedAt: new Date(), resolvedBy: admin.id })
    .where(and(eq(reviewReports.ratingId, ratingId), eq(reviewReports.status, "open")))
    .returning({ id: reviewReports.id });
  if (dismissed.length === 0) return noSuchReport;
  return { ok: true, reportsResolved: dismissed.length };
}

/**
 * Removes a reported review's text and its answer, and resolves its open reports, in one D1
 * batch; the stars stay in the seller's rating. Only a review with an open report is removed.
 */
export async function removeReviewText(
  db: Database,
  admin: Pick<SessionUser, "id">,
  ratingId: string,
): Promise<ReviewDecisionResult> {
  const now = new Date();
  const hasOpenReport = sql`exists (select 1 from ${reviewReports} where ${reviewReports.ratingId} = ${ratingId} and ${reviewReports.status} = 'open')`;
  const [, resolved] = await db.batch([
    db
      .update(ratings)
      .set({ comment: "", answer: null, textRemovedAt: now })
      .where(and(eq(ratings.id, ratingId), isNull(ratings.textRemovedAt), hasOpenReport)),
    db
      .update(reviewReports)
      .set({ status: "actioned", resolvedAt: now, resolvedBy: admin.id })
      .where(and(eq(reviewReports.ratingId, ratingId), eq(reviewReports.status, "open")))
      .returning({ id: reviewReports.id }),
  ]);
  if (resolved.length === 0) return noSuchReport;
  return { ok: true, reportsResolved: resolved.length };
}
