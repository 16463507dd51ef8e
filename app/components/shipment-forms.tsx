// The seller's forms of a shipped deal's page (ADR 0086): buy a label, or say it is sent with its
// tracking. Plain POSTs to their own actions (ADR 0071); the schemas the server checks validate in
// the browser too, and a 400 brings the messages back at the fields, as typed.
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { returnAddressSchema } from "#app/domain/deals/shipping/label-schema";
import { KNOWN_CARRIERS, TRACKING_LIMITS, trackingSchema } from "#app/domain/deals/shipping/tracking-schema";
import { formatMoney } from "#app/domain/shared/money";
import { button } from "#app/styles/utilities.css";
import { useCurrency } from "#app/utils/use-currency";
import { useSchemaForm } from "#app/utils/use-schema-form";
import { ErrorList, Field } from "./forms";
import { SelectField } from "./select-field";
import * as styles from "./shipment-forms.css";

type Errors = SubmissionResult<string[]> | undefined;

export function TrackingForm({ action, lastResult }: { action: string; lastResult?: Errors }) {
  const [form, fields] = useSchemaForm(trackingSchema, { id: "tracking", lastResult });
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate className={styles.form}>
      <SelectField
        label="Carrier"
        selectProps={{
          id: "tracking-carrier",
          name: fields.carrier.name,
          defaultValue: fields.carrier.initialValue ?? "",
          required: true,
        }}
        options={KNOWN_CARRIERS.map((carrier) => ({ value: carrier, label: carrier }))}
        placeholder="Choose the carrier"
        errors={fields.carrier.errors}
      />
      <Field
        label="Tracking number"
        inputProps={{
          ...getInputProps(fields.trackingNumber, { type: "text" }),
          id: "tracking-number",
          maxLength: TRACKING_LIMITS.trackingNumber * 2,
          autoComplete: "off",
          required: true,
        }}
        errors={fields.trackingNumber.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" className={button.primary}>
        Save tracking
      </button>
    </Form>
  );
}

/** The label form's sender fields as Settings keeps them (`senderAddress`). */
export interface SenderDefaults {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string;
}

export function LabelForm({
  action,
  labelCents,
  fromPostalCode,
  sender,
  lastResult,
}: {
  action: string;
  labelCents: number;
  /** Where the parcel leaves from: the listing's, which the label was priced from. */
  fromPostalCode: string | null;
  /** The seller's default sender address from Settings → Addresses, filling the fields (ADR 0103). */
  sender: SenderDefaults | null;
  lastResult?: Errors;
}) {
  const currency = useCurrency();
  const [form, fields] = useSchemaForm(returnAddressSchema, {
    id: "label",
    lastResult,
    defaultValue: sender
      ? { name: sender.name, line1: sender.line1, line2: sender.line2 ?? "", city: sender.city, region: sender.region }
      : undefined,
  });
  const text = (field: Parameters<typeof getInputProps>[0], id: string, autoComplete: string) => ({
    ...getInputProps(field, { type: "text" }),
    id,
    autoComplete,
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate className={styles.form}>
      <p>
        {sender
          ? "The sender's address the carrier prints, from your default sender address:"
          : "The sender's address the carrier prints. Keep one in Settings → Addresses to have it filled in:"}
      </p>
      <Field label="Your name" inputProps={text(fields.name, "label-name", "name")} errors={fields.name.errors} />
      <Field
        label="Street address"
        inputProps={text(fields.line1, "label-line1", "address-line1")}
        errors={fields.line1.errors}
      />
      <Field
        label="Apartment, suite (optional)"
        inputProps={text(fields.line2, "label-line2", "address-line2")}
        errors={fields.line2.errors}
      />
      <div className={styles.twoColumns}>
        <Field
          label="City"
          inputProps={text(fields.city, "label-city", "address-level2")}
          errors={fields.city.errors}
        />
        <Field
          label="State or province"
          inputProps={text(fields.region, "label-region", "address-level1")}
          errors={fields.region.errors}
        />
      </div>
      <Field
        label="Postal code"
        hint="The listing's: the label is priced from it. Change it on the listing before buying a label."
        inputProps={{
          id: "label-postal-code",
          type: "text",
          readOnly: true,
          value: fromPostalCode ?? "",
          autoComplete: "postal-code",
        }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" className={button.primary}>
        {`Buy label for ${formatMoney(labelCents, currency)}`}
      </button>
    </Form>
  );
}
