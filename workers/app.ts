// The Worker: the maintenance job on a schedule, notifications from the queue; for requests,
// security headers, the edge cache of public pages, a D1 session, same-origin forms, the REST API
// under /api, product photos, and
// Remix for the rest.
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { Hono } from "hono";
import { getLoadContext } from "#app/load-context";
import { withDatabase } from "#app/server/env.server";
// @ts-expect-error -- the server build exists once `npm run build` has run.
import * as serverBuild from "../build/server/index.js";
import { api } from "./api";
import { benchFloor } from "./bench-floor";
import { countingD1, type RoundTrips } from "./d1-counter";
import { d1Sessions } from "./d1-sessions";
import { edgeCache } from "./edge-cache";
import { serveImage } from "./images";
import { queue } from "./notifications-queue";
import { privateCache } from "./private-cache";
import { sameOriginForms } from "./same-origin";
import { scheduled } from "./scheduled";
import { securityHeaders, type WorkerVariables } from "./security-headers";

const build = serverBuild as unknown as ServerBuild;
const handleRemixRequest = createRequestHandler(build);

export const app = new Hono<{ Bindings: Env; Variables: WorkerVariables }>();

// The bench's floor: what any answer of the Worker costs (BENCH_COUNT_D1=true only).
app.use("*", benchFloor);
app.use("*", securityHeaders);
// Inside the security headers (which keep the hashed policy of a cached page), outside everything
// that reads the database or the cookies (ADR 0037).
app.use("*", edgeCache(build.assets.version));
// Every request's queries in one D1 session (ADR 0038); the bench's counter wraps that session.
app.use("*", d1Sessions);

// The bench counts D1 round trips per request (BENCH_COUNT_D1=true); never set in production.
app.use("*", async (c, next) => {
  if ((c.env as { BENCH_COUNT_D1?: string }).BENCH_COUNT_D1 !== "true") return next();
  const trips: RoundTrips = { count: 0 };
  c.env = withDatabase(c.env, countingD1(c.env.DB, trips));
  await next();
  c.res.headers.set("X-D1-Round-Trips", String(trips.count));
});
app.use("*", sameOriginForms);
app.use("*", privateCache);
app.route("/api", api);
app.get("/images/:key", serveImage);
app.all("*", (c) => {
  const request = c.req.raw;
  const cloudflare = {
    env: c.env,
    ctx: c.executionCtx as unknown as ExecutionContext,
    cf: (request as { cf?: IncomingRequestCfProperties }).cf ?? ({} as IncomingRequestCfProperties),
    caches: caches as unknown as CacheStorage,
  };
  const loadContext = getLoadContext({
    request,
    context: { cloudflare: cloudflare as never },
    nonce: c.get("nonce")(),
  });
  return handleRemixRequest(request, loadContext);
});

// Requests go to the Hono app; the Cron Trigger's ticks to the maintenance job; the
// notification queue's batches to their consumer.
export default { fetch: app.fetch, scheduled, queue } satisfies ExportedHandler<Env>;
