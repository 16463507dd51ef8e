// Settings, "Email notifications" (ADR 0071): one checkbox per kind of the role. A value other
// than a checked box's is a request the page did not send: 400.
import type { ActionFunctionArgs } from "react-router";
import {
  choicesFromForm,
  NOTIFICATION_MESSAGES,
  saveNotificationSettings,
} from "#app/domain/notifications/preferences.server";
import { badRequest, requireFormData } from "#app/server/http.server";
import { requireUser } from "#app/utils/session.server";
import { SETTINGS_PATH } from "#app/utils/settings-urls";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await requireFormData(request);
  const choices = choicesFromForm(user.role, (name) => form.get(name));
  if (!choices) throw badRequest();
  // A role nothing is sent to has nothing to choose: a refusal, with its message.
  if (Object.keys(choices).length === 0)
    return redirectWithError(context, SETTINGS_PATH, NOTIFICATION_MESSAGES.notForRole);
  const result = await saveNotificationSettings(database(context.env.DB), user, choices);
  if (!result.ok) return redirectWithError(context, SETTINGS_PATH, result.message);
  return redirectWithSuccess(context, SETTINGS_PATH, NOTIFICATION_MESSAGES.saved);
}

/** The Settings page shows the form; a GET of this URL shows the page. */
export default function NotificationsSection() {
  return null;
}
