// The bench's Worker (bench/worker.ts): the production Worker wrapped with a D1 round-trip
// counter and the floor. The production Worker itself knows nothing of either.
import { describe, expect, it } from "vitest";
import { countingD1, ROUND_TRIPS_HEADER } from "../../bench/d1-counter";
import { FLOOR_PATH } from "../../bench/floor";
import benchWorker from "../../bench/worker";
import { app } from "../../workers/app";
import { bumpVersion } from "../../workers/edge-cache";
import { sessionCookieFor } from "./auth-helpers";
import { insertCategory, insertUser } from "./factories";
import { countedRequest } from "./round-trips";
import { testEnv } from "./test-env";

const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
const bench = (path: string, init: RequestInit = {}, env: object = testEnv) =>
  countedRequest(`https://pay.test${path}`, init, env);

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

  it("counts what a session of the Sessions API sends", async () => {
    const trips = { count: 0 };
    const session = countingD1(testEnv.DB, trips).withSession("first-unconstrained");
    expect(await session.prepare("select 1 as one").first()).toEqual({ one: 1 });
    await session.batch([session.prepare("select 2"), session.prepare("select 3")]);
    expect(trips.count).toBe(2);
    expect(typeof session.getBookmark()).not.toBe("undefined");
  });

  it("reports the round trips of a page load, a stored page costing none", async () => {
    await insertCategory({ title: "Camera" });
    const home = await bench("/");
    expect(home.status).toBe(200);
    expect(home.headers.get(ROUND_TRIPS_HEADER)).toBe("1");
    const user = await insertUser();
    const signedIn = await bench("/products/camera", { headers: { Cookie: await sessionCookieFor(user.id) } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get(ROUND_TRIPS_HEADER)).toBe("1");

    // Through the edge cache: the render's count is the bench's, never part of the stored page.
    await bumpVersion();
    const cached = { ...testEnv, EDGE_CACHE: "on" };
    const miss = await bench("/about", {}, cached);
    expect(miss.headers.get("X-Cache")).toBe("MISS");
    const hit = await bench("/about", {}, cached);
    expect(hit.headers.get("X-Cache")).toBe("HIT");
    expect(hit.headers.get(ROUND_TRIPS_HEADER)).toBe("0");
  });

  it("counts only what asks for it: the loads it measures run the production Worker as it is", async () => {
    await insertCategory({ title: "Camera" });
    const request = new Request("https://pay.test/") as Request<unknown, IncomingRequestCfProperties>;
    const plain = await benchWorker.fetch(request, testEnv, ctx);
    expect(plain.status).toBe(200);
    expect(plain.headers.get(ROUND_TRIPS_HEADER)).toBeNull();
  });

  it("answers the floor with the bytes asked for, capped", async () => {
    const floor = await bench(`${FLOOR_PATH}?bytes=1000`);
    expect(floor.status).toBe(200);
    expect((await floor.text()).length).toBe(1000);
    const capped = await bench(`${FLOOR_PATH}?bytes=99999999`);
    expect((await capped.text()).length).toBe(256 * 1024);
  });

  it("is no part of the production Worker: no floor, no count", async () => {
    await insertCategory({ title: "Camera" });
    const floor = await app.request(`https://pay.test${FLOOR_PATH}?bytes=1000`, {}, testEnv, ctx);
    expect(floor.status).toBe(404);
    const home = await app.request("https://pay.test/", {}, testEnv, ctx);
    expect(home.status).toBe(200);
    expect(home.headers.get(ROUND_TRIPS_HEADER)).toBeNull();
  });
});
