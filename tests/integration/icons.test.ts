// The frame's icons come from one cached sprite (app/public/icons.svg): every page names them
// with <use>, so their drawings are not sent again in every page's HTML.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import sprite from "../../app/public/icons.svg?raw";
import { ORIGIN } from "./auth-helpers";
import { insertCategory, insertProduct, insertUser } from "./factories";

describe("the icon sprite", () => {
  it("draws every icon a page names, and the page draws none itself", async () => {
    const html = await (await SELF.fetch(`${ORIGIN}/`)).text();
    const named = [...html.matchAll(/<use href="\/icons\.svg#([a-z-]+)"/g)].map((match) => match[1]!);
    expect(new Set(named)).toEqual(new Set(["logo", "search", "menu", "facebook", "instagram", "youtube"]));
    for (const name of named) expect(sprite, name).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
    expect(html).not.toMatch(/<path\b/);
  });

  it("draws a listing's Report flag on the listing's page, where no card's CSS is around it", async () => {
    const seller = await insertUser({ role: "seller" });
    const category = await insertCategory({ title: "Camera" });
    const listing = await insertProduct({ sellerId: seller.id, categoryId: category.id, name: "Flagged Body" });
    const html = await (await SELF.fetch(`${ORIGIN}/listings/${listing.id}`)).text();
    const report = html.match(/<a [^>]*aria-label="Report: Flagged Body"[^>]*>([\s\S]*?)<\/a>/);
    expect(report?.[1]).toContain('<use href="/icons.svg#flag">');
    expect(sprite).toContain('<symbol id="flag" viewBox="0 0 24 24">');
  });
});
