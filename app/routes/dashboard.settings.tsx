import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { DashboardPage } from "#app/components/dashboard-page";
import * as formStyles from "#app/components/forms.css";
import { readCamera } from "#app/domain/gear/camera";
import { CAMERA_CHOICES } from "#app/domain/gear/camera-choices";
import { cameraName } from "#app/domain/gear/compatibility";
import { saveMyCamera } from "#app/domain/gear/my-camera.server";
import {
  choicesFromForm,
  NOTIFICATION_MESSAGES,
  notificationChoicesRead,
  saveNotificationSettings,
  toNotificationSettings,
} from "#app/domain/notifications/preferences.server";
import { requireFormData } from "#app/server/http.server";
import { button } from "#app/styles/utilities.css";
import { pageMeta } from "#app/utils/seo";
import { requireUser, requireUserWith } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { useIsPending } from "#app/utils/use-is-pending";
import { database } from "#db/client";
import * as styles from "./settings.css";

export const meta: MetaFunction = () =>
  pageMeta("Pay&Buy Settings", "Choose your camera, and which Pay&Buy notifications are sent to your email.");

const PATH = "/dashboard/settings";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The choices travel with the session's read: one D1 round trip (ADR 0040).
  const {
    user,
    results: [choices],
  } = await requireUserWith(
    request,
    context,
    (userId) => [notificationChoicesRead(database(context.env.DB), userId)] as const,
  );
  const camera = readCamera(user.camera);
  return {
    email: user.email,
    settings: toNotificationSettings(choices, user.role),
    camera: camera ? { key: camera.key, name: cameraName(camera) } : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await requireFormData(request);
  if (form.get("intent") === "camera") {
    const result = await saveMyCamera(
      database(context.env.DB),
      user.id,
      String(form.get("camera") ?? "").slice(0, 100),
    );
    return result.ok
      ? redirectWithSuccess(context, PATH, result.message)
      : redirectWithError(context, PATH, result.message);
  }
  if (form.get("intent") !== "notifications") {
    throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
  }
  const choices = choicesFromForm(user.role, (name) => form.get(name));
  if (!choices || Object.keys(choices).length === 0) {
    return redirectWithError(context, PATH, NOTIFICATION_MESSAGES.notForRole);
  }
  const result = await saveNotificationSettings(database(context.env.DB), user, choices);
  if (!result.ok) return redirectWithError(context, PATH, result.message);
  return redirectWithSuccess(context, PATH, NOTIFICATION_MESSAGES.saved);
}

export default function Settings() {
  const { email, settings, camera } = useLoaderData<typeof loader>();
  const saving = useIsPending({ intent: "notifications" });
  const savingCamera = useIsPending({ intent: "camera" });
  return (
    <DashboardPage title="Settings">
      <h2>My camera</h2>
      <p>
        {camera
          ? `Your camera: ${camera.name}. Lenses say whether they fit it.`
          : "Choose your camera: lenses then say whether they fit it, natively or with an adapter."}
      </p>
      <Form method="post" className={formStyles.form}>
        <input type="hidden" name="intent" value="camera" />
        <div className={formStyles.field}>
          <label htmlFor="settings-camera" className={formStyles.label}>
            Camera
          </label>
          <select id="settings-camera" name="camera" defaultValue={camera?.key ?? ""} className={formStyles.input}>
            <option value="">No camera</option>
            {CAMERA_CHOICES.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div>
          <button type="submit" className={button.secondary} disabled={savingCamera}>
            Save camera
          </button>
        </div>
      </Form>
      <h2>Email notifications</h2>
      {settings.length === 0 ? (
        <p>Nothing is sent to admin accounts, so there is nothing to choose here.</p>
      ) : (
        <Form method="post" className={formStyles.form}>
          <input type="hidden" name="intent" value="notifications" />
          <fieldset className={styles.kinds}>
            <legend>Send me an email to {email} when:</legend>
            {settings.map((setting) => (
              <label key={setting.kind} className={styles.kind}>
                <input
                  type="checkbox"
                  name={setting.kind}
                  value="on"
                  defaultChecked={setting.enabled}
                  className={styles.checkbox}
                />
                <span>
                  {setting.label}
                  <span className={styles.description}>{setting.description}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div>
            <button type="submit" className={button.primary} disabled={saving}>
              Save settings
            </button>
          </div>
        </Form>
      )}
    </DashboardPage>
  );
}
