// Flash toasts in a cookie session of Remix's own (`session.flash`, read once then gone), with
// three choices made on purpose (ADR 0005, ADR 0059):
// - the cookie is signed with our secrets, so nobody can plant a message on another page;
// - the cookie is only read (and then cleared) when the request carries it, so ordinary pages
//   stay free of Set-Cookie (cacheable, and no needless cookie churn);
// - what it holds is checked with a schema: a cookie that is garbled, forged, signed with an old
//   secret or of the wrong shape is no toast, and is cleared like any other. Never a 500.
import { createCookieSessionStorage, redirect } from "@remix-run/cloudflare";
import * as z from "zod";
import { readCookie } from "#app/server/cookies.server";
import type { EnvContext } from "#app/server/env.server";

const TOAST_COOKIE = "pb_toast";
const TOAST_KEY = "toast";

const TOAST_TYPES = ["success", "error", "info", "warning"] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

const toastSchema = z.object({
  message: z.string().min(1).max(500),
  type: z.enum(TOAST_TYPES),
  description: z.string().max(1000).optional(),
});
export type Toast = z.infer<typeof toastSchema>;

function toastStorage(context: EnvContext) {
  return createCookieSessionStorage({
    cookie: {
      name: TOAST_COOKIE,
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: true,
      secrets: context.env.settings.SESSION_SECRET,
    },
  });
}

/** Reads the pending toast and clears its cookie; headers are empty when there was none. */
export async function readToast(request: Request, context: EnvContext) {
  if (readCookie(request, TOAST_COOKIE) === null) return { toast: null, headers: new Headers() };
  const storage = toastStorage(context);
  let stored: unknown;
  try {
    // Throws on a signature that is not base64, for one; any failure means "no toast".
    stored = (await storage.getSession(request.headers.get("Cookie"))).get(TOAST_KEY);
  } catch {
    stored = undefined;
  }
  const parsed = toastSchema.safeParse(stored);
  const headers = new Headers({ "Set-Cookie": await storage.destroySession(await storage.getSession()) });
  return { toast: parsed.success ? parsed.data : null, headers };
}

/** Redirect-after-post with a flash toast. */
export async function redirectWithToast(context: EnvContext, url: string, toast: Toast, init?: ResponseInit) {
  const storage = toastStorage(context);
  const session = await storage.getSession();
  session.flash(TOAST_KEY, toast);
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await storage.commitSession(session));
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
