import { type FieldMetadata, getInputProps, getSelectProps } from "@conform-to/react";
import * as styles from "#app/components/listing-form.css";
import { COUNTRY_NAMES, DELIVERY_LIMITS, DELIVERY_WORDS, PARCEL_PRESETS, ships } from "#app/domain/catalog/delivery";
import { isReturnPolicy, RETURN_POLICY_HINT, RETURN_POLICY_WORDS } from "#app/domain/catalog/return-policy";
import { useCurrency } from "#app/utils/use-currency";
import { useHydrated } from "#app/utils/use-hydrated";
import {
  DELIVERY_METHODS,
  type DeliveryMethod,
  PARCEL_SIZES,
  RETURN_POLICIES,
  type ReturnPolicy,
  SHIPPING_COUNTRIES,
} from "#db/closed-lists";
import { ErrorList, Field } from "./forms";
import * as formStyles from "./forms.css";
import * as section from "./gear-fields.css";
import { SelectField } from "./select-field";

// biome-ignore lint/suspicious/noExplicitAny: conform's field metadata of any form that has these fields
type AnyField<T> = FieldMetadata<T, any, string[]>;

export interface DeliveryFieldset {
  delivery: AnyField<DeliveryMethod | null | undefined>;
  shipsFromCountry: AnyField<string | null | undefined>;
  shipsFromPostalCode: AnyField<string | null | undefined>;
  parcel: AnyField<string | null | undefined>;
  shippingPrice: AnyField<string | null | undefined>;
  handlingDays: AnyField<string | null | undefined>;
  returnPolicy: AnyField<ReturnPolicy | null | undefined>;
}

const kilos = (grams: number) => `${grams / 1000} kg`;

/**
 * How a listing changes hands, the same on Add Product and the edit page. Without JavaScript the
 * shipping fields are always there, marked as used only for shipping; with it they show once
 * shipping is chosen.
 */
export function DeliveryFields({ fields }: { fields: DeliveryFieldset }) {
  const currency = useCurrency();
  const hydrated = useHydrated();
  const chosen = (fields.delivery.value as DeliveryMethod | undefined) || "meetup";
  const showShipping = !hydrated || ships(chosen);
  const methodErrorId = `${fields.delivery.id}-error`;
  return (
    <fieldset className={`${styles.wide} ${section.section}`}>
      <legend className={section.legend}>Delivery</legend>
      <fieldset
        className={`${section.group} ${styles.wide}`}
        aria-describedby={fields.delivery.errors?.length ? methodErrorId : undefined}
      >
        <legend className={formStyles.label}>How it changes hands</legend>
        <div className={section.choices}>
          {DELIVERY_METHODS.map((method) => (
            <label key={method} className={section.choice}>
              <input
                type="radio"
                name={fields.delivery.name}
                value={method}
                defaultChecked={chosen === method}
                form={fields.delivery.formId}
              />
              {DELIVERY_WORDS[method].label}
            </label>
          ))}
        </div>
        <p className={formStyles.hint}>
          {DELIVERY_METHODS.map((method) => `${DELIVERY_WORDS[method].label}: ${DELIVERY_WORDS[method].hint}`).join(
            " ",
          )}
        </p>
        <ErrorList id={methodErrorId} errors={fields.delivery.errors} />
      </fieldset>
      {showShipping ? (
        <>
          {hydrated ? null : <p className={section.intro}>For shipping only (left as they are for a meetup):</p>}
          <SelectField
            label="Ships from"
            selectProps={getSelectProps(fields.shipsFromCountry)}
            options={SHIPPING_COUNTRIES.map((code) => ({ value: code, label: COUNTRY_NAMES[code] }))}
            placeholder="Choose a country"
            errors={fields.shipsFromCountry.errors}
            hint="It ships within this country."
          />
          <Field
            label="Postal code"
            inputProps={{
              ...getInputProps(fields.shipsFromPostalCode, { type: "text" }),
              autoComplete: "postal-code",
              maxLength: DELIVERY_LIMITS.postalCode,
            }}
            errors={fields.shipsFromPostalCode.errors}
            hint="Where the parcel leaves from: carriers price from it. Buyers never see it."
          />
          <SelectField
            label="Parcel"
            selectProps={getSelectProps(fields.parcel)}
            options={PARCEL_SIZES.map((size) => {
              const preset = PARCEL_PRESETS[size];
              return { value: size, label: `${preset.label}: ${preset.fits} (up to ${kilos(preset.maxGrams)})` };
            })}
            placeholder="Choose a parcel"
            errors={fields.parcel.errors}
          />
          <Field
            label="Shipping price"
            inputProps={{ ...getInputProps(fields.shippingPrice, { type: "text" }), inputMode: "decimal" }}
            errors={fields.shippingPrice.errors}
            hint={`In ${currency.words}, 0 for free shipping; leave it empty to charge the carrier's rate for the buyer's address.`}
          />
          <SelectField
            label="Handling time"
            selectProps={getSelectProps(fields.handlingDays)}
            options={Array.from(
              { length: DELIVERY_LIMITS.maxHandlingDays - DELIVERY_LIMITS.minHandlingDays + 1 },
              (_, index) => {
                const days = DELIVERY_LIMITS.minHandlingDays + index;
                return { value: String(days), label: `${days} business ${days === 1 ? "day" : "days"}` };
              },
            )}
            placeholder="Choose how soon you send it"
            errors={fields.handlingDays.errors}
            hint="How soon after payment you send it. A parcel not sent in time can be cancelled by the buyer."
          />
          <ReturnPolicyField field={fields.returnPolicy} />
        </>
      ) : null}
    </fieldset>
  );
}

/** "Returns": what the seller takes back of a shipped item (ADR 0106), faults only unless chosen. */
function ReturnPolicyField({ field }: { field: DeliveryFieldset["returnPolicy"] }) {
  const value = typeof field.value === "string" ? field.value : "";
  const chosen: ReturnPolicy = isReturnPolicy(value) ? value : "faults_only";
  const hintId = `${field.id}-hint`;
  const errorId = `${field.id}-error`;
  return (
    <fieldset
      className={`${section.group} ${styles.wide}`}
      aria-describedby={field.errors?.length ? `${hintId} ${errorId}` : hintId}
    >
      <legend className={formStyles.label}>Returns</legend>
      <div className={section.choices}>
        {RETURN_POLICIES.map((policy) => (
          <label key={policy} className={section.choice}>
            <input
              type="radio"
              id={policy === chosen ? field.id : undefined}
              name={field.name}
              value={policy}
              defaultChecked={chosen === policy}
              form={field.formId}
            />
            {RETURN_POLICY_WORDS[policy]}
          </label>
        ))}
      </div>
      <p id={hintId} className={formStyles.hint}>
        {RETURN_POLICY_HINT}
      </p>
      <ErrorList id={errorId} errors={field.errors} />
    </fieldset>
  );
}
