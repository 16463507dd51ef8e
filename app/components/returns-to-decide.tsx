// The returns that reached the admin (ADR 0107), on Claims: both sides' words and photos, the
// serials side by side (the listing's, the buyer's, the seller's on arrival) and a body's shutter
// counts, and the decision: refund all, a part, or release to the seller. A plain POST.
import { Form } from "react-router";
import * as styles from "#app/components/deal.css";
import { TextareaField } from "#app/components/forms";
import * as formStyles from "#app/components/forms.css";
import { ReturnPhotos } from "#app/components/return-photos";
import { CLAIM_TEXT_MAX } from "#app/domain/deals/claims/claim-schema";
import { CLAIM_DECISION_WORDS } from "#app/domain/deals/claims/claim-words";
import {
  RETURN_ADMIN_REASON_WORDS,
  RETURN_PROBLEM_WORDS,
  RETURN_REASON_WORDS,
} from "#app/domain/deals/returns/return-words";
import { formatMoney } from "#app/domain/shared/money";
import { button } from "#app/styles/utilities.css";
import { useCurrency } from "#app/utils/use-currency";
import { CLAIM_OUTCOMES, type ReturnAdminReason, type ReturnProblem, type ReturnReason } from "#db/closed-lists";

export interface ReturnToDecide {
  id: string;
  bookingId: string;
  productName: string;
  amountCents: number;
  buyerName: string;
  sellerName: string;
  reason: ReturnReason;
  details: string;
  sellerAnswer: string | null;
  offerCents: number | null;
  toAdminReason: ReturnAdminReason | null;
  problem: ReturnProblem | null;
  problemDetails: string | null;
  serials: { listing: string | null; buyer: string | null; seller: string | null };
  shutter: { listing: number | null; buyer: number | null; rise: number | null };
  serialMismatch: boolean;
  labelCostCents: number | null;
  photos: Array<{ key: string; side: "buyer" | "seller" }>;
}

export function ReturnsToDecide({ returns, action }: { returns: ReturnToDecide[]; action: string }) {
  const currency = useCurrency();
  return (
    <section aria-labelledby="returns-to-decide" className={styles.page} data-testid="returns-to-decide">
      <h2 id="returns-to-decide">Returns to decide</h2>
      {returns.map((item) => (
        <article key={item.id} className={styles.card} aria-label={`Return of ${item.productName}`}>
          <h3>{`${item.productName}: ${formatMoney(item.amountCents, currency)}`}</h3>
          <p className={styles.status}>
            {item.toAdminReason ? RETURN_ADMIN_REASON_WORDS[item.toAdminReason] : "Reached you"}
          </p>
          <dl className={styles.facts}>
            <dt>Buyer</dt>
            <dd>{item.buyerName}</dd>
            <dt>Seller</dt>
            <dd>{item.sellerName}</dd>
            <dt>Reason</dt>
            <dd>{RETURN_REASON_WORDS[item.reason]}</dd>
            <dt>The buyer's words</dt>
            <dd className={styles.written}>{item.details}</dd>
            <dt>The seller's words</dt>
            <dd className={styles.written}>{item.sellerAnswer ?? "None"}</dd>
            {item.offerCents !== null ? (
              <>
                <dt>Offered back</dt>
                <dd>{formatMoney(item.offerCents, currency)}</dd>
              </>
            ) : null}
            {item.problem ? (
              <>
                <dt>Found on arrival</dt>
                <dd className={styles.written}>
                  {`${RETURN_PROBLEM_WORDS[item.problem]}${item.problemDetails ? `: ${item.problemDetails}` : ""}`}
                </dd>
              </>
            ) : null}
            <dt>Serial on the listing</dt>
            <dd>{item.serials.listing ?? "Not recorded"}</dd>
            <dt>Serial read by the buyer</dt>
            <dd>{item.serials.buyer ?? "Not typed"}</dd>
            <dt>Serial read by the seller</dt>
            <dd data-testid="return-seller-serial">{item.serials.seller ?? "Not read yet"}</dd>
            {item.serialMismatch ? (
              <>
                <dt>Serials</dt>
                <dd className={styles.status}>They do not match: the item that came back may not be the one sent.</dd>
              </>
            ) : null}
            {item.shutter.listing !== null || item.shutter.buyer !== null ? (
              <>
                <dt>Shutter count</dt>
                <dd>
                  {`Listing ${item.shutter.listing ?? "not given"}, buyer ${item.shutter.buyer ?? "not given"}`}
                  {item.shutter.rise !== null ? ` (up ${item.shutter.rise}: more than test shots)` : ""}
                </dd>
              </>
            ) : null}
            {item.labelCostCents !== null ? (
              <>
                <dt>Return label</dt>
                <dd>{formatMoney(item.labelCostCents, currency)}</dd>
              </>
            ) : null}
          </dl>
          <ReturnPhotos photos={item.photos} label="Photos" />
          <Form method="post" action={action} className={formStyles.form}>
            <input type="hidden" name="returnId" value={item.id} />
            <fieldset className={formStyles.field}>
              <legend className={formStyles.label}>Decision*</legend>
              {CLAIM_OUTCOMES.map((outcome) => (
                <label key={outcome}>
                  <input type="radio" name="outcome" value={outcome} required /> {CLAIM_DECISION_WORDS[outcome]}
                </label>
              ))}
            </fieldset>
            <label className={formStyles.field}>
              <span className={formStyles.label}>{`Amount to refund, in ${currency.words} (a part only)`}</span>
              <input name="amount" inputMode="decimal" autoComplete="off" className={formStyles.input} />
            </label>
            <TextareaField
              label="Note to the buyer and the seller (optional)"
              textareaProps={{ id: `return-note-${item.id}`, name: "note", maxLength: CLAIM_TEXT_MAX, rows: 3 }}
            />
            <div className={styles.actions}>
              <button type="submit" className={button.primary}>
                Decide the return
              </button>
            </div>
          </Form>
        </article>
      ))}
    </section>
  );
}
