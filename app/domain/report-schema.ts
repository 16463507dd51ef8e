// The report form (product cards, the booking dialog) and POST /api/report: one set of rules.
import { z } from "zod";
import type { REPORT_REASONS } from "../../db/schema";
import { idSchema } from "./schemas";

export type ReportReason = (typeof REPORT_REASONS)[number];

/** What a reporter reads for each reason the database accepts (the check constraint). */
export const REPORT_REASON_LABELS = {
  counterfeit_or_stolen: "Counterfeit or stolen",
  wrong_category: "Wrong category",
  misleading: "Misleading description or photo",
  offensive: "Offensive",
  other: "Other",
} as const satisfies Record<ReportReason, string>;

const REASONS = Object.keys(REPORT_REASON_LABELS) as [ReportReason, ...ReportReason[]];

export const REPORT_DETAILS_MAX = 500;
export const DETAILS_REQUIRED = "Tell us what is wrong with this listing.";

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
