// Settings, "My camera" (ADR 0071): a key of the gear data, or nothing to clear it. The choices
// are the page's own, so an unknown key is a request the page did not send: 400.
import type { ActionFunctionArgs } from "react-router";
import { saveMyCamera } from "#app/domain/gear/my-camera.server";
import { badRequest, requireFormData } from "#app/server/http.server";
import { requireUser } from "#app/utils/session.server";
import { SETTINGS_PATH } from "#app/utils/settings-urls";
import { redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await requireFormData(request);
  const result = await saveMyCamera(database(context.env.DB), user.id, String(form.get("camera") ?? "").slice(0, 100));
  if (!result.ok) throw badRequest();
  return redirectWithSuccess(context, SETTINGS_PATH, result.message);
}

/** The Settings page shows the form; a GET of this URL shows the page. */
export default function CameraSection() {
  return null;
}
