// Settings, "Password": the current one, then the new one twice (ADR 0071). Invalid fields or a
// wrong current password come back at the form; the passwords are never sent back.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "react-router";
import { data, useActionData } from "react-router";
import { PasswordForm } from "#app/components/account-forms";
import { changePasswordFormSchema } from "#app/domain/accounts/account-schema";
import { changePassword } from "#app/domain/accounts/account-settings.server";
import { clientAddress } from "#app/server/auth.server";
import { requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { linkOrigin } from "#app/server/origin.server";
import { requireUser } from "#app/utils/session.server";
import { refusalErrors, SETTINGS_PATH, settingsSection } from "#app/utils/settings-urls";
import { redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";
import { useSettingsData } from "./settings-data";

export const handle = settingsSection("password");

const hidden = { hideFields: ["currentPassword", "newPassword", "confirmPassword"] };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await requireFormData(request), { schema: changePasswordFormSchema });
  if (submission.status !== "success") return data(submission.reply(hidden), { status: 400 });
  const result = await changePassword(database(context.env.DB), user, {
    currentPassword: submission.value.currentPassword,
    newPassword: submission.value.newPassword,
    clientAddress: clientAddress(request),
    origin: linkOrigin(request, context.env.settings),
  });
  if (!result.ok) {
    const retry = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return data(submission.reply({ ...refusalErrors(result), ...hidden }), { status: result.status, headers: retry });
  }
  await publishFromRoute(context, result.events);
  return redirectWithSuccess(context, SETTINGS_PATH, result.message);
}

export default function PasswordSection() {
  const { account } = useSettingsData();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return <PasswordForm hasPassword={account.hasPassword} lastResult={lastResult} />;
}
