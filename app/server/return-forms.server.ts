// A return form as a request sends it (ADR 0107): multipart, at most RETURN_PHOTOS_MAX photos of
// at most the listings' size each, read with a bound on the whole body so nothing larger is kept.
// The photos' own rules (their first bytes, their renditions) are the domain's.
import type { SubmissionResult } from "@conform-to/react";
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES } from "#app/domain/catalog/photo-keys";
import { RETURN_PHOTOS_MAX } from "#app/domain/deals/returns/return-schema";
import { readFormData } from "./http.server";

export const RETURN_FORM_MAX_BYTES = RETURN_PHOTOS_MAX * PHOTO_MAX_BYTES + 64 * 1024;

const tooMany = `Send at most ${RETURN_PHOTOS_MAX} photos.`;

type Read =
  | { ok: true; form: FormData; photos: File[] }
  | { ok: false; status: 400 | 413 | 422; reply: SubmissionResult<string[]> };

const refusal = (status: 400 | 413 | 422, message: string): Read => ({
  ok: false,
  status,
  reply: { status: "error", initialValue: null, error: { photos: [message] } },
});

export async function readReturnForm(request: Request): Promise<Read> {
  const read = await readFormData(request, RETURN_FORM_MAX_BYTES);
  if (!read.ok) {
    return refusal(
      read.status,
      read.status === 413 ? `${PHOTO_MESSAGES.tooLarge} ${tooMany}` : "Your form could not be read.",
    );
  }
  // No file chosen arrives as an empty, nameless part.
  const photos = read.form.getAll("photos").filter((part): part is File => typeof part !== "string" && part.size > 0);
  if (photos.length > RETURN_PHOTOS_MAX) return refusal(422, tooMany);
  return { ok: true, form: read.form, photos };
}
