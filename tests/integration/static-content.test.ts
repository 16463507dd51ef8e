// The static pages' text comes from the static assets (ADR 0084): the pages show it, their
// browser modules and the Worker do not carry it, and a file missing is a 503, never a 500.
import { describe, expect, it } from "vitest";
import { articles } from "#app/content/blog";
import { terms } from "#app/content/trust";
import { readStaticContent } from "#app/server/static-content.server";
import { get } from "./auth-helpers";

describe("the static pages' text", () => {
  it("is read from the assets and shown on its page", async () => {
    const blog = await (await get("/blog")).text();
    expect(blog).toContain(articles[0]!.title);
    const page = await get("/terms");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(terms.sections[0]!.title);
    expect(html).toContain(`<title>${terms.title.replace("&", "&amp;")}</title>`);
  });

  it("answers 503, not a 500, when a page's file is missing from the assets or is not its text", async () => {
    const missing = { fetch: async () => new Response("Not found", { status: 404 }) } as unknown as Fetcher;
    const broken = { fetch: async () => new Response("{not json", { status: 200 }) } as unknown as Fetcher;
    for (const assets of [missing, broken, undefined]) {
      const thrown = await readStaticContent(assets, "terms").then(
        () => null,
        (error: unknown) => error,
      );
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(503);
      expect((thrown as Response).headers.get("Retry-After")).toBe("60");
    }
  });
});
