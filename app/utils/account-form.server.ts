// What the sign-in and registration pages share on the server: their loader, and the reading
// and refusing of their forms (never sending the password back).
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type * as z from "zod";
import type { EnvContext } from "#app/server/env.server";
import { requireFormData } from "#app/server/http.server";
import { isGoogleEnabled } from "./google.server";
import { isHoneypotFilled } from "./honeypot";
import { safeRedirect } from "./redirect";
import { requireAnonymous } from "./session.server";

/** Where to go after signing in, for a visitor who is not signed in yet (others are sent there). */
export async function loadAccountPage(request: Request, context: EnvContext) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  await requireAnonymous(request, context, redirectTo);
  return { redirectTo, googleEnabled: isGoogleEnabled(context.env.settings) };
}

type AccountSubmission<Schema extends z.ZodType> = Submission<z.input<Schema>, string[], z.output<Schema>>;

/** The form sent back with its errors and a 4xx, without the password. */
export function refuseAccountForm<Schema extends z.ZodType>(
  submission: AccountSubmission<Schema>,
  errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
  status: 400 | 409 | 429,
  headers?: HeadersInit,
) {
  return data(submission.reply({ ...errors, hideFields: ["password"] }), { status, headers });
}

/**
 * The sign-in or registration form, checked by its schema: its values, or the answer to send
 * (400 for a filled honeypot, which says nothing of why, or for invalid fields).
 */
export async function readAccountForm<Schema extends z.ZodType>(request: Request, schema: Schema) {
  const form = await requireFormData(request);
  const submission = parseWithZod(form, { schema }) as AccountSubmission<Schema>;
  if (isHoneypotFilled(form)) {
    return {
      ok: false as const,
      response: refuseAccountForm(submission, { formErrors: ["Your form could not be sent."] }, 400),
    };
  }
  if (submission.status !== "success") return { ok: false as const, response: refuseAccountForm(submission, {}, 400) };
  return { ok: true as const, submission, value: submission.value };
}
