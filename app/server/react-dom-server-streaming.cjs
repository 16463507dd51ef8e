// The Worker renders with React's streaming renderer only (`renderToReadableStream`, in
// app/entry.server.tsx). react-dom/server.browser.js also loads the legacy string renderer
// (renderToString and friends, 34 KiB minified) that nothing on the server calls: wrangler
// bundles this module in its place (`[alias]` in wrangler.toml, ADR 0020, ADR 0059). It chooses
// the production or development file the way react-dom's own entry does. The paths are relative
// so that the "react-dom" alias does not catch them.
"use strict";

module.exports =
  process.env.NODE_ENV === "production"
    ? require("../../node_modules/react-dom/cjs/react-dom-server.browser.production.min.js")
    : require("../../node_modules/react-dom/cjs/react-dom-server.browser.development.js");
