// The edit page, "Remove" of a photo (ADR 0071). The photo is the page's own value: one that is not
// an id is a request the page did not send (400); a photo that is gone already is said so.
import type { ActionFunctionArgs } from "react-router";
import * as z from "zod";
import { LISTING_EDIT_MESSAGES } from "#app/domain/catalog/listing-edits.server";
import { PHOTO_EDIT_MESSAGES, removeListingPhoto } from "#app/domain/catalog/listing-photos.server";
import { badRequest, notFound, requireFormData } from "#app/server/http.server";
import { editPath } from "#app/utils/listing-edit-urls";
import { requireSeller } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

const removeFields = z.object({ photoId: z.string().min(1).max(64) });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const seller = await requireSeller(request, context);
  const productId = params.id ?? "";
  const back = editPath(productId);
  const form = await requireFormData(request);
  const remove = removeFields.safeParse({ photoId: form.get("photoId") });
  if (!remove.success) throw badRequest();
  const db = database(context.env.DB);
  const result = await removeListingPhoto(db, context.env.PHOTOS, seller.id, productId, remove.data.photoId);
  // Another seller's listing is not found, exactly like one that does not exist.
  if (!result.ok && result.status === 404 && result.message === LISTING_EDIT_MESSAGES.notFound) throw notFound();
  if (!result.ok) return redirectWithError(context, back, result.message);
  return redirectWithSuccess(context, back, PHOTO_EDIT_MESSAGES.removed);
}

/** The edit page shows the buttons; a GET of this URL shows the page. */
export default function RemovePhotoSection() {
  return null;
}
