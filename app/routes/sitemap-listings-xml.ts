import type { LoaderFunctionArgs } from "react-router";
import { loadSitemapFile } from "#app/domain/catalog/listings.server";
import { readPage } from "#app/domain/shared/list-query";
import { notFound } from "#app/server/http.server";
import { listingPath } from "#app/utils/listing-urls";
import { siteOrigin } from "#app/utils/seo";
import { sitemapResponse } from "#app/utils/sitemap";
import { database } from "#db/client";

/** One file of listing pages (`?page=N`), each with the time the listing last changed. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = siteOrigin(request, context.env.settings.APP_URL);
  const page = readPage(new URL(request.url).searchParams.get("page"));
  const { files, rows } = await loadSitemapFile(database(context.env.DB), page);
  if (page > Math.max(1, files)) throw notFound();
  return sitemapResponse(
    "urlset",
    rows.map((row) => ({ loc: `${origin}${listingPath(row.id)}`, lastmod: row.lastModified })),
  );
}
