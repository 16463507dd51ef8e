// The offline carrier's labelled test control (ADR 0086): the parcel moves to its next state, as
// a real carrier's webhook would say. Only in test mode, only for the test carrier's own parcels
// (ADR 0091).
import type { ActionFunctionArgs } from "react-router";
import { chooseCarrier } from "#app/domain/deals/shipping/choose.server";
import { advanceOfflineParcel } from "#app/domain/deals/shipping/offline-parcels.server";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
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
  const result = await advanceOfflineParcel(
    database(context.env.DB),
    chooseCarrier(context.env.settings),
    user,
    bookingId.data,
    context.env.settings.BUYER_PROTECTION_DAYS,
  );
  if (!result.ok) return redirectWithError(context, back, result.message);
  await publishFromRoute(context, result.events);
  return redirectWithSuccess(context, back, result.message);
}

/** The page shows the button; a GET of this URL shows the page. */
export default function AdvanceTestParcel() {
  return null;
}
