// The frame's icons come from one cached sprite (app/public/icons.svg): every page names them
// with <use>, so their drawings are not sent again in every page's HTML.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import sprite from "../../app/public/icons.svg?raw";
import { ORIGIN } from "./auth-helpers";

describe("the icon sprite", () => {
  it("draws every icon a page names, and the page draws none itself", async () => {
    const html = await (await SELF.fetch(`${ORIGIN}/`)).text();
    const named = [...html.matchAll(/<use href="\/icons\.svg#([a-z-]+)"/g)].map((match) => match[1]!);
    expect(new Set(named)).toEqual(new Set(["logo", "search", "menu", "facebook", "instagram", "youtube"]));
    for (const name of named) expect(sprite, name).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
    expect(html).not.toMatch(/<path\b/);
  });
});
