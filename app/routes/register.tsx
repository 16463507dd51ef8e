import type { SubmissionResult } from "@conform-to/react";
import { getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { AccountFormPage, AccountPasswordField, EmailField, useAccountForm } from "#app/components/account-form";
import { ErrorList, Field } from "#app/components/forms";
import * as formStyles from "#app/components/forms.css";
import { PASSWORD_MIN, registerSchema, SELF_SERVICE_ROLES } from "#app/domain/accounts/account-schema";
import { registerAccount } from "#app/domain/accounts/accounts.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { loadAccountPage, readAccountForm, refuseAccountForm } from "#app/utils/account-form.server";
import { safeRedirect } from "#app/utils/redirect";
import { originFrom, publicPageMeta, siteOrigin } from "#app/utils/seo";
import { signInResponse } from "#app/utils/session.server";
import { database } from "#db/client";

export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta({
    title: "Pay&Buy Register",
    description: "Create a Pay&Buy account to buy or sell second-hand camera gear.",
    origin: originFrom(matches),
    path: "/register",
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadAccountPage(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const read = await readAccountForm(request, registerSchema);
  if (!read.ok) return read.response;
  const { name, email, password, role, redirectTo } = read.value;
  const result = await registerAccount(
    database(context.env.DB),
    { name, email, password, role },
    { origin: siteOrigin(request, context.env.settings.APP_URL) },
  );
  if (!result.ok) return refuseAccountForm(read.submission, { fieldErrors: { [result.field]: [result.message] } }, 409);
  await publishFromRoute(context, result.events);
  return signInResponse(request, context, result.user, safeRedirect(redirectTo), {
    type: "success",
    message: `${result.user.name}, User created successfully`,
    description: `We sent a link to ${result.user.email}: open it to verify your address.`,
  });
}

const ROLE_LABELS = { buyer: "Buyer", seller: "Seller" } as const;

export default function Register() {
  const { redirectTo, googleEnabled } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const [form, fields] = useAccountForm(registerSchema, {
    id: "register",
    lastResult,
    defaultValue: { role: "buyer" },
  });
  const role = (fields.role.initialValue as string | undefined) ?? "buyer";
  return (
    <AccountFormPage
      title="Register"
      form={form}
      action="/register"
      redirectTo={redirectTo}
      googleEnabled={googleEnabled}
      submit={{ label: "Register", pending: "Registering…" }}
      other={{ path: "/login", label: "You have an account already?" }}
    >
      <Field
        label="Name*"
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
        errors={fields.name.errors}
      />
      <EmailField field={fields.email} />
      <AccountPasswordField
        field={fields.password}
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters.`}
      />
      <fieldset className={formStyles.field}>
        <legend className={formStyles.label}>I want to join as</legend>
        <div className={formStyles.roleGroup}>
          {SELF_SERVICE_ROLES.map((value) => (
            <label key={value} className={formStyles.roleOption}>
              <input type="radio" name={fields.role.name} value={value} defaultChecked={role === value} />
              {ROLE_LABELS[value]}
            </label>
          ))}
        </div>
        <ErrorList id={fields.role.errorId} errors={fields.role.errors} />
      </fieldset>
    </AccountFormPage>
  );
}
