// Flash toasts through remix-toast, with two choices made on purpose:
// - its cookie is signed (a custom cookie session storage with our secrets), so nobody can
//   plant a message on another page;
// - the cookie is only written when a toast was actually read, so ordinary pages stay free of
//   Set-Cookie (cacheable, and no needless cookie churn).
import { createCookieSessionStorage } from "@remix-run/cloudflare";
import { createToastUtilsWithCustomSession } from "remix-toast";
import type { EnvContext } from "../server/env.server";

export type ToastType = "success" | "error" | "info" | "warning";
export interface Toast {
  message: string;
  type: ToastType;
  description?: string;
}

function toastUtils(context: EnvContext) {
  const storage = createCookieSessionStorage({
    cookie: {
      name: "pb_toast",
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: true,
      secrets: context.env.settings.SESSION_SECRET,
    },
  });
  return createToastUtilsWithCustomSession(storage);
}

/** Reads (and clears) the pending toast; headers are empty when there was none. */
export async function readToast(request: Request, context: EnvContext) {
  if (!request.headers.get("Cookie")?.includes("pb_toast=")) {
    return { toast: null, headers: new Headers() };
  }
  const { toast, headers } = await toastUtils(context).getToast(request);
  return { toast: (toast as Toast | undefined) ?? null, headers };
}

/** Redirect-after-post with a flash toast. */
export function redirectWithToast(context: EnvContext, url: string, toast: Toast, init?: ResponseInit) {
  return toastUtils(context).redirectWithToast(url, toast, init);
}

export function redirectWithSuccess(context: EnvContext, url: string, message: string) {
  return redirectWithToast(context, url, { type: "success", message });
}

export function redirectWithError(context: EnvContext, url: string, message: string) {
  return redirectWithToast(context, url, { type: "error", message });
}
