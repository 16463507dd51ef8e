// Settings, "Delete my account" (ADR 0071): confirmed by the owner, the account is deleted and
// its sessions end. A refusal (a wrong password, an open deal) comes back in the dialog.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "react-router";
import { data, useActionData } from "react-router";
import { DeleteAccountDialog } from "#app/components/delete-account-dialog";
import { deleteAccountSchema } from "#app/domain/accounts/account-schema";
import { deleteOwnAccount } from "#app/domain/privacy/account-deletion.server";
import { clientAddress, sessionCookie } from "#app/server/auth.server";
import { requireFormData } from "#app/server/http.server";
import { requireUser } from "#app/utils/session.server";
import { refusalErrors, SETTINGS_ACTIONS, SETTINGS_PATH, settingsSection } from "#app/utils/settings-urls";
import { redirectWithToast } from "#app/utils/toast.server";
import { database } from "#db/client";
import { useSettingsData } from "./settings-data";

export const handle = settingsSection("delete-account");

const hidden = { hideFields: ["currentPassword", "code"] };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await requireFormData(request), { schema: deleteAccountSchema });
  if (submission.status !== "success") return data(submission.reply(hidden), { status: 400 });
  const result = await deleteOwnAccount(database(context.env.DB), user, submission.value, {
    secrets: context.env.settings.SESSION_SECRET,
    clientAddress: clientAddress(request),
  });
  if (!result.ok) return data(submission.reply({ ...refusalErrors(result), ...hidden }), { status: result.status });
  return redirectWithToast(
    context,
    "/",
    { type: "success", message: result.message },
    { headers: { "Set-Cookie": sessionCookie("", 0) } },
  );
}

/** The dialog, open at this URL: an admin's account is not deleted here, so an admin sees none. */
export default function DeleteAccountSection() {
  const { account, confirmation } = useSettingsData();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  if (account.admin) return null;
  return (
    <DeleteAccountDialog
      closeHref={SETTINGS_PATH}
      action={SETTINGS_ACTIONS.deleteAccount}
      confirmation={confirmation}
      lastResult={lastResult}
    />
  );
}
