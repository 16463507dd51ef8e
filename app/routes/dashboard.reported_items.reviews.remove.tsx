// Reported Items, "Remove review text" (ADR 0071): the review's text goes, its stars stay. The
// review is the page's own value: one that is not an id is a request the page did not send (400);
// one without open reports is said so.
import type { ActionFunctionArgs } from "react-router";
import { REVIEW_REPORT_MESSAGES, removeReviewText } from "#app/domain/moderation/review-reports.server";
import { idSchema } from "#app/domain/shared/schemas";
import { badRequest, requireFormData } from "#app/server/http.server";
import { listBack } from "#app/utils/paged-list.server";
import { REPORTED_ITEMS_PATH } from "#app/utils/reported-items-urls";
import { requireAdmin } from "#app/utils/session.server";
import { redirectWithResult } from "#app/utils/toast.server";
import { database } from "#db/client";

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request, context);
  const back = listBack(request, REPORTED_ITEMS_PATH, { search: true });
  const ratingId = idSchema.safeParse((await requireFormData(request)).get("ratingId"));
  if (!ratingId.success) throw badRequest();
  const result = await removeReviewText(database(context.env.DB), admin, ratingId.data);
  return redirectWithResult(context, back, result, REVIEW_REPORT_MESSAGES.removed);
}

/** The page shows the buttons; a GET of this URL shows the page. */
export default function RemoveReviewText() {
  return null;
}
