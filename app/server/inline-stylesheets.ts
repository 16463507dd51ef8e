// A page's first paint waits for its stylesheets. The frame's stylesheet (every page's, about
// 5 KB gzipped) comes inside the document instead, so a phone paints after one round trip, not
// two (ADR 0045). The build hands the server the text of the stylesheets it may inline; the
// server rewrites the page's <head>:
// - each `<link rel="stylesheet" href>` of such a stylesheet keeps its element (React hydrates
//   it and keeps it across navigations) but becomes a preload for no media (`media="not all"`:
//   valid HTML, and nothing is fetched; Chromium fetches even a `disabled` stylesheet), marked
//   `data-inlined-stylesheet`;
// - the root's empty `<style data-inline-stylesheets>` receives their text, in the links' order.
// It comes before <Links />, so the cascade is the one the links gave. The rest of the document
// is left untouched.

/** The stylesheets the server may inline: their public href and their text. */
export type InlineStylesheets = Readonly<Record<string, string>>;

const HEAD_END = "</head>";
const PLACEHOLDER = /(<style\b[^>]*\bdata-inline-stylesheets=""[^>]*>)(<\/style>)/;
const LINK = /<link\b([^>]*?)\/?>/g;

const attribute = (attributes: string, name: string) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes)?.[1];

/** The <head> markup with the known stylesheets inlined into the placeholder, or as it was. */
export function inlineStylesheetsMarkup(head: string, sheets: InlineStylesheets): string {
  if (!PLACEHOLDER.test(head)) return head;
  const texts: string[] = [];
  const rewritten = head.replace(LINK, (link, attributes: string) => {
    const href = attribute(attributes, "href");
    if (
      attribute(attributes, "rel") !== "stylesheet" ||
      href === undefined ||
      attribute(attributes, "media") !== undefined ||
      attribute(attributes, "disabled") !== undefined
    ) {
      return link;
    }
    const text = Object.hasOwn(sheets, href) ? sheets[href] : undefined;
    if (text === undefined) return link;
    if (!texts.includes(text)) texts.push(text);
    return `<link rel="preload" as="style" href="${href}" media="not all" data-inlined-stylesheet="${href}"/>`;
  });
  if (texts.length === 0) return head;
  return rewritten.replace(PLACEHOLDER, (_all, open: string, close: string) => open + texts.join("\n") + close);
}

/** The document with its <head> rewritten by `inlineStylesheetsMarkup`; its body is not read. */
export function inlineStylesheets(html: string, sheets: InlineStylesheets): string {
  const end = html.indexOf(HEAD_END);
  if (end === -1 || Object.keys(sheets).length === 0) return html;
  const cut = end + HEAD_END.length;
  return inlineStylesheetsMarkup(html.slice(0, cut), sheets) + html.slice(cut);
}
