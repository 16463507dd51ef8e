import type { Context } from "hono";
import { isServedPhotoKey } from "#app/domain/catalog/photo-keys";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * GET /images/:key — product photos from R2, never rendered as HTML: the WebP renditions
 * (`p-<hex>-<320|640|1280>.webp`), and originals stored before renditions existed. Any other
 * key is a 404 without a look into R2.
 */
export async function serveImage(c: Context<{ Bindings: Env }>) {
  const key = c.req.param("key") ?? "";
  if (!isServedPhotoKey(key)) return c.text("Not Found", 404);
  const object = await c.env.PHOTOS.get(key);
  if (!object) return c.text("Not Found", 404);
  const headers = new Headers({
    "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "Cache-Control": IMMUTABLE,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
    // A public photo may be shown by another site (a shared link's preview); nothing else may.
    "Cross-Origin-Resource-Policy": "cross-origin",
    ETag: object.httpEtag,
  });
  if (c.req.header("If-None-Match") === object.httpEtag) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(object.body, { headers });
}
