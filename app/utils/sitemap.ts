// The XML of the sitemap files (sitemaps.org protocol 0.9).

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

export type SitemapEntry = { loc: string; lastmod?: Date };

function entry(tag: "url" | "sitemap", { loc, lastmod }: SitemapEntry): string {
  const modified = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : "";
  return `  <${tag}><loc>${escapeXml(loc)}</loc>${modified}</${tag}>`;
}

/** A sitemap (`urlset`) or a sitemap index (`sitemapindex`) as a cacheable response. */
export function sitemapResponse(kind: "urlset" | "sitemapindex", entries: SitemapEntry[]): Response {
  const tag = kind === "urlset" ? "url" : "sitemap";
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${kind} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...entries.map((item) => entry(tag, item)),
    `</${kind}>`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
