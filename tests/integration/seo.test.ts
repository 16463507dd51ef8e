// What crawlers and link previews read: descriptions, Open Graph tags, robots.txt, the sitemap.
import { describe, expect, it } from "vitest";
import { app } from "../../workers/app";
import { get, ORIGIN } from "./auth-helpers";
import { pageFixture } from "./pages";
import { testEnv } from "./test-env";

const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
const PUBLIC_PAGES = [
  "/",
  "/blog",
  "/about",
  "/login",
  "/register",
  "/help",
  "/buyer-protection",
  "/terms",
  "/privacy",
  "/contact",
];

const decode = (text: string) =>
  text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** The content of `<meta name|property="key">`, or null. */
function meta(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html);
  return match ? decode(match[1]!) : null;
}

const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;

describe("meta tags", () => {
  it("gives every page a title and a description of its own", async () => {
    const { requests } = await pageFixture();
    const descriptions = new Map<string, string>();
    for (const { id, path, headers } of requests) {
      const html = await (await get(path, headers)).text();
      expect(html, path).toMatch(/<title>Pay&amp;Buy [^<]+<\/title>/);
      const description = meta(html, "description");
      expect(description?.length ?? 0, `${id}: description`).toBeGreaterThan(20);
      descriptions.set(id, description!);
    }
    // /, /home share the home page's description; a form's own URL (Settings, two-factor sign-in,
    // the edit page, Reported Items, Claims, a shipment) shows its page (ADR 0071, 0075, 0079, 0086), with its
    // (Settings → Addresses is a page of its own, ADR 0103)
    // description; every other page has its own.
    descriptions.delete("routes/home");
    for (const page of [
      "dashboard.settings.two-factor",
      "dashboard.settings",
      "dashboard.my_product.$id.edit",
      "dashboard.reported_items",
      "dashboard.claims",
      "dashboard.shipments.$bookingId",
    ]) {
      const shown = descriptions.get(`routes/${page}`);
      for (const [id, description] of descriptions) {
        if (!id.startsWith(`routes/${page}.`) || id.endsWith(".two-factor") || id.endsWith(".addresses")) continue;
        expect(description, id).toBe(shown);
        descriptions.delete(id);
      }
    }
    const seen = new Map<string, string>();
    for (const [id, description] of descriptions) {
      expect(seen.get(description), `${id} shares its description`).toBeUndefined();
      seen.set(description, id);
    }
  });

  it("gives the public pages Open Graph tags with absolute URLs and a canonical URL", async () => {
    for (const path of PUBLIC_PAGES) {
      const html = await (await get(path)).text();
      const url = `${ORIGIN}${path}`;
      expect(meta(html, "og:title"), path).toMatch(/^Pay&Buy /);
      expect(meta(html, "og:description"), path).toBe(meta(html, "description"));
      expect(meta(html, "og:type"), path).toBe("website");
      expect(meta(html, "og:url"), path).toBe(url);
      expect(canonical(html), path).toBe(url);
      expect(html).not.toContain('name="robots"');
    }
  });

  it("shows the first cover as the home page's picture, from / and /home alike", async () => {
    for (const path of ["/", "/home"]) {
      const html = await (await get(path)).text();
      expect(meta(html, "og:image")).toBe(`${ORIGIN}/covers/cover-1-1600.webp`);
      expect(meta(html, "og:image:alt")).toBe("Cameras ready for a second life");
      expect(meta(html, "og:url")).toBe(`${ORIGIN}/`);
      expect(canonical(html)).toBe(`${ORIGIN}/`);
    }
    expect(meta(await (await get("/blog")).text(), "og:image")).toBeNull();
  });

  it("keeps category pages out of search results, without Open Graph tags", async () => {
    const { requests } = await pageFixture();
    const category = requests.find((request) => request.id === "routes/products.$name")!;
    const html = await (await get(category.path, category.headers)).text();
    expect(meta(html, "robots")).toBe("noindex");
    expect(meta(html, "og:url")).toBeNull();
  });

  it("builds absolute URLs from APP_URL when it is set", async () => {
    const env = { ...testEnv, APP_URL: "https://www.payandbuy.example" };
    const html = await (await app.request(`${ORIGIN}/about`, {}, env, ctx)).text();
    expect(meta(html, "og:url")).toBe("https://www.payandbuy.example/about");
    const sitemap = await (await app.request(`${ORIGIN}/sitemap-pages.xml`, {}, env, ctx)).text();
    expect(sitemap).toContain("<loc>https://www.payandbuy.example/</loc>");
    expect(sitemap).not.toContain("pay.test");
    const robots = await (await app.request(`${ORIGIN}/robots.txt`, {}, env, ctx)).text();
    expect(robots).toContain("Sitemap: https://www.payandbuy.example/sitemap.xml");
  });
});

describe("the trust pages", () => {
  it("are linked from the footer of every page, under the spec's column headings", async () => {
    const html = await (await get("/about")).text();
    const footer = html.slice(html.indexOf("<footer"));
    for (const heading of ["Category", "Apples", "Cherry", "Business"]) expect(footer).toContain(`>${heading}</h2>`);
    for (const path of ["/help", "/buyer-protection", "/terms", "/privacy", "/contact", "/about", "/blog"]) {
      expect(footer).toContain(`href="${path}"`);
    }
    // No footer link is a placeholder to the home page (the logo and social links are not in the columns).
    const columns = footer.slice(0, footer.indexOf('id="footer-subscribe"'));
    expect(columns).not.toMatch(/href="\/"/);
  });

  it("say what the product does: the booking hold, the refunds, the conditions, a contact address", async () => {
    const protection = await (await get("/buyer-protection")).text();
    expect(protection).toContain("until you pay or cancel");
    expect(protection).toContain("refunded to your card automatically");
    const help = await (await get("/help")).text();
    for (const condition of ["Excellent", "Good", "Fair"]) expect(help).toContain(`<h3>${condition}</h3>`);
    expect(await (await get("/contact")).text()).toContain('href="mailto:support@pay.test"');
    const configured = { ...testEnv, SUPPORT_EMAIL: "help@payandbuy.example" };
    const html = await (await app.request(`${ORIGIN}/contact`, {}, configured, ctx)).text();
    expect(html).toContain('href="mailto:help@payandbuy.example"');
  });
});

describe("robots.txt and sitemap.xml", () => {
  it("robots.txt allows the site, disallows the private parts and points at the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Disallow: /dashboard");
    expect(lines).toContain("Disallow: /api/");
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    const disallowed = lines.filter((line) => line.startsWith("Disallow:")).map((line) => line.slice(9).trim());
    for (const path of PUBLIC_PAGES) {
      expect(
        disallowed.some((prefix) => prefix === "/" || path.startsWith(prefix)),
        path,
      ).toBe(false);
    }
  });

  it("the pages' sitemap lists exactly the public pages, with absolute URLs", async () => {
    const response = await get("/sitemap-pages.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(PUBLIC_PAGES.map((path) => `${ORIGIN}${path}`));
  });
});
