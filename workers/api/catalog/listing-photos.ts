import { Hono } from "hono";
import * as z from "zod";
import { findListingForEdit } from "#app/domain/catalog/listing-edits.server";
import {
  addListingPhotos,
  orderListingPhotos,
  PHOTO_EDIT_MESSAGES,
  removeListingPhoto,
} from "#app/domain/catalog/listing-photos.server";
import { photoFilesSchema } from "#app/domain/catalog/listing-schema";
import { MAX_PHOTOS, PHOTO_MESSAGES, photoRenditions, photoUrl } from "#app/domain/catalog/photo-keys";
import { type ApiEnv, appEnv, db, readJson, requireApiRole, requireBearer } from "../context";
import { apiError, validationError } from "../errors";
import { readIdempotencyKey, readMultipart } from "../requests";
import { editError } from "./products";

export const listingPhotos = new Hono<ApiEnv>();

const sellerOnly = [requireBearer, requireApiRole("seller")] as const;

const absolute = (path: string | null | undefined, origin: string) => (path ? new URL(path, origin).href : null);

/** GET /api/product/:id/photos: the listing's photos in order (the first is the cover). */
listingPhotos.get("/product/:id/photos", ...sellerOnly, async (c) => {
  const found = await findListingForEdit(db(c), c.get("user").id, c.req.param("id"));
  if (!found) return apiError(c, 404, "not_found", "There is no such product among yours.");
  const origin = new URL(c.req.url).origin;
  return c.json(
    found.photos.map((photo) => ({
      _id: photo.id,
      position: photo.position,
      img: absolute(photoUrl(photo.key), origin),
      width: photo.width,
      height: photo.height,
      // Every file of the photo by width, narrowest first (what the pages' srcset lists).
      renditions: photoRenditions(photo.key, photo.width).map((rendition) => ({
        url: absolute(rendition.url, origin),
        width: rendition.width,
      })),
    })),
  );
});

/**
 * POST /api/product/:id/photos: multipart/form-data, each new photo a file in `img`; they go
 * after the listing's others, up to 8 in all. With an `Idempotency-Key` header a repeat adds
 * nothing and answers as the first call did (plus `Idempotent-Replayed: true`).
 */
listingPhotos.post("/product/:id/photos", ...sellerOnly, async (c) => {
  const idempotency = readIdempotencyKey(c);
  if (!idempotency.ok) return idempotency.response;
  const key = idempotency.value;
  const submission = await readMultipart(c, z.object({ img: photoFilesSchema() }), {
    tooLarge: `${PHOTO_MESSAGES.tooLarge} Send at most ${MAX_PHOTOS} photos.`,
    invalid: "The photos are not valid.",
  });
  if (!submission.ok) return submission.response;
  const env = appEnv(c);
  const result = await addListingPhotos(
    db(c),
    { photos: env.PHOTOS, images: env.IMAGES },
    c.get("user").id,
    c.req.param("id"),
    submission.value.img,
    { uploadId: key },
  );
  if (!result.ok) return editError(c, result);
  if (result.replayed) c.header("Idempotent-Replayed", "true");
  return c.json({ acknowledged: true, insertedIds: result.photoIds ?? [] }, 201);
});

/** DELETE /api/product/:id/photos/:photoId: the photo leaves the listing (never its last one). */
listingPhotos.delete("/product/:id/photos/:photoId", ...sellerOnly, async (c) => {
  const result = await removeListingPhoto(
    db(c),
    appEnv(c).PHOTOS,
    c.get("user").id,
    c.req.param("id"),
    c.req.param("photoId"),
  );
  if (!result.ok) return editError(c, result);
  return c.json({ acknowledged: true, deletedCount: result.changed ? 1 : 0 });
});

const orderBody = z.object(
  {
    order: z
      .array(z.string().min(1).max(64), { error: PHOTO_EDIT_MESSAGES.badOrder })
      .min(1, PHOTO_EDIT_MESSAGES.badOrder)
      .max(MAX_PHOTOS, PHOTO_EDIT_MESSAGES.badOrder),
  },
  { error: 'Send {"order": [photo ids]}: every photo of the listing once, the cover first.' },
);

/** PUT /api/product/:id/photos {order: [photo ids]}: the photos in this order, the first the cover. */
listingPhotos.put("/product/:id/photos", ...sellerOnly, async (c) => {
  const parsed = orderBody.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await orderListingPhotos(db(c), c.get("user").id, c.req.param("id"), parsed.data.order);
  if (!result.ok) return editError(c, result);
  return c.json({ acknowledged: true, modifiedCount: result.changed ? 1 : 0 });
});
