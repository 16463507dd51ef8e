// The buyer's "Cancel: not sent in time" of a shipped deal (ADR 0086): once the ship-by date has
// passed with the parcel unsent, the purchase is cancelled and refunded in full.

import type { ActionFunctionArgs } from "react-router";
import { choosePaymentProvider } from "#app/domain/deals/payments/checkout.server";
import { cancelUnshipped } from "#app/domain/deals/settlement/decisions.server";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { formatMoment } from "#app/domain/shared/dates";
import { idSchema } from "#app/domain/shared/schemas";
import { zoneTable } from "#app/domain/shared/time-zones.server";
import { notFound } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { requireRole } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

export async function action({ request, context, params }: ActionFunctionArgs) {
  const buyer = await requireRole(request, context, ["buyer"]);
  const bookingId = idSchema.safeParse(params.bookingId);
  if (!bookingId.success) throw notFound();
  const back = shipmentPath(bookingId.data);
  const db = database(context.env.DB);
  const result = await cancelUnshipped(
    db,
    choosePaymentProvider(db, context.env.settings),
    { buyerId: buyer.id },
    bookingId.data,
    Date.now(),
    (date) => formatMoment(date, zoneTable(buyer.timeZone)) ?? date.toISOString(),
  );
  if (!result.ok) return redirectWithError(context, back, result.message);
  await publishFromRoute(context, result.events);
  return result.decided
    ? redirectWithSuccess(context, back, result.message)
    : redirectWithError(context, back, result.message);
}

/** The page shows the button; a GET of this URL shows the page. */
export default function CancelUnshipped() {
  return null;
}
