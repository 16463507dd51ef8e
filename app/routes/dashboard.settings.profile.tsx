// Settings, "Your details": name and phone (ADR 0071). Invalid fields come back at the form, 400.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "react-router";
import { data, useActionData } from "react-router";
import { ProfileForm } from "#app/components/account-forms";
import { profileSchema } from "#app/domain/accounts/account-schema";
import { updateProfile } from "#app/domain/accounts/account-settings.server";
import { requireFormData } from "#app/server/http.server";
import { requireUser } from "#app/utils/session.server";
import { SETTINGS_PATH, settingsSection } from "#app/utils/settings-urls";
import { redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";
import { useSettingsData } from "./settings-data";

export const handle = settingsSection("profile");

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await requireFormData(request), { schema: profileSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await updateProfile(database(context.env.DB), user.id, submission.value);
  return redirectWithSuccess(context, SETTINGS_PATH, result.message);
}

export default function ProfileSection() {
  const { account } = useSettingsData();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return <ProfileForm name={account.name} phone={account.phone} seller={account.seller} lastResult={lastResult} />;
}
