// The forms of a return (ADR 0107), on the deal page: the buyer's request, the seller's answer,
// the buyer's answer to an offer and the seller's check of what came back. Plain POSTs to their
// own actions (ADR 0071), multipart where photos go with them; the schemas the server checks
// validate in the browser too, and a 400 brings the messages back at the fields, as typed.
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import {
  RETURN_PHOTOS_MAX,
  returnAnswerSchema,
  returnCheckSchema,
  returnRequestSchema,
} from "#app/domain/deals/returns/return-schema";
import { RETURN_PROBLEM_WORDS, RETURN_REASON_WORDS } from "#app/domain/deals/returns/return-words";
import { formatMoney } from "#app/domain/shared/money";
import { button } from "#app/styles/utilities.css";
import { useCurrency } from "#app/utils/use-currency";
import { useSchemaForm } from "#app/utils/use-schema-form";
import type { ReturnProblem, ReturnReason } from "#db/closed-lists";
import { ErrorList, Field, TextareaField } from "./forms";
import { PhotoInput } from "./photo-input";
import { SelectField } from "./select-field";
import * as styles from "./shipment-forms.css";

type Errors = SubmissionResult<string[]> | undefined;

export function ReturnRequestForm({
  action,
  reasons,
  asksSerial,
  asksShutterCount,
  lastResult,
}: {
  action: string;
  reasons: readonly ReturnReason[];
  asksSerial: boolean;
  asksShutterCount: boolean;
  lastResult?: Errors;
}) {
  const [form, fields] = useSchemaForm(returnRequestSchema, { id: "return", lastResult });
  const failed = lastResult?.status === "error";
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      className={styles.form}
    >
      <SelectField
        label="Why does it go back?"
        selectProps={{
          id: "return-reason",
          name: fields.reason.name,
          defaultValue: fields.reason.initialValue ?? "",
          required: true,
        }}
        options={reasons.map((reason) => ({ value: reason, label: RETURN_REASON_WORDS[reason] }))}
        placeholder="Choose the reason"
        errors={fields.reason.errors}
      />
      <TextareaField
        label="What is wrong with it"
        textareaProps={{ ...getTextareaProps(fields.details), id: "return-details", rows: 4 }}
        errors={fields.details.errors}
        hint="What you saw or tried: the seller and, if it comes to it, an admin read it."
      />
      {asksSerial ? (
        <Field
          label="Serial number, as printed on the item"
          inputProps={{
            ...getInputProps(fields.serial, { type: "text" }),
            id: "return-serial",
            autoComplete: "off",
            required: true,
          }}
          errors={fields.serial.errors}
          hint="It is compared with the one the seller recorded, so the item that comes back is the one that was sent."
        />
      ) : null}
      {asksShutterCount ? (
        <Field
          label="Shutter count (optional)"
          inputProps={{
            ...getInputProps(fields.shutterCount, { type: "number" }),
            id: "return-shutter-count",
            inputMode: "numeric",
            min: 0,
          }}
          errors={fields.shutterCount.errors}
        />
      ) : null}
      <PhotoInput
        id="return-photos"
        name="photos"
        label="Photos of what is wrong (optional)"
        room={RETURN_PHOTOS_MAX}
        failed={failed}
        cover={false}
        errors={lastResult?.error?.photos ?? undefined}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button type="submit" className={button.primary}>
        Ask to return it
      </button>
    </Form>
  );
}

export function ReturnAnswerForm({
  action,
  labelNote,
  lastResult,
}: {
  action: string;
  /** What accepting costs the seller, as the page says it (a fault's label is theirs to pay). */
  labelNote: string;
  lastResult?: Errors;
}) {
  const currency = useCurrency();
  const schema = returnAnswerSchema(currency);
  const [form, fields] = useSchemaForm(schema, { id: "return-answer", lastResult, validate: "onSubmit" });
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate className={styles.form}>
      <p>{labelNote}</p>
      <Field
        label="A part to give back, if you offer one"
        inputProps={{
          ...getInputProps(fields.amount, { type: "text" }),
          id: "return-amount",
          inputMode: "decimal",
          autoComplete: "off",
        }}
        errors={fields.amount.errors}
      />
      <TextareaField
        label="Your words to the buyer (needed to offer or decline)"
        textareaProps={{ ...getTextareaProps(fields.note), id: "return-note", rows: 3 }}
        errors={fields.note.errors}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className={styles.form}>
        <button type="submit" name="answer" value="accept" className={button.primary}>
          Accept the return
        </button>
        <button type="submit" name="answer" value="offer" className={button.secondary}>
          Offer the part back
        </button>
        <button type="submit" name="answer" value="decline" className={button.secondary}>
          Decline: an admin decides
        </button>
      </div>
    </Form>
  );
}

export function ReturnOfferForm({ action, offerCents }: { action: string; offerCents: number }) {
  const currency = useCurrency();
  return (
    <Form method="post" action={action} className={styles.form}>
      <button type="submit" name="answer" value="accept" className={button.primary}>
        {`Keep it for ${formatMoney(offerCents, currency)} back`}
      </button>
      <button type="submit" name="answer" value="decline" className={button.secondary}>
        Decline the offer: an admin decides
      </button>
    </Form>
  );
}

export function ReturnCheckForm({
  action,
  asksSerial,
  lastResult,
}: {
  action: string;
  asksSerial: boolean;
  lastResult?: Errors;
}) {
  const [form, fields] = useSchemaForm(returnCheckSchema, { id: "return-check", lastResult, validate: "onSubmit" });
  const failed = lastResult?.status === "error";
  const problems = Object.entries(RETURN_PROBLEM_WORDS) as Array<[ReturnProblem, string]>;
  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      className={styles.form}
    >
      {asksSerial ? (
        <Field
          label="Serial number you read on the item"
          inputProps={{
            ...getInputProps(fields.serial, { type: "text" }),
            id: "check-serial",
            autoComplete: "off",
            required: true,
          }}
          errors={fields.serial.errors}
          hint="Compared with the one you recorded on the listing: a different one stops the refund."
        />
      ) : null}
      <SelectField
        label="A problem, if there is one"
        selectProps={{
          id: "check-problem",
          name: fields.problem.name,
          defaultValue: String(fields.problem.initialValue ?? ""),
        }}
        options={problems.map(([value, label]) => ({ value, label }))}
        placeholder="No problem"
        errors={fields.problem.errors}
      />
      <TextareaField
        label="What you found (for a problem)"
        textareaProps={{ ...getTextareaProps(fields.details), id: "check-details", rows: 3 }}
        errors={fields.details.errors}
      />
      <PhotoInput
        id="check-photos"
        name="photos"
        label="Photos of the problem (optional)"
        room={RETURN_PHOTOS_MAX}
        failed={failed}
        cover={false}
        errors={lastResult?.error?.photos ?? undefined}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className={styles.form}>
        <button type="submit" name="result" value="as_sent" className={button.primary}>
          It came back as I sent it: refund the buyer
        </button>
        <button type="submit" name="result" value="problem" className={button.secondary}>
          Report the problem: an admin decides
        </button>
      </div>
    </Form>
  );
}
