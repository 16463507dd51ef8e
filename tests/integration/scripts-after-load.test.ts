// The page's modules load after the window's load event (ADR 0043): the server rewrites Remix's
// <Scripts> markup, and nothing else.
import { describe, expect, it } from "vitest";
import { deferModuleScript, deferScriptsMarkup, scriptsAfterLoad } from "#app/server/scripts-after-load";
import { app } from "../../workers/app";
import { ORIGIN } from "./auth-helpers";
import { testEnv } from "./test-env";

const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

/** <Scripts> as Remix 2 renders it for a page of two routes, with lazy route discovery. */
const SCRIPTS =
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/>' +
  '<link rel="modulepreload" href="/assets/components-B.js"/>' +
  '<link rel="modulepreload" href="/assets/root-C.js"/>' +
  "<script>window.__remixContext = {};</script>" +
  '<script type="module" async="" nonce="n0nce">;\n' +
  'import * as route0 from "/assets/root-C.js";\n' +
  'import * as route1 from "/assets/home-D.js";\n' +
  'window.__remixManifest = {"entry":{}};\n' +
  'window.__remixRouteModules = {"root":route0,"routes/home":route1};\n\n' +
  'import("/assets/entry.client-A.js");</script>';

describe("the module script", () => {
  it("waits for the load event, imports the route modules and the parked chunks, then the entry", () => {
    const script = deferModuleScript(SCRIPTS.slice(SCRIPTS.indexOf(">;") + 1, -"</script>".length));
    expect(
      script.startsWith('await new Promise((go)=>document.readyState==="complete"?go():addEventListener("load",go'),
    );
    expect(script).not.toMatch(/^\s*import\s/m);
    expect(script).toContain(
      'const [route0,route1]=await Promise.all([import("/assets/root-C.js"),import("/assets/home-D.js"),',
    );
    // The parked chunks, all but the entry: the entry hydrates the page once evaluated.
    expect(script).toContain('.filter((u)=>u!=="/assets/entry.client-A.js")');
    expect(script.indexOf("window.__remixRouteModules")).toBeLessThan(
      script.indexOf('import("/assets/entry.client-A.js");'),
    );
    expect(script.trimEnd().endsWith('import("/assets/entry.client-A.js");')).toBe(true);
  });

  it("is left as it is when it imports anything it does not know", () => {
    const source =
      'import "/assets/manifest-X.js";\nimport * as route0 from "/assets/root-C.js";\nimport("/assets/e.js");';
    expect(deferModuleScript(source)).toBe(source);
    expect(deferModuleScript('import * as route0 from "/assets/root-C.js";\nwindow.x = 1;')).toContain(
      "import * as route0",
    );
  });
});

describe("the markup", () => {
  it("parks every modulepreload and keeps the script's attributes", () => {
    const html = deferScriptsMarkup(SCRIPTS);
    expect(html).not.toContain('rel="modulepreload"');
    expect(
      html.match(/<link rel="preload" as="script" href="([^"]+)" media="not all" data-modulepreload="\1"\/>/g),
    ).toHaveLength(3);
    expect(html).toContain('<script type="module" async="" nonce="n0nce">await new Promise(');
    expect(html).toContain("<script>window.__remixContext = {};</script>");
  });

  it("rewrites a whole document and leaves everything before <Scripts> alone", () => {
    const before =
      '<!DOCTYPE html><html><head><title>Café ✓</title></head><body><p>Ünïcode — 📷 <script type="module"></script></p>';
    const page = `${before}${SCRIPTS}<script>enqueue("é")</script></body></html>`;
    expect(scriptsAfterLoad(page)).toBe(before + deferScriptsMarkup(page.slice(before.length)));
    expect(scriptsAfterLoad(page)).not.toContain('rel="modulepreload"');
  });

  it("leaves a document without <Scripts> as it is", () => {
    const page = '<!DOCTYPE html><html><body><p>No scripts here, just a link rel="modulepreload</p></body></html>';
    expect(scriptsAfterLoad(page)).toBe(page);
  });
});

describe("a rendered page", () => {
  for (const path of ["/", "/login"]) {
    it(`${path} asks for no module before its load event`, async () => {
      const response = await app.request(`${ORIGIN}${path}`, {}, testEnv, ctx);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).not.toContain('rel="modulepreload"');
      expect(html).toMatch(
        /<link rel="preload" as="script" href="(\/assets\/entry\.client-[^"]+\.js)" media="not all" data-modulepreload="\1"\/>/,
      );
      const module = /<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
      expect(module.startsWith("await new Promise(")).toBe(true);
      expect(module).not.toMatch(/^\s*import\s/m);
      expect(module).toMatch(/import\("\/assets\/entry\.client-[^"]+\.js"\);\s*$/);
      // The hydration data still arrives in the page.
      expect(html).toContain("window.__remixContext = ");
    });
  }
});
