// Saving a search from the search page (ADR 0062): a plain POST, answered back on the search with
// a toast. Its own path, so the edge cache knows this write changes nothing public.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { redirect } from "react-router";
import { saveSearchSchema } from "#app/domain/alerts/saved-search-schema";
import { saveSearch } from "#app/domain/alerts/saved-searches.server";
import { badRequest, requireFormData } from "#app/server/http.server";
import { requireUser } from "#app/utils/session.server";
import { redirectWithResult } from "#app/utils/toast.server";
import { database } from "#db/client";

/** Saved searches are listed in Settings. */
export function loader(_: LoaderFunctionArgs) {
  return redirect("/dashboard/settings#saved-searches-title");
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await requireFormData(request);
  if (form.get("intent") !== "save-search") throw badRequest();
  const parsed = saveSearchSchema.safeParse({
    search: typeof form.get("search") === "string" ? form.get("search") : undefined,
    name: typeof form.get("name") === "string" && form.get("name") !== "" ? form.get("name") : undefined,
  });
  // Back to the search, spelt by us: the field's text is read, never followed.
  const search = parsed.success ? parsed.data.search : "";
  const back = `/search?${new URLSearchParams(search.replace(/^\?/, ""))}`;
  if (!parsed.success) {
    return redirectWithResult(context, back, { ok: false, message: parsed.error.issues[0]?.message ?? "Not saved." });
  }
  return redirectWithResult(
    context,
    back,
    await saveSearch(database(context.env.DB), user, parsed.data, context.env.currency),
  );
}
