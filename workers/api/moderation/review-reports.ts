// Reports of reviews: anyone signed in but the review's author reports one; admins list the
// reported reviews and decide (dismiss the reports, or remove the review's text).
import { Hono } from "hono";
import * as z from "zod";
import { reviewReportSchema } from "#app/domain/moderation/report-schema";
import {
  dismissReviewReports,
  listOpenReviewReports,
  removeReviewText,
  reportReview,
} from "#app/domain/moderation/review-reports.server";
import { readPage } from "#app/domain/shared/list-query";
import { idSchema } from "#app/domain/shared/schemas";
import { type ApiEnv, db, readJson, requireApiRole, requireBearer } from "../context";
import { apiError, validationError } from "../errors";
import { listHeaders } from "../shapes";

export const reviewReportsApi = new Hono<ApiEnv>();

const adminOnly = [requireBearer, requireApiRole("admin")] as const;

reviewReportsApi.post("/reviews/:id/reports", requireBearer, async (c) => {
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", "There is no such review.");
  const parsed = reviewReportSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await reportReview(db(c), c.get("user"), id.data, parsed.data);
  if (!result.ok) {
    const code = result.status === 409 ? "duplicate" : result.status === 403 ? "forbidden" : "not_found";
    return apiError(c, result.status, code, result.message);
  }
  return c.json({ acknowledged: true, insertedId: result.reportId }, 201);
});

reviewReportsApi.get("/review-reports", ...adminOnly, async (c) => {
  const page = await listOpenReviewReports(db(c), readPage(c.req.query("page")));
  listHeaders(c, page, new URLSearchParams());
  return c.json(
    page.rows.map((review) => ({
      _id: review.ratingId,
      stars: review.stars,
      text: review.comment,
      answer: review.answer,
      sellerId: review.sellerId,
      sellerName: review.sellerName,
      author: review.authorName,
      openReports: review.openReports,
      reports: review.reports.map((report) => ({
        _id: report.id,
        reason: report.reason,
        details: report.details,
        reporterName: report.reporterName,
        date: report.reportedAt.toISOString(),
      })),
    })),
  );
});

const decisionSchema = z.object({
  action: z.enum(["dismiss", "remove"], { error: 'action must be "dismiss" or "remove".' }),
});

/** The admin's decision on a reported review (by the review's id): dismiss its reports or remove its text. */
reviewReportsApi.put("/reviews/:id/decision", ...adminOnly, async (c) => {
  const parsed = decisionSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", "There is no such open report.");
  const decide = parsed.data.action === "dismiss" ? dismissReviewReports : removeReviewText;
  const result = await decide(db(c), c.get("user"), id.data);
  if (!result.ok) return apiError(c, 404, "not_found", result.message);
  return c.json({ action: parsed.data.action, reportResult: { modifiedCount: result.reportsResolved } });
});
