// The frame's stylesheet comes inside the document (ADR 0045, ADR 0093): on the way out, each
// link of a stylesheet the build allows gets that stylesheet's text in a <style> before it, and
// keeps its rel and href for React with a type no browser fetches.
import { describe, expect, it } from "vitest";
import { type InlineStylesheets, inlineStylesheets, PARKED_TYPE } from "#app/server/inline-stylesheets";
import { app } from "../../workers/app";
import { ORIGIN } from "./auth-helpers";
import { testEnv } from "./test-env";

const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

const SHEETS: InlineStylesheets = {
  "/assets/frame-A.css": ".a{color:red}",
  "/assets/lists-B.css": '.b::after{content:"✓"}',
};

const page = (links: string, body = "<p>Café</p>") =>
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Café</title>' +
  `${links}<link rel="icon" href="/favicon.svg" type="image/svg+xml"/></head><body>${body}</body></html>`;

const rewrite = (html: string, sheets = SHEETS, nonce = "n0nce") =>
  inlineStylesheets(new HTMLRewriter(), sheets, nonce).transform(new Response(html)).text();

describe("the rewrite", () => {
  it("puts each known stylesheet's text before its link, in the links' order, and parks the links", async () => {
    const html = await rewrite(
      page('<link rel="stylesheet" href="/assets/frame-A.css"/><link rel="stylesheet" href="/assets/lists-B.css#"/>'),
    );
    expect(html).toContain(
      '<style nonce="n0nce" data-inlined="/assets/frame-A.css">.a{color:red}</style>' +
        `<link rel="stylesheet" href="/assets/frame-A.css" type="${PARKED_TYPE}" data-inlined-stylesheet="/assets/frame-A.css" />` +
        '<style nonce="n0nce" data-inlined="/assets/lists-B.css">.b::after{content:"✓"}</style>' +
        // React Router's empty fragment stays on the href React hydrates; the file is the path.
        `<link rel="stylesheet" href="/assets/lists-B.css#" type="${PARKED_TYPE}" data-inlined-stylesheet="/assets/lists-B.css" />`,
    );
    expect(html).toContain("<title>Café</title>");
    expect(html).toContain("<body><p>Café</p></body>");
  });

  it("leaves unknown stylesheets, chosen media, disabled or typed links, and the body alone", async () => {
    const links =
      '<link rel="stylesheet" href="/assets/other-C.css"/>' +
      '<link rel="stylesheet" href="/assets/frame-A.css" media="print"/>' +
      '<link rel="stylesheet" href="/assets/frame-A.css" disabled=""/>' +
      '<link rel="preload" as="style" href="/assets/frame-A.css"/>';
    const body = '<link rel="stylesheet" href="/assets/frame-A.css"/>';
    expect(await rewrite(page(links, body))).toBe(page(links, body));
    expect(await rewrite(page('<link rel="stylesheet" href="/assets/frame-A.css"/>'), {})).toBe(
      page('<link rel="stylesheet" href="/assets/frame-A.css"/>'),
    );
  });

  it("writes a text two links share once, and escapes what it puts in attributes", async () => {
    const html = await rewrite(
      page('<link rel="stylesheet" href="/assets/frame-A.css"/><link rel="stylesheet" href="/assets/copy.css"/>'),
      { "/assets/frame-A.css": ".a{}", "/assets/copy.css": ".a{}" },
      'n"&',
    );
    expect(html.match(/<style/g)).toHaveLength(1);
    expect(html).toContain('<style nonce="n&quot;&amp;" data-inlined="/assets/frame-A.css">.a{}</style>');
    expect(html.match(new RegExp(`type="${PARKED_TYPE}"`, "g"))).toHaveLength(2);
  });
});

describe("a rendered page", () => {
  for (const path of ["/", "/login", "/no-such-page"]) {
    it(`${path} carries the frame's stylesheet, allowed by the response's nonce, and links none a browser fetches`, async () => {
      const response = await app.request(`${ORIGIN}${path}`, {}, testEnv, ctx);
      const html = await response.text();
      const links = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((match) => match[0]);
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link).toContain(`type="${PARKED_TYPE}"`);
      const frame =
        /<style nonce="([^"]+)" data-inlined="(\/assets\/frame-[\w-]+\.css)">([^<]+)<\/style><link\b[^>]*>/.exec(html);
      expect(frame?.[3]?.length).toBeGreaterThan(5_000);
      // Its text is the built stylesheet's: the same rules a browser would have fetched.
      expect(frame?.[3]).toContain("@media");
      // The style stands right before its own link, where the cascade had the link.
      expect(frame?.[0]).toContain(`data-inlined-stylesheet="${frame?.[2]}"`);
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      expect(csp).toContain(`style-src 'self' 'nonce-${frame?.[1]}'`);
      expect(csp).toContain(`script-src 'self' 'nonce-${frame?.[1]}'`);
    });
  }
});
