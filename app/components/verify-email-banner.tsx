// Until the account's email address is verified, every page says so, with "Resend" (a plain POST
// back to the same page). A seller hears why it matters: their listings are not public yet.
import { Form, useLocation } from "react-router";
import { button, container } from "#app/styles/utilities.css";
import { useIsPending } from "#app/utils/use-is-pending";
import * as styles from "./verify-email-banner.css";

export function VerifyEmailBanner({ seller }: { seller: boolean }) {
  const location = useLocation();
  const sending = useIsPending({ intent: "resend" });
  if (location.pathname === "/verify-email") return null;
  return (
    <aside className={styles.banner} aria-label="Email address not verified">
      <div className={`${container} ${styles.inner}`}>
        <p className={styles.text}>
          Please verify your email address: open the link we sent you.
          {seller ? " Until then your listings are not shown to buyers." : null}
        </p>
        <Form method="post" action="/verify-email" className={styles.form}>
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <button type="submit" className={button.secondary} disabled={sending}>
            Resend
          </button>
        </Form>
      </div>
    </aside>
  );
}
