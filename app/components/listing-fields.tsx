import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import * as styles from "#app/components/listing-form.css";
import { LISTING_LIMITS, type ListingDetailsInput } from "#app/domain/catalog/listing-schema";
import { amountExample } from "#app/domain/shared/money";
import { useCurrency } from "#app/utils/use-currency";
import { CONDITIONS } from "#db/closed-lists";
import { DeliveryFields, type DeliveryFieldset } from "./delivery-fields";
import { Field, TextareaField } from "./forms";
import { GearFields, type GearFieldset } from "./gear-fields";
import { SelectField } from "./select-field";

// biome-ignore lint/suspicious/noExplicitAny: conform's field metadata of any form that has these fields
type AnyField<T> = FieldMetadata<T, any, string[]>;

export type ProductDetailFields = {
  [K in Exclude<keyof ListingDetailsInput, keyof GearFieldset | keyof DeliveryFieldset>]-?: AnyField<string>;
} & GearFieldset &
  DeliveryFieldset;

/** The fields of a listing's details, the same on Add Product and on the edit page. */
export function ProductDetailsFields({
  fields,
  categories,
  currentYear,
  resaleHint,
}: {
  fields: ProductDetailFields;
  categories: ReadonlyArray<{ value: string; label: string }>;
  currentYear: number;
  /** What the Resale Price field says under it (Add Product: what the seller receives). */
  resaleHint?: string;
}) {
  const currency = useCurrency();
  return (
    <>
      <Field
        label="Product Name"
        inputProps={{ ...getInputProps(fields.productName, { type: "text" }), maxLength: LISTING_LIMITS.productName }}
        errors={fields.productName.errors}
      />
      <SelectField
        label="Product Category"
        selectProps={getSelectProps(fields.category)}
        options={categories}
        placeholder="Choose a category"
        errors={fields.category.errors}
      />
      <SelectField
        label="Product Condition"
        selectProps={getSelectProps(fields.condition)}
        options={CONDITIONS.map((condition) => ({ value: condition, label: condition }))}
        placeholder="Choose a condition"
        errors={fields.condition.errors}
      />
      <Field
        label="Location"
        inputProps={{ ...getInputProps(fields.location, { type: "text" }), maxLength: LISTING_LIMITS.location }}
        errors={fields.location.errors}
      />
      <Field
        label="Original Price"
        inputProps={{ ...getInputProps(fields.originalPrice, { type: "text" }), inputMode: "decimal" }}
        errors={fields.originalPrice.errors}
        hint={`In ${currency.words}, e.g. ${amountExample(1250, currency)}`}
      />
      <Field
        label="Resale Price"
        inputProps={{ ...getInputProps(fields.resalePrice, { type: "text" }), inputMode: "decimal" }}
        errors={fields.resalePrice.errors}
        hint={resaleHint ?? `In ${currency.words}, e.g. ${amountExample(800, currency)}`}
      />
      <Field
        label="Year Of Purchase"
        inputProps={{ ...getInputProps(fields.purchaseYear, { type: "text" }), inputMode: "numeric", maxLength: 4 }}
        errors={fields.purchaseYear.errors}
        hint={`Between ${LISTING_LIMITS.minYear} and ${currentYear}`}
      />
      <Field
        label="Contact Number"
        inputProps={{
          ...getInputProps(fields.contact, { type: "tel" }),
          autoComplete: "tel",
          maxLength: LISTING_LIMITS.contact,
        }}
        errors={fields.contact.errors}
      />
      <DeliveryFields fields={fields} />
      <GearFields fields={fields} />
      <div className={styles.wide}>
        <TextareaField
          label="Product Description"
          textareaProps={{ ...getTextareaProps(fields.description), maxLength: LISTING_LIMITS.description }}
          errors={fields.description.errors}
        />
      </div>
    </>
  );
}
