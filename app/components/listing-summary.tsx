import type { ReactNode } from "react";
import { Link } from "react-router";
import { conditionWords } from "#app/domain/catalog/conditions";
import { deliveryLine, handlingWords } from "#app/domain/catalog/delivery";
import type { Listing } from "#app/domain/catalog/listings.server";
import { formatDay } from "#app/domain/shared/dates";
import { formatMoney, savingAgainstNew } from "#app/domain/shared/money";
import { eyebrow } from "#app/styles/utilities.css";
import { NOT_FOUND, yearsOfUse } from "#app/utils/format";
import { sellerPath } from "#app/utils/seller-urls";
import { useCurrency } from "#app/utils/use-currency";
import { useZone } from "#app/utils/use-zone";
import type { ProductStatus } from "#db/closed-lists";
import { SellerContact, SellerRating } from "./listing-card";
import * as styles from "./listing-summary.css";
import { WasPrice } from "./was-price";

const STATES: Record<ProductStatus, { label: string; note: string | null }> = {
  available: { label: "Available", note: null },
  booked: {
    label: "Booked",
    note: "A buyer is holding this item until they pay. If the booking ends, it can be booked again.",
  },
  sold: { label: "Sold", note: "This item has been sold and can no longer be booked." },
};

/** The head of a listing page: its state, prices, facts, seller and the actions on it. */
export function ListingSummary({
  listing,
  currentYear,
  aside,
  below,
  children,
}: {
  /** Its contact is null for a signed-out visitor (ADR 0099). */
  listing: Omit<Listing, "contact"> & { contact: string | null };
  currentYear: number;
  /** What the page adds above the actions: whether it fits the buyer's camera, price guidance. */
  aside?: ReactNode;
  children: ReactNode;
  /** What the page says under the actions (the buyer's protection, under Book Now). */
  below?: ReactNode;
}) {
  const zone = useZone();
  const currency = useCurrency();
  const state = STATES[listing.status];
  const saving = savingAgainstNew(listing.originalPriceCents, listing.resalePriceCents);
  const grade = conditionWords(listing.condition)?.text ?? null;
  const used = yearsOfUse(listing.purchaseYear, currentYear);
  return (
    <div className={styles.summary}>
      <div>
        <span className={eyebrow}>{listing.categoryTitle}</span>
        <h1 id="listing-title" className={styles.title}>
          {listing.name}
        </h1>
      </div>
      <p className={`${styles.state} ${styles.stateTone[listing.status]}`} data-testid="listing-state">
        {state.label}
      </p>
      {state.note ? <p className={styles.stateNote}>{state.note}</p> : null}
      <p className={styles.prices}>
        <span className={styles.resale}>{formatMoney(listing.resalePriceCents, currency) ?? NOT_FOUND}</span>
        <WasPrice cents={listing.wasPriceCents} />
        <span className={styles.muted}>
          New: <s>{formatMoney(listing.originalPriceCents, currency) ?? NOT_FOUND}</s>
        </span>
        {saving ? (
          <span
            className={styles.saving}
          >{`You save ${formatMoney(saving.cents, currency)} (${saving.percent}%)`}</span>
        ) : null}
      </p>
      <dl className={styles.facts}>
        <dt>Condition</dt>
        <dd>
          {listing.condition || NOT_FOUND}
          {grade ? <span className={styles.grade}>{grade}</span> : null}
        </dd>
        <dt>Purchased</dt>
        <dd>{used ? `${listing.purchaseYear}, used for ${used}` : NOT_FOUND}</dd>
        <dt>Location</dt>
        <dd>{listing.location || NOT_FOUND}</dd>
        <dt>Delivery</dt>
        <dd>
          {deliveryLine(listing, currency)}
          {listing.handlingDays !== null ? <> · {handlingWords(listing.handlingDays)}</> : null}
        </dd>
        <dt>Posted</dt>
        <dd>{formatDay(listing.createdAt, zone) ?? NOT_FOUND}</dd>
        <dt>Contact</dt>
        <dd>
          <SellerContact contact={listing.contact} listingId={listing.id} />
        </dd>
      </dl>
      <p className={styles.seller}>
        <span className={styles.muted}>Seller:</span>{" "}
        <Link to={sellerPath(listing.sellerId)}>{listing.sellerName || NOT_FOUND}</Link>
        {listing.sellerVerifiedAt ? (
          <span className={styles.verified} title="Verified seller">
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
              <path
                fill="currentColor"
                d="m12 1 3 2.2 3.7-.2 1.1 3.5L23 8.6 21.8 12l1.2 3.4-3.2 2.1-1.1 3.5-3.7-.2L12 23l-3-2.2-3.7.2-1.1-3.5L1 15.4 2.2 12 1 8.6l3.2-2.1 1.1-3.5 3.7.2L12 1Zm-1.3 14.6 6-6-1.4-1.4-4.6 4.6-2.3-2.3L7 11.9l3.7 3.7Z"
              />
            </svg>
            Verified
          </span>
        ) : null}{" "}
        <SellerRating average={listing.sellerRatingAverage} count={listing.sellerRatingCount} />
      </p>
      {aside}
      <div className={styles.actions}>{children}</div>
      {below}
    </div>
  );
}
