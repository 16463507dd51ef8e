// Flash toasts: a message for the page view after a redirect-after-post, in a signed flash cookie
// checked by its schema (`flashCookie`, ADR 0005, ADR 0059), read and cleared only when the
// request carries it. A bad cookie is no toast, and is cleared like any other.
import { redirect } from "react-router";
import * as z from "zod";
import type { EnvContext } from "#app/server/env.server";
import { flashCookie } from "#app/server/flash-cookie.server";

const TOAST_TYPES = ["success", "error", "info", "warning"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

const toastSchema = z.object({
  message: z.string().min(1).max(500),
  type: z.enum(TOAST_TYPES),
  description: z.string().max(1000).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

const toastCookie = flashCookie("pb_toast", toastSchema, { key: "toast" });

/** Reads the pending toast and clears its cookie; headers are empty when there was none. */
export async function readToast(request: Request, context: EnvContext) {
  if (!toastCookie.carried(request)) return { toast: null, headers: new Headers() };
  const toast = await toastCookie.read(request, context);
  return { toast, headers: new Headers({ "Set-Cookie": toastCookie.clear }) };
}

/** Redirect-after-post with a flash toast. */
export async function redirectWithToast(context: EnvContext, url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie.set(context, toast));
  return redirect(url, { ...init, headers });
}

export function redirectWithSuccess(context: EnvContext, url: string, message: string) {
  return redirectWithToast(context, url, { type: "success", message });
}

export function redirectWithError(context: EnvContext, url: string, message: string) {
  return redirectWithToast(context, url, { type: "error", message });
}

type Outcome = { ok: true; message?: string } | { ok: false; message: string };

/**
 * Redirect-after-post that says how a domain operation went: the success message given (or the
 * result's own), or the refusal's message.
 */
export function redirectWithResult(context: EnvContext, url: string, result: Outcome, success?: string) {
  if (!result.ok) return redirectWithError(context, url, result.message);
  return redirectWithSuccess(context, url, success ?? result.message ?? "Done.");
}
