// The edit page, "Move up" / "Move down" of a photo (ADR 0071). The photo and its new position are
// the page's own values: one that is not one is a request the page did not send (400). The form
// names the position, not a step, so sending it twice moves the photo once.
import type { ActionFunctionArgs } from "react-router";
import * as z from "zod";
import { LISTING_EDIT_MESSAGES } from "#app/domain/catalog/listing-edits.server";
import { moveListingPhoto, PHOTO_EDIT_MESSAGES } from "#app/domain/catalog/listing-photos.server";
import { badRequest, notFound, requireFormData } from "#app/server/http.server";
import { editPath } from "#app/utils/listing-edit-urls";
import { requireSeller } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

const moveFields = z.object({ photoId: z.string().min(1).max(64), position: z.coerce.number().int().min(0).max(7) });

export async function action({ request, context, params }: ActionFunctionArgs) {
  const seller = await requireSeller(request, context);
  const productId = params.id ?? "";
  const back = editPath(productId);
  const form = await requireFormData(request);
  const move = moveFields.safeParse({ photoId: form.get("photoId"), position: form.get("position") });
  if (!move.success) throw badRequest();
  const { photoId, position } = move.data;
  const result = await moveListingPhoto(database(context.env.DB), seller.id, productId, photoId, position);
  // Another seller's listing is not found, exactly like one that does not exist.
  if (!result.ok && result.status === 404 && result.message === LISTING_EDIT_MESSAGES.notFound) throw notFound();
  if (!result.ok) return redirectWithError(context, back, result.message);
  return redirectWithSuccess(context, back, PHOTO_EDIT_MESSAGES.moved);
}

/** The edit page shows the buttons; a GET of this URL shows the page. */
export default function MovePhotoSection() {
  return null;
}
