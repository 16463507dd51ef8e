import type { LoaderFunctionArgs } from "react-router";
import { PUBLIC_PAGES, siteOrigin } from "#app/utils/seo";
import { sitemapResponse } from "#app/utils/sitemap";

/** The public pages other than listings. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = siteOrigin(request, context.env.settings.APP_URL);
  return sitemapResponse(
    "urlset",
    PUBLIC_PAGES.map((path) => ({ loc: `${origin}${path}` })),
  );
}
