import type { SubmissionResult } from "@conform-to/react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { COUNTRY_NAMES, meets, ships } from "#app/domain/catalog/delivery";
import { photoUrl } from "#app/domain/catalog/photo-keys";
import { listingReturnLines } from "#app/domain/catalog/return-policy";
import { ADDRESS_LIMITS } from "#app/domain/deals/parcels/address";
import { type Currency, formatMoney } from "#app/domain/shared/money";
import { button } from "#app/styles/utilities.css";
import { holdLabel, NOT_FOUND } from "#app/utils/format";
import type { BookingDialogData, ShippingQuoteView } from "#app/utils/storefront.server";
import { useCurrency } from "#app/utils/use-currency";
import { useHydrated } from "#app/utils/use-hydrated";
import { type DeliveryMethod, SHIPPING_COUNTRIES, type ShippingCountry } from "#db/closed-lists";
import * as styles from "./booking-dialog.css";
import { DialogActions, ListingGone, UrlDialog, useDialogSubmission } from "./dialog";
import * as dialogStyles from "./dialog.css";
import { ErrorSummary, type SummaryError } from "./error-summary";
import { ErrorList, Field } from "./forms";
import * as formStyles from "./forms.css";
import { VerifiedBadge } from "./listing-card";
import { ProtectionNote } from "./protection-note";
import { SelectField } from "./select-field";

/** The dialog's fields in the order they show, for the error summary's links. */
const FIELD_ORDER = [
  "delivery",
  "meetLocation",
  "recipient",
  "line1",
  "line2",
  "city",
  "region",
  "postalCode",
  "country",
  "buyerContact",
] as const;

/**
 * The words of the dialog's one decision (ADR 0101): what it does and what it costs, the total
 * when it is known; the item's price and "+ shipping" while the carrier's quote is still to come.
 */
export function bookButtonWords(
  itemCents: number,
  shipping: "none" | "unknown" | number | null,
  currency: Currency,
): string {
  if (shipping === "unknown") return `Book and pay ${formatMoney(itemCents, currency)} + shipping`;
  if (shipping === null) return "Book and pay";
  return `Book and pay ${formatMoney(itemCents + (shipping === "none" ? 0 : shipping), currency)}`;
}

/**
 * The booking dialog (spec section 2, ADR 0101): one column. Any error first, as a summary linked
 * to its fields; what is booked from whom; how it changes hands (a row of two radios for a
 * listing that meets or ships) with the chosen way's fields under it; the buyer's phone; the sum
 * (item + shipping = total; a carrier's rate is quoted by "Get the shipping price", without
 * JavaScript too); then "Book and pay", which books and goes straight on to paying. Validated on
 * the server only (the storefront's shared zod schema), which computes every amount again.
 */
export function BookingDialog({
  dialog,
  lastResult,
}: {
  dialog: BookingDialogData;
  lastResult?: SubmissionResult<string[]>;
}) {
  const currency = useCurrency();
  const hydrated = useHydrated();
  const { fetcher, submitting, result, typed } = useDialogSubmission("book", lastResult, dialog.lastResult);
  const errors = result?.error ?? {};
  // What the buyer typed (a refused booking's), else what their account keeps (ADR 0103).
  const value = (name: string) =>
    typeof typed[name] === "string" ? (typed[name] as string) : (dialog.defaults[name] ?? undefined);
  const { product, buyer, closeHref } = dialog;
  const [chosen, setChosen] = useState<"meetup" | "ship">(
    product?.delivery === "ship" || value("delivery") === "ship" ? "ship" : "meetup",
  );
  if (!product) {
    return (
      <UrlDialog title="Book this product" closeHref={closeHref}>
        <ListingGone closeHref={closeHref} />
      </UrlDialog>
    );
  }
  // The quote that came back with this answer (JavaScript), else the page's (the server's reload).
  const answered = fetcher.data as { shippingQuote?: ShippingQuoteView | null } | undefined;
  const quote = answered && "shippingQuote" in answered ? (answered.shippingQuote ?? null) : dialog.quote;
  const quoting = fetcher.formData?.get("quote") === "shipping";
  // The way the sum is for: the listing's only one, the buyer's choice (with JavaScript, or as
  // typed before), or, without JavaScript before any choice, not known yet (both sums show).
  const way: "meetup" | "ship" | null =
    product.delivery === "ship"
      ? "ship"
      : product.delivery === "meetup"
        ? "meetup"
        : hydrated
          ? chosen
          : ((value("delivery") as "meetup" | "ship" | undefined) ?? null);
  const carrierRated = product.shippingPriceCents === null;
  const shippingCents = carrierRated ? (quote && "cents" in quote ? quote.cents : null) : product.shippingPriceCents;
  const submitWords =
    way === "meetup"
      ? bookButtonWords(product.resalePriceCents, "none", currency)
      : way === "ship"
        ? bookButtonWords(product.resalePriceCents, shippingCents ?? "unknown", currency)
        : bookButtonWords(product.resalePriceCents, null, currency);
  const summaryErrors: SummaryError[] = [
    ...FIELD_ORDER.flatMap((name) =>
      (errors[name] ?? []).filter(Boolean).map((message) => ({ fieldId: fieldId(name), message })),
    ),
    ...(errors[""] ?? []).filter(Boolean).map((message) => ({ fieldId: null, message })),
  ];
  const src = photoUrl(product.photoKey);
  return (
    <UrlDialog title={`Book ${product.name}`} closeHref={closeHref}>
      <ErrorSummary id="booking-problems" errors={summaryErrors} />
      <div className={styles.summary}>
        {src ? <img src={src} alt="" width={72} height={72} className={styles.photo} /> : null}
        <dl className={dialogStyles.summary}>
          <dt>Seller</dt>
          <dd>
            {product.sellerName || NOT_FOUND} {product.sellerVerified ? <VerifiedBadge /> : null}
            <span className={styles.sub}>
              {product.sellerEmail || NOT_FOUND} · <span className={styles.nowrap}>{product.contact || NOT_FOUND}</span>
            </span>
          </dd>
          <dt>You</dt>
          <dd>
            {buyer.name}
            <span className={styles.sub}>{buyer.email}</span>
          </dd>
        </dl>
      </div>
      <p className={styles.note}>
        Booking holds this item for you until you pay or cancel; "Book and pay" takes you straight to paying by card.
        <strong className={styles.sub}>{`${holdLabel(dialog.holdHours)}; unpaid, the booking then expires.`}</strong>
      </p>
      <ProtectionNote
        days={dialog.protectionDays}
        label="Buyer protection of this booking"
        returns={listingReturnLines(product.delivery, product.returnPolicy)}
      />
      <fetcher.Form method="post" id="booking" noValidate className={styles.form} preventScrollReset>
        <input type="hidden" name="intent" value="book" />
        <input type="hidden" name="productId" value={product.id} />
        <DeliveryChoice
          delivery={product.delivery}
          shipsFromCountry={product.shipsFromCountry}
          value={value}
          errors={errors}
          chosen={chosen}
          onChoose={setChosen}
          quoteButton={
            carrierRated ? (
              <button type="submit" name="quote" value="shipping" className={button.secondary} disabled={quoting}>
                {quoting ? "Getting the price…" : "Get the shipping price"}
              </button>
            ) : null
          }
          autoFocus={summaryErrors.length === 0}
        />
        <Field
          label="Your Contact*"
          inputProps={{
            id: "booking-buyerContact",
            name: "buyerContact",
            type: "tel",
            defaultValue: value("buyerContact"),
            autoComplete: "tel",
            inputMode: "tel",
            maxLength: 30,
            required: true,
          }}
          errors={errors.buyerContact}
          hint="The seller sees it once you have paid."
        />
        <Total
          itemCents={product.resalePriceCents}
          way={way}
          ships={ships(product.delivery)}
          flatCents={product.shippingPriceCents}
          quote={quote}
          currency={currency}
        />
        <ErrorList id="booking-error" errors={errors[""]} />
        <DialogActions
          closeHref={closeHref}
          close="Cancel"
          submit={submitting && !quoting ? "Booking…" : submitWords}
          pending={submitting}
        >
          {dialog.reportHref ? (
            <Link to={dialog.reportHref} className={dialogStyles.reportLink} preventScrollReset replace>
              Report this listing
            </Link>
          ) : null}
        </DialogActions>
      </fetcher.Form>
    </UrlDialog>
  );
}

const fieldId = (name: string) => (name === "delivery" ? "booking-delivery-meetup" : `booking-${name}`);

/**
 * What the buyer pays, as a sum: the item, its shipping (the seller's flat price, or the
 * carrier's quote for the address typed), and the total. Without JavaScript, before the buyer
 * chose how it changes hands, both totals show.
 */
function Total({
  itemCents,
  way,
  ships: canShip,
  flatCents,
  quote,
  currency,
}: {
  itemCents: number;
  way: "meetup" | "ship" | null;
  ships: boolean;
  flatCents: number | null;
  quote: ShippingQuoteView | null;
  currency: Currency;
}) {
  const money = (cents: number) => formatMoney(cents, currency);
  const shippingCents = flatCents ?? (quote && "cents" in quote ? quote.cents : null);
  const shippingWords =
    shippingCents === null
      ? quote && "message" in quote
        ? quote.message
        : "The carrier's rate for your address: get the shipping price above."
      : shippingCents === 0
        ? "Free"
        : money(shippingCents);
  return (
    <section className={styles.total} aria-labelledby="booking-total-title">
      <h3 id="booking-total-title" className={formStyles.label}>
        What you pay
      </h3>
      <dl className={styles.sum} data-testid="booking-total">
        <dt>Item</dt>
        <dd>{money(itemCents)}</dd>
        {canShip && way !== "meetup" ? (
          <>
            <dt>{way === "ship" ? "Shipping" : "Shipping, if shipped"}</dt>
            <dd className={shippingCents === null ? styles.pending : undefined}>{shippingWords}</dd>
          </>
        ) : null}
        <dt className={styles.sumTotal}>Total</dt>
        <dd className={styles.sumTotal}>
          {way === "meetup" || !canShip
            ? money(itemCents)
            : way === "ship"
              ? shippingCents === null
                ? `${money(itemCents)} + shipping`
                : money(itemCents + shippingCents)
              : `${money(itemCents)} for a meetup; ${
                  shippingCents === null ? `${money(itemCents)} + shipping` : money(itemCents + shippingCents)
                } shipped`}
        </dd>
      </dl>
      <p className={formStyles.hint}>Nothing is charged until you pay on the next page.</p>
    </section>
  );
}

type FieldErrors = Record<string, string[] | null | undefined>;

/**
 * How the booked item changes hands: the meetup's place, the address to ship to, or, for a
 * listing that does both, the buyer's choice as a row of two radios, the chosen way's fields
 * under it. Without JavaScript both ways' fields are there (the chosen way's are used, the
 * address folded until it is wanted); with it, only the chosen way's show. Only the chosen way's
 * fields are required (the schema's one rule).
 */
function DeliveryChoice({
  delivery,
  shipsFromCountry,
  value,
  errors,
  chosen,
  onChoose,
  quoteButton,
  autoFocus,
}: {
  delivery: DeliveryMethod;
  shipsFromCountry: ShippingCountry | null;
  value: (name: string) => string | undefined;
  errors: FieldErrors;
  chosen: "meetup" | "ship";
  onChoose: (way: "meetup" | "ship") => void;
  quoteButton: ReactNode;
  autoFocus: boolean;
}) {
  const hydrated = useHydrated();
  const both = delivery === "both";
  const showMeetup = meets(delivery) && (!hydrated || !both || chosen === "meetup");
  const showShipping = ships(delivery) && (!hydrated || !both || chosen === "ship");
  // Required: the way chosen (with JavaScript, or the listing's only way). Without JavaScript a
  // listing that does both marks each way's fields with `*` under its own heading.
  const meetRequired = !both || (hydrated && chosen === "meetup");
  const shipRequired = !both || (hydrated && chosen === "ship");
  // An address typed or refused before: the fold opens on it.
  const shipWanted =
    value("delivery") === "ship" ||
    ["recipient", "line1", "city", "region", "postalCode"].some(
      (name) => Boolean(value(name)) || Boolean(errors[name]),
    );
  const line = (
    name: "recipient" | "line1" | "line2" | "city" | "region" | "postalCode",
    label: string,
    autoComplete: string,
    maxLength: number,
    optional = false,
  ) => (
    <Field
      label={optional ? label : `${label}*`}
      inputProps={{
        id: `booking-${name}`,
        name,
        defaultValue: value(name),
        autoComplete,
        maxLength,
        // Required when its way is chosen; without JavaScript a listing that does both says so in
        // words (aria-required) under each way's heading, as only the chosen way is checked.
        ...(optional ? {} : shipRequired ? { required: true } : { "aria-required": true }),
      }}
      errors={errors[name]}
    />
  );
  const addressFields = (
    <fieldset className={styles.address}>
      <legend className={formStyles.label}>{both ? "Ship to (for shipping)" : "Ship to"}</legend>
      {line("recipient", "Recipient", "shipping name", ADDRESS_LIMITS.recipient)}
      {line("line1", "Street address", "shipping address-line1", ADDRESS_LIMITS.line)}
      {line("line2", "Apartment, suite (optional)", "shipping address-line2", ADDRESS_LIMITS.line, true)}
      {line("city", "City", "shipping address-level2", ADDRESS_LIMITS.city)}
      {line("region", "State or province", "shipping address-level1", ADDRESS_LIMITS.region)}
      {line("postalCode", "Postal code", "shipping postal-code", ADDRESS_LIMITS.postalCode)}
      <SelectField
        label="Country*"
        selectProps={{
          id: "booking-country",
          name: "country",
          defaultValue: value("country") ?? shipsFromCountry ?? "",
          autoComplete: "shipping country",
          ...(shipRequired ? { required: true } : { "aria-required": true }),
        }}
        options={SHIPPING_COUNTRIES.map((code) => ({ value: code, label: COUNTRY_NAMES[code] }))}
        placeholder="Choose a country"
        errors={errors.country}
        hint={shipsFromCountry ? `It ships within ${COUNTRY_NAMES[shipsFromCountry]}.` : undefined}
      />
      {quoteButton ? <div className={styles.quote}>{quoteButton}</div> : null}
    </fieldset>
  );
  return (
    <>
      {both ? (
        <fieldset className={styles.choice}>
          <legend className={formStyles.label}>How you get it*</legend>
          {(["meetup", "ship"] as const).map((way) => (
            <label key={way} className={styles.option}>
              <input
                type="radio"
                id={`booking-delivery-${way}`}
                name="delivery"
                value={way}
                required
                defaultChecked={chosen === way}
                onChange={() => onChoose(way)}
              />
              {way === "meetup" ? "Meet the seller" : "Ship it to me"}
            </label>
          ))}
        </fieldset>
      ) : (
        <input type="hidden" name="delivery" value={delivery === "ship" ? "ship" : "meetup"} />
      )}
      {showMeetup ? (
        <Field
          label="Your Location*"
          inputProps={{
            id: "booking-meetLocation",
            name: "meetLocation",
            type: "text",
            defaultValue: value("meetLocation"),
            autoComplete: "address-level2",
            maxLength: 200,
            ...(meetRequired ? { required: true } : !hydrated ? { "aria-required": true } : {}),
            // The first field to fill takes the focus (without JavaScript too: the dialog is server-rendered).
            autoFocus: autoFocus && !both,
          }}
          errors={errors.meetLocation}
          hint={both ? "For a meetup: where you can meet the seller." : undefined}
        />
      ) : null}
      {showShipping ? (
        both && !hydrated ? (
          // Without JavaScript a listing that also meets keeps the address folded until it is
          // wanted (or was typed), so the dialog stays short on a phone.
          <details className={styles.addressFold} open={shipWanted}>
            <summary>Ship it to me: the address</summary>
            {addressFields}
          </details>
        ) : (
          addressFields
        )
      ) : null}
    </>
  );
}
