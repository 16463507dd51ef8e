import type { LoaderFunctionArgs } from "react-router";
import { signInWithGoogle } from "#app/domain/accounts/accounts.server";
import { notFound } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { clearGoogleCookies, finishGoogleSignIn, isGoogleEnabled } from "#app/utils/google.server";
import { safeRedirect } from "#app/utils/redirect";
import { siteOrigin } from "#app/utils/seo";
import { completeSignIn } from "#app/utils/session.server";
import { redirectWithError } from "#app/utils/toast.server";
import { database } from "#db/client";

/** Google sends the user back here; nothing is trusted until state and PKCE check out. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isGoogleEnabled(context.env.settings)) throw notFound();
  const outcome = await finishGoogleSignIn(context.env.settings, request);
  const returnTo = safeRedirect(outcome.returnTo);
  let response: Response;
  if (!outcome.ok) {
    response = await redirectWithError(
      context,
      `/login?${new URLSearchParams({ redirectTo: returnTo })}`,
      outcome.message,
    );
  } else {
    const result = await signInWithGoogle(database(context.env.DB), outcome.profile, {
      origin: siteOrigin(request, context.env.settings.APP_URL),
    });
    if (result.ok) await publishFromRoute(context, result.events);
    response = result.ok
      ? await completeSignIn(request, context, result.user, returnTo, {
          type: "success",
          message: result.created
            ? `${result.user.name}, User created successfully`
            : `Welcome back, ${result.user.name}`,
        })
      : await redirectWithError(context, "/login", result.message);
  }
  for (const cookie of clearGoogleCookies()) response.headers.append("Set-Cookie", cookie);
  return response;
}
