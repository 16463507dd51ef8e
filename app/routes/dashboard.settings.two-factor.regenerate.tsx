// Two-factor sign-in, "New recovery codes": the owner confirms it is them (the password or a
// current code), the old codes stop working, and the new ones are shown in this answer, once
// (ADR 0075). The account's address is told by letter.
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "react-router";
import { data, useActionData } from "react-router";
import { TwoFactorPage, type TwoFactorReply } from "#app/components/two-factor-page";
import { TWO_FACTOR_MESSAGES } from "#app/domain/accounts/account-messages";
import { confirmChangeSchema } from "#app/domain/accounts/account-schema";
import { regenerateRecoveryCodes } from "#app/domain/accounts/two-factor-changes.server";
import { clientAddress } from "#app/server/auth.server";
import { requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { linkOrigin } from "#app/server/origin.server";
import { requireUser } from "#app/utils/session.server";
import { refusalErrors } from "#app/utils/settings-urls";
import { database } from "#db/client";
import { useTwoFactorData } from "./two-factor-data";

const hidden = { hideFields: ["currentPassword", "code"] };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const submission = parseWithZod(await requireFormData(request), { schema: confirmChangeSchema });
  if (submission.status !== "success") {
    return data<TwoFactorReply>({ step: "regenerate", result: submission.reply(hidden) }, { status: 400 });
  }
  const result = await regenerateRecoveryCodes(database(context.env.DB), user, submission.value, {
    secrets: context.env.settings.SESSION_SECRET,
    clientAddress: clientAddress(request),
    origin: linkOrigin(request, context.env.settings),
  });
  if (!result.ok) {
    return data<TwoFactorReply>(
      { step: "regenerate", result: submission.reply({ ...refusalErrors(result), ...hidden }) },
      {
        status: result.status,
        headers: result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : undefined,
      },
    );
  }
  await publishFromRoute(context, result.events);
  return data<TwoFactorReply>({
    step: "regenerate",
    codes: result.recoveryCodes,
    message: TWO_FACTOR_MESSAGES.newRecoveryCodes,
  });
}

export default function RegenerateRecoveryCodes() {
  const reply = useActionData<typeof action>() as TwoFactorReply | undefined;
  return <TwoFactorPage data={useTwoFactorData()} reply={reply} />;
}
