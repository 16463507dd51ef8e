// The page's modules load after the window's load event (ADR 0043, ADR 0093): on the way out,
// <Scripts>' modulepreloads are taken out and its module script becomes a data block, which the
// root's own script runs once the page has loaded (the journeys check the browser's side:
// tests/e2e/shell.spec.ts).
import { describe, expect, it } from "vitest";
import { AFTER_LOAD_SCRIPT, AFTER_LOAD_TYPE, scriptsAfterLoad } from "#app/server/scripts-after-load";
import { app } from "../../workers/app";
import { ORIGIN } from "./auth-helpers";
import { testEnv } from "./test-env";

const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

/** A page as React Router 7 renders it with React 19: the modulepreloads hoisted into <head>. */
const MODULE = 'import * as route0 from "/assets/root-C.js";\nimport("/assets/entry.client-A.js");';
const PAGE =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-A.js"/>' +
  '<link rel="modulepreload" href="/assets/root-C.js"/><link rel="icon" href="/favicon.svg"/></head><body>' +
  '<script nonce="n0nce">window.__reactRouterContext = {};</script>' +
  `<script nonce="n0nce" type="module" async="">${MODULE}</script>` +
  '<script type="module" src="/assets/other.js"></script></body></html>';

const rewrite = (html: string) => scriptsAfterLoad(new HTMLRewriter()).transform(new Response(html)).text();

describe("the rewrite", () => {
  it("takes the modulepreloads out and parks the module script, its text and nonce kept", async () => {
    const html = await rewrite(PAGE);
    expect(html).not.toContain('modulepreload"');
    expect(html).toContain('<link rel="icon" href="/favicon.svg"/>');
    expect(html).toContain('<script nonce="n0nce">window.__reactRouterContext = {};</script>');
    expect(html).toContain(
      `<script nonce="n0nce" type="${AFTER_LOAD_TYPE}" data-modulepreload="/assets/entry.client-A.js /assets/root-C.js">${MODULE}</script>`,
    );
    // A module of its own (src) is not <Scripts>' inline one.
    expect(html).toContain('<script type="module" src="/assets/other.js"></script>');
  });

  it("leaves a page without modules as it is", async () => {
    const plain = "<!DOCTYPE html><html><head></head><body><script>1</script></body></html>";
    expect(await rewrite(plain)).toBe(plain);
  });
});

describe("a rendered page", () => {
  for (const path of ["/", "/login"]) {
    it(`${path} asks for no module before its load event, and runs them after it`, async () => {
      const response = await app.request(`${ORIGIN}${path}`, {}, testEnv, ctx);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).not.toContain('<link rel="modulepreload"');
      expect(html).not.toMatch(/<script\b[^>]*\btype="module"/);
      const parked = new RegExp(`<script\\b[^>]*\\btype="${AFTER_LOAD_TYPE}"[^>]*>`).exec(html)?.[0] ?? "";
      expect(parked).toMatch(/data-modulepreload="[^"]*\/assets\/entry\.client-[\w-]+\.js/);
      // The root's script that runs it, after it, allowed by the response's nonce.
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
      const runner = html.indexOf(`<script nonce="${nonce}">${AFTER_LOAD_SCRIPT}</script>`);
      expect(runner).toBeGreaterThan(html.indexOf(parked));
      // The hydration data still arrives in the page.
      expect(html).toContain("window.__reactRouterContext = ");
    });
  }
});
