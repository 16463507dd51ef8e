import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Link } from "react-router";
import { COUNTRY_NAMES, meets, ships } from "#app/domain/catalog/delivery";
import { photoUrl } from "#app/domain/catalog/photo-keys";
import { ADDRESS_LIMITS } from "#app/domain/deals/parcels/address";
import { formatMoney } from "#app/domain/shared/money";
import { holdLabel, NOT_FOUND } from "#app/utils/format";
import type { BookingDialogData } from "#app/utils/storefront.server";
import { useCurrency } from "#app/utils/use-currency";
import { useHydrated } from "#app/utils/use-hydrated";
import { type DeliveryMethod, SHIPPING_COUNTRIES, type ShippingCountry } from "#db/closed-lists";
import * as styles from "./booking-dialog.css";
import { DialogActions, ListingGone, UrlDialog, useDialogSubmission } from "./dialog";
import * as dialogStyles from "./dialog.css";
import { ErrorList, Field } from "./forms";
import * as formStyles from "./forms.css";
import { VerifiedBadge } from "./listing-card";
import { ProtectionNote } from "./protection-note";
import { SelectField } from "./select-field";

/**
 * The booking dialog (spec section 2): what is booked from whom and what booking means, the
 * spec's prefilled values as a short list, then the two fields the buyer fills; Submit stays on
 * screen on a phone. Validated on the server only (the storefront's shared zod schema): the home
 * page stays free of the form libraries, and with JavaScript the answer comes back without a
 * reload anyway.
 */
export function BookingDialog({
  dialog,
  lastResult,
}: {
  dialog: BookingDialogData;
  lastResult?: SubmissionResult<string[]>;
}) {
  const currency = useCurrency();
  const { fetcher, submitting, result, typed } = useDialogSubmission("book", lastResult, dialog.lastResult);
  const errors = result?.error ?? {};
  const value = (name: string) => (typeof typed[name] === "string" ? (typed[name] as string) : undefined);
  const { product, buyer, closeHref } = dialog;
  if (!product) {
    return (
      <UrlDialog title="Book this product" closeHref={closeHref}>
        <ListingGone closeHref={closeHref} />
      </UrlDialog>
    );
  }
  const src = photoUrl(product.photoKey);
  return (
    <UrlDialog title={`Book ${product.name}`} closeHref={closeHref}>
      <div className={styles.summary}>
        {src ? <img src={src} alt="" width={72} height={72} className={styles.photo} /> : null}
        <dl className={dialogStyles.summary}>
          <dt>Price</dt>
          <dd className={styles.price}>{formatMoney(product.resalePriceCents, currency) ?? NOT_FOUND}</dd>
          {ships(product.delivery) ? (
            <>
              <dt>Shipping</dt>
              <dd>
                {product.shippingPriceCents === null
                  ? "The carrier's rate for your address, shown before you pay"
                  : product.shippingPriceCents === 0
                    ? "Free"
                    : formatMoney(product.shippingPriceCents, currency)}
              </dd>
            </>
          ) : null}
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
        Booking holds this item for you until you pay or cancel. Nothing is charged now: you pay by card from My Orders.
        <strong className={styles.sub}>{`${holdLabel(dialog.holdHours)}; unpaid, the booking then expires.`}</strong>
      </p>
      <ProtectionNote days={dialog.protectionDays} />
      <fetcher.Form method="post" id="booking" noValidate className={styles.form} preventScrollReset>
        <input type="hidden" name="intent" value="book" />
        <input type="hidden" name="productId" value={product.id} />
        <DeliveryChoice
          delivery={product.delivery}
          shipsFromCountry={product.shipsFromCountry}
          value={value}
          errors={errors}
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
            "aria-required": true,
          }}
          errors={errors.buyerContact}
          hint="The seller sees it once you have paid."
        />
        <ErrorList id="booking-error" errors={errors[""]} />
        <DialogActions
          closeHref={closeHref}
          close="Cancel"
          submit={submitting ? "Submitting…" : "Submit"}
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

type FieldErrors = Record<string, string[] | null | undefined>;

/**
 * How the booked item changes hands: the meetup's place, the address to ship to, or, for a
 * listing that does both, the buyer's choice. Without JavaScript both sets of fields are there
 * (the chosen way's are used); with it, only the chosen way's show.
 */
function DeliveryChoice({
  delivery,
  shipsFromCountry,
  value,
  errors,
}: {
  delivery: DeliveryMethod;
  shipsFromCountry: ShippingCountry | null;
  value: (name: string) => string | undefined;
  errors: FieldErrors;
}) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<"meetup" | "ship">(
    delivery === "ship" || value("delivery") === "ship" ? "ship" : "meetup",
  );
  const both = delivery === "both";
  const showMeetup = meets(delivery) && (!hydrated || !both || chosen === "meetup");
  const showShipping = ships(delivery) && (!hydrated || !both || chosen === "ship");
  // An address typed or refused before: the fold opens on it.
  const shipWanted =
    value("delivery") === "ship" ||
    ["recipient", "line1", "city", "region", "postalCode"].some(
      (name) => Boolean(value(name)) || Boolean(errors[name]),
    );
  const addressFields = (
    <fieldset className={styles.address}>
      <legend className={formStyles.label}>{both ? "Ship to (for shipping)" : "Ship to*"}</legend>
      <Field
        label="Recipient"
        inputProps={{
          id: "booking-recipient",
          name: "recipient",
          defaultValue: value("recipient"),
          autoComplete: "shipping name",
          maxLength: ADDRESS_LIMITS.recipient,
        }}
        errors={errors.recipient}
      />
      <Field
        label="Street address"
        inputProps={{
          id: "booking-line1",
          name: "line1",
          defaultValue: value("line1"),
          autoComplete: "shipping address-line1",
          maxLength: ADDRESS_LIMITS.line,
        }}
        errors={errors.line1}
      />
      <Field
        label="Apartment, suite (optional)"
        inputProps={{
          id: "booking-line2",
          name: "line2",
          defaultValue: value("line2"),
          autoComplete: "shipping address-line2",
          maxLength: ADDRESS_LIMITS.line,
        }}
        errors={errors.line2}
      />
      <Field
        label="City"
        inputProps={{
          id: "booking-city",
          name: "city",
          defaultValue: value("city"),
          autoComplete: "shipping address-level2",
          maxLength: ADDRESS_LIMITS.city,
        }}
        errors={errors.city}
      />
      <Field
        label="State or province"
        inputProps={{
          id: "booking-region",
          name: "region",
          defaultValue: value("region"),
          autoComplete: "shipping address-level1",
          maxLength: ADDRESS_LIMITS.region,
        }}
        errors={errors.region}
      />
      <Field
        label="Postal code"
        inputProps={{
          id: "booking-postalCode",
          name: "postalCode",
          defaultValue: value("postalCode"),
          autoComplete: "shipping postal-code",
          maxLength: ADDRESS_LIMITS.postalCode,
        }}
        errors={errors.postalCode}
      />
      <SelectField
        label="Country"
        selectProps={{
          id: "booking-country",
          name: "country",
          defaultValue: value("country") ?? shipsFromCountry ?? "",
          autoComplete: "shipping country",
        }}
        options={SHIPPING_COUNTRIES.map((code) => ({ value: code, label: COUNTRY_NAMES[code] }))}
        placeholder="Choose a country"
        errors={errors.country}
        hint={shipsFromCountry ? `It ships within ${COUNTRY_NAMES[shipsFromCountry]}.` : undefined}
      />
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
                name="delivery"
                value={way}
                defaultChecked={chosen === way}
                onChange={() => setChosen(way)}
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
            "aria-required": true,
            // The first field to fill takes the focus (without JavaScript too: the dialog is server-rendered).
            autoFocus: !both,
          }}
          errors={errors.meetLocation}
          hint={both ? "For a meetup: where you can meet the seller." : undefined}
        />
      ) : null}
      {showShipping ? (
        both && !hydrated ? (
          // Without JavaScript a listing that also meets keeps the address folded until it is
          // wanted (or was typed), so the dialog's Submit stays on a phone's screen.
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
