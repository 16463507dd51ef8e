import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useActionData, useLoaderData } from "react-router";
import { AccountFormPage, AccountPasswordField, EmailField, useAccountForm } from "#app/components/account-form";
import { loginSchema } from "#app/domain/accounts/account-schema";
import { signInWithPassword } from "#app/domain/accounts/accounts.server";
import { clientAddress } from "#app/server/auth.server";
import { loadAccountPage, readAccountForm, refuseAccountForm } from "#app/utils/account-form.server";
import { safeRedirect } from "#app/utils/redirect";
import { retryAfterHeaders } from "#app/utils/retry-after";
import { originFrom, publicPageMeta } from "#app/utils/seo";
import { completeSignIn } from "#app/utils/session.server";
import { database } from "#db/client";

export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta({
    title: "Pay&Buy Login",
    description: "Log in to Pay&Buy to book, wishlist and pay for second-hand camera gear.",
    origin: originFrom(matches),
    path: "/login",
  });

/** A refused sign-in tells the client when to try again. */
/** A refused request tells the client when to try again. */
export const headers = retryAfterHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadAccountPage(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const read = await readAccountForm(request, loginSchema);
  if (!read.ok) return read.response;
  const { submission, value } = read;
  const result = await signInWithPassword(database(context.env.DB), {
    email: value.email,
    password: value.password,
    clientAddress: clientAddress(request),
  });
  if (!result.ok) {
    if (result.reason === "rate_limited") {
      return refuseAccountForm(submission, { formErrors: [result.message] }, 429, {
        "Retry-After": String(result.retryAfterSeconds),
      });
    }
    return refuseAccountForm(submission, { fieldErrors: { [result.field]: [result.message] } }, 400);
  }
  return completeSignIn(request, context, result.user, safeRedirect(value.redirectTo), {
    type: "success",
    message: `Welcome back, ${result.user.name}`,
  });
}

export default function Login() {
  const { redirectTo, googleEnabled } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const [form, fields] = useAccountForm(loginSchema, { id: "login", lastResult });
  return (
    <AccountFormPage
      title="Login"
      form={form}
      action="/login"
      redirectTo={redirectTo}
      googleEnabled={googleEnabled}
      submit={{ label: "Login", pending: "Logging in…" }}
      other={{ path: "/register", label: "Do you create a new one?" }}
      afterForm={
        <p>
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
      }
    >
      <EmailField field={fields.email} />
      <AccountPasswordField field={fields.password} autoComplete="current-password" />
    </AccountFormPage>
  );
}
