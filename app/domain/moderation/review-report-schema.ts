// The review report form (the seller's profile) and POST /api/reviews/:id/reports: a reason from
// REPORT_REASONS and, for "Other", the reporter's words.
import * as z from "zod";
import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, type ReportReason } from "./report-reasons";

const REASONS = Object.keys(REPORT_REASON_LABELS) as [ReportReason, ...ReportReason[]];

export const REVIEW_DETAILS_REQUIRED = "Tell us what is wrong with this review.";

export const reviewReportSchema = z
  .object({
    reason: z.enum(REASONS, { error: "Choose a reason." }),
    details: z
      .string()
      .trim()
      .max(REPORT_DETAILS_MAX, `Details should be at most ${REPORT_DETAILS_MAX} characters`)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.reason === "other" && !value.details) {
      ctx.addIssue({ code: "custom", path: ["details"], message: REVIEW_DETAILS_REQUIRED });
    }
  });

export type ReviewReportInput = z.infer<typeof reviewReportSchema>;
