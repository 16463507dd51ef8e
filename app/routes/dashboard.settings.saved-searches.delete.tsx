// Settings, "Saved searches": delete one (ADR 0071). Whose search it is, the domain checks; an
// id that is not one is a request the page did not send: 400.
import type { ActionFunctionArgs } from "react-router";
import { savedSearchIdFormSchema } from "#app/domain/alerts/saved-search-schema";
import { deleteSavedSearch } from "#app/domain/alerts/saved-searches.server";
import { badRequest, requireFormData } from "#app/server/http.server";
import { requireUser } from "#app/utils/session.server";
import { SETTINGS_PATH } from "#app/utils/settings-urls";
import { redirectWithResult } from "#app/utils/toast.server";
import { database } from "#db/client";

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await requireFormData(request);
  const parsed = savedSearchIdFormSchema.safeParse({ id: form.get("id") });
  if (!parsed.success) throw badRequest();
  return redirectWithResult(
    context,
    SETTINGS_PATH,
    await deleteSavedSearch(database(context.env.DB), user, parsed.data.id),
  );
}

/** The Settings page shows the saved searches; a GET of this URL shows the page. */
export default function DeleteSavedSearchSection() {
  return null;
}
