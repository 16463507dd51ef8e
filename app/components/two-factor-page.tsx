// The two-factor sign-in page (/dashboard/settings/two-factor): set it up (a secret made by a
// POST, its QR code drawn on the server beside the key as text, confirmed by the app's first code
// and the owner's password), new recovery codes, turn it off. Each form posts to its own action
// (ADR 0071, 0075); each action's route renders this page with what its action answered, so a
// refusal comes back at its form and new recovery codes are shown in the answer to the request
// that made them, once, and never again.
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { TWO_FACTOR_MESSAGES } from "#app/domain/accounts/account-messages";
import { confirmChangeSchema, confirmTwoFactorSchema } from "#app/domain/accounts/account-schema";
import { button } from "#app/styles/utilities.css";
import { TWO_FACTOR_SETUP_PATH } from "#app/utils/dashboard-tabs";
import { useIsPending } from "#app/utils/use-is-pending";
import { useSchemaForm } from "#app/utils/use-schema-form";
import { type Confirmation, ConfirmationFields } from "./account-forms";
import { DashboardPage } from "./dashboard-page";
import { ErrorList, Field, useClearAfterError } from "./forms";
import * as formStyles from "./forms.css";
import * as styles from "./two-factor-page.css";

export type TwoFactorStep = "start" | "confirm" | "regenerate" | "disable";

/** Where each form of the page posts. */
export const TWO_FACTOR_ACTIONS: Record<TwoFactorStep, string> = {
  start: `${TWO_FACTOR_SETUP_PATH}/start`,
  confirm: `${TWO_FACTOR_SETUP_PATH}/confirm`,
  regenerate: `${TWO_FACTOR_SETUP_PATH}/regenerate`,
  disable: `${TWO_FACTOR_SETUP_PATH}/disable`,
};

export interface TwoFactorPageData {
  admin: boolean;
  status: { enabled: boolean; pending: boolean; recoveryCodesLeft: number };
  setup: { secret: string; qrCode: string; issuer: string } | null;
  /** How the owner confirms a change (the page's loader asks reauthentication.server.ts). */
  confirmation: Confirmation;
}

/** What an action of the page answered, when it did not redirect. */
export type TwoFactorReply =
  | { step: TwoFactorStep; result: SubmissionResult<string[]>; codes?: undefined }
  | { step: TwoFactorStep; codes: string[]; message: string; result?: undefined };

/** "3 recovery codes left." */
const codesLeft = (count: number) => `${count} recovery ${count === 1 ? "code" : "codes"} left.`;

function RecoveryCodes({ codes, message }: { codes: string[]; message: string }) {
  return (
    <section aria-labelledby="codes-title" className={styles.codes}>
      <h2 id="codes-title">Your recovery codes</h2>
      <p role="status">{message}</p>
      <p>
        Each code signs you in once without your authenticator app, if you lose it.{" "}
        <strong>{TWO_FACTOR_MESSAGES.codesShownOnce}</strong>
      </p>
      <ul className={styles.codeList}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SubmitRow({ step, label, danger }: { step: TwoFactorStep; label: string; danger?: boolean }) {
  const busy = useIsPending({ formAction: TWO_FACTOR_ACTIONS[step] });
  return (
    <div>
      <button type="submit" className={danger ? button.danger : button.primary} disabled={busy}>
        {label}
      </button>
    </div>
  );
}

/** The setup's last step: the app's first code, and the owner's password (or address). */
function ConfirmSetupForm({
  confirmation,
  lastResult,
}: {
  confirmation: Confirmation;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(confirmTwoFactorSchema, {
    id: "two-factor-confirm",
    lastResult,
    validate: "onSubmit",
  });
  useClearAfterError(lastResult, "two-factor-confirm-current-password");
  return (
    <Form
      method="post"
      action={TWO_FACTOR_ACTIONS.confirm}
      {...getFormProps(form)}
      noValidate
      className={formStyles.form}
    >
      <Field
        label="Code from your authenticator app*"
        inputProps={{
          ...getInputProps(fields.code, { type: "text" }),
          autoComplete: "one-time-code",
          spellCheck: false,
          autoCapitalize: "none",
        }}
        errors={fields.code.errors}
      />
      <ConfirmationFields
        confirmation={{ ...confirmation, code: false }}
        fields={fields}
        idPrefix="two-factor-confirm"
        passwordHint="To be sure it is you turning this on."
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitRow step="confirm" label="Turn on two-factor sign-in" />
    </Form>
  );
}

/** New recovery codes, or turning it off: the owner confirms it is them. */
function ConfirmedChangeForm({
  step,
  confirmation,
  submit,
  danger,
  lastResult,
}: {
  step: "regenerate" | "disable";
  confirmation: Confirmation;
  submit: string;
  danger?: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(confirmChangeSchema, { id: `two-factor-${step}`, lastResult });
  useClearAfterError(lastResult, `two-factor-${step}-current-password`);
  return (
    <Form
      method="post"
      action={TWO_FACTOR_ACTIONS[step]}
      {...getFormProps(form)}
      noValidate
      className={formStyles.form}
    >
      <ConfirmationFields confirmation={confirmation} fields={fields} idPrefix={`two-factor-${step}`} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitRow step={step} label={submit} danger={danger} />
    </Form>
  );
}

export function TwoFactorPage({ data, reply }: { data: TwoFactorPageData; reply?: TwoFactorReply }) {
  const { admin, status, setup, confirmation } = data;
  const resultOf = (step: TwoFactorStep) => (reply?.step === step ? reply.result : undefined);
  let body: ReactNode;
  if (status.enabled) {
    body = (
      <>
        <p>{`Two-factor sign-in is on. ${codesLeft(status.recoveryCodesLeft)}`}</p>
        <section aria-labelledby="regenerate-title" className={styles.part}>
          <h2 id="regenerate-title">New recovery codes</h2>
          <p>Make ten new codes; the old ones stop working.</p>
          <ConfirmedChangeForm
            step="regenerate"
            confirmation={confirmation}
            submit="Make new recovery codes"
            lastResult={resultOf("regenerate")}
          />
        </section>
        {admin ? (
          <p>{TWO_FACTOR_MESSAGES.requiredForAdmins}</p>
        ) : (
          <section aria-labelledby="disable-title" className={styles.part}>
            <h2 id="disable-title">Turn it off</h2>
            <ConfirmedChangeForm
              step="disable"
              confirmation={confirmation}
              submit="Turn off two-factor sign-in"
              danger
              lastResult={resultOf("disable")}
            />
          </section>
        )}
      </>
    );
  } else if (setup) {
    body = (
      <section aria-labelledby="setup-title" className={styles.part}>
        <h2 id="setup-title">Set up your authenticator app</h2>
        <ol className={styles.steps}>
          <li>Open an authenticator app (1Password, Google Authenticator, Microsoft Authenticator, Authy, …).</li>
          <li>
            Scan this QR code, or type the key beside it into the app (account: your email address, issuer:{" "}
            {setup.issuer}, time-based).
          </li>
          <li>Enter the 6-digit code the app shows, and your password.</li>
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
        <ConfirmSetupForm confirmation={confirmation} lastResult={resultOf("confirm")} />
      </section>
    );
  } else {
    body = <StartSection admin={admin} />;
  }
  return (
    <DashboardPage title="Two-factor sign-in">
      <p>
        <Link to="/dashboard/settings">Back to Settings</Link>
      </p>
      {reply?.codes ? <RecoveryCodes codes={reply.codes} message={reply.message} /> : null}
      {body}
    </DashboardPage>
  );
}

function StartSection({ admin }: { admin: boolean }) {
  const starting = useIsPending({ formAction: TWO_FACTOR_ACTIONS.start });
  return (
    <section aria-labelledby="start-title" className={styles.part}>
      <h2 id="start-title">Protect your account with a code</h2>
      {admin ? <p>{TWO_FACTOR_MESSAGES.setupRequired}</p> : null}
      <p>
        With two-factor sign-in, signing in asks for your password and a code from an app on your phone, so a stolen
        password alone does not open your account.
      </p>
      <Form method="post" action={TWO_FACTOR_ACTIONS.start}>
        <button type="submit" className={button.primary} disabled={starting}>
          Set up two-factor sign-in
        </button>
      </Form>
    </section>
  );
}
