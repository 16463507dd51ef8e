import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { cloudflareDevProxy } from "@react-router/dev/vite/cloudflare";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import type { RollupLog } from "rollup";
import { defineConfig, type Plugin } from "vite";
import { getLoadContext } from "./app/load-context";

// The modules the REST adapter shares with the pages (domain, server helpers, database) stay out of
// the server build, so wrangler bundles them once for both adapters (ADR 0020).
const SHARED_WITH_API = /\/(app\/domain|app\/server|db)\//;

// In the browser, `zod` is zod configured never to probe for eval, which the CSP forbids.
const JITLESS_ZOD = fileURLToPath(new URL("./app/zod-jitless.client.ts", import.meta.url));

// A page's browser code comes in few chunks (ADR 0043): the frame every page shows (the root
// route's modules) with the catalogue's shared parts (the card, its actions and dialogs, the form
// fields) in one; the list pages' controls (search, category, dashboards) in another; then the
// page's route module and the libraries. Rollup would otherwise make a chunk for each component
// two routes share. Each chunk's styles are a stylesheet, which pages carry inline (ADR 0045).
const CHUNK_SEEDS: Record<string, string[]> = {
  frame: [
    "root.tsx",
    "components/listing-card.tsx",
    "components/listing-actions.tsx",
    "components/booking-dialog.tsx",
    "components/report-dialog.tsx",
    "components/wishlist-dialog.tsx",
    "components/dialog.tsx",
    "components/forms.tsx",
    "domain/shared/money.ts",
    "utils/seo.ts",
  ],
  lists: ["components/list-controls.tsx", "components/select-field.tsx", "utils/search-urls.ts"],
};
const APP_DIR = fileURLToPath(new URL("./app/", import.meta.url));
const ROUTES_DIR = fileURLToPath(new URL("./app/routes/", import.meta.url));
const ROOT_ROUTE = fileURLToPath(new URL("./app/root.tsx", import.meta.url));

/** A route's own module (its styles, `*.css.ts`, are not: they may join a chunk). */
const isRouteModule = (path: string) => path.startsWith(ROUTES_DIR) && !/\.css\.ts(\.vanilla\.css)?$/.test(path);

type ModuleInfo = { importedIds: readonly string[] } | null;
let chunkOf: Map<string, string> | undefined;

/**
 * Each seed and the app modules it imports, directly or not, in the seed's chunk (the first chunk
 * to reach a module keeps it). Route modules stay chunks of their own; libraries (zod's
 * jitless entry included) stay where Rollup puts them.
 */
function appChunks(getModuleInfo: (id: string) => ModuleInfo): Map<string, string> {
  if (chunkOf) return chunkOf;
  const chunks = new Map<string, string>();
  for (const [name, seeds] of Object.entries(CHUNK_SEEDS)) {
    const stack = seeds.map((path) => fileURLToPath(new URL(`./app/${path}`, import.meta.url)));
    for (const seed of stack) if (seed !== ROOT_ROUTE && !chunks.has(seed)) chunks.set(seed, name);
    while (stack.length) {
      const id = stack.pop() as string;
      for (const imported of getModuleInfo(id)?.importedIds ?? []) {
        const path = imported.split("?")[0] as string;
        if (!path.startsWith(APP_DIR) || isRouteModule(path) || path === JITLESS_ZOD || chunks.has(imported)) {
          continue;
        }
        chunks.set(imported, name);
        stack.push(imported);
      }
    }
  }
  chunkOf = chunks;
  return chunks;
}

// A page carries its stylesheets inside its document rather than linking them (ADR 0045). The
// server build reads them from the browser build, which React Router makes first, and `entry.server`
// inlines those a page links as it streams (app/server/inline-stylesheets.ts).
const INLINE_STYLESHEETS = "virtual:inline-stylesheets";
const CLIENT_ASSETS = fileURLToPath(new URL("./build/client/assets/", import.meta.url));

function inlineStylesheets(): Plugin {
  let fromBuild = false;
  return {
    name: "pay-and-buy:inline-stylesheets",
    configResolved(config) {
      // `react-router dev` serves stylesheets of its own: nothing from a previous build is inlined.
      fromBuild = config.command === "build" && Boolean(config.build.ssr);
    },
    resolveId: (id) => (id === INLINE_STYLESHEETS ? `\0${INLINE_STYLESHEETS}` : undefined),
    load(id) {
      if (id !== `\0${INLINE_STYLESHEETS}`) return undefined;
      const sheets: Record<string, string> = {};
      if (fromBuild && existsSync(CLIENT_ASSETS)) {
        for (const file of readdirSync(CLIENT_ASSETS)) {
          if (!file.endsWith(".css")) continue;
          const text = readFileSync(`${CLIENT_ASSETS}${file}`, "utf8");
          // Text that could end the <style> element stays a link.
          if (!/<\/style/i.test(text)) sheets[`/assets/${file}`] = text;
        }
      }
      return `export default ${JSON.stringify(sheets)};`;
    },
  };
}

const ROUTE_FILES = new Set(readdirSync(ROUTES_DIR).map((file) => file.replace(/\.tsx?$/, "")));

/**
 * Rollup's warnings, but for two that say nothing about our code: a resource route (a loader or an
 * action, no component) has no browser code, yet React Router makes every route an entry of the browser
 * build, which Rollup reports as an empty chunk; zod's sources carry comments Rollup cannot place
 * and drops.
 */
function onwarn(warning: RollupLog, warn: (warning: RollupLog) => void) {
  if (warning.code === "EMPTY_BUNDLE" && (warning.names ?? []).every((name) => ROUTE_FILES.has(name))) return;
  if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/zod/")) return;
  warn(warning);
}

export default defineConfig(({ isSsrBuild }) => ({
  publicDir: "app/public",
  plugins: [
    cloudflareDevProxy({
      getLoadContext: (args) => getLoadContext({ ...(args as Parameters<typeof getLoadContext>[0]), localDev: true }),
    }),
    reactRouter(),
    vanillaExtractPlugin(),
    inlineStylesheets(),
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
          // A chunk names only the externals it uses. Rollup would otherwise repeat, as bare
          // `import "…"` lines in each chunk, the externals of the chunks it imports, and wrangler's
          // bundler warns about every such import of a package marked side-effect free (about 400
          // lines on `npm start`).
          output: { hoistTransitiveImports: false },
          onwarn,
        }
      : {
          onwarn,
          output: {
            manualChunks: (id: string, { getModuleInfo }: { getModuleInfo: (id: string) => ModuleInfo }) =>
              // A manual chunk takes in the libraries only it imports: zod, which the
              // account forms share with the list pages, keeps a chunk of its own.
              id === JITLESS_ZOD || id.includes("/node_modules/zod/") ? "zod" : appChunks(getModuleInfo).get(id),
          },
        },
  },
}));
