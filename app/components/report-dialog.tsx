import { getCollectionProps, getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, reportSchema, type ReportReason } from "../domain/report-schema";
import { button } from "../styles/utilities.css";
import type { ReportDialogData } from "../utils/storefront.server";
import { UrlDialog } from "./dialog";
import * as dialogStyles from "./dialog.css";
import { ErrorList } from "./forms";
import * as formStyles from "./forms.css";
import * as styles from "./report-dialog.css";

const REASONS = Object.keys(REPORT_REASON_LABELS) as ReportReason[];

/** Report a listing to the admins (PRODUCT.md, reported items): a reason, and words for "Other". */
export function ReportDialog({
  dialog,
  lastResult,
}: {
  dialog: ReportDialogData;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "report";
  const [form, fields] = useForm<z.input<typeof reportSchema>>({
    id: "report",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: reportSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const { product, closeHref } = dialog;
  if (!product) {
    return (
      <UrlDialog title="Report this listing" closeHref={closeHref}>
        <p>This product is no longer available.</p>
        <div className={dialogStyles.actions}>
          <Link to={closeHref} className={button.ghost} preventScrollReset replace>
            Close
          </Link>
        </div>
      </UrlDialog>
    );
  }
  const reasonErrorId = fields.reason.errors?.length ? fields.reason.errorId : undefined;
  return (
    <UrlDialog title={`Report ${product.name}`} closeHref={closeHref}>
      <Form method="post" {...getFormProps(form)} noValidate className={formStyles.form} preventScrollReset>
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="productId" value={product.id} />
        <fieldset className={`${formStyles.field} ${styles.fieldset}`} aria-describedby={reasonErrorId}>
          <legend className={formStyles.label}>Reason*</legend>
          <div className={styles.reasons}>
            {getCollectionProps(fields.reason, { type: "radio", options: REASONS }).map(({ key, ...props }) => (
              <label key={key} className={styles.reason}>
                <input {...props} />
                {REPORT_REASON_LABELS[props.value as ReportReason]}
              </label>
            ))}
          </div>
          <ErrorList id={fields.reason.errorId} errors={fields.reason.errors} />
        </fieldset>
        <div className={formStyles.field}>
          <label htmlFor={fields.details.id} className={formStyles.label}>
            Details (required for Other)
          </label>
          <textarea
            {...getTextareaProps(fields.details)}
            maxLength={REPORT_DETAILS_MAX}
            className={`${formStyles.input} ${styles.details}`}
          />
          <ErrorList id={fields.details.errorId} errors={fields.details.errors} />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className={dialogStyles.actions}>
          <Link to={closeHref} className={button.ghost} preventScrollReset replace>
            Cancel
          </Link>
          <button type="submit" className={button.danger} disabled={submitting}>
            {submitting ? "Sending…" : "Send report"}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}
