// The report form (product cards, the booking dialog) and POST /api/report: one set of rules.
import * as z from "zod";
import { idSchema } from "#app/domain/shared/schemas";
import { DETAILS_REQUIRED, REPORT_DETAILS_MAX, REPORT_REASON_LABELS, type ReportReason } from "./report-reasons";

export { DETAILS_REQUIRED, REPORT_DETAILS_MAX, REPORT_REASON_LABELS, type ReportReason };

const REASONS = Object.keys(REPORT_REASON_LABELS) as [ReportReason, ...ReportReason[]];

export const reportSchema = z
  .object({
    productId: idSchema,
    reason: z.enum(REASONS, { error: "Choose a reason." }),
    details: z
      .string()
      .trim()
      .max(REPORT_DETAILS_MAX, `Details should be at most ${REPORT_DETAILS_MAX} characters`)
      .optional(),
  })
  .superRefine((value, ctx) => {
    // "Other" says nothing by itself: the admin needs the reporter's words.
    if (value.reason === "other" && !value.details) {
      ctx.addIssue({ code: "custom", path: ["details"], message: DETAILS_REQUIRED });
    }
  });

export type ReportInput = z.infer<typeof reportSchema>;
