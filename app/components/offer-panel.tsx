import { Form, Link } from "react-router";
import { OFFER_STATUS_WORDS } from "#app/domain/deals/offers/offer-words";
import { formatMoment } from "#app/domain/shared/dates";
import { amountExample, formatMoney } from "#app/domain/shared/money";
import { button } from "#app/styles/utilities.css";
import { useCurrency } from "#app/utils/use-currency";
import { useIsPending } from "#app/utils/use-is-pending";
import { useZone } from "#app/utils/use-zone";
import type { OfferStatus } from "#db/closed-lists";
import { Field } from "./forms";
import * as formStyles from "./forms.css";
import * as styles from "./offer-panel.css";

/** What the listing page offers its visitor about offers (ADR 0061). */
export type OfferPanelData =
  | { kind: "form"; productId: string; askingCents: number; lowestCents: number; offerKey: string }
  | {
      kind: "mine";
      offer: { id: string; amountCents: number; counterCents: number | null; status: OfferStatus; respondBy: string };
      offersHref: string;
    }
  | { kind: "signIn"; href: string };

/**
 * "Make an offer" on an available listing that takes offers: a signed-in buyer's form (a price
 * between half the asking price and the asking price, and where and how to meet should the seller
 * accept), or their live offer on it with a way to withdraw; a visitor is asked to sign in.
 */
export function OfferPanel({ panel }: { panel: OfferPanelData }) {
  const zone = useZone();
  const currency = useCurrency();
  const pending = useIsPending({ intent: ["offer", "offer-withdraw"] });
  return (
    <section className={styles.panel} aria-labelledby="offer-heading">
      <h2 id="offer-heading" className={styles.heading}>
        Make an offer
      </h2>
      {panel.kind === "signIn" ? (
        <p>
          <Link to={panel.href}>Sign in as a buyer</Link> to offer the seller a price.
        </p>
      ) : panel.kind === "mine" ? (
        <>
          <p>
            {`Your offer: ${formatMoney(panel.offer.amountCents, currency)}. ${OFFER_STATUS_WORDS[panel.offer.status]}`}
            {panel.offer.counterCents !== null
              ? `: the seller asks ${formatMoney(panel.offer.counterCents, currency)}`
              : ""}
            {`, until ${formatMoment(panel.offer.respondBy, zone)}.`}
          </p>
          <div className={styles.actions}>
            <Link to={panel.offersHref} className={button.secondary}>
              My Offers
            </Link>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="offer-withdraw" />
              <input type="hidden" name="offerId" value={panel.offer.id} />
              <button type="submit" className={button.ghost} disabled={pending}>
                Withdraw offer
              </button>
            </Form>
          </div>
        </>
      ) : (
        <Form method="post" className={formStyles.form} preventScrollReset>
          <p className={styles.note}>
            {`Offer from ${formatMoney(panel.lowestCents, currency)} to ${formatMoney(panel.askingCents, currency)}. The seller has 48 hours to accept, decline or counter once; an accepted offer books the item for you at that price.`}
          </p>
          <input type="hidden" name="intent" value="offer" />
          <input type="hidden" name="productId" value={panel.productId} />
          <input type="hidden" name="offerKey" value={panel.offerKey} />
          <Field
            label="Your offer*"
            hint={`In ${currency.words}, e.g. ${amountExample(800, currency)}`}
            inputProps={{
              id: "offer-amount",
              name: "amount",
              type: "text",
              inputMode: "decimal",
              required: true,
              maxLength: 14,
            }}
          />
          <Field
            label="Meeting place*"
            inputProps={{
              id: "offer-meetLocation",
              name: "meetLocation",
              type: "text",
              required: true,
              maxLength: 200,
            }}
          />
          <Field
            label="Phone for the seller*"
            inputProps={{
              id: "offer-buyerContact",
              name: "buyerContact",
              type: "tel",
              autoComplete: "tel",
              required: true,
              maxLength: 30,
            }}
            hint="The seller sees it once you have paid."
          />
          <div>
            <button type="submit" className={button.primary} disabled={pending}>
              Send offer
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
