import type { ActionFunctionArgs } from "react-router";
import { redirect } from "react-router";
import { subscribeSchema } from "#app/domain/accounts/account-schema";
import { subscribe } from "#app/domain/notifications/subscriptions.server";
import { requireFormData } from "#app/server/http.server";
import { refererPath } from "#app/utils/redirect";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

export async function loader() {
  return redirect("/");
}

/** The footer's subscribe form (a plain POST from any page, back to that page). */
export async function action({ request, context }: ActionFunctionArgs) {
  const back = refererPath(request);
  const form = await requireFormData(request);
  const parsed = subscribeSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) {
    return redirectWithError(context, back, parsed.error.issues[0]?.message ?? "Invalid email address.");
  }
  const result = await subscribe(database(context.env.DB), parsed.data.email);
  return redirectWithSuccess(
    context,
    back,
    result === "subscribed" ? "Thanks! You are subscribed." : "You are already subscribed.",
  );
}
