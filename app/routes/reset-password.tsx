import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { ErrorList, PasswordField, useClearAfterError } from "#app/components/forms";
import * as formStyles from "#app/components/forms.css";
import { inspectLink } from "#app/domain/accounts/account-links.server";
import { RESET_MESSAGES } from "#app/domain/accounts/account-messages";
import { PASSWORD_MIN, resetPasswordFormSchema } from "#app/domain/accounts/account-schema";
import { resetPassword } from "#app/domain/accounts/password-reset.server";
import { requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { linkOrigin } from "#app/server/origin.server";
import { button, container, section } from "#app/styles/utilities.css";
import { pageMeta } from "#app/utils/seo";
import { redirectWithSuccess } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { useSchemaForm } from "#app/utils/use-schema-form";
import { database } from "#db/client";

export const meta: MetaFunction = () => [
  ...pageMeta("Pay&Buy New Password", "Choose a new password for your Pay&Buy account."),
  { name: "robots", content: "noindex" },
];

/** The page carries a one-time link's token: no cache keeps it. */
export const headers: HeadersFunction = ({ loaderHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", loaderHeaders.get("Cache-Control") ?? "private, no-store");
  return headers;
};

type LinkProblem = { state: "expired" | "used" | "invalid"; message: string };

const STATUS: Record<LinkProblem["state"], number> = { expired: 410, used: 410, invalid: 400 };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await inspectLink(database(context.env.DB), token, ["reset_password"]);
  const noStore = { "Cache-Control": "private, no-store" };
  if (link.state !== "valid") {
    const problem: LinkProblem = { state: link.state, message: RESET_MESSAGES[link.state] };
    return data({ problem, token: null, email: null }, { status: STATUS[link.state], headers: noStore });
  }
  return data({ problem: null, token, email: link.email }, { headers: noStore });
}

type ActionReply = { problem: LinkProblem } | { result: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await requireFormData(request);
  const submission = parseWithZod(form, { schema: resetPasswordFormSchema });
  if (submission.status !== "success") {
    return data<ActionReply>(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"] }) },
      { status: 400 },
    );
  }
  const result = await resetPassword(database(context.env.DB), {
    token: submission.value.token,
    password: submission.value.password,
    origin: linkOrigin(request, context.env.settings),
  });
  if (!result.ok) {
    return data<ActionReply>(
      { problem: { state: result.state, message: result.message } },
      { status: STATUS[result.state] },
    );
  }
  await publishFromRoute(context, result.events);
  return redirectWithSuccess(context, "/login", RESET_MESSAGES.done);
}

export default function ResetPassword() {
  const loaded = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ActionReply | undefined;
  const problem = reply && "problem" in reply ? reply.problem : loaded.problem;
  return (
    <div className={`${container} ${section}`}>
      <div className={formStyles.card}>
        {problem || !loaded.token ? (
          <>
            <h1>
              {problem?.state === "expired"
                ? "This link has expired"
                : problem?.state === "used"
                  ? "This link was used"
                  : "This link is not valid"}
            </h1>
            <p>{problem?.message ?? RESET_MESSAGES.invalid}</p>
            <p>
              <Link to="/forgot-password" className={button.primary}>
                Ask for a new link
              </Link>
            </p>
            <p>
              <Link to="/login">Back to Login</Link>
            </p>
          </>
        ) : (
          <NewPasswordForm
            token={loaded.token}
            email={loaded.email}
            lastResult={reply && "result" in reply ? reply.result : undefined}
          />
        )}
      </div>
    </div>
  );
}

function NewPasswordForm({
  token,
  email,
  lastResult,
}: {
  token: string;
  email: string | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(resetPasswordFormSchema, { id: "reset-password", lastResult });
  useClearAfterError(lastResult, fields.password.id);
  useClearAfterError(lastResult, fields.confirmPassword.id);
  const saving = useIsPending({ formAction: "/reset-password" });
  return (
    <>
      <h1>Choose a new password</h1>
      {email ? <p>For the account of {email}. Every session of the account is signed out when you save it.</p> : null}
      {/* Posted to the link's own address: a refused form is shown again for the same link. */}
      <Form
        method="post"
        action={`/reset-password?${new URLSearchParams({ token })}`}
        {...getFormProps(form)}
        noValidate
        className={formStyles.form}
      >
        <input type="hidden" name="token" value={token} />
        <PasswordField
          label="New password*"
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "new-password",
          }}
          errors={fields.password.errors}
          hint={`At least ${PASSWORD_MIN} characters.`}
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
        <button type="submit" className={`${button.primary} ${formStyles.full}`} disabled={saving}>
          {saving ? "Saving…" : "Save the new password"}
        </button>
      </Form>
    </>
  );
}
