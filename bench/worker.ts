// The Worker as `npm run bench` serves it (`wrangler dev bench/worker.ts`): the production Worker,
// wrapped. Nothing here is part of the deployed Worker (`wrangler deploy` bundles workers/app.ts;
// a lint rule keeps workers/ from importing the bench, and `npm run size` checks the bundle).
// - `GET /__bench/floor` answers the Worker's floor (bench/floor.ts);
// - a request that asks for it (`X-Bench-Count-D1: 1`) runs the production Worker with a D1
//   binding that counts what it sends to the database (its sessions included), and the count
//   goes out as `X-D1-Round-Trips`;
// - every other request (the loads the bench measures) goes to the production Worker as it is.
import { withDatabase } from "#app/server/env.server";
import worker from "../workers/app";
import { COUNT_REQUEST_HEADER, countingD1, ROUND_TRIPS_HEADER, type RoundTrips } from "./d1-counter";
import { FLOOR_PATH, floorResponse } from "./floor";

export default {
  ...worker,
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === FLOOR_PATH) return floorResponse(url);
    if (!request.headers.has(COUNT_REQUEST_HEADER)) return worker.fetch(request, env, ctx);
    const trips: RoundTrips = { count: 0 };
    const headers = new Headers(request.headers);
    headers.delete(COUNT_REQUEST_HEADER);
    const plain = new Request(request, { headers });
    const response = await worker.fetch(plain, withDatabase(env, countingD1(env.DB, trips)), ctx);
    // The headers of a response may be immutable (one from the Cache API): a copy carries the count.
    const counted = new Response(response.body, response);
    counted.headers.set(ROUND_TRIPS_HEADER, String(trips.count));
    return counted;
  },
} satisfies ExportedHandler<Env>;
