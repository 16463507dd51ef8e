// For the bench only (BENCH_COUNT_D1=true; never set in production): `GET /__bench/floor?bytes=N`
// answers N bytes of a constant text with nothing else run. It is the least any answer of the
// Worker costs, to set beside a static file (served without the Worker) and the edge cache's hits.
import { createMiddleware } from "hono/factory";

const MAX_BYTES = 256 * 1024;
let last = { bytes: 0, body: "" };

export const benchFloor = createMiddleware<{ Bindings: Env }>(async (c, next) => {
  if ((c.env as { BENCH_COUNT_D1?: string }).BENCH_COUNT_D1 !== "true" || c.req.path !== "/__bench/floor") {
    return next();
  }
  const bytes = Math.min(MAX_BYTES, Math.max(0, Number.parseInt(c.req.query("bytes") ?? "", 10) || 0));
  if (last.bytes !== bytes) last = { bytes, body: "x".repeat(bytes) };
  return new Response(last.body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
});
