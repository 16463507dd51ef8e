import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type * as z from "zod";

/** The one JSON error shape of the REST API. */
export interface ApiErrorBody {
  error: { status: number; code: string; message: string; fields?: Record<string, string[]> };
}

export function apiError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  fields?: Record<string, string[]>,
) {
  const body: ApiErrorBody = { error: { status, code, message, ...(fields ? { fields } : {}) } };
  return c.json(body, status);
}

/** A 422 listing each invalid field with the same messages the forms show. */
export function validationError(c: Context, error: z.ZodError) {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "body";
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  const first = error.issues[0]?.message ?? "The request is not valid.";
  return apiError(c, 422, "invalid", first, fields);
}

/** An admin account without two-factor sign-in: nothing is answered until it is set up. */
export function twoFactorSetupRequired(c: Context) {
  return apiError(
    c,
    403,
    "two_factor_setup_required",
    "Admin accounts need two-factor sign-in: set it up in the website's Settings first.",
  );
}
