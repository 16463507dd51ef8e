// The buyer's "Ask to return it" of a shipped deal (ADR 0107): the reason, what is wrong, photos
// and the serial as read. A field that fails its schema, or photos the upload rules refuse, come
// back at the form (400/422, ADR 0071); what the deal refuses goes back to the page with its reason.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, useActionData, useParams, useRouteLoaderData } from "react-router";
import { ReturnRequestForm } from "#app/components/return-forms";
import { returnRequestSchema } from "#app/domain/deals/returns/return-schema";
import { requestReturn } from "#app/domain/deals/returns/returns.server";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { idSchema } from "#app/domain/shared/schemas";
import { notFound } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { readReturnForm } from "#app/server/return-forms.server";
import { requireUser } from "#app/utils/session.server";
import { shipmentSection } from "#app/utils/shipment-sections";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";
import type { loader as shipmentLoader } from "./dashboard.shipments.$bookingId";

export const handle = shipmentSection("return");

export async function action({ request, context, params }: ActionFunctionArgs) {
  const buyer = await requireUser(request, context);
  const bookingId = idSchema.safeParse(params.bookingId);
  if (!bookingId.success) throw notFound();
  const back = shipmentPath(bookingId.data);
  const read = await readReturnForm(request);
  if (!read.ok) return data(read.reply, { status: read.status });
  const submission = parseWithZod(read.form, { schema: returnRequestSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await requestReturn(
    database(context.env.DB),
    { photos: context.env.PHOTOS, images: context.env.IMAGES },
    buyer,
    bookingId.data,
    submission.value,
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

/** The page shows everything else; this is its return form, with the errors its action sent. */
export default function AskReturn() {
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const { bookingId = "" } = useParams();
  const page = useRouteLoaderData<typeof shipmentLoader>("routes/dashboard.shipments.$bookingId");
  if (!page?.returnOffer) return null;
  return (
    <ReturnRequestForm
      action={`${shipmentPath(bookingId)}/return`}
      reasons={page.returnOffer.reasons}
      asksSerial={page.returnOffer.asksSerial}
      asksShutterCount={page.returnOffer.asksShutterCount}
      lastResult={lastResult}
    />
  );
}
