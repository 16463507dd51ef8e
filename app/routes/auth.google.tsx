import type { LoaderFunctionArgs } from "react-router";
import { notFound } from "#app/server/http.server";
import { isGoogleEnabled, startGoogleSignIn } from "#app/utils/google.server";
import { safeRedirect } from "#app/utils/redirect";

/** Starts Google sign-in: to Google's consent page, with state and PKCE cookies. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isGoogleEnabled(context.env.settings)) throw notFound();
  const returnTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  return startGoogleSignIn(context.env.settings, request, returnTo);
}
