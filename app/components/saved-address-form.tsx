// Settings → Addresses: the form of one address, new or changed (ADR 0103). A plain POST to the
// page's action; the shipping address's own schema validates it in the browser and on the server.
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { COUNTRY_NAMES } from "#app/domain/catalog/delivery";
import {
  ADDRESS_KIND_WORDS,
  savedAddressFields,
  savedAddressSchema,
} from "#app/domain/deals/bookings/saved-address-schema";
import type { ShippingAddress } from "#app/domain/deals/parcels/address";
import { button } from "#app/styles/utilities.css";
import { useIsPending } from "#app/utils/use-is-pending";
import { useSchemaForm } from "#app/utils/use-schema-form";
import { ADDRESS_KINDS, SHIPPING_COUNTRIES } from "#db/closed-lists";
import { ErrorList, Field, FieldFrame } from "./forms";
import * as formStyles from "./forms.css";

export function SavedAddressForm({
  id,
  action,
  intent,
  addressId,
  address,
  chooseKind,
  lastResult,
  submitLabel,
  children,
}: {
  id: string;
  action: string;
  intent: "add" | "edit";
  addressId?: string;
  address?: ShippingAddress | null;
  /** A seller chooses delivery or sender; a buyer keeps delivery addresses only. */
  chooseKind: boolean;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
  children?: React.ReactNode;
}) {
  const [form, fields] = useSchemaForm(savedAddressSchema, {
    id,
    lastResult,
    constraintSchema: savedAddressFields,
    defaultValue: {
      recipient: address?.recipient ?? "",
      line1: address?.line1 ?? "",
      line2: address?.line2 ?? "",
      city: address?.city ?? "",
      region: address?.region ?? "",
      postalCode: address?.postalCode ?? "",
      country: address?.country ?? "US",
    },
  });
  const saving = useIsPending({ formAction: action, intent });
  const text = (field: (typeof fields)[keyof typeof fields], autoComplete: string) => ({
    ...getInputProps(field, { type: "text" }),
    autoComplete,
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate className={formStyles.form}>
      <input type="hidden" name="intent" value={intent} />
      {addressId ? <input type="hidden" name="id" value={addressId} /> : null}
      <ErrorList id={form.errorId} errors={form.errors} />
      {chooseKind ? (
        <FieldFrame id={`${id}-kind`} label="What it is for*">
          {(aria) => (
            <select id={`${id}-kind`} name="kind" defaultValue="delivery" className={formStyles.input} {...aria}>
              {ADDRESS_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {ADDRESS_KIND_WORDS[kind]}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      ) : null}
      <Field label="Recipient*" inputProps={text(fields.recipient, "name")} errors={fields.recipient.errors} />
      <Field label="Street address*" inputProps={text(fields.line1, "address-line1")} errors={fields.line1.errors} />
      <Field
        label="Apartment, suite (optional)"
        inputProps={text(fields.line2, "address-line2")}
        errors={fields.line2.errors}
      />
      <Field label="City*" inputProps={text(fields.city, "address-level2")} errors={fields.city.errors} />
      <Field
        label="State or province*"
        inputProps={text(fields.region, "address-level1")}
        errors={fields.region.errors}
      />
      <Field
        label="Postal code*"
        inputProps={text(fields.postalCode, "postal-code")}
        errors={fields.postalCode.errors}
      />
      <FieldFrame id={fields.country.id} label="Country*" errors={fields.country.errors}>
        {(aria) => (
          <select {...getSelectProps(fields.country)} autoComplete="country" className={formStyles.input} {...aria}>
            {SHIPPING_COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {COUNTRY_NAMES[code]}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      {children}
      <div>
        <button type="submit" className={button.primary} disabled={saving}>
          {saving ? "Saving…" : submitLabel}
        </button>
      </div>
    </Form>
  );
}
