// How the REST calls read what a program sends beyond JSON: the `Idempotency-Key` header, and a
// multipart body with photos (the add-product and add-photos calls), with the same answers for
// the same mistakes everywhere.
import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod";
import { LISTING_FORM_MAX_BYTES } from "#app/domain/catalog/listing-schema";
import { PHOTO_MESSAGES } from "#app/domain/catalog/photo-keys";
import { IDEMPOTENCY_KEY_MESSAGE, isIdempotencyKey } from "#app/domain/shared/idempotency";
import { readFormData } from "#app/server/http.server";
import type { ApiContext } from "./context";
import { apiError } from "./errors";

/** A request read, or the error answer to send instead. */
export type Read<T> = { ok: true; value: T } | { ok: false; response: Response };

/**
 * The call's `Idempotency-Key` header: undefined when none was sent; a 400 when it is not 1 to
 * 255 printable ASCII characters.
 */
export function readIdempotencyKey(c: ApiContext): Read<string | undefined> {
  const key = c.req.header("Idempotency-Key");
  if (key !== undefined && !isIdempotencyKey(key)) {
    return { ok: false, response: apiError(c, 400, "bad_request", IDEMPOTENCY_KEY_MESSAGE) };
  }
  return { ok: true, value: key };
}

/**
 * A multipart/form-data body with the photos in `img`, parsed with the schema its form uses:
 * 415 for another content type, 413 over the product form's size (saying `tooLarge`), 400 for a
 * body that cannot be read, 422 with each invalid field (the first one's message, or `invalid`).
 */
export async function readMultipart<Schema extends z.ZodType>(
  c: ApiContext,
  schema: Schema,
  messages: { tooLarge?: string; invalid: string },
): Promise<Read<z.output<Schema>>> {
  if (!/^multipart\/form-data\b/i.test(c.req.header("Content-Type") ?? "")) {
    const message = "Send multipart/form-data with the photos in the img field.";
    return { ok: false, response: apiError(c, 415, "unsupported_media_type", message) };
  }
  const read = await readFormData(c.req.raw, LISTING_FORM_MAX_BYTES);
  if (!read.ok) {
    const response =
      read.status === 413
        ? apiError(c, 413, "too_large", messages.tooLarge ?? PHOTO_MESSAGES.tooLarge)
        : apiError(c, 400, "bad_request", "The multipart body could not be read.");
    return { ok: false, response };
  }
  const submission = parseWithZod(read.form, { schema });
  if (submission.status !== "success") {
    const fields = Object.fromEntries(
      Object.entries(submission.error ?? {}).filter((entry): entry is [string, string[]] => Boolean(entry[1]?.length)),
    );
    return {
      ok: false,
      response: apiError(c, 422, "invalid", Object.values(fields)[0]?.[0] ?? messages.invalid, fields),
    };
  }
  return { ok: true, value: submission.value as z.output<Schema> };
}
