import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

describe("GET /api/health", () => {
  it("reports the database as reachable", async () => {
    const response = await SELF.fetch("https://pay.test/api/health");
    expect(response.status).toBe(200);
    const body = await response.json<{ status: string; database: { ok: boolean } }>();
    expect(body).toMatchObject({ status: "ok", database: { ok: true } });
  });

  it("answers unknown API paths with the JSON error shape", async () => {
    const response = await SELF.fetch("https://pay.test/api/nope");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { status: 404, code: "not_found", message: "There is no such API call." },
    });
  });
});
