// The Worker: the maintenance job on a schedule, notifications from the queue; for requests,
// security headers, the edge cache of public pages, a D1 session, same-origin forms, the REST API
// under /api, product photos, and React Router for the rest. (The bench runs it wrapped: bench/worker.ts.)

import { Hono } from "hono";
import { createRequestHandler, type ServerBuild } from "react-router";
import { getLoadContext } from "#app/load-context";
// @ts-expect-error -- the server build exists once `npm run build` has run.
import * as serverBuild from "../build/server/index.js";
import { api } from "./api";
import { d1Sessions } from "./d1-sessions";
import { edgeCache } from "./edge-cache";
import { serveImage } from "./images";
import { queue } from "./notifications-queue";
import { privateCache } from "./private-cache";
import { readBatches } from "./read-batches";
import { sameOriginForms } from "./same-origin";
import { scheduled } from "./scheduled";
import { securityHeaders } from "./security-headers";

const build = serverBuild as unknown as ServerBuild;
const handlePageRequest = createRequestHandler(build);

export const app = new Hono<{ Bindings: Env }>();

// Outside everything else (ADR 0037): a stored page keeps the headers it was stored with, its
// nonce traded for hashes, and a hit runs nothing below.
app.use("*", edgeCache(build.assets.version));
app.use("*", securityHeaders);
// Every request's queries in one D1 session (ADR 0038).
app.use("*", d1Sessions);
// Its reads of one turn in one D1 batch (ADR 0069).
app.use("*", readBatches);
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
    nonce: c.get("secureHeadersNonce"),
  });
  return handlePageRequest(request, loadContext);
});

// Requests go to the Hono app; the Cron Trigger's ticks to the maintenance job; the
// notification queue's batches to their consumer.
export default { fetch: app.fetch, scheduled, queue } satisfies ExportedHandler<Env>;
