// The page's JavaScript only enhances it (every form is a plain POST), so a phone spends its
// first bandwidth on the page itself: HTML, CSS and the photos. Remix's <Scripts> asks for every
// module at once, in <head>-level priority: a modulepreload per chunk and a module script that
// imports the route modules. The server rewrites that markup:
// - each `<link rel="modulepreload" href>` keeps its element (React hydrates it) but becomes a
//   preload for no media (`media="not all"`: valid HTML, and nothing is fetched), its module kept
//   as `data-modulepreload` until the page has loaded;
// - the module script waits for the window's load event, then turns those links back into
//   modulepreloads (the chunks arrive in one round, not import by import), imports the route
//   modules and the client entry, which hydrates the page.
// Everything else is left untouched. ADR 0043; the document is rewritten whole (ADR 0067).

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

/**
 * The document with Remix's <Scripts> rewritten: only its part from the first modulepreload on is
 * read (a few KB at the end of <body>); a document without one is returned as it is.
 */
export function scriptsAfterLoad(html: string): string {
  const start = html.indexOf(FIRST_PRELOAD);
  return start === -1 ? html : html.slice(0, start) + deferScriptsMarkup(html.slice(start));
}
