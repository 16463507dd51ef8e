// A page's first paint waits for its stylesheets. The frame's stylesheet (every page's, about
// 5 KB gzipped) comes inside the document instead, so a phone paints after one round trip, not
// two (ADR 0045). The build hands the server the text of the stylesheets it may inline; on the
// way out, through the platform's HTML parser (HTMLRewriter, ADR 0093), each
// `<link rel="stylesheet">` of <head> whose stylesheet is known:
// - gets a `<style>` with the stylesheet's text just before it, so the cascade is the one the
//   links gave (a text already inlined is not repeated);
// - keeps its element, its `rel` and its `href` (React hydrates it by them, and keeps it across
//   navigations), with a `type` no browser fetches (PARKED_TYPE) and `data-inlined-stylesheet`.
// The rest of the document is left untouched.

/** The stylesheets the server may inline: their public href and their text. */
export type InlineStylesheets = Readonly<Record<string, string>>;

/** A type that is not a styling language: the browser does not fetch the link (HTML, `link`). */
export const PARKED_TYPE = "text/x-inlined-css";

const attributeValue = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

/** Registers the rewrite on `rewriter`; `nonce` allows the inline styles (Content-Security-Policy). */
export function inlineStylesheets(rewriter: HTMLRewriter, sheets: InlineStylesheets, nonce: string): HTMLRewriter {
  const inlined = new Set<string>();
  return rewriter.on('head link[rel="stylesheet"][href]', {
    element(link) {
      if (["media", "disabled", "type"].some((name) => link.hasAttribute(name))) return;
      // React Router's manifest ends a stylesheet's URL with an empty fragment; the file is the path.
      const href = (link.getAttribute("href") as string).split("#")[0] as string;
      const text = Object.hasOwn(sheets, href) ? sheets[href] : undefined;
      if (text === undefined) return;
      if (!inlined.has(text)) {
        inlined.add(text);
        // The build keeps out any text that could end the element (vite.config.ts).
        link.before(`<style nonce="${attributeValue(nonce)}" data-inlined="${attributeValue(href)}">${text}</style>`, {
          html: true,
        });
      }
      link.setAttribute("type", PARKED_TYPE);
      link.setAttribute("data-inlined-stylesheet", href);
    },
  });
}
