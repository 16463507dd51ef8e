import type { Config } from "@react-router/dev/config";

// Every page is rendered on the server (its forms are plain POSTs); the routes are app/routes.ts.
// Single fetch and lazy route discovery are React Router's defaults.
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  routeDiscovery: { mode: "lazy" },
  // Which sites may post to a page is decided once, before React Router, by the Worker's
  // same-origin check (workers/same-origin.ts, ADR 0015, ADR 0093); React Router's own check of
  // an action's Origin host is left open so that there is one rule, not two.
  allowedActionOrigins: ["**"],
} satisfies Config;
