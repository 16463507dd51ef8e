import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

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
