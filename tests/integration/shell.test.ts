import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { amountsIn, insertCategory, insertProduct, insertUser } from "./factories";

describe("site shell", () => {
  it.each([
    ["/", "Pay&amp;Buy Home"],
    ["/home", "Pay&amp;Buy Home"],
    ["/blog", "Pay&amp;Buy Blog"],
    ["/about", "Pay&amp;Buy About"],
  ])("renders %s with its title, header and footer", async (path, title) => {
    const response = await SELF.fetch(`https://pay.test${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain(`<title>${title}</title>`);
    for (const link of ['href="/home"', 'href="/blog"', 'href="/about"', 'href="/dashboard"', 'href="/login"']) {
      expect(html).toContain(link);
    }
    expect(html).toContain("Subscribe");
    expect(html).toMatch(new RegExp(`Copyright © (<!-- -->)?${new Date().getUTCFullYear()}`));
  });

  it("answers an unknown URL with the error page and a real 404", async () => {
    const response = await SELF.fetch("https://pay.test/no/such/page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Oops!...");
    expect(html).toContain("404");
    expect(html).toContain("Not Found");
    expect(html).toContain('href="/home"');
    expect(html).toContain("Back to Home");
  });

  it("sets security headers with a fresh script nonce on every page", async () => {
    const first = await SELF.fetch("https://pay.test/");
    const second = await SELF.fetch("https://pay.test/");
    const csp = first.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("unsafe-inline");
    expect(second.headers.get("Content-Security-Policy")).not.toBe(csp);
    expect(first.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(first.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    const html = await first.text();
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("shows the first three categories, and all of them with ?categories=all", async () => {
    for (const [position, title] of ["Camera", "Camera Lens", "Tripod", "Battery"].entries()) {
      await insertCategory({ title, position });
    }
    const first = await (await SELF.fetch("https://pay.test/")).text();
    expect(first).toContain("Explore Popular Categories");
    expect(first).toContain('href="/products/camera%20lens"');
    expect(first).not.toContain('href="/products/battery"');
    expect(first).toContain("More Category");
    const all = await (await SELF.fetch("https://pay.test/?categories=all")).text();
    expect(all).toContain('href="/products/battery"');
    expect(all).not.toContain("More Category");
  });

  it("lists only advertised, available listings of live sellers, with the seller read by join", async () => {
    const category = await insertCategory({ title: "Camera" });
    const seller = await insertUser({ role: "seller", name: "Vera Verified", verifiedAt: new Date() });
    const gone = await insertUser({ role: "seller", name: "Gone Seller", deletedAt: new Date() });
    await insertProduct({
      sellerId: seller.id,
      categoryId: category.id,
      name: "Shown Camera",
      advertised: true,
      resalePriceCents: 123456,
    });
    await insertProduct({ sellerId: seller.id, categoryId: category.id, name: "Not Advertised", advertised: false });
    await insertProduct({
      sellerId: seller.id,
      categoryId: category.id,
      name: "Booked Camera",
      advertised: true,
      status: "booked",
    });
    await insertProduct({
      sellerId: seller.id,
      categoryId: category.id,
      name: "Removed Camera",
      advertised: true,
      removedAt: new Date(),
    });
    await insertProduct({ sellerId: gone.id, categoryId: category.id, name: "Orphan Camera", advertised: true });
    const html = await (await SELF.fetch("https://pay.test/")).text();
    expect(html).toContain("Sell simply, Buy safely.");
    expect(html).toContain("Shown Camera");
    expect(html).toContain(amountsIn("$ 1,234.56"));
    expect(html).toContain("Vera Verified");
    expect(html).toContain("Verified");
    for (const hidden of ["Not Advertised", "Booked Camera", "Removed Camera", "Orphan Camera"]) {
      expect(html).not.toContain(hidden);
    }
  });

  it("shows the newest dozen advertised listings, whatever the number advertised", async () => {
    const category = await insertCategory({ title: "Camera" });
    const seller = await insertUser({ role: "seller" });
    for (let n = 1; n <= 14; n++) {
      await insertProduct({
        sellerId: seller.id,
        categoryId: category.id,
        name: `Advertised Body ${String(n).padStart(2, "0")}`,
        advertised: true,
        createdAt: new Date(Date.UTC(2026, 0, n)),
      });
    }
    const html = await (await SELF.fetch("https://pay.test/")).text();
    const shown = [...html.matchAll(/Advertised Body (\d\d)/g)].map((match) => match[1]);
    const names = [...new Set(shown)];
    expect(names).toEqual(["14", "13", "12", "11", "10", "09", "08", "07", "06", "05", "04", "03"]);
  });

  it("escapes text that users typed", async () => {
    const category = await insertCategory({ title: "Camera" });
    const seller = await insertUser({ role: "seller", name: "<img src=x onerror=alert(1)>" });
    await insertProduct({
      sellerId: seller.id,
      categoryId: category.id,
      name: "<script>alert(1)</script>",
      advertised: true,
    });
    const html = await (await SELF.fetch("https://pay.test/")).text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<img src=x");
  });
});
