// The Worker renders HTML with react-dom/server and never mounts a page, yet React Router's DOM
// package imports react-dom (the browser renderer, 130 KiB minified) for `flushSync`, which it
// calls only during client-side navigations. wrangler bundles this module in its place
// (`[alias]` in wrangler.toml), so the Worker does not carry a renderer it cannot use (ADR 0020).
// The browser build is unaffected: Vite bundles the real react-dom for the client.

/** Runs the update at once, as flushSync does; the server has nothing to flush. */
export function flushSync<R>(update: () => R): R {
  return update();
}
