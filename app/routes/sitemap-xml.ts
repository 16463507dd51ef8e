import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { PUBLIC_PAGES, siteOrigin } from "../utils/seo";

/** The public pages only: category pages need a login, dashboard pages are private. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = siteOrigin(request, context.env.settings.APP_URL);
  const urls = PUBLIC_PAGES.map((path) => `  <url><loc>${origin}${path}</loc></url>`);
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
