import { describe, expect, it } from "vitest";
import { app } from "../../workers/app";
import { countingD1 } from "../../workers/d1-counter";
import { sessionCookieFor } from "./auth-helpers";
import { insertCategory, insertUser } from "./factories";
import { testEnv } from "./test-env";

const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

describe("the bench's D1 round-trip counter", () => {
  it("counts statements and batches, and still returns their results", async () => {
    const trips = { count: 0 };
    const db = countingD1(testEnv.DB, trips);
    expect(await db.prepare("select 1 as one").first()).toEqual({ one: 1 });
    const [a, b] = await db.batch([db.prepare("select 2 as two"), db.prepare("select ? as three").bind(3)]);
    expect(a!.results).toEqual([{ two: 2 }]);
    expect(b!.results).toEqual([{ three: 3 }]);
    expect(trips.count).toBe(2);
  });

  it("reports the round trips of a page load when enabled", async () => {
    await insertCategory({ title: "Camera" });
    const env = { ...testEnv, BENCH_COUNT_D1: "true" };
    const home = await app.request("https://pay.test/", {}, env, ctx);
    expect(home.headers.get("X-D1-Round-Trips")).toBe("1");
    const user = await insertUser();
    const signedIn = await app.request(
      "https://pay.test/products/camera",
      { headers: { Cookie: await sessionCookieFor(user.id) } },
      env,
      ctx,
    );
    expect(Number(signedIn.headers.get("X-D1-Round-Trips"))).toBeGreaterThanOrEqual(1);
    const plain = await app.request("https://pay.test/", {}, testEnv, ctx);
    expect(plain.headers.get("X-D1-Round-Trips")).toBeNull();
  });

  it("answers the bench's floor only when enabled, with the bytes asked for", async () => {
    const env = { ...testEnv, BENCH_COUNT_D1: "true" };
    const floor = await app.request("https://pay.test/__bench/floor?bytes=1000", {}, env, ctx);
    expect(floor.status).toBe(200);
    expect((await floor.text()).length).toBe(1000);
    const capped = await app.request("https://pay.test/__bench/floor?bytes=99999999", {}, env, ctx);
    expect((await capped.text()).length).toBe(256 * 1024);
    const plain = await app.request("https://pay.test/__bench/floor?bytes=1000", {}, testEnv, ctx);
    expect(plain.status).toBe(404);
  });
});
