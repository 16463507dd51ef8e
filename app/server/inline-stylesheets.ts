// A page's first paint waits for its stylesheets. The frame's stylesheet (every page's, about
// 5 KB gzipped) comes inside the document instead, so a phone paints after one round trip, not
// two (ADR 0045). The build hands the server the text of the stylesheets it may inline; this
// stream rewrites the page's <head> as the server sends it:
// - each `<link rel="stylesheet" href>` of such a stylesheet keeps its element (React hydrates
//   it and keeps it across navigations) but becomes a preload for no media (`media="not all"`:
//   valid HTML, and nothing is fetched; Chromium fetches even a `disabled` stylesheet), marked
//   `data-inlined-stylesheet`;
// - the root's empty `<style data-inline-stylesheets>` receives their text, in the links' order.
// It comes before <Links />, so the cascade is the one the links gave. The rest of the document
// passes through untouched.

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

const HEAD_END_BYTES = new TextEncoder().encode(HEAD_END);

/** Where `</head>` ends in the bytes, or -1. ASCII bytes never occur inside a UTF-8 sequence. */
function headEnd(bytes: Uint8Array, from: number): number {
  const last = HEAD_END_BYTES.length - 1;
  outer: for (let i = Math.max(0, from); i + last < bytes.length; i++) {
    for (let j = 0; j <= last; j++) if (bytes[i + j] !== HEAD_END_BYTES[j]) continue outer;
    return i + HEAD_END_BYTES.length;
  }
  return -1;
}

/**
 * Passes the document through, holding back only its <head> (the first few KB, which React
 * sends in one piece) to rewrite it whole; every byte after it passes as it came.
 */
export function inlineStylesheets(sheets: InlineStylesheets): TransformStream<Uint8Array, Uint8Array> {
  let held = new Uint8Array(0);
  let done = Object.keys(sheets).length === 0;
  return new TransformStream({
    transform(chunk, controller) {
      if (done) {
        controller.enqueue(chunk);
        return;
      }
      const searchFrom = held.length - (HEAD_END_BYTES.length - 1);
      const joined = new Uint8Array(held.length + chunk.length);
      joined.set(held);
      joined.set(chunk, held.length);
      const cut = headEnd(joined, searchFrom);
      if (cut === -1) {
        held = joined;
        return;
      }
      done = true;
      held = new Uint8Array(0);
      const head = new TextDecoder().decode(joined.subarray(0, cut));
      controller.enqueue(new TextEncoder().encode(inlineStylesheetsMarkup(head, sheets)));
      if (cut < joined.length) controller.enqueue(joined.subarray(cut));
    },
    flush(controller) {
      if (held.length > 0) controller.enqueue(held);
    },
  });
}
