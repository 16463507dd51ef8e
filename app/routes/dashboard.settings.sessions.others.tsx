// Settings, "Sessions": sign out every session of the account but this one (ADR 0071).
import type { ActionFunctionArgs } from "react-router";
import { endOtherSessions } from "#app/domain/accounts/sessions.server";
import { requireFormData } from "#app/server/http.server";
import { requireUser } from "#app/utils/session.server";
import { SETTINGS_PATH } from "#app/utils/settings-urls";
import { redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  // The form has no field; a body that is not a form is still refused (400, 413).
  await requireFormData(request);
  const result = await endOtherSessions(database(context.env.DB), user);
  return redirectWithSuccess(context, SETTINGS_PATH, result.message);
}

/** The Settings page shows the sessions; a GET of this URL shows the page. */
export default function OtherSessionsSection() {
  return null;
}
