// Loaded only on the payment page, only in the browser, only when Stripe is configured.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { type FormEvent, useMemo, useState } from "react";
import { button } from "#app/styles/utilities.css";
import * as formStyles from "./forms.css";

function PaymentForm({ returnUrl, amountLabel }: { returnUrl: string; amountLabel: string }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
    // Only reached on an immediate error; success goes to return_url, where the page shows
    // what the webhook recorded.
    setError(result.error?.message ?? "The payment could not be completed.");
    setBusy(false);
  }

  return (
    <form onSubmit={pay} className={formStyles.form}>
      <PaymentElement onReady={() => setReady(true)} />
      {error ? (
        <p role="alert" className={formStyles.formErrors}>
          {error}
        </p>
      ) : null}
      <button type="submit" className={button.primary} disabled={!stripe || !ready || busy}>
        {busy ? "Paying…" : `Pay ${amountLabel}`}
      </button>
    </form>
  );
}

export default function StripePaymentForm({
  publishableKey,
  clientSecret,
  returnUrl,
  amountLabel,
}: {
  publishableKey: string;
  clientSecret: string;
  returnUrl: string;
  amountLabel: string;
}) {
  const stripePromise = useMemo<Promise<Stripe | null>>(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret }}>
      <PaymentForm returnUrl={returnUrl} amountLabel={amountLabel} />
    </Elements>
  );
}
