/** A cheap round trip that proves D1 answers. */
export async function checkDatabase(d1: D1Database): Promise<{ ok: boolean; latencyMs: number }> {
  const started = Date.now();
  try {
    const row = await d1.prepare("select 1 as ok").first<{ ok: number }>();
    return { ok: row?.ok === 1, latencyMs: Date.now() - started };
  } catch {
    return { ok: false, latencyMs: Date.now() - started };
  }
}
