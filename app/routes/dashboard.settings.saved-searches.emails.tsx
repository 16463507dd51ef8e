// Settings, "Saved searches": turn one's emails off or on (ADR 0071). Whose search it is, the
// domain checks; values the buttons do not send are a request the page did not send: 400.
import type { ActionFunctionArgs } from "react-router";
import { savedSearchEmailsFormSchema } from "#app/domain/alerts/saved-search-schema";
import { updateSavedSearch } from "#app/domain/alerts/saved-searches.server";
import { badRequest, requireFormData } from "#app/server/http.server";
import { requireUser } from "#app/utils/session.server";
import { SETTINGS_PATH } from "#app/utils/settings-urls";
import { redirectWithResult } from "#app/utils/toast.server";
import { database } from "#db/client";

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await requireFormData(request);
  const parsed = savedSearchEmailsFormSchema.safeParse({ id: form.get("id"), emails: form.get("emails") });
  if (!parsed.success) throw badRequest();
  const { id, emails } = parsed.data;
  const result = await updateSavedSearch(database(context.env.DB), user, id, { emails: emails === "on" });
  return redirectWithResult(context, SETTINGS_PATH, result);
}

/** The Settings page shows the saved searches; a GET of this URL shows the page. */
export default function SavedSearchEmailsSection() {
  return null;
}
