// The report forms and their REST calls: a listing's (product cards, the booking dialog, POST
// /api/report) and a review's (the seller's profile, POST /api/reviews/:id/reports). One rule for
// both: a reason the database accepts and, for "Other", the reporter's words.
import * as z from "zod";
import { idSchema, multiLine } from "#app/domain/shared/schemas";
import { DETAILS_REQUIRED, REPORT_DETAILS_MAX, REPORT_REASON_LABELS, type ReportReason } from "./report-reasons";

export { DETAILS_REQUIRED, REPORT_DETAILS_MAX, REPORT_REASON_LABELS, type ReportReason };

export const REVIEW_DETAILS_REQUIRED = "Tell us what is wrong with this review.";

const REASONS = Object.keys(REPORT_REASON_LABELS) as [ReportReason, ...ReportReason[]];

/** The reason and the reporter's words, as every report form asks for them. */
const reasonFields = {
  reason: z.enum(REASONS, { error: "Choose a reason." }),
  details: multiLine(
    z.string().trim().max(REPORT_DETAILS_MAX, `Details should be at most ${REPORT_DETAILS_MAX} characters`).optional(),
    "Details",
  ),
};

/** "Other" says nothing by itself: the admin needs the reporter's words. */
function detailsForOther(message: string) {
  return (value: { reason: ReportReason; details?: string | undefined }, ctx: z.RefinementCtx) => {
    if (value.reason === "other" && !value.details) ctx.addIssue({ code: "custom", path: ["details"], message });
  };
}

export const reportSchema = z
  .object({ productId: idSchema, ...reasonFields })
  .superRefine(detailsForOther(DETAILS_REQUIRED));

export type ReportInput = z.infer<typeof reportSchema>;

export const reviewReportSchema = z.object(reasonFields).superRefine(detailsForOther(REVIEW_DETAILS_REQUIRED));

export type ReviewReportInput = z.infer<typeof reviewReportSchema>;
