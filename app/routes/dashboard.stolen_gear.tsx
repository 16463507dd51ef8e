import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { data, Form, useActionData, useLoaderData } from "react-router";
import { DashboardPage } from "#app/components/dashboard-page";
import { ErrorList, Field, TextareaField } from "#app/components/forms";
import * as styles from "#app/components/listing-form.css";
import { PagedTable } from "#app/components/paged-table";
import { SelectField } from "#app/components/select-field";
import * as table from "#app/components/table.css";
import { BRANDS, brandName, OTHER } from "#app/domain/gear/brands";
import { STOLEN_LIMITS, stolenSerialSchema } from "#app/domain/moderation/stolen-schema";
import {
  listMyStolenSerials,
  registerStolenSerial,
  STOLEN_MESSAGES,
  withdrawStolenSerial,
} from "#app/domain/moderation/stolen-serials.server";
import { formatDay } from "#app/domain/shared/dates";
import { readPage } from "#app/domain/shared/list-query";
import { idSchema } from "#app/domain/shared/schemas";
import { requireFormData } from "#app/server/http.server";
import { button } from "#app/styles/utilities.css";
import { pageOrLast } from "#app/utils/paged-list.server";
import { pageMeta } from "#app/utils/seo";
import { requireUser, requireUserWith } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { useSchemaForm } from "#app/utils/use-schema-form";
import { useZone } from "#app/utils/use-zone";
import { database } from "#db/client";

export const meta: MetaFunction = () =>
  pageMeta(
    "Pay&Buy Stolen Gear",
    "Register the serial number of stolen camera gear: listings with it are held for review.",
  );

const PATH = "/dashboard/stolen_gear";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = readPage(new URL(request.url).searchParams.get("page"));
  // The registrations travel with the session's read: one D1 round trip (ADR 0040, 0069).
  const { data: registrations } = await requireUserWith(request, context, (viewer) =>
    listMyStolenSerials(database(context.env.DB), viewer.id, page),
  );
  return {
    registrations: pageOrLast(registrations, PATH, { page }),
    today: new Date().toISOString().slice(0, 10),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await requireFormData(request);
  const intent = form.get("intent");
  const db = database(context.env.DB);
  if (intent === "register") {
    const submission = parseWithZod(form, { schema: stolenSerialSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const result = await registerStolenSerial(db, user, submission.value);
    // The same answer whether or not a listing had the serial (ADR 0056).
    if (!result.ok) return data(submission.reply({ formErrors: [result.message] }), { status: result.status });
    return redirectWithSuccess(context, PATH, result.message);
  }
  if (intent === "withdraw") {
    const id = idSchema.safeParse(form.get("id"));
    if (!id.success) return redirectWithError(context, PATH, STOLEN_MESSAGES.notYours);
    const result = await withdrawStolenSerial(db, user, id.data);
    return result.ok
      ? redirectWithSuccess(context, PATH, result.message)
      : redirectWithError(context, PATH, result.message);
  }
  throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
}

function WithdrawButton({ id, serial }: { id: string; serial: string }) {
  const pending = useIsPending({ intent: "withdraw", field: ["id", id] });
  return (
    <Form method="post" className={table.inlineForm}>
      <input type="hidden" name="intent" value="withdraw" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        className={`${button.secondary} ${table.compact}`}
        disabled={pending}
        aria-label={`Withdraw the registration of serial ${serial}`}
      >
        Withdraw
      </button>
    </Form>
  );
}

export default function StolenGear() {
  const zone = useZone();
  const { registrations, today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const [form, fields] = useSchemaForm(stolenSerialSchema, { id: "stolen-serial", lastResult });
  const busy = useIsPending({ intent: "register" });
  return (
    <DashboardPage title="Stolen Gear">
      <p className={styles.intro}>
        Register the serial number of a camera or lens that was stolen from you. Any listing on Pay&Buy with it is held
        out of the storefront and reviewed by our team, now and whenever one is listed. For privacy and safety we do not
        say whether a listing matched; we may contact you.
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className={styles.productForm}>
        <input type="hidden" name="intent" value="register" />
        <SelectField
          label="Brand"
          selectProps={getSelectProps(fields.brand)}
          options={[
            ...BRANDS.map((brand) => ({ value: brand.key, label: brand.name })),
            { value: OTHER, label: "Other" },
          ]}
          placeholder="Choose the brand"
          errors={fields.brand.errors}
        />
        <Field
          label="Brand name (Other)"
          inputProps={{ ...getInputProps(fields.brandName, { type: "text" }), maxLength: STOLEN_LIMITS.brandName }}
          errors={fields.brandName.errors}
        />
        <Field
          label="Serial number"
          inputProps={{
            ...getInputProps(fields.serialNumber, { type: "text" }),
            maxLength: STOLEN_LIMITS.serialInput,
            autoComplete: "off",
          }}
          errors={fields.serialNumber.errors}
          hint="As printed on the item; spaces and dashes do not matter"
        />
        <Field
          label="Date stolen"
          inputProps={{ ...getInputProps(fields.stolenOn, { type: "date" }), max: today }}
          errors={fields.stolenOn.errors}
        />
        <Field
          label="Police reference"
          inputProps={{
            ...getInputProps(fields.policeReference, { type: "text" }),
            maxLength: STOLEN_LIMITS.policeReference,
          }}
          errors={fields.policeReference.errors}
          hint="A police reference or a note (or both)"
        />
        <div className={styles.wide}>
          <TextareaField
            label="Note"
            textareaProps={{ ...getTextareaProps(fields.note), maxLength: STOLEN_LIMITS.note }}
            errors={fields.note.errors}
          />
        </div>
        <div className={styles.wide}>
          <ErrorList id={form.errorId} errors={form.errors} />
          <button type="submit" className={button.primary} disabled={busy}>
            {busy ? "Registering…" : "Register as stolen"}
          </button>
        </div>
      </Form>

      <h2>Your registrations</h2>
      <PagedTable
        pathname={PATH}
        list={registrations}
        rowKey={(row) => row.id}
        empty="You have not registered any serial number."
        caption={`Your registrations, newest first (${registrations.total})`}
        columns={[
          {
            header: "Item",
            kind: "name",
            cell: (row) =>
              `${(row.brand === OTHER ? row.brandOther : brandName(row.brand)) ?? "Other"}, serial ${row.serial}`,
          },
          { header: "Stolen on", cell: (row) => row.stolenOn },
          { header: "Reference or note", cell: (row) => [row.policeReference, row.note].filter(Boolean).join(". ") },
          { header: "Registered", cell: (row) => formatDay(row.createdAt, zone) },
          {
            header: "Action",
            kind: "actions",
            cell: (row) => (row.withdrawnAt ? "Withdrawn" : <WithdrawButton id={row.id} serial={row.serial} />),
          },
        ]}
      />
    </DashboardPage>
  );
}
