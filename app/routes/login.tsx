import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type * as z from "zod";
import { ErrorList, Field, Honeypot, PasswordField, useClearAfterError } from "#app/components/forms";
import * as formStyles from "#app/components/forms.css";
import { GoogleButton } from "#app/components/google-button";
import { loginSchema } from "#app/domain/accounts/account-schema";
import { signInWithPassword } from "#app/domain/accounts/accounts.server";
import { clientAddress } from "#app/server/auth.server";
import { requireFormData } from "#app/server/http.server";
import { button, container, section } from "#app/styles/utilities.css";
import { isGoogleEnabled } from "#app/utils/google.server";
import { isHoneypotFilled } from "#app/utils/honeypot";
import { safeRedirect } from "#app/utils/redirect";
import { originFrom, publicPageMeta } from "#app/utils/seo";
import { completeSignIn, requireAnonymous } from "#app/utils/session.server";
import { database } from "#db/client";

export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta({
    title: "Pay&Buy Login",
    description: "Log in to Pay&Buy to book, wishlist and pay for second-hand camera gear.",
    origin: originFrom(matches),
    path: "/login",
  });

/** A refused sign-in tells the client when to try again. */
export const headers: HeadersFunction = ({ actionHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  await requireAnonymous(request, context, redirectTo);
  return { redirectTo, googleEnabled: isGoogleEnabled(context.env.settings) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await requireFormData(request);
  const submission = parseWithZod(form, { schema: loginSchema });
  if (isHoneypotFilled(form)) {
    return data(submission.reply({ formErrors: ["Your form could not be sent."], hideFields: ["password"] }), {
      status: 400,
    });
  }
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const result = await signInWithPassword(database(context.env.DB), {
    email: submission.value.email,
    password: submission.value.password,
    clientAddress: clientAddress(request),
  });
  if (!result.ok) {
    if (result.reason === "rate_limited") {
      return data(submission.reply({ formErrors: [result.message], hideFields: ["password"] }), {
        status: 429,
        headers: { "Retry-After": String(result.retryAfterSeconds) },
      });
    }
    return data(submission.reply({ fieldErrors: { [result.field]: [result.message] }, hideFields: ["password"] }), {
      status: 400,
    });
  }
  return completeSignIn(request, context, result.user, safeRedirect(submission.value.redirectTo), {
    type: "success",
    message: `Welcome back, ${result.user.name}`,
  });
}

export default function Login() {
  const { redirectTo, googleEnabled } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof loginSchema>>({
    id: "login",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useClearAfterError(lastResult, fields.password.id);
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/login");
  return (
    <div className={`${container} ${section}`}>
      <div className={formStyles.card}>
        <h1>Login</h1>
        <Form method="post" {...getFormProps(form)} noValidate className={formStyles.form}>
          <Honeypot />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field
            label="Email*"
            inputProps={{
              ...getInputProps(fields.email, { type: "email" }),
              autoComplete: "email",
              "aria-required": true,
            }}
            errors={fields.email.errors}
          />
          <PasswordField
            label="Password*"
            inputProps={{
              ...getInputProps(fields.password, { type: "password" }),
              autoComplete: "current-password",
              "aria-required": true,
            }}
            errors={fields.password.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className={`${button.primary} ${formStyles.full}`} disabled={submitting}>
            {submitting ? "Logging in…" : "Login"}
          </button>
        </Form>
        <p>
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
        {googleEnabled ? (
          <>
            <p className={formStyles.divider}>or</p>
            <GoogleButton redirectTo={redirectTo} />
          </>
        ) : null}
        <p>
          <Link to={redirectTo === "/" ? "/register" : `/register?${new URLSearchParams({ redirectTo })}`}>
            Do you create a new one?
          </Link>
        </p>
      </div>
    </div>
  );
}
