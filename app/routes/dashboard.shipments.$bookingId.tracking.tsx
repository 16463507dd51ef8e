// The seller's "Save tracking" of a shipped deal (ADR 0086): the parcel is on its way. A carrier
// or tracking number that fails its schema comes back at the form, as typed (400, ADR 0071); what
// the domain refuses of a well-formed one goes back to the page with its reason.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, useActionData, useParams } from "react-router";
import { TrackingForm } from "#app/components/shipment-forms";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { enterTracking } from "#app/domain/deals/shipping/tracking-numbers.server";
import { type TrackingInput, trackingSchema } from "#app/domain/deals/shipping/tracking-schema";
import { idSchema } from "#app/domain/shared/schemas";
import { notFound, requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { requireRole } from "#app/utils/session.server";
import { shipmentSection } from "#app/utils/shipment-sections";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

export const handle = shipmentSection("tracking");

export async function action({ request, context, params }: ActionFunctionArgs) {
  const seller = await requireRole(request, context, ["seller"]);
  const bookingId = idSchema.safeParse(params.bookingId);
  if (!bookingId.success) throw notFound();
  const back = shipmentPath(bookingId.data);
  const submission = parseWithZod(await requireFormData(request), { schema: trackingSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await enterTracking(
    database(context.env.DB),
    seller,
    bookingId.data,
    submission.value as TrackingInput,
    context.env.settings.BUYER_PROTECTION_DAYS,
  );
  if (!result.ok) return redirectWithError(context, back, result.message);
  await publishFromRoute(context, result.events);
  return redirectWithSuccess(context, back, result.message);
}

/** The page shows everything else; this is its tracking form, with the errors its action sent. */
export default function SaveTracking() {
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const { bookingId = "" } = useParams();
  return <TrackingForm action={`${shipmentPath(bookingId)}/tracking`} lastResult={lastResult} />;
}
