// The report reasons and their words, free of the validation library so pages can show them
// without loading it.
import type { REPORT_REASONS } from "#db/closed-lists";

export type ReportReason = (typeof REPORT_REASONS)[number];

/** What a reporter reads for each reason the database accepts (the check constraint). */
export const REPORT_REASON_LABELS = {
  counterfeit_or_stolen: "Counterfeit or stolen",
  wrong_category: "Wrong category",
  misleading: "Misleading description or photo",
  offensive: "Offensive",
  other: "Other",
} as const satisfies Record<ReportReason, string>;

export const REPORT_DETAILS_MAX = 500;
export const DETAILS_REQUIRED = "Tell us what is wrong with this listing.";
