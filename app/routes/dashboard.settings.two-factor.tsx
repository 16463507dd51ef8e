// Two-factor sign-in in the settings: set it up (a secret made by a POST, its QR code drawn on the
// server beside the secret as text, confirmed by the app's first code), new recovery codes, turn
// it off (not for admins, who must have it and are sent here first). Everything is a plain POST.
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DashboardPage } from "#app/components/dashboard-page";
import { ErrorList, Field } from "#app/components/forms";
import * as formStyles from "#app/components/forms.css";
import { TWO_FACTOR_MESSAGES } from "#app/domain/accounts/account-messages";
import { twoFactorCodeSchema } from "#app/domain/accounts/account-schema";
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  pendingTwoFactorSetup,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatus,
} from "#app/domain/accounts/two-factor.server";
import { badRequest, requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { linkOrigin } from "#app/server/origin.server";
import { button } from "#app/styles/utilities.css";
import { TWO_FACTOR_SETUP_PATH } from "#app/utils/dashboard-tabs";
import { qrCodeDataUrl } from "#app/utils/qr-code.server";
import { readRecoveryCodes, recoveryCodesCookie } from "#app/utils/recovery-codes-flash.server";
import { pageMeta } from "#app/utils/seo";
import { requireUser } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess, redirectWithToast } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { useSchemaForm } from "#app/utils/use-schema-form";
import { database } from "#db/client";
import * as styles from "./two-factor.css";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Two-Factor Sign-In", "Ask for a code from an authenticator app when signing in to Pay&Buy.");

const PATH = TWO_FACTOR_SETUP_PATH;

/** "3 recovery codes left." */
const codesLeft = (count: number) => `${count} recovery ${count === 1 ? "code" : "codes"} left.`;

/** The secret as people type it into an app: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const db = database(context.env.DB);
  const settings = context.env.settings;
  const [status, pending, shown] = await Promise.all([
    twoFactorStatus(db, user.id),
    pendingTwoFactorSetup(db, user, { secrets: settings.SESSION_SECRET, issuer: settings.APP_NAME }),
    readRecoveryCodes(request, context, user.id),
  ]);
  return data(
    {
      admin: user.role === "admin",
      status,
      setup:
        pending && !status.enabled
          ? { secret: grouped(pending.secret), qrCode: await qrCodeDataUrl(pending.uri), issuer: settings.APP_NAME }
          : null,
      recoveryCodes: shown.codes,
    },
    { headers: shown.clear ? { "Set-Cookie": shown.clear, "Cache-Control": "private, no-store" } : undefined },
  );
}

type Intent = "confirm" | "regenerate" | "disable";
type ActionReply = { form: Intent; result: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await requireFormData(request);
  const db = database(context.env.DB);
  const secrets = context.env.settings.SESSION_SECRET;
  const intent = form.get("intent");
  if (intent === "start") {
    const started = await startTwoFactorSetup(db, user.id, secrets);
    if (!started.ok) return redirectWithError(context, PATH, started.message);
    return redirectWithToast(context, PATH, {
      type: "info",
      message: "Scan the QR code with your authenticator app, then enter the code it shows.",
    });
  }
  if (intent !== "confirm" && intent !== "regenerate" && intent !== "disable") throw badRequest();
  const submission = parseWithZod(form, { schema: twoFactorCodeSchema });
  const refuse = (message: string, status: number) =>
    data<ActionReply>(
      { form: intent, result: submission.reply({ fieldErrors: { code: [message] }, hideFields: ["code"] }) },
      { status },
    );
  if (submission.status !== "success")
    return data<ActionReply>({ form: intent, result: submission.reply() }, { status: 400 });
  const code = submission.value.code;
  const origin = linkOrigin(request, context.env.settings);
  if (intent === "confirm") {
    const result = await confirmTwoFactorSetup(db, user.id, { code, secrets, origin });
    if (!result.ok) return refuse(result.message, result.status);
    await publishFromRoute(context, result.events);
    return redirectWithToast(
      context,
      PATH,
      { type: "success", message: TWO_FACTOR_MESSAGES.enabled },
      { headers: { "Set-Cookie": await recoveryCodesCookie(context, user.id, result.recoveryCodes) } },
    );
  }
  if (intent === "regenerate") {
    const result = await regenerateRecoveryCodes(db, user.id, { code, secrets });
    if (!result.ok) return refuse(result.message, result.status);
    return redirectWithToast(
      context,
      PATH,
      { type: "success", message: TWO_FACTOR_MESSAGES.newRecoveryCodes },
      { headers: { "Set-Cookie": await recoveryCodesCookie(context, user.id, result.recoveryCodes) } },
    );
  }
  const result = await disableTwoFactor(db, user, { code, secrets, origin });
  if (!result.ok) return refuse(result.message, result.status);
  await publishFromRoute(context, result.events);
  return redirectWithSuccess(context, PATH, TWO_FACTOR_MESSAGES.disabled);
}

function CodeForm({
  intent,
  label,
  submit,
  danger,
  lastResult,
}: {
  intent: Intent;
  label: string;
  submit: string;
  danger?: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(twoFactorCodeSchema, {
    id: `two-factor-${intent}`,
    lastResult,
    validate: "onSubmit",
  });
  const busy = useIsPending({ intent });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className={formStyles.form}>
      <input type="hidden" name="intent" value={intent} />
      <Field
        label={label}
        inputProps={{
          ...getInputProps(fields.code, { type: "text" }),
          autoComplete: "one-time-code",
          spellCheck: false,
          autoCapitalize: "none",
        }}
        errors={fields.code.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>
        <button type="submit" className={danger ? button.danger : button.primary} disabled={busy}>
          {submit}
        </button>
      </div>
    </Form>
  );
}

export default function TwoFactorSettings() {
  const { admin, status, setup, recoveryCodes } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ActionReply | undefined;
  const resultOf = (form: Intent) => (reply?.form === form ? reply.result : undefined);
  const starting = useIsPending({ intent: "start" });
  return (
    <DashboardPage title="Two-factor sign-in">
      <p>
        <Link to="/dashboard/settings">Back to Settings</Link>
      </p>
      {recoveryCodes ? (
        <section aria-labelledby="codes-title" className={styles.codes}>
          <h2 id="codes-title">Your recovery codes</h2>
          <p>
            Each code signs you in once without your authenticator app, if you lose it. Write them down or keep them in
            a password manager now: they are not shown again.
          </p>
          <ul className={styles.codeList}>
            {recoveryCodes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {status.enabled ? (
        <>
          <p>{`Two-factor sign-in is on. ${codesLeft(status.recoveryCodesLeft)}`}</p>
          <section aria-labelledby="regenerate-title" className={styles.part}>
            <h2 id="regenerate-title">New recovery codes</h2>
            <p>Make ten new codes; the old ones stop working.</p>
            <CodeForm
              intent="regenerate"
              label="Code from your authenticator app*"
              submit="Make new recovery codes"
              lastResult={resultOf("regenerate")}
            />
          </section>
          {admin ? (
            <p>{TWO_FACTOR_MESSAGES.requiredForAdmins}</p>
          ) : (
            <section aria-labelledby="disable-title" className={styles.part}>
              <h2 id="disable-title">Turn it off</h2>
              <CodeForm
                intent="disable"
                label="Code from your app, or a recovery code*"
                submit="Turn off two-factor sign-in"
                danger
                lastResult={resultOf("disable")}
              />
            </section>
          )}
        </>
      ) : setup ? (
        <section aria-labelledby="setup-title" className={styles.part}>
          <h2 id="setup-title">Set up your authenticator app</h2>
          <ol className={styles.steps}>
            <li>Open an authenticator app (1Password, Google Authenticator, Microsoft Authenticator, Authy, …).</li>
            <li>
              Scan this QR code, or type the key beside it into the app (account: your email address, issuer:{" "}
              {setup.issuer}, time-based).
            </li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <div className={styles.qr}>
            <img
              src={setup.qrCode}
              alt="QR code that adds your Pay&Buy account to an authenticator app"
              width={200}
              height={200}
            />
            <p>
              Key: <code className={styles.secret}>{setup.secret}</code>
            </p>
          </div>
          <CodeForm
            intent="confirm"
            label="Code from your authenticator app*"
            submit="Turn on two-factor sign-in"
            lastResult={resultOf("confirm")}
          />
        </section>
      ) : (
        <section aria-labelledby="start-title" className={styles.part}>
          <h2 id="start-title">Protect your account with a code</h2>
          {admin ? <p>{TWO_FACTOR_MESSAGES.setupRequired}</p> : null}
          <p>
            With two-factor sign-in, signing in asks for your password and a code from an app on your phone, so a stolen
            password alone does not open your account.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="start" />
            <button type="submit" className={button.primary} disabled={starting}>
              Set up two-factor sign-in
            </button>
          </Form>
        </section>
      )}
    </DashboardPage>
  );
}
