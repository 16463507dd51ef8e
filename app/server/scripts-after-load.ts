// The page's JavaScript only enhances it (every form is a plain POST), so a phone spends its
// first bandwidth on the page itself: HTML, CSS and the photos (ADR 0043). React Router's
// <Scripts> asks for every module at once: a modulepreload per chunk, and a module script that
// imports the route modules and the client entry. On the way out, through the platform's HTML
// parser (HTMLRewriter, ADR 0093):
// - each `<link rel="modulepreload">` is taken out, its module kept in the module script's
//   `data-modulepreload` list;
// - the module script becomes a data block (`type` AFTER_LOAD_TYPE, without `async`), which the
//   browser neither fetches from nor runs.
// After the window's load event, the root's own script (AFTER_LOAD_SCRIPT, in <Scripts>'s wake)
// asks for those modules in one round and runs the module script as it was written; the client
// entry then hydrates the page. Everything else is left untouched.

/** The type that makes <Scripts>' module script a data block until the page has loaded. */
export const AFTER_LOAD_TYPE = "text/x-module-after-load";

/**
 * The root's script that runs the parked module script once the page has loaded: it preloads the
 * parked modules, then runs a copy of the module script (allowed by this script's nonce, or on a
 * page the edge cache stored, by the hash of its text, which is the data block's).
 */
export const AFTER_LOAD_SCRIPT =
  "(function(){var n=document.currentScript.nonce;function go(){" +
  `document.querySelectorAll('script[type="${AFTER_LOAD_TYPE}"]').forEach(function(s){` +
  '(s.dataset.modulepreload||"").split(" ").forEach(function(h){if(!h)return;' +
  'var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)});' +
  'var m=document.createElement("script");m.type="module";if(n)m.nonce=n;m.textContent=s.textContent;document.head.append(m)})}' +
  'document.readyState==="complete"?go():addEventListener("load",go,{once:true})})();';

/** Registers the rewrite on `rewriter`: <Scripts>' modules wait for the page's load event. */
export function scriptsAfterLoad(rewriter: HTMLRewriter): HTMLRewriter {
  // The links come first in the document (React puts them in <head>), the module script last.
  const parked: string[] = [];
  return rewriter
    .on('link[rel="modulepreload"][href]', {
      element(link) {
        parked.push(link.getAttribute("href") as string);
        link.remove();
      },
    })
    .on('script[type="module"]:not([src])', {
      element(script) {
        script.setAttribute("type", AFTER_LOAD_TYPE);
        // A data block is never run, so it is never async (HTML).
        script.removeAttribute("async");
        if (parked.length > 0) script.setAttribute("data-modulepreload", parked.join(" "));
      },
    });
}
