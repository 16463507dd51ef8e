// The page's JavaScript only enhances it (every form is a plain POST), so a phone spends its
// first bandwidth on the page itself: HTML, CSS and the photos. Remix's <Scripts> asks for every
// module at once, in <head>-level priority: a modulepreload per chunk and a module script that
// imports the route modules. This stream rewrites that markup as the server sends it:
// - each `<link rel="modulepreload" href>` keeps its element (React hydrates it) but becomes a
//   preload for no media (`media="not all"`: valid HTML, and nothing is fetched), its module kept
//   as `data-modulepreload` until the page has loaded;
// - the module script waits for the window's load event, then turns those links back into
//   modulepreloads (the chunks arrive in one round, not import by import), imports the route
//   modules and the client entry, which hydrates the page.
// Everything else passes through untouched, streamed. ADR 0043.

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/;
const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"]+");$/gm;
const FIRST_PRELOAD = '<link rel="modulepreload"';

/** The script that waits for the load event, then asks for the modules `imports` names. */
export function deferModuleScript(source: string): string {
  const routes: { name: string; url: string }[] = [];
  const rest = source.replace(ROUTE_IMPORT, (_line, name: string, url: string) => {
    routes.push({ name, url });
    return "";
  });
  // Anything else imported statically would still load at once: leave such a script as it is.
  if (/^\s*import\s/m.test(rest)) return source;
  // The client entry hydrates when evaluated: it is imported last, after the globals it reads.
  const entry = /\bimport\(("[^"]+")\);\s*$/.exec(rest)?.[1];
  if (!entry) return source;
  const names = routes.map((route) => route.name).join(",");
  const urls = routes.map((route) => `import(${route.url})`).join(",");
  return (
    'await new Promise((go)=>document.readyState==="complete"?go():addEventListener("load",go,{once:true}));' +
    `const [${names}]=await Promise.all([${urls},...[...document.querySelectorAll("link[data-modulepreload]")].map((l)=>l.dataset.modulepreload).filter((u)=>u!==${entry}).map((u)=>import(u))]);` +
    rest
  );
}

/** The HTML of Remix's <Scripts>, with preloads parked and the module script deferred. */
export function deferScriptsMarkup(html: string): string {
  return html
    .replace(
      PRELOAD,
      (_link, href: string) =>
        `<link rel="preload" as="script" href="${href}" media="not all" data-modulepreload="${href}"/>`,
    )
    .replace(
      MODULE_SCRIPT,
      (_all, open: string, body: string, close: string) => open + deferModuleScript(body) + close,
    );
}

const MARKER = new TextEncoder().encode(FIRST_PRELOAD);

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/** Where `marker` starts in `bytes`, or -1. */
function indexOfBytes(bytes: Uint8Array, marker: Uint8Array): number {
  const first = marker[0]!;
  for (
    let at = bytes.indexOf(first);
    at !== -1 && at <= bytes.length - marker.length;
    at = bytes.indexOf(first, at + 1)
  ) {
    let i = 1;
    while (i < marker.length && bytes[at + i] === marker[i]) i++;
    if (i === marker.length) return at;
  }
  return -1;
}

/**
 * Passes the document through as bytes, holding back only the part from the first modulepreload
 * to the end of the module script (a few KB at the end of <body>) to rewrite it in one piece.
 * The markers are ASCII, which never occurs inside a multi-byte UTF-8 character: the bytes before
 * and after that part are never decoded, and a cut between them never splits a character.
 */
export function scriptsAfterLoad(): TransformStream<Uint8Array, Uint8Array> {
  const encoder = new TextEncoder();
  // Before the marker: the last bytes, which could be its beginning. From it: everything since.
  let tail = new Uint8Array(0);
  let held: Uint8Array[] | null = null;
  let done = false;
  return new TransformStream({
    transform(chunk, controller) {
      if (done) {
        controller.enqueue(chunk);
        return;
      }
      if (held === null) {
        const bytes = tail.length > 0 ? concat([tail, chunk]) : chunk;
        const start = indexOfBytes(bytes, MARKER);
        if (start === -1) {
          const keep = Math.min(bytes.length, MARKER.length - 1);
          if (bytes.length > keep) controller.enqueue(bytes.subarray(0, bytes.length - keep));
          tail = bytes.slice(bytes.length - keep);
          return;
        }
        if (start > 0) controller.enqueue(bytes.subarray(0, start));
        held = [bytes.subarray(start)];
        tail = new Uint8Array(0);
      } else {
        held.push(chunk);
      }
      const bytes = concat(held);
      // A character cut at the end stays out of the text (and is passed on as bytes below).
      const text = new TextDecoder().decode(bytes, { stream: true });
      const script = MODULE_SCRIPT.exec(text);
      if (!script) {
        held = [bytes];
        return;
      }
      const end = script.index + script[0].length;
      const rewritten = text.slice(0, end);
      controller.enqueue(encoder.encode(deferScriptsMarkup(rewritten)));
      const rest = bytes.subarray(encoder.encode(rewritten).length);
      if (rest.length > 0) controller.enqueue(rest);
      held = null;
      done = true;
    },
    flush(controller) {
      if (held !== null) controller.enqueue(encoder.encode(deferScriptsMarkup(new TextDecoder().decode(concat(held)))));
      else if (tail.length > 0) controller.enqueue(tail);
    },
  });
}
