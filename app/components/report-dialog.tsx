import type { SubmissionResult } from "@conform-to/react";
import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, type ReportReason } from "#app/domain/moderation/report-reasons";
import type { ReportDialogData } from "#app/utils/storefront.server";
import { DialogActions, ListingGone, UrlDialog, useDialogSubmission } from "./dialog";
import { ErrorList } from "./forms";
import * as formStyles from "./forms.css";
import * as styles from "./report-dialog.css";

const REASONS = Object.keys(REPORT_REASON_LABELS) as ReportReason[];

/**
 * Report a listing to the admins (PRODUCT.md, reported items): a reason, and words for "Other".
 * Validated on the server only (the shared report schema), so storefront pages do not load the
 * form libraries.
 */
export function ReportDialog({
  dialog,
  lastResult,
}: {
  dialog: ReportDialogData;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { fetcher, submitting, result, typed } = useDialogSubmission("report", lastResult, dialog.lastResult);
  const errors = result?.error ?? {};
  const chosen = typeof typed.reason === "string" ? typed.reason : undefined;
  const { product, closeHref } = dialog;
  if (!product) {
    return (
      <UrlDialog title="Report this listing" closeHref={closeHref}>
        <ListingGone closeHref={closeHref} />
      </UrlDialog>
    );
  }
  const reasonErrorId = errors.reason?.length ? "report-reason-error" : undefined;
  const detailsErrorId = errors.details?.length ? "report-details-error" : undefined;
  return (
    <UrlDialog title={`Report ${product.name}`} closeHref={closeHref}>
      <fetcher.Form method="post" id="report" noValidate className={formStyles.form} preventScrollReset>
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="productId" value={product.id} />
        <fieldset className={formStyles.field} aria-describedby={reasonErrorId}>
          <legend className={formStyles.label}>Reason*</legend>
          <div className={styles.reasons}>
            {REASONS.map((reason) => (
              <label key={reason} className={styles.reason}>
                <input type="radio" name="reason" value={reason} defaultChecked={chosen === reason} />
                {REPORT_REASON_LABELS[reason]}
              </label>
            ))}
          </div>
          <ErrorList id="report-reason-error" errors={errors.reason} />
        </fieldset>
        <div className={formStyles.field}>
          <label htmlFor="report-details" className={formStyles.label}>
            Details (required for Other)
          </label>
          <textarea
            id="report-details"
            name="details"
            defaultValue={typeof typed.details === "string" ? typed.details : undefined}
            maxLength={REPORT_DETAILS_MAX}
            aria-invalid={detailsErrorId ? true : undefined}
            aria-describedby={detailsErrorId}
            className={`${formStyles.input} ${styles.details}`}
          />
          <ErrorList id="report-details-error" errors={errors.details} />
        </div>
        <ErrorList id="report-error" errors={errors[""]} />
        <DialogActions
          closeHref={closeHref}
          close="Cancel"
          submit={submitting ? "Sending…" : "Send report"}
          tone="danger"
          pending={submitting}
        />
      </fetcher.Form>
    </UrlDialog>
  );
}
