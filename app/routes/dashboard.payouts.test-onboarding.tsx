// The offline provider's onboarding (test mode only): what Stripe's hosted onboarding asks, in
// short, on a clearly labelled page of our own site. Completing it gives the seller's account the
// state a ready Stripe account reports, through the same function account.updated calls.
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, Form, Link, useActionData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { ErrorList, Field } from "#app/components/forms";
import * as formStyles from "#app/components/forms.css";
import { choosePaymentProvider } from "#app/domain/deals/payments/checkout.server";
import { TEST_BANK_ACCOUNT, testOnboardingSchema } from "#app/domain/deals/payments/test-onboarding";
import { completeTestOnboarding, PAYOUT_MESSAGES } from "#app/domain/deals/payouts/accounts.server";
import { PAYOUTS_PATH } from "#app/domain/deals/payouts/paths";
import { notFound, requireFormData } from "#app/server/http.server";
import { button } from "#app/styles/utilities.css";
import { pageMeta } from "#app/utils/seo";
import { requireSeller } from "#app/utils/session.server";
import { redirectWithSuccess } from "#app/utils/toast.server";
import { useSchemaForm } from "#app/utils/use-schema-form";
import { database } from "#db/client";
import * as styles from "./payment.css";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Test payout setup", "Set up payouts in test mode: no real bank account is used.");

function testProvider(context: LoaderFunctionArgs["context"]) {
  const provider = choosePaymentProvider(database(context.env.DB), context.env.settings);
  // With Stripe keys, onboarding is Stripe's: this page does not exist.
  if (!provider.testMode) throw notFound();
  return provider;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireSeller(request, context);
  testProvider(context);
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const seller = await requireSeller(request, context);
  const provider = testProvider(context);
  const form = await requireFormData(request);
  if (form.get("intent") !== "complete")
    throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
  const submission = parseWithZod(form, { schema: testOnboardingSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const done = await completeTestOnboarding(database(context.env.DB), provider, seller);
  if (!done.ok) return data({ result: submission.reply({ formErrors: [done.message] }) }, { status: done.status });
  return redirectWithSuccess(context, PAYOUTS_PATH, PAYOUT_MESSAGES.ready);
}

export default function TestOnboarding() {
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const [form, fields] = useSchemaForm(testOnboardingSchema, { id: "test-onboarding", lastResult: actionData?.result });
  return (
    <DashboardPage title="Test payout setup">
      <p id="test-onboarding-mode" className={styles.testMode}>
        {`Test mode: this page stands in for the payment provider's onboarding, and no money moves. Only the test bank account is accepted: routing number ${TEST_BANK_ACCOUNT.routingNumber}, account number ${TEST_BANK_ACCOUNT.accountNumber}.`}
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className={formStyles.form}>
        <input type="hidden" name="intent" value="complete" />
        <Field
          label="Account holder"
          inputProps={{ ...getInputProps(fields.accountHolder, { type: "text" }), autoComplete: "name" }}
          errors={fields.accountHolder.errors}
        />
        <Field
          label="Routing number"
          inputProps={{
            ...getInputProps(fields.routingNumber, { type: "text" }),
            inputMode: "numeric",
            placeholder: TEST_BANK_ACCOUNT.routingNumber,
          }}
          errors={fields.routingNumber.errors}
        />
        <Field
          label="Account number"
          inputProps={{
            ...getInputProps(fields.accountNumber, { type: "text" }),
            inputMode: "numeric",
            placeholder: TEST_BANK_ACCOUNT.accountNumber,
          }}
          errors={fields.accountNumber.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className={button.primary}>
          Complete test setup
        </button>
        <Link to={PAYOUTS_PATH}>Back to Payouts</Link>
      </Form>
    </DashboardPage>
  );
}
