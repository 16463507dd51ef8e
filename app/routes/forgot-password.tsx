import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { ErrorList, Field, Honeypot } from "#app/components/forms";
import * as formStyles from "#app/components/forms.css";
import { RESET_MESSAGES } from "#app/domain/accounts/account-messages";
import { forgotPasswordSchema } from "#app/domain/accounts/account-schema";
import { requestPasswordReset } from "#app/domain/accounts/password-reset.server";
import { clientAddress } from "#app/server/auth.server";
import { requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { linkOrigin } from "#app/server/origin.server";
import { button, container, section } from "#app/styles/utilities.css";
import { isHoneypotFilled } from "#app/utils/honeypot";
import { retryAfterHeaders } from "#app/utils/retry-after";
import { pageMeta } from "#app/utils/seo";
import { redirectWithToast } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { useSchemaForm } from "#app/utils/use-schema-form";
import { database } from "#db/client";

export const meta: MetaFunction = () => [
  ...pageMeta("Pay&Buy Forgot Password", "Ask for a link to choose a new Pay&Buy password."),
  { name: "robots", content: "noindex" },
];

/** A refused request tells the client when to try again. */
export const headers = retryAfterHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  // "sent" after a request: the page says what to expect (the same whatever the address).
  return { sent: new URL(request.url).searchParams.has("sent") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await requireFormData(request);
  const submission = parseWithZod(form, { schema: forgotPasswordSchema });
  if (isHoneypotFilled(form)) {
    return data(submission.reply({ formErrors: ["Your form could not be sent."] }), { status: 400 });
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await requestPasswordReset(database(context.env.DB), {
    email: submission.value.email,
    clientAddress: clientAddress(request),
    origin: linkOrigin(request, context.env.settings),
  });
  if (!result.ok) {
    return data(submission.reply({ formErrors: [result.message] }), {
      status: 429,
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  await publishFromRoute(context, result.events);
  return redirectWithToast(context, "/forgot-password?sent", { type: "success", message: RESET_MESSAGES.sent });
}

export default function ForgotPassword() {
  const { sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const [form, fields] = useSchemaForm(forgotPasswordSchema, { id: "forgot-password", lastResult });
  const sending = useIsPending({ formAction: "/forgot-password" });
  return (
    <div className={`${container} ${section}`}>
      <div className={formStyles.card}>
        <h1>Forgot your password?</h1>
        {sent ? (
          <p>
            Check your inbox. If no letter arrives within a few minutes, check the address and your spam folder, or send
            another link.
          </p>
        ) : (
          <p>Enter the email address of your account. We will send it a link to choose a new password.</p>
        )}
        <Form method="post" action="/forgot-password" {...getFormProps(form)} noValidate className={formStyles.form}>
          <Honeypot />
          <Field
            label="Email*"
            inputProps={{
              ...getInputProps(fields.email, { type: "email" }),
              autoComplete: "email",
            }}
            errors={fields.email.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className={`${button.primary} ${formStyles.full}`} disabled={sending}>
            {sending ? "Sending…" : sent ? "Send another link" : "Send me a link"}
          </button>
        </Form>
        <p>
          <Link to="/login">Back to Login</Link>
        </p>
      </div>
    </div>
  );
}
