// The Settings page's forms for the account itself: name and phone, email address, password.
// Each is a plain POST to its own action (ADR 0071); the shared schemas validate in the browser
// and on the server alike.
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import {
  changeEmailSchema,
  changePasswordFormSchema,
  PASSWORD_MIN,
  profileSchema,
} from "#app/domain/accounts/account-schema";
import { button } from "#app/styles/utilities.css";
import { SETTINGS_ACTIONS } from "#app/utils/settings-urls";
import { useIsPending } from "#app/utils/use-is-pending";
import { useSchemaForm } from "#app/utils/use-schema-form";
import { ErrorList, Field, PasswordField, useClearAfterError } from "./forms";
import * as formStyles from "./forms.css";

/** How the account confirms a change (the fields reauthentication.server.ts reads). */
export interface Confirmation {
  password: boolean;
  code: boolean;
  email: boolean;
}

function useSubmitting(formAction: string) {
  return useIsPending({ formAction });
}

export function ProfileForm({
  name,
  phone,
  seller,
  lastResult,
}: {
  name: string;
  phone: string | null;
  seller: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(profileSchema, {
    id: "profile",
    lastResult,
    defaultValue: { name, phone: phone ?? "" },
  });
  const saving = useSubmitting(SETTINGS_ACTIONS.profile);
  return (
    <Form
      method="post"
      action={SETTINGS_ACTIONS.profile}
      {...getFormProps(form)}
      noValidate
      className={formStyles.form}
      aria-labelledby="profile-title"
    >
      <Field
        label="Name*"
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
        errors={fields.name.errors}
      />
      <Field
        label="Phone number"
        inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
        errors={fields.phone.errors}
        hint={
          seller
            ? "The contact number your new listings start with. Leave it empty to type one for each listing."
            : "Optional. Buyers give a contact number with each booking."
        }
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className={button.primary} disabled={saving}>
          {saving ? "Saving…" : "Save details"}
        </button>
      </div>
    </Form>
  );
}

/** The fields that confirm the owner: the password, a code, or (with neither) the address typed. */
export function ConfirmationFields({
  confirmation,
  fields,
  idPrefix,
  passwordHint,
}: {
  confirmation: Confirmation;
  fields: {
    currentPassword: { errors?: string[] };
    code?: { errors?: string[] };
    confirmEmail: { errors?: string[] };
  };
  idPrefix: string;
  passwordHint?: string;
}) {
  return (
    <>
      {confirmation.password ? (
        <PasswordField
          label={confirmation.code ? "Current password (or a code below)" : "Current password*"}
          inputProps={{
            id: `${idPrefix}-current-password`,
            name: "currentPassword",
            type: "password",
            autoComplete: "current-password",
          }}
          errors={fields.currentPassword.errors}
          hint={passwordHint}
        />
      ) : null}
      {confirmation.code ? (
        <Field
          label={confirmation.password ? "Or a code from your authenticator app" : "Code from your authenticator app*"}
          inputProps={{
            id: `${idPrefix}-code`,
            name: "code",
            type: "text",
            autoComplete: "one-time-code",
            spellCheck: false,
            autoCapitalize: "none",
          }}
          errors={fields.code?.errors}
        />
      ) : null}
      {confirmation.email ? (
        <Field
          label="Your current email address*"
          inputProps={{ id: `${idPrefix}-confirm-email`, name: "confirmEmail", type: "email", autoComplete: "off" }}
          errors={fields.confirmEmail.errors}
          hint="Your account has no password: type its address to confirm."
        />
      ) : null}
    </>
  );
}

export function EmailForm({
  email,
  pendingEmail,
  confirmation,
  lastResult,
}: {
  email: string;
  pendingEmail: string | null;
  confirmation: Confirmation;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(changeEmailSchema, { id: "email", lastResult });
  useClearAfterError(lastResult, "email-current-password");
  const saving = useSubmitting(SETTINGS_ACTIONS.email);
  return (
    <Form
      method="post"
      action={SETTINGS_ACTIONS.email}
      {...getFormProps(form)}
      noValidate
      className={formStyles.form}
      aria-labelledby="email-title"
    >
      <p className={formStyles.hint}>
        Your address is <strong>{email}</strong>.
        {pendingEmail ? ` A link was sent to ${pendingEmail}: the address changes once it is opened.` : null}
      </p>
      <Field
        label="New email address*"
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        errors={fields.email.errors}
        hint="We send a link to the new address; your account keeps the current one until it is opened."
      />
      <ConfirmationFields confirmation={confirmation} fields={fields} idPrefix="email" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className={button.primary} disabled={saving}>
          {saving ? "Sending…" : "Change email"}
        </button>
      </div>
    </Form>
  );
}

export function PasswordForm({
  hasPassword,
  lastResult,
}: {
  hasPassword: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(changePasswordFormSchema, { id: "password", lastResult });
  useClearAfterError(lastResult, fields.currentPassword.id);
  useClearAfterError(lastResult, fields.newPassword.id);
  useClearAfterError(lastResult, fields.confirmPassword.id);
  const saving = useSubmitting(SETTINGS_ACTIONS.password);
  if (!hasPassword) {
    return (
      <p>
        You sign in with Google, so your account has no password. To add one,{" "}
        <Link to="/forgot-password">ask for a link to choose a password</Link>.
      </p>
    );
  }
  return (
    <Form
      method="post"
      action={SETTINGS_ACTIONS.password}
      {...getFormProps(form)}
      noValidate
      className={formStyles.form}
      aria-labelledby="password-title"
    >
      <PasswordField
        label="Current password*"
        inputProps={{
          ...getInputProps(fields.currentPassword, { type: "password" }),
          autoComplete: "current-password",
        }}
        errors={fields.currentPassword.errors}
      />
      <PasswordField
        label="New password*"
        inputProps={{
          ...getInputProps(fields.newPassword, { type: "password" }),
          autoComplete: "new-password",
        }}
        errors={fields.newPassword.errors}
        hint={`At least ${PASSWORD_MIN} characters. Your other sessions are signed out.`}
      />
      <PasswordField
        label="New password again*"
        inputProps={{
          ...getInputProps(fields.confirmPassword, { type: "password" }),
          autoComplete: "new-password",
          "aria-required": true,
        }}
        errors={fields.confirmPassword.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className={button.primary} disabled={saving}>
          {saving ? "Saving…" : "Change password"}
        </button>
      </div>
    </Form>
  );
}
