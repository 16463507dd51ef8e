import { Link } from "react-router";
import { BUYER_PROTECTION_PATH, protectionLine } from "#app/domain/deals/claims/protection-words";
import * as styles from "./protection-note.css";

/**
 * The buyer's protection where the buyer decides: under Book Now on a listing and in the booking
 * dialog, in a line, linked to the page that tells all of it (ADR 0099), with what the seller
 * takes back under it (`returns`: `listingReturnLines`, ADR 0106).
 * `label`: its landmark's name where the page shows a second note (the booking dialog over a listing).
 */
export function ProtectionNote({
  days,
  label = "Buyer protection",
  returns = [],
}: {
  days: number;
  label?: string;
  returns?: readonly string[];
}) {
  return (
    <aside className={styles.note} aria-label={label} data-testid="protection-note">
      <p className={styles.text}>
        <strong>Buyer protection. </strong>
        {protectionLine(days)}{" "}
        <Link to={BUYER_PROTECTION_PATH} className={styles.link}>
          How buyer protection works
        </Link>
      </p>
      {returns.length > 0 ? (
        <p className={`${styles.text} ${styles.returns}`} data-testid="return-lines">
          <strong>Returns. </strong>
          {returns.join(" ")}
        </p>
      ) : null}
    </aside>
  );
}
