// Every request's reads of one turn in one D1 batch (db/read-batcher.ts, ADR 0069): the request's
// D1 binding (its Sessions API session, ADR 0038) is wrapped once, so the domain's reads stay
// ordinary async functions and a page's loaders still cost one round trip.
import { createMiddleware } from "hono/factory";
import { withDatabase } from "#app/server/env.server";
import { batchingReads } from "#db/read-batcher";

export const readBatches = createMiddleware<{ Bindings: Env }>(async (c, next) => {
  // The integration tests set D1_BATCH_CHECK: a batched read whose columns share a name fails.
  const checkColumns = (c.env as { D1_BATCH_CHECK?: string }).D1_BATCH_CHECK === "on";
  c.env = withDatabase(c.env, batchingReads(c.env.DB, { checkColumns }));
  await next();
});
