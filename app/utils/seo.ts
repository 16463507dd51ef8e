import type { MetaDescriptor } from "react-router";

/** The pages a crawler may index: the sitemap lists them, robots.txt allows them. */
export const PUBLIC_PAGES = [
  "/",
  "/blog",
  "/about",
  "/login",
  "/register",
  "/help",
  "/buyer-protection",
  "/terms",
  "/privacy",
  "/contact",
] as const;

/** The public origin: APP_URL when it is set, the request's origin otherwise. */
export function siteOrigin(request: Request, appUrl: string | undefined): string {
  return new URL(appUrl ?? request.url).origin;
}

/** The origin the root loader found, read from the route matches a meta function receives. */
export function originFrom(matches: ReadonlyArray<{ id: string; data: unknown }>): string {
  const root = matches.find((match) => match.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "";
}

/** Title and description: every page has both. */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  return [{ title }, { name: "description", content: description }];
}

/**
 * A public page: title, description, its canonical URL and the Open Graph tags a link preview
 * is built from (og:image only where the page has an image).
 */
export function publicPageMeta(page: {
  title: string;
  description: string;
  origin: string;
  path: (typeof PUBLIC_PAGES)[number] | `/listings/${string}`;
  type?: "website" | "product";
  image?: { path: string; alt: string };
}): MetaDescriptor[] {
  const url = `${page.origin}${page.path}`;
  return [
    ...pageMeta(page.title, page.description),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: "Pay&Buy" },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    ...(page.image
      ? [
          { property: "og:image", content: `${page.origin}${page.image.path}` },
          { property: "og:image:alt", content: page.image.alt },
        ]
      : []),
  ];
}
