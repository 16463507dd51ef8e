// The seller's check of what came back (ADR 0107): as sent (the serial read is compared, and the
// buyer refunded now), or a problem for the admin with photos. A field that fails its schema, or
// photos the upload rules refuse, come back at the form (400/422, ADR 0071).
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, useActionData, useParams, useRouteLoaderData } from "react-router";
import { ReturnCheckForm } from "#app/components/return-forms";
import { choosePaymentProvider } from "#app/domain/deals/payments/checkout.server";
import { returnCheckSchema } from "#app/domain/deals/returns/return-schema";
import { type ArrivalCheck, checkReturn } from "#app/domain/deals/returns/returns.server";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { idSchema } from "#app/domain/shared/schemas";
import { notFound } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { readReturnForm } from "#app/server/return-forms.server";
import { requireRole } from "#app/utils/session.server";
import { shipmentSection } from "#app/utils/shipment-sections";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";
import type { loader as shipmentLoader } from "./dashboard.shipments.$bookingId";

export const handle = shipmentSection("return-check");

export async function action({ request, context, params }: ActionFunctionArgs) {
  const seller = await requireRole(request, context, ["seller"]);
  const bookingId = idSchema.safeParse(params.bookingId);
  if (!bookingId.success) throw notFound();
  const back = shipmentPath(bookingId.data);
  const read = await readReturnForm(request);
  if (!read.ok) return data(read.reply, { status: read.status });
  const submission = parseWithZod(read.form, { schema: returnCheckSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { result: outcome, serial, problem, details } = submission.value;
  const check: ArrivalCheck =
    outcome === "problem"
      ? { result: outcome, serial, problem: problem!, details: details! }
      : { result: outcome, serial };
  const db = database(context.env.DB);
  const settings = context.env.settings;
  const result = await checkReturn(
    db,
    choosePaymentProvider(db, settings),
    settings,
    { photos: context.env.PHOTOS, images: context.env.IMAGES },
    seller,
    bookingId.data,
    check,
    read.photos,
  );
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    if (result.field) {
      return data(submission.reply({ fieldErrors: { [result.field]: [result.message] } }), { status: result.status });
    }
    return redirectWithError(context, back, result.message);
  }
  await publishFromRoute(context, result.events);
  return redirectWithSuccess(context, back, result.message);
}

export default function CheckReturn() {
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const { bookingId = "" } = useParams();
  const page = useRouteLoaderData<typeof shipmentLoader>("routes/dashboard.shipments.$bookingId");
  if (!page?.returnCard) return null;
  return (
    <ReturnCheckForm
      action={`${shipmentPath(bookingId)}/return-check`}
      asksSerial={page.returnCard.asksSerialOnArrival}
      lastResult={lastResult}
    />
  );
}
