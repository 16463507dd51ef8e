// Two-factor sign-in, "Set up": a new secret for the app to scan (replacing one never confirmed).
// Nothing is on until the app's first code and the owner's password confirm it (ADR 0075).
import type { ActionFunctionArgs } from "react-router";
import { TwoFactorPage } from "#app/components/two-factor-page";
import { startTwoFactorSetup } from "#app/domain/accounts/two-factor.server";
import { TWO_FACTOR_SETUP_PATH } from "#app/utils/dashboard-tabs";
import { requireUser } from "#app/utils/session.server";
import { redirectWithError, redirectWithToast } from "#app/utils/toast.server";
import { database } from "#db/client";
import { useTwoFactorData } from "./two-factor-data";

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const started = await startTwoFactorSetup(database(context.env.DB), user.id, context.env.settings.SESSION_SECRET);
  if (!started.ok) return redirectWithError(context, TWO_FACTOR_SETUP_PATH, started.message);
  return redirectWithToast(context, TWO_FACTOR_SETUP_PATH, {
    type: "info",
    message: "Scan the QR code with your authenticator app, then enter the code it shows and your password.",
  });
}

/** A GET of this URL shows the page. */
export default function StartTwoFactor() {
  return <TwoFactorPage data={useTwoFactorData()} />;
}
