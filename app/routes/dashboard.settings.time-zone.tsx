// Settings, "Time zone" (ADR 0104): a zone of the page's list, or UTC. With `guessed`, the
// browser's own zone, sent once by the page's script for an account without one: kept only if the
// account still has none, and answered without a redirect (the script's request is a fetcher's).
import type { ActionFunctionArgs } from "react-router";
import { data } from "react-router";
import { saveTimeZone } from "#app/domain/accounts/time-zone.server";
import { badRequest, requireFormData } from "#app/server/http.server";
import { requireUser } from "#app/utils/session.server";
import { SETTINGS_PATH } from "#app/utils/settings-urls";
import { redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await requireFormData(request);
  const guess = form.get("guessed") === "1";
  const result = await saveTimeZone(database(context.env.DB), user.id, String(form.get("timeZone") ?? ""), { guess });
  if (guess) return data(result, { status: result.ok ? 200 : 422 });
  // The choices are the page's own: another name is a request the page did not send.
  if (!result.ok) throw badRequest();
  return redirectWithSuccess(context, SETTINGS_PATH, result.message);
}

/** The Settings page shows the form; a GET of this URL shows the page. */
export default function TimeZoneSection() {
  return null;
}
