// The static pages' text (about, blog, buyer protection, terms, privacy, help, contact), read at
// render time from the static assets (ADR 0084): `npm run build` writes it there from
// app/content/*.ts (scripts/build-content.ts). A page of it missing is a deploy's defect: logged,
// and the visitor is told the page is not available just now (503), never a 500.
import type { AboutBlock } from "#app/content/about";
import type { Article } from "#app/content/blog";
import type { TrustPage } from "#app/content/trust";

export interface StaticContent {
  about: { intro: { heading: string; paragraphs: string[] }; blocks: AboutBlock[] };
  blog: { articles: Article[] };
  "buyer-protection": TrustPage;
  terms: TrustPage;
  privacy: TrustPage;
  help: TrustPage;
  contact: TrustPage;
}

export type StaticPageName = keyof StaticContent;

/** The static assets, as the Worker's ASSETS binding serves them. */
type Assets = Pick<Fetcher, "fetch">;

export async function readStaticContent<K extends StaticPageName>(
  assets: Assets | undefined,
  name: K,
): Promise<StaticContent[K]> {
  const response = assets ? await assets.fetch(`https://assets.invalid/content/${name}.json`) : null;
  const content = response?.ok ? await response.json().catch(() => null) : null;
  if (content === null || typeof content !== "object") {
    console.error("A static page's text is missing from the assets", name, response?.status ?? "no ASSETS binding");
    throw new Response("This page is not available just now. Please try again in a minute.", {
      status: 503,
      statusText: "Service Unavailable",
      headers: { "Retry-After": "60" },
    });
  }
  return content as StaticContent[K];
}
