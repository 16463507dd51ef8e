// Every call of the spec's call table (section 7, "The calls it makes") answers at its spec URL
// under /api: the code's words may change (ADR 0080: "listing" in the code), the URLs keep the
// spec's. The table is read from the spec itself (../shared, passed in by vitest.config.ts), so a
// call the spec names and the API lost fails here. Without a token a bearer call answers 401 and
// the others answer something of their own, never the API's "There is no such API call." 404.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORIGIN } from "./auth-helpers";
import { testEnv } from "./test-env";

type SpecCall = { method: string; path: string; auth: string };

/** The rows of the spec's call table: `| GET /booking/{id} | none | booking | bearer |`. */
function specCalls(text: string): SpecCall[] {
  const rows: SpecCall[] = [];
  for (const line of text.split("\n")) {
    const match = /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s+(\/\S*)\s*\|.*\|\s*([^|]+?)\s*\|\s*$/.exec(line);
    if (match) rows.push({ method: match[1]!, path: match[2]!, auth: match[3]! });
  }
  return rows;
}

/** A request of the shape the spec gives: its placeholders filled, a bare query name given a value. */
function concretePath(path: string): string {
  const SAMPLES: Record<string, string> = {
    id: "00000000-0000-4000-8000-000000000000",
    email: "someone@example.com",
    n: "3",
    category: "camera",
  };
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(SAMPLES[name] ?? "x"));
  const [pathname, query] = filled.split("?");
  if (!query) return pathname!;
  const params = query.split("&").map((pair) => (pair.includes("=") ? pair : `${pair}=${SAMPLES[pair] ?? "x"}`));
  return `${pathname}?${params.join("&")}`;
}

describe("the spec's calls", () => {
  const calls = specCalls(testEnv.PRODUCT_SPEC);

  it("are read from the spec beside the repository (../shared/spec/pay-and-buy-spec.md)", () => {
    expect(testEnv.PRODUCT_SPEC, "the spec is not at ../shared/spec/pay-and-buy-spec.md").not.toBe("");
    expect(calls.length).toBeGreaterThanOrEqual(28);
    expect(calls).toContainEqual({ method: "GET", path: "/advertiseProduct", auth: "not shown" });
  });

  it.each(calls.map((call) => [`${call.method} ${call.path}`, call] as const))(
    "%s answers at its spec URL under /api",
    async (_, call) => {
      const path = `/api${concretePath(call.path)}`;
      const response = await SELF.fetch(`${ORIGIN}${path}`, {
        method: call.method,
        headers: call.method === "GET" ? {} : { "Content-Type": "application/json" },
        body: call.method === "GET" ? undefined : "{}",
      });
      const body = await response.text();
      expect(body, path).not.toContain("There is no such API call.");
      if (call.auth === "bearer") expect(response.status, path).toBe(401);
      else expect(response.status, path).toBeLessThan(500);
      if (response.status >= 400) {
        expect(JSON.parse(body), path).toMatchObject({ error: { status: response.status } });
      }
    },
  );
});
