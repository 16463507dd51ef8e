import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { database } from "../../db/client";
import { readPage } from "../domain/list-query";
import { loadSitemapFile } from "../domain/listings.server";
import { notFound } from "../server/http.server";
import { listingPath } from "../utils/listing-urls";
import { siteOrigin } from "../utils/seo";
import { sitemapResponse } from "../utils/sitemap";

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
