import type { LoaderFunctionArgs } from "react-router";
import { countSitemapFiles } from "#app/domain/catalog/listings.server";
import { siteOrigin } from "#app/utils/seo";
import { sitemapResponse } from "#app/utils/sitemap";
import { database } from "#db/client";

/**
 * The sitemap index robots.txt points at: the public pages, then the listing pages in files of
 * SITEMAP_LISTINGS_PER_FILE (category pages need a login, dashboard pages are private).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = siteOrigin(request, context.env.settings.APP_URL);
  const files = await countSitemapFiles(database(context.env.DB));
  return sitemapResponse("sitemapindex", [
    { loc: `${origin}/sitemap-pages.xml` },
    ...Array.from({ length: files }, (_, index) => ({ loc: `${origin}/sitemap-listings.xml?page=${index + 1}` })),
  ]);
}
