// The seller's "Buy a label" of a shipped deal (ADR 0086): the carrier sells a prepaid label
// with its tracking number; its cost is paid by the deal at release.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { feeRuleOf } from "#app/domain/deals/payments/settings";
import { chooseCarrier } from "#app/domain/deals/shipping/choose.server";
import { returnAddressSchema } from "#app/domain/deals/shipping/label-schema";
import { shipmentPath } from "#app/domain/deals/shipping/paths";
import { buyLabel } from "#app/domain/deals/shipping/shipments.server";
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
  const from = returnAddressSchema.safeParse(
    Object.fromEntries(["name", "line1", "line2", "city", "region"].map((name) => [name, form.get(name)])),
  );
  if (!from.success) return redirectWithError(context, back, from.error.issues[0]?.message ?? "Check your address.");
  const result = await buyLabel(
    database(context.env.DB),
    chooseCarrier(context.env.settings),
    seller,
    bookingId.data,
    from.data,
    feeRuleOf(context.env.settings),
  );
  if (!result.ok) return redirectWithError(context, back, result.message);
  await publishFromRoute(context, result.events);
  return redirectWithSuccess(context, back, result.message);
}

/** The page shows the form; a GET of this URL shows the page. */
export default function BuyLabel() {
  return null;
}
