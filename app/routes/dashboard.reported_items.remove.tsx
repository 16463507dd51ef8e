// Reported Items, "Yes" of the removal confirmation (ADR 0071): takes the listing off the
// storefront, ends its booking and closes its reports. The listing is the page's own value: one
// that is not an id is a request the page did not send (400); one without open reports is said so.
import type { ActionFunctionArgs } from "react-router";
import { REPORT_MESSAGES, removeReportedListing } from "#app/domain/moderation/reports.server";
import { idSchema } from "#app/domain/shared/schemas";
import { badRequest, requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { listBack } from "#app/utils/paged-list.server";
import { REPORTED_ITEMS_PATH } from "#app/utils/reported-items-urls";
import { requireAdmin } from "#app/utils/session.server";
import { redirectWithResult } from "#app/utils/toast.server";
import { database } from "#db/client";

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const back = listBack(request, REPORTED_ITEMS_PATH, { search: true });
  const productId = idSchema.safeParse((await requireFormData(request)).get("productId"));
  if (!productId.success) throw badRequest();
  const result = await removeReportedListing(database(context.env.DB), admin, productId.data);
  if (result.ok) await publishFromRoute(context, result.events);
  return redirectWithResult(context, back, result, REPORT_MESSAGES.removed);
}

/** The page shows the confirmation; a GET of this URL shows the page. */
export default function RemoveListing() {
  return null;
}
