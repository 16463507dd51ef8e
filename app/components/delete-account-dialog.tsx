// "Delete my account", a dialog in the URL (`?confirm=delete-account`): what stays and what goes,
// and the confirmation the account has (its password, a code, or its address typed). A refusal
// (a wrong password, an open deal) comes back in the dialog.
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type * as z from "zod";
import { deleteAccountSchema } from "#app/domain/accounts/account-schema";
import { useIsPending } from "#app/utils/use-is-pending";
import { type Confirmation, ConfirmationFields } from "./account-forms";
import { DialogActions, UrlDialog } from "./dialog";
import { ErrorList } from "./forms";
import * as formStyles from "./forms.css";

export const DELETE_ACCOUNT_DIALOG = "delete-account";

export function DeleteAccountDialog({
  closeHref,
  action,
  confirmation,
  lastResult,
}: {
  closeHref: string;
  action: string;
  confirmation: Confirmation;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm<z.input<typeof deleteAccountSchema>>({
    id: "delete-account",
    lastResult,
    constraint: getZodConstraint(deleteAccountSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deleteAccountSchema }),
  });
  const deleting = useIsPending({ formAction: action });
  return (
    <UrlDialog title="Delete your account?" closeHref={closeHref}>
      <p>
        You are signed out everywhere and cannot sign in again. Your listings leave the store. What other people rely on
        stays, under the name “Deleted user”: their orders and sales with you, your messages to them, your ratings and
        reports. Your name, address, phone, password and settings are erased.
      </p>
      <p>Download your data first if you want to keep a copy.</p>
      <Form method="post" action={action} {...getFormProps(form)} noValidate className={formStyles.form}>
        <ConfirmationFields confirmation={confirmation} fields={fields} idPrefix="delete" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <DialogActions
          closeHref={closeHref}
          close="Keep my account"
          submit={deleting ? "Deleting…" : "Delete my account"}
          tone="danger"
          pending={deleting}
        />
      </Form>
    </UrlDialog>
  );
}
