// Two-factor sign-in, "Turn on": the app's first code and the owner's password (or, without one,
// the address typed) turn it on (ADR 0075). The recovery codes it makes are shown in this answer,
// not after a redirect: they are never stored in clear nor carried anywhere, and no later view
// shows them again. The account's address is told by letter.
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "react-router";
import { data, useActionData } from "react-router";
import { TwoFactorPage, type TwoFactorReply } from "#app/components/two-factor-page";
import { TWO_FACTOR_MESSAGES } from "#app/domain/accounts/account-messages";
import { confirmTwoFactorSchema } from "#app/domain/accounts/account-schema";
import { confirmTwoFactorSetup } from "#app/domain/accounts/two-factor-changes.server";
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
  const submission = parseWithZod(await requireFormData(request), { schema: confirmTwoFactorSchema });
  if (submission.status !== "success") {
    return data<TwoFactorReply>({ step: "confirm", result: submission.reply(hidden) }, { status: 400 });
  }
  const result = await confirmTwoFactorSetup(database(context.env.DB), user, submission.value, {
    secrets: context.env.settings.SESSION_SECRET,
    clientAddress: clientAddress(request),
    origin: linkOrigin(request, context.env.settings),
  });
  if (!result.ok) {
    return data<TwoFactorReply>(
      { step: "confirm", result: submission.reply({ ...refusalErrors(result), ...hidden }) },
      { status: result.status, headers: retryAfter(result.retryAfterSeconds) },
    );
  }
  await publishFromRoute(context, result.events);
  return data<TwoFactorReply>({ step: "confirm", codes: result.recoveryCodes, message: TWO_FACTOR_MESSAGES.enabled });
}

function retryAfter(seconds: number | undefined) {
  return seconds ? { "Retry-After": String(seconds) } : undefined;
}

export default function ConfirmTwoFactor() {
  const reply = useActionData<typeof action>() as TwoFactorReply | undefined;
  return <TwoFactorPage data={useTwoFactorData()} reply={reply} />;
}
