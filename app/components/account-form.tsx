import {
  type DefaultValue,
  type FieldMetadata,
  type FormMetadata,
  getFormProps,
  getInputProps,
  type SubmissionResult,
} from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type * as z from "zod";
import { button, container, section } from "#app/styles/utilities.css";
import { useIsPending } from "#app/utils/use-is-pending";
import { useSchemaForm } from "#app/utils/use-schema-form";
import { ErrorList, Field, Honeypot, PasswordField, useClearAfterError } from "./forms";
import * as formStyles from "./forms.css";
import { GoogleButton } from "./google-button";

/**
 * The sign-in and registration forms' state: the schema the server checks with validates in the
 * browser too (on blur, then as the person types), and its limits become the inputs' attributes
 * (required, maxlength, minlength), so the browser and the server agree. A refused submit never
 * keeps the password.
 */
export function useAccountForm<Output, Input extends Record<string, unknown> & { password: unknown }>(
  schema: z.ZodType<Output, Input>,
  options: { id: string; lastResult?: SubmissionResult<string[]>; defaultValue?: DefaultValue<Input> },
) {
  const [form, fields] = useSchemaForm(schema, {
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
  });
  useClearAfterError(options.lastResult, fields.password.id);
  return [form, fields] as const;
}

export function EmailField({ field }: { field: FieldMetadata<unknown> }) {
  return (
    <Field
      label="Email*"
      inputProps={{ ...getInputProps(field, { type: "email" }), autoComplete: "email" }}
      errors={field.errors}
    />
  );
}

export function AccountPasswordField({
  field,
  autoComplete,
  hint,
}: {
  field: FieldMetadata<unknown>;
  autoComplete: "current-password" | "new-password";
  hint?: string;
}) {
  return (
    <PasswordField
      label="Password*"
      inputProps={{ ...getInputProps(field, { type: "password" }), autoComplete }}
      errors={field.errors}
      hint={hint}
    />
  );
}

/**
 * The body of the sign-in and registration pages: the card, the form (a plain POST with the
 * honeypot and where to go afterwards), its errors and its button, what the page adds after it,
 * then Google and the way to the other page, which keeps where the visitor was going.
 */
export function AccountFormPage<Input extends Record<string, unknown>>({
  title,
  form,
  action,
  redirectTo,
  googleEnabled,
  submit,
  other,
  afterForm,
  children,
}: {
  title: string;
  form: FormMetadata<Input, string[]>;
  /** The page's own path: its form posts here. */
  action: string;
  redirectTo: string;
  googleEnabled: boolean;
  submit: { label: string; pending: string };
  other: { path: string; label: string };
  /** What follows the form on this page alone (Login's "Forgot your password?"). */
  afterForm?: ReactNode;
  children: ReactNode;
}) {
  const pending = useIsPending({ formAction: action });
  return (
    <div className={`${container} ${section}`}>
      <div className={formStyles.card}>
        <h1>{title}</h1>
        <Form method="post" {...getFormProps(form)} noValidate className={formStyles.form}>
          <Honeypot />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {children}
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className={`${button.primary} ${formStyles.full}`} disabled={pending}>
            {pending ? submit.pending : submit.label}
          </button>
        </Form>
        {afterForm}
        {googleEnabled ? (
          <>
            <p className={formStyles.divider}>or</p>
            <GoogleButton redirectTo={redirectTo} />
          </>
        ) : null}
        <p>
          <Link to={redirectTo === "/" ? other.path : `${other.path}?${new URLSearchParams({ redirectTo })}`}>
            {other.label}
          </Link>
        </p>
      </div>
    </div>
  );
}
