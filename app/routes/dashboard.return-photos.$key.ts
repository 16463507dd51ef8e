// A return's photo (ADR 0107): private to the deal's buyer, its seller and the admin, so it is
// served here, signed in and checked, never by the public image route; never cached by anyone else.
import type { LoaderFunctionArgs } from "react-router";
import { renditionKey } from "#app/domain/catalog/photo-keys";
import { mayViewReturnPhoto } from "#app/domain/deals/returns/returns.server";
import { notFound } from "#app/server/http.server";
import { requireUser } from "#app/utils/session.server";
import { database } from "#db/client";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const key = params.key ?? "";
  if (!(await mayViewReturnPhoto(database(context.env.DB), user, key))) throw notFound();
  const width = new URL(request.url).searchParams.get("w") === "320" ? 320 : 1280;
  const object = await context.env.PHOTOS.get(renditionKey(key, width));
  if (!object) throw notFound();
  return new Response(object.body, {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
