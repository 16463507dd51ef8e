// The offline carrier's labelled test control (ADR 0086): the parcel moves to its next state, as
// a real carrier's webhook would say. Refused while a real carrier is configured.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { carrierProviderName } from "#app/domain/deals/shipping/carriers";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { advanceOfflineParcel, SHIPMENT_MESSAGES } from "#app/domain/deals/shipping/shipments.server";
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
  if (carrierProviderName(context.env.settings) !== "offline")
    return redirectWithError(context, back, SHIPMENT_MESSAGES.notOffline);
  const result = await advanceOfflineParcel(
    database(context.env.DB),
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
