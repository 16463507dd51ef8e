import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { lazy, Suspense, useEffect } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, Form, Link, redirect, useActionData, useFetcher, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { ErrorList, Field } from "#app/components/forms";
import * as formStyles from "#app/components/forms.css";
import { ProtectionNote } from "#app/components/protection-note";
import { listingReturnLines } from "#app/domain/catalog/return-policy";
import {
  choosePaymentProvider,
  findPayableBooking,
  isExpired,
  payBooking,
  startPayment,
} from "#app/domain/deals/payments/checkout.server";
import { PAYMENT_MESSAGES } from "#app/domain/deals/payments/messages";
import { testCardSchema } from "#app/domain/deals/payments/test-card";
import { formatMoment } from "#app/domain/shared/dates";
import { formatMoney } from "#app/domain/shared/money";
import { idSchema } from "#app/domain/shared/schemas";
import { zoneTable } from "#app/domain/shared/time-zones.server";
import { notFound, requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { button } from "#app/styles/utilities.css";
import { pageMeta } from "#app/utils/seo";
import { requireRoleWith } from "#app/utils/session.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { useCurrency } from "#app/utils/use-currency";
import { useHydrated } from "#app/utils/use-hydrated";
import { useIsPending } from "#app/utils/use-is-pending";
import { useSchemaForm } from "#app/utils/use-schema-form";
import { database } from "#db/client";
import * as styles from "./payment.css";

const MY_ORDERS = "/dashboard/my_orders";

// Stripe's card form only ever renders after hydration (below), so the server build leaves it and
// Stripe's React library out (Vite replaces `import.meta.env.SSR` at build time).
const StripePaymentForm = import.meta.env.SSR ? () => null : lazy(() => import("#app/components/stripe-payment-form"));

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta("Pay&Buy Payment", "Pay for your booking on Pay&Buy by card."),
  // Without JavaScript, a payment Stripe is still confirming refreshes itself.
  ...(data?.processing ? [{ httpEquiv: "refresh", content: "5" } as const] : []),
];

async function loadBooking(request: Request, context: LoaderFunctionArgs["context"], id: string | undefined) {
  const bookingId = idSchema.safeParse(id);
  const db = database(context.env.DB);
  // Read in the session's batch: one D1 round trip (ADR 0040, 0069). A malformed id matches nothing.
  const { user: buyer, data: booking } = await requireRoleWith(request, context, ["buyer"], async (viewer) =>
    bookingId.success ? findPayableBooking(db, viewer, bookingId.data) : null,
  );
  if (!booking) throw notFound();
  return { buyer, booking };
}

/**
 * After a payment the buyer lands on My Orders with the "Payment Successful" toast and the
 * transaction id, as the spec says; the order's Receipt link leads back to this page.
 */
function paidRedirect(context: LoaderFunctionArgs["context"], transactionId: string | null) {
  return redirectWithToast(context, MY_ORDERS, {
    type: "success",
    message: PAYMENT_MESSAGES.paid,
    ...(transactionId ? { description: `Transaction ID: ${transactionId}` } : {}),
  });
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { buyer, booking } = await loadBooking(request, context, params.id);
  const provider = choosePaymentProvider(database(context.env.DB), context.env.settings);
  const checkout = new URL(request.url).searchParams.get("checkout");
  // Back from the card provider with the payment confirmed: the same landing as a test card.
  if (booking.status === "paid" && (checkout === "done" || checkout === "returned")) {
    throw await paidRedirect(context, booking.transactionId);
  }
  return {
    booking: {
      id: booking.id,
      status: booking.status,
      productName: booking.productName,
      priceCents: booking.priceCents,
      shippingCents: booking.shippingCents,
      amountCents: booking.amountCents,
      transactionId: booking.transactionId,
      expired: isExpired(booking),
      payBy: formatMoment(booking.expiresAt, zoneTable(buyer.timeZone)),
      // The booking's own copy of the policy, as the buyer pays for it (ADR 0106).
      returns: listingReturnLines(booking.delivery, booking.returnPolicy),
    },
    protectionDays: context.env.settings.BUYER_PROTECTION_DAYS,
    testMode: provider.testMode,
    publishableKey: provider.publishableKey,
    processing: booking.status === "active" && (checkout === "done" || checkout === "returned"),
    checkoutCancelled: checkout === "cancelled",
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { buyer, booking } = await loadBooking(request, context, params.id);
  const form = await requireFormData(request);
  const intent = form.get("intent");
  const settings = context.env.settings;
  const provider = choosePaymentProvider(database(context.env.DB), settings);
  const here = `/dashboard/payment/${booking.id}`;

  if (intent === "pay-test") {
    const submission = parseWithZod(form, { schema: testCardSchema });
    const hideFields = ["cardNumber", "cvc"];
    if (submission.status !== "success") return data({ result: submission.reply({ hideFields }) }, { status: 400 });
    const paid = await payBooking(provider, booking, { method: "card", cardNumber: submission.value.cardNumber });
    if (!paid.ok) {
      const reply = paid.field
        ? submission.reply({ fieldErrors: { [paid.field]: [paid.message] }, hideFields })
        : submission.reply({ formErrors: [paid.message], hideFields });
      return data({ result: reply }, { status: paid.status });
    }
    if ("fulfilment" in paid && paid.fulfilment.outcome === "fulfilled") {
      await publishFromRoute(context, paid.fulfilment.events);
    }
    return paidRedirect(context, "transactionId" in paid ? paid.transactionId : null);
  }
  if (intent === "create-intent") {
    const started = await startPayment(provider, booking);
    if (!started.ok) return redirect(here);
    return { clientSecret: started.clientSecret };
  }
  if (intent === "checkout") {
    const origin = settings.APP_URL ?? new URL(request.url).origin;
    const paid = await payBooking(provider, booking, {
      method: "hosted",
      returnUrl: `${origin}${here}`,
      buyerEmail: buyer.email,
    });
    if (paid.ok && "redirectTo" in paid) return redirect(paid.redirectTo, 303);
    if (!paid.ok && paid.status === 400) throw new Response(paid.message, { status: 400, statusText: "Bad Request" });
    return redirect(here);
  }
  throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
}

export default function Payment() {
  const currency = useCurrency();
  const { booking, testMode, publishableKey, processing, checkoutCancelled, protectionDays } =
    useLoaderData<typeof loader>();
  const price = formatMoney(booking.amountCents, currency) ?? "Price not found";
  if (booking.status === "paid") {
    return (
      <DashboardPage title="Payment Successful">
        <PaymentInformation status="Paid" transactionId={booking.transactionId} productName={booking.productName} />
        <Link to={MY_ORDERS} className={button.primary}>
          Go to My Orders
        </Link>
      </DashboardPage>
    );
  }
  if (booking.status !== "active" || booking.expired) {
    return (
      <DashboardPage title={`Payment for ${booking.productName}`}>
        <p>{booking.expired ? PAYMENT_MESSAGES.expired : PAYMENT_MESSAGES.notPayable}</p>
        <Link to={MY_ORDERS}>Back to My Orders</Link>
      </DashboardPage>
    );
  }
  return (
    <DashboardPage title={`Payment for ${booking.productName}`}>
      <p className={styles.lead}>{`Please, pay ${price} for your product ${booking.productName}`}</p>
      {booking.shippingCents > 0 ? (
        <p className={styles.deadline}>
          {`${formatMoney(booking.priceCents, currency)} for the item and ${formatMoney(booking.shippingCents, currency)} for shipping.`}
        </p>
      ) : null}
      {booking.payBy ? (
        <p className={styles.deadline}>{`Pay by ${booking.payBy}: unpaid, the booking then expires.`}</p>
      ) : null}
      <ProtectionNote days={protectionDays} returns={booking.returns} />
      {processing ? (
        <PaymentInformation
          status="Processing — waiting for the card provider's confirmation"
          transactionId={null}
          productName={booking.productName}
        />
      ) : testMode ? (
        <TestCheckout />
      ) : (
        <StripeCheckout
          bookingId={booking.id}
          publishableKey={publishableKey}
          amountLabel={price}
          cancelled={checkoutCancelled}
        />
      )}
    </DashboardPage>
  );
}

function PaymentInformation({
  status,
  transactionId,
  productName,
}: {
  status: string;
  transactionId: string | null;
  productName: string;
}) {
  return (
    <section className={styles.info} aria-labelledby="payment-info">
      <h2 id="payment-info">Payment Information</h2>
      <dl>
        <div>
          <dt>Product</dt>
          <dd>{productName}</dd>
        </div>
        <div>
          <dt>Payment Status</dt>
          <dd>{status}</dd>
        </div>
        <div>
          <dt>Transaction ID</dt>
          <dd>{transactionId ?? "Not yet"}</dd>
        </div>
      </dl>
    </section>
  );
}

function TestCheckout() {
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const paying = useIsPending({ intent: "pay-test" });
  const [form, fields] = useSchemaForm(testCardSchema, { id: "test-card", lastResult: actionData?.result });
  return (
    <div className={styles.checkout}>
      <p className={styles.testMode}>
        Test mode: no real card is charged. Use 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined), any
        future date and any CVC.
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className={formStyles.form}>
        <input type="hidden" name="intent" value="pay-test" />
        <Field
          label="Card number"
          inputProps={{
            ...getInputProps(fields.cardNumber, { type: "text" }),
            inputMode: "numeric",
            autoComplete: "cc-number",
            placeholder: "4242 4242 4242 4242",
          }}
          errors={fields.cardNumber.errors}
        />
        <div className={styles.row}>
          <Field
            label="Expiry (MM/YY)"
            inputProps={{
              ...getInputProps(fields.expiry, { type: "text" }),
              autoComplete: "cc-exp",
              placeholder: "12/30",
            }}
            errors={fields.expiry.errors}
          />
          <Field
            label="CVC"
            inputProps={{
              ...getInputProps(fields.cvc, { type: "text" }),
              inputMode: "numeric",
              autoComplete: "cc-csc",
              placeholder: "123",
            }}
            errors={fields.cvc.errors}
          />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <button type="submit" className={button.primary} disabled={paying}>
          {paying ? "Paying…" : "Pay"}
        </button>
      </Form>
    </div>
  );
}

function StripeCheckout({
  bookingId,
  publishableKey,
  amountLabel,
  cancelled,
}: {
  bookingId: string;
  publishableKey: string | null;
  amountLabel: string;
  cancelled: boolean;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ clientSecret?: string | null }>();
  const withElements = hydrated && Boolean(publishableKey);
  useEffect(() => {
    if (withElements && fetcher.state === "idle" && !fetcher.data) {
      fetcher.submit({ intent: "create-intent" }, { method: "post" });
    }
  }, [withElements, fetcher]);
  const clientSecret = fetcher.data?.clientSecret;
  return (
    <section className={styles.checkout} aria-label="Card payment">
      {cancelled ? <p className={formStyles.formErrors}>The payment was cancelled. You can try again.</p> : null}
      {withElements ? (
        clientSecret ? (
          <Suspense fallback={<p>Loading the card form…</p>}>
            <StripePaymentForm
              publishableKey={publishableKey!}
              clientSecret={clientSecret}
              amountLabel={amountLabel}
              returnUrl={`${window.location.origin}/dashboard/payment/${bookingId}?checkout=returned`}
            />
          </Suspense>
        ) : (
          <button type="button" className={button.primary} disabled>
            Pay
          </button>
        )
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="checkout" />
          <p>You will pay on Stripe&apos;s secure page and come back here.</p>
          <button type="submit" className={button.primary}>
            Pay
          </button>
        </Form>
      )}
    </section>
  );
}
