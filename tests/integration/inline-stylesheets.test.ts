// The frame's stylesheet comes inside the document (ADR 0045): the server fills the root's
// placeholder with the text of the stylesheets the build allows, and parks their links.
import { describe, expect, it } from "vitest";
import { inlineStylesheets, inlineStylesheetsMarkup } from "#app/server/inline-stylesheets";
import { app } from "../../workers/app";
import { ORIGIN } from "./auth-helpers";
import { testEnv } from "./test-env";

const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

const SHEETS = { "/assets/frame-A.css": ".a{color:red}", "/assets/lists-B.css": '.b::after{content:"✓"}' };

const head = (links: string) =>
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Café</title>' +
  '<style nonce="n0nce" data-inline-stylesheets=""></style>' +
  `${links}<link rel="icon" href="/favicon.svg" type="image/svg+xml"/></head>`;

describe("the markup", () => {
  it("puts the known stylesheets' text into the placeholder, in the links' order, and parks their links", () => {
    const html = inlineStylesheetsMarkup(
      head(
        '<link rel="stylesheet" href="/assets/frame-A.css"/><link rel="stylesheet" href="/assets/page-C.css"/>' +
          '<link rel="stylesheet" href="/assets/lists-B.css"/>',
      ),
      SHEETS,
    );
    expect(html).toContain(
      '<style nonce="n0nce" data-inline-stylesheets="">.a{color:red}\n.b::after{content:"✓"}</style>',
    );
    expect(html).toContain(
      '<link rel="preload" as="style" href="/assets/frame-A.css" media="not all" data-inlined-stylesheet="/assets/frame-A.css"/>',
    );
    expect(html).toContain(
      '<link rel="preload" as="style" href="/assets/lists-B.css" media="not all" data-inlined-stylesheet="/assets/lists-B.css"/>',
    );
    // A stylesheet the build did not hand over stays a link, as does every other link.
    expect(html).toContain('<link rel="stylesheet" href="/assets/page-C.css"/>');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
  });

  it("leaves a head without the placeholder, or without a known stylesheet, as it is", () => {
    const known = '<link rel="stylesheet" href="/assets/frame-A.css"/>';
    const withoutPlaceholder = head(known).replace(/<style[^>]*><\/style>/, "");
    expect(inlineStylesheetsMarkup(withoutPlaceholder, SHEETS)).toBe(withoutPlaceholder);
    const unknown = head('<link rel="stylesheet" href="/assets/other-D.css"/>');
    expect(inlineStylesheetsMarkup(unknown, SHEETS)).toBe(unknown);
    // A stylesheet for some media only is not forced on every screen.
    const print = head('<link rel="stylesheet" href="/assets/frame-A.css" media="print"/>');
    expect(inlineStylesheetsMarkup(print, SHEETS)).toBe(print);
    // A name of Object.prototype is no stylesheet.
    const proto = head('<link rel="stylesheet" href="constructor"/>');
    expect(inlineStylesheetsMarkup(proto, SHEETS)).toBe(proto);
  });

  it("rewrites a whole document's head, and leaves its body alone", () => {
    const page = `${head('<link rel="stylesheet" href="/assets/frame-A.css"/>')}<body><p>Ünïcode — 📷 </head></p></body></html>`;
    const cut = page.indexOf("</head>") + 7;
    const whole = inlineStylesheets(page, SHEETS);
    expect(whole).toBe(inlineStylesheetsMarkup(page.slice(0, cut), SHEETS) + page.slice(cut));
    expect(whole).toContain(".a{color:red}</style>");
  });

  it("leaves a document with no head, or when nothing may be inlined, as it is", () => {
    const fragment = "<p>No head — here</p>";
    expect(inlineStylesheets(fragment, SHEETS)).toBe(fragment);
    const page = head('<link rel="stylesheet" href="/assets/frame-A.css"/>');
    expect(inlineStylesheets(page, {})).toBe(page);
  });
});

describe("a rendered page", () => {
  for (const path of ["/", "/login", "/no-such-page"]) {
    it(`${path} carries the frame's stylesheet, allowed by the response's nonce, and links none`, async () => {
      const response = await app.request(`${ORIGIN}${path}`, {}, testEnv, ctx);
      const html = await response.text();
      expect(html).not.toContain('rel="stylesheet"');
      expect(html).toMatch(
        /<link rel="preload" as="style" href="(\/assets\/frame-[\w-]+\.css)" media="not all" data-inlined-stylesheet="\1"\/>/,
      );
      const style = /<style nonce="([^"]+)" data-inline-stylesheets="">([^<]+)<\/style>/.exec(html);
      expect(style?.[2]?.length).toBeGreaterThan(5_000);
      // Its text is the built stylesheet's: the same rules a browser would have fetched.
      expect(style?.[2]).toContain("@media");
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      expect(csp).toContain(`style-src 'self' 'nonce-${style?.[1]}'`);
      expect(csp).toContain(`script-src 'self' 'nonce-${style?.[1]}'`);
      // The placeholder comes before the links React renders, so the cascade keeps its order.
      expect(html.indexOf("data-inline-stylesheets")).toBeLessThan(html.indexOf("data-inlined-stylesheet="));
    });
  }
});
