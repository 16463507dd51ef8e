// What crawlers and link previews read of listing pages: Open Graph tags, the canonical URL,
// the schema.org Product (JSON-LD) and the listing sitemaps.

import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SITEMAP_LISTINGS_PER_FILE } from "#app/domain/catalog/listings.server";
import { photoUrl } from "#app/domain/catalog/photo-keys";
import { database } from "#db/client";
import { products } from "#db/schema";
import { app } from "../../workers/app";
import { get, ORIGIN } from "./auth-helpers";
import { jsonLdBlocks, listingWorld, TRICKY_DESCRIPTION } from "./listing-world";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

const decode = (text: string) =>
  text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

function meta(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html);
  return match ? decode(match[1]!) : null;
}

const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;
const locations = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => decode(match[1]!));

describe("a listing page's link preview", () => {
  it("is a product with its photo, price and canonical URL, whatever the query string", async () => {
    const { rows } = await listingWorld();
    const listing = rows.available;
    const html = await (await get(`/listings/${listing.id}?photo=1&utm_source=x`)).text();
    const url = `${ORIGIN}/listings/${listing.id}`;
    expect(canonical(html)).toBe(url);
    expect(meta(html, "og:url")).toBe(url);
    expect(meta(html, "og:type")).toBe("product");
    expect(meta(html, "og:title")).toBe(`Pay&Buy ${listing.name}`);
    expect(meta(html, "og:image")).toBe(`${ORIGIN}${photoUrl(listing.photoKey)}`);
    expect(meta(html, "og:image:alt")).toBe(listing.name);
    expect(meta(html, "product:price:amount")).toBe("1950.00");
    expect(meta(html, "product:price:currency")).toBe("USD");
    expect(meta(html, "product:availability")).toBe("in stock");
    const description = meta(html, "description")!;
    expect(description).toMatch(/^Excellent camera [0-9a-f]+: Shutter tested at every speed\. Light marks/);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(meta(html, "og:description")).toBe(description);
    expect(html).not.toContain('name="robots"');
  });

  it("says when a listing is booked or sold", async () => {
    const { rows } = await listingWorld();
    expect(meta(await (await get(`/listings/${rows.booked.id}`)).text(), "product:availability")).toBe("out of stock");
    expect(meta(await (await get(`/listings/${rows.sold.id}`)).text(), "product:availability")).toBe("out of stock");
  });
});

describe("a listing page's JSON-LD", () => {
  it("is one valid schema.org Product with an offer that matches the listing", async () => {
    const { rows, seller } = await listingWorld();
    const listing = rows.available;
    const html = await (await get(`/listings/${listing.id}`)).text();
    const blocks = jsonLdBlocks(html);
    expect(blocks).toHaveLength(1);
    const url = `${ORIGIN}/listings/${listing.id}`;
    expect(blocks[0]).toEqual({
      "@context": "https://schema.org",
      "@type": "Product",
      name: listing.name,
      description: TRICKY_DESCRIPTION,
      url,
      category: expect.stringMatching(/^Camera /),
      image: [`${ORIGIN}${photoUrl(listing.photoKey)}`],
      itemCondition: "https://schema.org/UsedCondition",
      offers: {
        "@type": "Offer",
        url,
        price: "1950.00",
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/UsedCondition",
        seller: { "@type": "Person", name: seller.name },
      },
    });
  });

  it("cannot be closed by a seller's words: <, > and & are escaped inside the script", async () => {
    const { rows } = await listingWorld();
    const html = await (await get(`/listings/${rows.available.id}`)).text();
    const script = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(script).not.toMatch(/[<>&\u2028\u2029]/);
    expect(script).toContain("\\u003c/script\\u003e\\u003cscript\\u003ealert(1)");
    // The script ends where the page meant it to: the description's "</script>" stayed inside.
    expect(html).not.toContain("<script>alert(1)</script>");
  });

  it("carries the response's CSP nonce", async () => {
    const { rows } = await listingWorld();
    const response = await get(`/listings/${rows.available.id}`);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")![1]!;
    const html = await response.text();
    expect(html).toMatch(
      new RegExp(`<script type="application/ld\\+json" nonce="${nonce.replace(/[+/=]/g, "\\$&")}">`),
    );
  });

  it("states the availability of each state and the configured currency", async () => {
    const { rows } = await listingWorld();
    const offer = async (id: string, env: object = testEnv) => {
      const html = await (await app.request(`${ORIGIN}/listings/${id}`, {}, env, ctx)).text();
      return (jsonLdBlocks(html)[0] as { offers: Record<string, unknown> }).offers;
    };
    expect((await offer(rows.booked.id)).availability).toBe("https://schema.org/Reserved");
    expect((await offer(rows.sold.id)).availability).toBe("https://schema.org/SoldOut");
    const euros = await offer(rows.available.id, { ...testEnv, PAYMENT_CURRENCY: "eur" });
    expect(euros.priceCurrency).toBe("EUR");
    expect(euros.price).toBe("1950.00");
  });

  it("has no JSON-LD on the error page of a listing that left", async () => {
    const { rows } = await listingWorld();
    const html = await (await get(`/listings/${rows.removed.id}`)).text();
    expect(jsonLdBlocks(html)).toEqual([]);
    expect(meta(html, "og:type")).toBeNull();
  });
});

describe("the sitemaps", () => {
  it("sitemap.xml is an index of the public pages' file and the listings' files", async () => {
    await listingWorld();
    const response = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(locations(xml)).toEqual([`${ORIGIN}/sitemap-pages.xml`, `${ORIGIN}/sitemap-listings.xml?page=1`]);
  });

  it("lists the listings buyers can book, with the time each last changed", async () => {
    const { rows, others } = await listingWorld();
    const changed = new Date("2026-11-20T08:30:00.000Z");
    await db().update(products).set({ updatedAt: changed }).where(eq(products.id, others[0]!.id));
    const xml = await (await get("/sitemap-listings.xml?page=1")).text();
    expect(xml).toMatch(/<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const listed = [rows.available, ...others];
    expect(locations(xml).sort()).toEqual(listed.map((row) => `${ORIGIN}/listings/${row.id}`).sort());
    expect(xml).toContain(
      `<url><loc>${ORIGIN}/listings/${others[0]!.id}</loc><lastmod>2026-11-20T08:30:00.000Z</lastmod></url>`,
    );
    expect(xml).toContain(
      `<url><loc>${ORIGIN}/listings/${rows.available.id}</loc><lastmod>2026-11-02T10:00:00.000Z</lastmod></url>`,
    );
  });

  it("splits many listings into files of SITEMAP_LISTINGS_PER_FILE, oldest first", async () => {
    const { rows, others } = await listingWorld();
    // Enough listings for a second file, written in one statement.
    await testEnv.DB.prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?1)
       insert into products (id, seller_id, category_id, name, description, condition, original_price_cents,
         resale_price_cents, purchase_year, contact, location, created_at)
       select 'bulk-' || i, ?2, ?3, 'Bulk ' || i, 'x', 'Good', 2000, 1000, 2020, '+1 415 555 0100', 'Oakland',
         1700000000000 + i from n`,
    )
      .bind(SITEMAP_LISTINGS_PER_FILE, rows.available.sellerId, rows.available.categoryId)
      .run();
    const index = await (await get("/sitemap.xml")).text();
    expect(locations(index)).toEqual([
      `${ORIGIN}/sitemap-pages.xml`,
      `${ORIGIN}/sitemap-listings.xml?page=1`,
      `${ORIGIN}/sitemap-listings.xml?page=2`,
    ]);
    const first = locations(await (await get("/sitemap-listings.xml?page=1")).text());
    expect(first).toHaveLength(SITEMAP_LISTINGS_PER_FILE);
    expect(first[0]).toBe(`${ORIGIN}/listings/bulk-1`);
    const second = locations(await (await get("/sitemap-listings.xml?page=2")).text());
    expect(second.sort()).toEqual([rows.available, ...others].map((row) => `${ORIGIN}/listings/${row.id}`).sort());
    expect((await get("/sitemap-listings.xml?page=3")).status).toBe(404);
    // A page number people typed badly is the first file, as on every list.
    expect(locations(await (await get("/sitemap-listings.xml?page=abc")).text())).toEqual(first);
  });

  it("has no listing files when nothing is listed, and an empty first file", async () => {
    const index = await (await get("/sitemap.xml")).text();
    expect(locations(index)).toEqual([`${ORIGIN}/sitemap-pages.xml`]);
    const empty = await get("/sitemap-listings.xml");
    expect(empty.status).toBe(200);
    expect(locations(await empty.text())).toEqual([]);
    expect((await get("/sitemap-listings.xml?page=2")).status).toBe(404);
  });

  it("uses APP_URL for every location when it is set", async () => {
    await listingWorld();
    const env = { ...testEnv, APP_URL: "https://www.payandbuy.example" };
    for (const path of ["/sitemap.xml", "/sitemap-pages.xml", "/sitemap-listings.xml"]) {
      const xml = await (await app.request(`${ORIGIN}${path}`, {}, env, ctx)).text();
      expect(locations(xml).length, path).toBeGreaterThan(0);
      for (const loc of locations(xml)) expect(loc.startsWith("https://www.payandbuy.example/"), loc).toBe(true);
    }
  });

  it("are resources, not pages: no cookies, cacheable for an hour", async () => {
    for (const path of ["/sitemap.xml", "/sitemap-pages.xml", "/sitemap-listings.xml"]) {
      const response = await SELF.fetch(`${ORIGIN}${path}`);
      expect(response.headers.get("Cache-Control"), path).toBe("public, max-age=3600");
      expect(response.headers.getSetCookie(), path).toEqual([]);
    }
  });
});
