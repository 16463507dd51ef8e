// Settings, "Sessions": sign out one session of the account (ADR 0071). Whose session it is, the
// domain checks; an id that is not one is a request the page did not send: 400.
import type { ActionFunctionArgs } from "react-router";
import { sessionChoiceSchema } from "#app/domain/accounts/account-schema";
import { endOwnSession } from "#app/domain/accounts/sessions.server";
import { badRequest, requireFormData } from "#app/server/http.server";
import { requireUser } from "#app/utils/session.server";
import { SETTINGS_PATH } from "#app/utils/settings-urls";
import { redirectWithResult } from "#app/utils/toast.server";
import { database } from "#db/client";

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await requireFormData(request);
  const parsed = sessionChoiceSchema.safeParse({ sessionId: form.get("sessionId") });
  if (!parsed.success) throw badRequest();
  return redirectWithResult(
    context,
    SETTINGS_PATH,
    await endOwnSession(database(context.env.DB), user, parsed.data.sessionId),
  );
}

/** The Settings page shows the sessions; a GET of this URL shows the page. */
export default function SessionsSection() {
  return null;
}
