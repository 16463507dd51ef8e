// The second step of signing in to an account with two-factor sign-in: a password (or Google)
// sign-in left a short-lived signed cookie naming the account; the code from the app (or a
// recovery code) turns it into a session.
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { ErrorList, Field } from "#app/components/forms";
import * as formStyles from "#app/components/forms.css";
import { twoFactorCodeSchema } from "#app/domain/accounts/account-schema";
import { signInWithSecondFactor } from "#app/domain/accounts/accounts.server";
import { verifyPendingSignIn } from "#app/domain/accounts/tokens.server";
import { readCookie } from "#app/server/cookies.server";
import type { EnvContext } from "#app/server/env.server";
import { requireFormData } from "#app/server/http.server";
import { button, container, section } from "#app/styles/utilities.css";
import { safeRedirect } from "#app/utils/redirect";
import { retryAfterHeaders } from "#app/utils/retry-after";
import { pageMeta } from "#app/utils/seo";
import {
  PENDING_SIGN_IN_COOKIE,
  pendingSignInCookie,
  requireAnonymous,
  signInResponse,
} from "#app/utils/session.server";
import { redirectWithError } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { useSchemaForm } from "#app/utils/use-schema-form";
import { database } from "#db/client";

export const meta: MetaFunction = () => [
  ...pageMeta("Pay&Buy Two-Factor Sign-In", "Enter the code from your authenticator app to sign in."),
  { name: "robots", content: "noindex" },
];

/** A refused request tells the client when to try again. */
export const headers = retryAfterHeaders;

const EXPIRED = "Your sign-in took too long or was not started here. Please log in again.";

/** The sign-in waiting for its code, if this browser has one (a bad cookie is none). */
async function pendingSignIn(request: Request, context: EnvContext) {
  const token = readCookie(request, PENDING_SIGN_IN_COOKIE);
  return token ? verifyPendingSignIn(token, context.env.settings.SESSION_SECRET) : null;
}

function startAgain(context: EnvContext, redirectTo = "/") {
  const to = redirectTo === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo })}`;
  return redirectWithError(context, to, EXPIRED);
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAnonymous(request, context, "/");
  return { pending: (await pendingSignIn(request, context)) !== null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAnonymous(request, context, "/");
  const pending = await pendingSignIn(request, context);
  if (!pending) return startAgain(context);
  const form = await requireFormData(request);
  const submission = parseWithZod(form, { schema: twoFactorCodeSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const proved = await signInWithSecondFactor(database(context.env.DB), pending, {
    code: submission.value.code,
    secrets: context.env.settings.SESSION_SECRET,
  });
  // No such account any more, or this pending sign-in made its session already (it is used once).
  if (!proved.ok && !("status" in proved)) return startAgain(context, pending.redirectTo);
  if (!proved.ok) {
    return data(submission.reply({ fieldErrors: { code: [proved.message] }, hideFields: ["code"] }), {
      status: proved.status,
      headers: proved.retryAfterSeconds ? { "Retry-After": String(proved.retryAfterSeconds) } : undefined,
    });
  }
  const { user: account, recoveryCodesLeft: left } = proved;
  return signInResponse(
    request,
    context,
    account,
    safeRedirect(pending.redirectTo),
    {
      type: "success",
      message: `Welcome back, ${account.name}`,
      ...(left !== undefined
        ? { description: `You used a recovery code; ${left} left. Make new ones in Settings if you are running out.` }
        : {}),
    },
    [pendingSignInCookie("", 0)],
  );
}

export default function TwoFactorSignIn() {
  const { pending } = useLoaderData<typeof loader>();
  if (!pending) {
    return (
      <div className={`${container} ${section}`}>
        <div className={formStyles.card}>
          <h1>Two-factor sign-in</h1>
          <p>{EXPIRED}</p>
          <p>
            <Link to="/login" className={button.primary}>
              Login
            </Link>
          </p>
        </div>
      </div>
    );
  }
  return <CodeForm />;
}

function CodeForm() {
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const [form, fields] = useSchemaForm(twoFactorCodeSchema, {
    id: "two-factor-sign-in",
    lastResult,
    validate: "onSubmit",
  });
  const checking = useIsPending({ formAction: "/login/two-factor" });
  return (
    <div className={`${container} ${section}`}>
      <div className={formStyles.card}>
        <h1>Two-factor sign-in</h1>
        <p>Enter the 6-digit code your authenticator app shows for Pay&amp;Buy, or one of your recovery codes.</p>
        <Form method="post" action="/login/two-factor" {...getFormProps(form)} noValidate className={formStyles.form}>
          <Field
            label="Code*"
            inputProps={{
              ...getInputProps(fields.code, { type: "text" }),
              autoComplete: "one-time-code",
              inputMode: "text",
              spellCheck: false,
              autoCapitalize: "none",
            }}
            errors={fields.code.errors}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className={`${button.primary} ${formStyles.full}`} disabled={checking}>
            {checking ? "Checking…" : "Sign in"}
          </button>
        </Form>
        <p>
          <Link to="/login">Start again</Link>
        </p>
      </div>
    </div>
  );
}
