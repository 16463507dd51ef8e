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

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * Passes the document through, holding back only the part from the first modulepreload to the
 * end of the module script (a few KB at the end of <body>) to rewrite it in one piece.
 */
export function scriptsAfterLoad(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let held = "";
  let done = false;
  return new TransformStream({
    transform(chunk, controller) {
      const text = decoder.decode(chunk, { stream: true });
      if (done) {
        controller.enqueue(encoder.encode(text));
        return;
      }
      held += text;
      const start = held.indexOf(FIRST_PRELOAD);
      if (start === -1) {
        // Keep the tail that could be the beginning of the marker.
        let cut = held.length - (FIRST_PRELOAD.length - 1);
        // Never between the two halves of a surrogate pair: each half alone encodes as U+FFFD.
        if (cut > 0 && isHighSurrogate(held.charCodeAt(cut - 1))) cut -= 1;
        if (cut > 0) {
          controller.enqueue(encoder.encode(held.slice(0, cut)));
          held = held.slice(cut);
        }
        return;
      }
      const script = MODULE_SCRIPT.exec(held.slice(start));
      if (!script) return;
      const end = start + script.index + script[0].length;
      controller.enqueue(
        encoder.encode(held.slice(0, start) + deferScriptsMarkup(held.slice(start, end)) + held.slice(end)),
      );
      held = "";
      done = true;
    },
    flush(controller) {
      const text = held + decoder.decode();
      if (text) controller.enqueue(encoder.encode(done ? text : deferScriptsMarkup(text)));
    },
  });
}
