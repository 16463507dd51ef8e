// The offline carrier's labelled test control for a return parcel (ADR 0091, ADR 0107): it moves to
// its next step now, as a real carrier's webhook would say. Only in test mode, only for the test
// carrier's own return labels.
import type { ActionFunctionArgs } from "react-router";
import { chooseCarrier } from "#app/domain/deals/shipping/choose.server";
import { SHIPMENT_MESSAGES } from "#app/domain/deals/shipping/parcel-reads.server";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { advanceOfflineReturn } from "#app/domain/deals/shipping/return-parcels.server";
import { idSchema } from "#app/domain/shared/schemas";
import { notFound } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { requireUser } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const bookingId = idSchema.safeParse(params.bookingId);
  if (!bookingId.success) throw notFound();
  const back = shipmentPath(bookingId.data);
  const result = await advanceOfflineReturn(
    database(context.env.DB),
    chooseCarrier(context.env.settings),
    user,
    bookingId.data,
  );
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return redirectWithError(context, back, SHIPMENT_MESSAGES.nothingToAdvance);
  }
  await publishFromRoute(context, result.events);
  return redirectWithSuccess(context, back, SHIPMENT_MESSAGES.advanced);
}

/** The page shows the button; a GET of this URL shows the page. */
export default function AdvanceTestReturn() {
  return null;
}
