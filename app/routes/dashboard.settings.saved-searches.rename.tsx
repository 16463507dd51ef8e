// Settings, "Saved searches": rename one (ADR 0071). Whose search it is, the domain checks; a
// name that is not one comes back at its field, as typed (400); an id that is not one is a
// request the page did not send: 400.
import type { ActionFunctionArgs } from "react-router";
import { data, useActionData } from "react-router";
import { type RefusedRename, SavedSearchList } from "#app/components/saved-search-list";
import { renameSavedSearchFormSchema, savedSearchIdFormSchema } from "#app/domain/alerts/saved-search-schema";
import { updateSavedSearch } from "#app/domain/alerts/saved-searches.server";
import { badRequest, requireFormData } from "#app/server/http.server";
import { requireUser } from "#app/utils/session.server";
import { SETTINGS_PATH, settingsSection } from "#app/utils/settings-urls";
import { redirectWithResult } from "#app/utils/toast.server";
import { database } from "#db/client";
import { useSettingsData } from "./settings-data";

export const handle = settingsSection("saved-searches");

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await requireFormData(request);
  const known = savedSearchIdFormSchema.safeParse({ id: form.get("id") });
  if (!known.success) throw badRequest();
  const typed = form.get("name");
  const parsed = renameSavedSearchFormSchema.safeParse({ id: known.data.id, name: typed });
  if (!parsed.success) {
    const refused: RefusedRename = {
      id: known.data.id,
      name: typeof typed === "string" ? typed : "",
      errors: parsed.error.issues.map((issue) => issue.message),
    };
    return data(refused, { status: 400 });
  }
  const { id, name } = parsed.data;
  return redirectWithResult(
    context,
    SETTINGS_PATH,
    await updateSavedSearch(database(context.env.DB), user, id, { name }),
  );
}

export default function SavedSearchesSection() {
  const { savedSearches } = useSettingsData();
  const refused = useActionData<typeof action>() as RefusedRename | undefined;
  return <SavedSearchList searches={savedSearches} refused={refused} />;
}
