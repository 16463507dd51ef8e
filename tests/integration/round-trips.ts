// D1 round trips of one request, as the bench counts them: through the bench's wrapper of the
// production Worker (bench/worker.ts).
import { COUNT_REQUEST_HEADER, ROUND_TRIPS_HEADER } from "../../bench/d1-counter";
import benchWorker from "../../bench/worker";
import { testEnv } from "./test-env";

const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

/** The Worker's answer to a request, counted by the bench's Worker. */
export function countedRequest(url: string, init: RequestInit = {}, env: object = testEnv): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set(COUNT_REQUEST_HEADER, "1");
  const request = new Request(url, { ...init, headers }) as Request<unknown, IncomingRequestCfProperties>;
  // Without the column check of batched reads, whose look-ups of column names would be counted.
  return benchWorker.fetch(request, { ...env, D1_BATCH_CHECK: "off" } as unknown as Env, ctx);
}

/** The round trips the answer reports (NaN when it reports none). */
export const roundTripsOf = (response: Response) => Number(response.headers.get(ROUND_TRIPS_HEADER) ?? Number.NaN);
