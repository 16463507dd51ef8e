import type { LoaderFunctionArgs } from "react-router";
import { siteOrigin } from "#app/utils/seo";

// Category pages are not disallowed: they answer a crawler with the login page (and say
// noindex), and a disallowed URL can still be indexed, without its content, from a link.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = siteOrigin(request, context.env.settings.APP_URL);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /api/",
    "Disallow: /auth/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
