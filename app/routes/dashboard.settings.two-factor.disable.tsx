// Two-factor sign-in, "Turn it off": the owner confirms it is them (the password or a current
// code); never for an admin. The account's address is told by letter (ADR 0075).
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "react-router";
import { data, useActionData } from "react-router";
import { TwoFactorPage, type TwoFactorReply } from "#app/components/two-factor-page";
import { TWO_FACTOR_MESSAGES } from "#app/domain/accounts/account-messages";
import { confirmChangeSchema } from "#app/domain/accounts/account-schema";
import { disableTwoFactor } from "#app/domain/accounts/two-factor-changes.server";
import { clientAddress } from "#app/server/auth.server";
import { requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { linkOrigin } from "#app/server/origin.server";
import { TWO_FACTOR_SETUP_PATH } from "#app/utils/dashboard-tabs";
import { requireUser } from "#app/utils/session.server";
import { refusalErrors } from "#app/utils/settings-urls";
import { redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";
import { useTwoFactorData } from "./two-factor-data";

const hidden = { hideFields: ["currentPassword", "code"] };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await requireFormData(request), { schema: confirmChangeSchema });
  if (submission.status !== "success") {
    return data<TwoFactorReply>({ step: "disable", result: submission.reply(hidden) }, { status: 400 });
  }
  const result = await disableTwoFactor(database(context.env.DB), user, submission.value, {
    secrets: context.env.settings.SESSION_SECRET,
    clientAddress: clientAddress(request),
    origin: linkOrigin(request, context.env.settings),
  });
  if (!result.ok) {
    return data<TwoFactorReply>(
      { step: "disable", result: submission.reply({ ...refusalErrors(result), ...hidden }) },
      {
        status: result.status,
        headers: result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
      },
    );
  }
  await publishFromRoute(context, result.events);
  return redirectWithSuccess(context, TWO_FACTOR_SETUP_PATH, TWO_FACTOR_MESSAGES.disabled);
}

export default function DisableTwoFactor() {
  const reply = useActionData<typeof action>() as TwoFactorReply | undefined;
  return <TwoFactorPage data={useTwoFactorData()} reply={reply} />;
}
