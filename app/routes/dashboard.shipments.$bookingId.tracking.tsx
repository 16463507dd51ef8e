// The seller's "Save tracking" of a shipped deal (ADR 0086): the parcel is on its way.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { enterTracking } from "#app/domain/deals/shipping/shipments.server";
import { trackingSchema } from "#app/domain/deals/shipping/tracking-schema";
import { idSchema } from "#app/domain/shared/schemas";
import { notFound, requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { requireRole } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

export async function action({ request, context, params }: ActionFunctionArgs) {
  const seller = await requireRole(request, context, ["seller"]);
  const bookingId = idSchema.safeParse(params.bookingId);
  if (!bookingId.success) throw notFound();
  const back = shipmentPath(bookingId.data);
  const form = await requireFormData(request);
  const parsed = trackingSchema.safeParse({ carrier: form.get("carrier"), trackingNumber: form.get("trackingNumber") });
  if (!parsed.success)
    return redirectWithError(context, back, parsed.error.issues[0]?.message ?? "Check the tracking.");
  const result = await enterTracking(
    database(context.env.DB),
    seller,
    bookingId.data,
    parsed.data,
    context.env.settings.BUYER_PROTECTION_DAYS,
  );
  if (!result.ok) return redirectWithError(context, back, result.message);
  await publishFromRoute(context, result.events);
  return redirectWithSuccess(context, back, result.message);
}

/** The page shows the form; a GET of this URL shows the page. */
export default function SaveTracking() {
  return null;
}
