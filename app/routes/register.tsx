import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type * as z from "zod";
import { ErrorList, Field, Honeypot, PasswordField, useClearAfterError } from "#app/components/forms";
import * as formStyles from "#app/components/forms.css";
import { GoogleButton } from "#app/components/google-button";
import { PASSWORD_MIN, registerSchema } from "#app/domain/accounts/account-schema";
import { registerAccount } from "#app/domain/accounts/accounts.server";
import { requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { button, container, section } from "#app/styles/utilities.css";
import { isGoogleEnabled } from "#app/utils/google.server";
import { isHoneypotFilled } from "#app/utils/honeypot";
import { safeRedirect } from "#app/utils/redirect";
import { originFrom, publicPageMeta, siteOrigin } from "#app/utils/seo";
import { requireAnonymous, signInResponse } from "#app/utils/session.server";
import { database } from "#db/client";

export const meta: MetaFunction = ({ matches }) =>
  publicPageMeta({
    title: "Pay&Buy Register",
    description: "Create a Pay&Buy account to buy or sell second-hand camera gear.",
    origin: originFrom(matches),
    path: "/register",
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  await requireAnonymous(request, context, redirectTo);
  return { redirectTo, googleEnabled: isGoogleEnabled(context.env.settings) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await requireFormData(request);
  const submission = parseWithZod(form, { schema: registerSchema });
  if (isHoneypotFilled(form)) {
    return data(submission.reply({ formErrors: ["Your form could not be sent."], hideFields: ["password"] }), {
      status: 400,
    });
  }
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const { name, email, password, role, redirectTo } = submission.value;
  const result = await registerAccount(
    database(context.env.DB),
    { name, email, password, role },
    { origin: siteOrigin(request, context.env.settings.APP_URL) },
  );
  if (!result.ok) {
    return data(submission.reply({ fieldErrors: { [result.field]: [result.message] }, hideFields: ["password"] }), {
      status: 409,
    });
  }
  await publishFromRoute(context, result.events);
  return signInResponse(request, context, result.user, safeRedirect(redirectTo), {
    type: "success",
    message: `${result.user.name}, User created successfully`,
    description: `We sent a link to ${result.user.email}: open it to verify your address.`,
  });
}

export default function Register() {
  const { redirectTo, googleEnabled } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof registerSchema>>({
    id: "register",
    lastResult,
    defaultValue: { role: "buyer" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useClearAfterError(lastResult, fields.password.id);
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/register");
  const role = (fields.role.initialValue as string | undefined) ?? "buyer";
  return (
    <div className={`${container} ${section}`}>
      <div className={formStyles.card}>
        <h1>Register</h1>
        <Form method="post" {...getFormProps(form)} noValidate className={formStyles.form}>
          <Honeypot />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Field
            label="Name*"
            inputProps={{
              ...getInputProps(fields.name, { type: "text" }),
              autoComplete: "name",
              "aria-required": true,
            }}
            errors={fields.name.errors}
          />
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
              autoComplete: "new-password",
              "aria-required": true,
            }}
            errors={fields.password.errors}
            hint={`At least ${PASSWORD_MIN} characters.`}
          />
          <fieldset className={formStyles.field}>
            <legend className={formStyles.label}>I want to join as</legend>
            <div className={formStyles.roleGroup}>
              {(["buyer", "seller"] as const).map((value) => (
                <label key={value} className={formStyles.roleOption}>
                  <input type="radio" name={fields.role.name} value={value} defaultChecked={role === value} />
                  {value === "buyer" ? "Buyer" : "Seller"}
                </label>
              ))}
            </div>
            <ErrorList id={fields.role.errorId} errors={fields.role.errors} />
          </fieldset>
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className={`${button.primary} ${formStyles.full}`} disabled={submitting}>
            {submitting ? "Registering…" : "Register"}
          </button>
        </Form>
        {googleEnabled ? (
          <>
            <p className={formStyles.divider}>or</p>
            <GoogleButton redirectTo={redirectTo} />
          </>
        ) : null}
        <p>
          <Link to={redirectTo === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo })}`}>
            You have an account already?
          </Link>
        </p>
      </div>
    </div>
  );
}
