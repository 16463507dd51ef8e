import { fileURLToPath } from "node:url";
import { cloudflareDevProxyVitePlugin, vitePlugin as remix } from "@remix-run/dev";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vite";
import { getLoadContext } from "./app/load-context";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

// The modules the REST adapter shares with the pages (domain, server helpers, database) stay out of
// the Remix server build, so wrangler bundles them once for both adapters (ADR 0020).
const SHARED_WITH_API = /\/(app\/domain|app\/server|db)\//;

// In the browser, `zod` is zod configured never to probe for eval, which the CSP forbids.
const JITLESS_ZOD = fileURLToPath(new URL("./app/zod-jitless.client.ts", import.meta.url));

export default defineConfig(({ isSsrBuild }) => ({
  publicDir: "app/public",
  plugins: [
    cloudflareDevProxyVitePlugin({
      getLoadContext: (args) => getLoadContext({ ...(args as Parameters<typeof getLoadContext>[0]), localDev: true }),
    }),
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    vanillaExtractPlugin(),
  ],
  ssr: {
    resolve: {
      conditions: ["workerd", "worker", "browser"],
    },
  },
  resolve: {
    mainFields: ["browser", "module", "main"],
    alias: isSsrBuild ? [] : [{ find: /^zod$/, replacement: JITLESS_ZOD }],
  },
  build: {
    minify: true,
    rollupOptions: isSsrBuild
      ? {
          // Resolved ids are absolute paths; kept absolute, wrangler's bundler finds them as they are.
          external: (id: string, _importer: string | undefined, resolved: boolean) =>
            resolved && SHARED_WITH_API.test(id),
          makeAbsoluteExternalsRelative: false,
        }
      : {},
  },
}));
