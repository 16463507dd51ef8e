import { Form, Link } from "react-router";
import { OFFER_DECLINE_WORDS, OFFER_STATUS_WORDS } from "#app/domain/deals/offers/offer-words";
import type { Page } from "#app/domain/shared/list-query";
import { formatMoney } from "#app/domain/shared/money";
import { button, visuallyHidden } from "#app/styles/utilities.css";
import { listingPath } from "#app/utils/listing-urls";
import type { OfferRow } from "#app/utils/offer-list.server";
import { useCurrency } from "#app/utils/use-currency";
import { useIsPending } from "#app/utils/use-is-pending";
import * as formStyles from "./forms.css";
import { PagedTable } from "./paged-table";
import * as table from "./table.css";

function StepForm({
  offer,
  intent,
  label,
  primary = false,
}: {
  offer: OfferRow;
  intent: string;
  label: string;
  primary?: boolean;
}) {
  const pending = useIsPending({ intent, field: ["offerId", offer.id] });
  return (
    <Form method="post" className={table.inlineForm} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="offerId" value={offer.id} />
      <button
        type="submit"
        className={primary ? button.primary : button.secondary}
        disabled={pending}
        aria-label={`${label}: ${offer.productName}`}
      >
        {label}
      </button>
    </Form>
  );
}

function CounterForm({ offer }: { offer: OfferRow }) {
  const currency = useCurrency();
  const pending = useIsPending({ intent: "counter", field: ["offerId", offer.id] });
  const id = `counter-${offer.id}`;
  return (
    <Form method="post" className={`${table.inlineForm} ${table.rowActions}`} preventScrollReset>
      <input type="hidden" name="intent" value="counter" />
      <input type="hidden" name="offerId" value={offer.id} />
      <label
        htmlFor={id}
        className={visuallyHidden}
      >{`Counter price in ${currency.words}: ${offer.productName}`}</label>
      <input
        id={id}
        name="amount"
        type="text"
        inputMode="decimal"
        required
        maxLength={14}
        size={8}
        placeholder={`up to ${formatMoney(offer.askingCents, currency)}`}
        className={formStyles.input}
      />
      <button
        type="submit"
        className={button.secondary}
        disabled={pending}
        aria-label={`Counter: ${offer.productName}`}
      >
        Counter
      </button>
    </Form>
  );
}

function Actions({ offer, side }: { offer: OfferRow; side: "buyer" | "seller" }) {
  if (side === "seller") {
    if (offer.state !== "open") return <>—</>;
    return (
      <div className={table.rowActions}>
        <StepForm offer={offer} intent="accept" label="Accept" primary />
        <StepForm offer={offer} intent="decline" label="Decline" />
        <CounterForm offer={offer} />
      </div>
    );
  }
  if (offer.payBookingId) {
    return (
      <Link
        to={`/dashboard/payment/${offer.payBookingId}`}
        className={button.primary}
        aria-label={`Pay: ${offer.productName}`}
      >
        Pay
      </Link>
    );
  }
  if (offer.state !== "open" && offer.state !== "countered") return <>—</>;
  return (
    <div className={table.rowActions}>
      {offer.state === "countered" ? (
        <>
          <StepForm offer={offer} intent="accept" label="Accept counter" primary />
          <StepForm offer={offer} intent="decline" label="Decline counter" />
        </>
      ) : null}
      <StepForm offer={offer} intent="withdraw" label="Withdraw" />
    </div>
  );
}

/** A buyer's offers, or the offers on a seller's listings, with a plain form for each step. */
export function OffersTable({
  pathname,
  list,
  side,
}: {
  pathname: string;
  list: Pick<Page<OfferRow>, "rows" | "page" | "pageCount" | "pageSize">;
  side: "buyer" | "seller";
}) {
  const currency = useCurrency();
  return (
    <PagedTable
      pathname={pathname}
      list={list}
      rowKey={(offer) => offer.id}
      wide
      region="offers"
      empty={side === "buyer" ? "You don't have any offer" : "There is no offer on your listings"}
      caption={`${side === "buyer" ? "Your offers" : "Offers on your listings"}, newest first. Times are in UTC.`}
      columns={[
        {
          header: "Product",
          kind: "name",
          cell: (offer) => <Link to={listingPath(offer.productId)}>{offer.productName}</Link>,
        },
        { header: side === "buyer" ? "Seller" : "Buyer", cell: (offer) => offer.otherParty },
        { header: "Asking", className: table.nowrap, cell: (offer) => formatMoney(offer.askingCents, currency) },
        { header: "Offer", className: table.nowrap, cell: (offer) => formatMoney(offer.amountCents, currency) },
        {
          header: "Counter",
          className: table.nowrap,
          cell: (offer) => (offer.counterCents === null ? "—" : formatMoney(offer.counterCents, currency)),
        },
        {
          header: "Status",
          cell: (offer) => (
            <>
              {OFFER_STATUS_WORDS[offer.state]}
              {offer.declineReason ? (
                <small className={table.deadline}>{OFFER_DECLINE_WORDS[offer.declineReason]}</small>
              ) : null}
              {offer.respondBy ? <small className={table.deadline}>{`Answer by ${offer.respondBy}`}</small> : null}
            </>
          ),
        },
        ...(side === "seller"
          ? [
              {
                header: "Meeting",
                cell: (offer: OfferRow) =>
                  offer.buyerContact ? `${offer.meetLocation} · ${offer.buyerContact}` : offer.meetLocation,
              },
            ]
          : []),
        { header: "Action", kind: "actions" as const, cell: (offer) => <Actions offer={offer} side={side} /> },
      ]}
    />
  );
}
