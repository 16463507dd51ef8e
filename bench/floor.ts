// For the bench only (bench/worker.ts): `GET /__bench/floor?bytes=N` answers N bytes of constant
// text and runs nothing else: the least any answer of the Worker costs, set beside a static file
// (served without the Worker) and the edge cache's hits.

export const FLOOR_PATH = "/__bench/floor";
const MAX_BYTES = 256 * 1024;

let last = { bytes: 0, body: "" };

export function floorResponse(url: URL): Response {
  const asked = Number.parseInt(url.searchParams.get("bytes") ?? "", 10) || 0;
  const bytes = Math.min(MAX_BYTES, Math.max(0, asked));
  if (last.bytes !== bytes) last = { bytes, body: "x".repeat(bytes) };
  return new Response(last.body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}
