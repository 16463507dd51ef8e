// Reported Items, "No" of the removal confirmation (ADR 0071): back to the list, as it was, with
// the spec's toast.
import type { ActionFunctionArgs } from "react-router";
import { keptAnswer, listBack } from "#app/utils/paged-list.server";
import { REPORTED_ITEMS_PATH } from "#app/utils/reported-items-urls";
import { requireAdmin } from "#app/utils/session.server";

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context);
  return keptAnswer(context, listBack(request, REPORTED_ITEMS_PATH, { search: true }));
}

/** The page shows the confirmation; a GET of this URL shows the page. */
export default function KeepListing() {
  return null;
}
