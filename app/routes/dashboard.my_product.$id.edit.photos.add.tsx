// The edit page, "Add Photos" (ADR 0071): files that are not photos, too many or none come back at
// the form (4xx, a body too large 413); a listing that can no longer change goes back to the page
// with the reason. The form's one-time upload field makes a repeat add nothing.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "react-router";
import { data, useActionData } from "react-router";
import * as z from "zod";
import { AddPhotosForm } from "#app/components/listing-edit-forms";
import { addListingPhotos, PHOTO_EDIT_MESSAGES } from "#app/domain/catalog/listing-photos.server";
import { isUploadId } from "#app/domain/catalog/listing-requests.server";
import { LISTING_FORM_MAX_BYTES, photoFilesSchema } from "#app/domain/catalog/listing-schema";
import { MAX_PHOTOS, PHOTO_MESSAGES } from "#app/domain/catalog/photo-keys";
import { notFound, readFormData } from "#app/server/http.server";
import { editPath, editSection } from "#app/utils/listing-edit-urls";
import { requireSeller } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";
import { useListingEditData } from "./listing-edit-data";

export const handle = editSection("photos");

const unreadable = (message: string): SubmissionResult<string[]> => ({
  status: "error",
  initialValue: null,
  error: { "": [message] },
});

export async function action({ request, context, params }: ActionFunctionArgs) {
  const seller = await requireSeller(request, context);
  const productId = params.id ?? "";
  const back = editPath(productId);
  const read = await readFormData(request, LISTING_FORM_MAX_BYTES);
  if (!read.ok) {
    const message =
      read.status === 413 ? `${PHOTO_MESSAGES.tooLarge} Send at most ${MAX_PHOTOS}.` : "Your form could not be read.";
    return data(unreadable(message), { status: read.status });
  }
  const form = read.form;
  const submission = parseWithZod(form, { schema: z.object({ img: photoFilesSchema() }) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const upload = form.get("upload");
  const store = { photos: context.env.PHOTOS, images: context.env.IMAGES };
  const result = await addListingPhotos(database(context.env.DB), store, seller.id, productId, submission.value.img, {
    uploadId: isUploadId(upload) ? upload : undefined,
  });
  if (result.ok) {
    const added = submission.value.img.length === 1 ? PHOTO_EDIT_MESSAGES.addedOne : PHOTO_EDIT_MESSAGES.added;
    return redirectWithSuccess(context, back, added);
  }
  // Another seller's listing is not found, exactly like one that does not exist.
  if (result.status === 404) throw notFound();
  if (result.status === 409) return redirectWithError(context, back, result.message);
  return data(submission.reply({ fieldErrors: { img: [result.message] } }), { status: result.status });
}

export default function AddPhotosSection() {
  const { listing, photos, uploadId } = useListingEditData();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <AddPhotosForm
      productId={listing.id}
      uploadId={uploadId}
      room={MAX_PHOTOS - photos.length}
      lastResult={lastResult}
    />
  );
}
