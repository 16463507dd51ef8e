// Settings, "Email address": a new address, confirmed by the owner, is sent a link (ADR 0071).
// Invalid fields, a wrong confirmation or a taken address come back at the form.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "react-router";
import { data, useActionData } from "react-router";
import { EmailForm } from "#app/components/account-forms";
import { changeEmailSchema } from "#app/domain/accounts/account-schema";
import { changeEmail } from "#app/domain/accounts/email-verification.server";
import { clientAddress } from "#app/server/auth.server";
import { requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { linkOrigin } from "#app/server/origin.server";
import { requireUser } from "#app/utils/session.server";
import { refusalErrors, SETTINGS_PATH, settingsSection } from "#app/utils/settings-urls";
import { redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";
import { useSettingsData } from "./settings-data";

export const handle = settingsSection("email");

const hidden = { hideFields: ["currentPassword", "code"] };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await requireFormData(request), { schema: changeEmailSchema });
  if (submission.status !== "success") return data(submission.reply(hidden), { status: 400 });
  const result = await changeEmail(database(context.env.DB), user, submission.value, {
    secrets: context.env.settings.SESSION_SECRET,
    clientAddress: clientAddress(request),
    origin: linkOrigin(request, context.env.settings),
  });
  if (!result.ok) {
    return data(submission.reply({ ...refusalErrors(result), ...hidden }), { status: result.status });
  }
  await publishFromRoute(context, result.events);
  return redirectWithSuccess(context, SETTINGS_PATH, result.message);
}

export default function EmailSection() {
  const { account, confirmation } = useSettingsData();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <EmailForm
      email={account.email}
      pendingEmail={account.pendingEmail}
      confirmation={confirmation}
      lastResult={lastResult}
    />
  );
}
