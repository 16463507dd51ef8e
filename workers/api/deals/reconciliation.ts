// The daily reconciliation for programs (ADR 0089): the admin reads the last runs and the open
// differences between the ledger and the payment provider, and marks one as looked into (once; a
// repeat answers `resolved: false`). The rules are the domain's (app/domain/deals/reconciliation).
import { Hono } from "hono";
import {
  listOpenDifferences,
  listRuns,
  RECONCILIATION_MESSAGES,
  resolveDifference,
} from "#app/domain/deals/reconciliation/differences.server";
import { type Currency, toUnits } from "#app/domain/shared/money";
import { idSchema } from "#app/domain/shared/schemas";
import { type ApiEnv, appEnv, db, requireApiRole, requireBearer } from "../context";
import { apiError } from "../errors";

export const reconciliationApi = new Hono<ApiEnv>();

const adminOnly = [requireBearer, requireApiRole("admin")] as const;

const units = (cents: number | null, currency: Currency) => (cents === null ? null : toUnits(cents, currency));

/** The last runs, newest day first, and the differences nobody has looked into, oldest first. */
reconciliationApi.get("/platform/reconciliation", ...adminOnly, async (c) => {
  const [runs, open] = await Promise.all([listRuns(db(c)), listOpenDifferences(db(c))]);
  return c.json({
    runs: runs.map((run) => ({
      _id: run.id,
      provider: run.provider,
      day: run.day,
      status: run.status,
      checked: run.checked,
      differences: run.differences,
      lastError: run.lastError,
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
    })),
    differences: {
      total: open.total,
      open: open.rows.map((difference) => ({
        _id: difference.id,
        provider: difference.provider,
        day: difference.day,
        kind: difference.kind,
        providerRef: difference.providerRef,
        ledgerKind: difference.ledgerKind,
        ours: units(difference.ourCents, appEnv(c).currency),
        oursCents: difference.ourCents,
        theirs: units(difference.theirCents, appEnv(c).currency),
        theirsCents: difference.theirCents,
        currency: difference.currency,
        noticedAt: difference.noticedAt.toISOString(),
      })),
    },
  });
});

/** The admin marks a difference as looked into. */
reconciliationApi.post("/platform/reconciliation/differences/:id/resolve", ...adminOnly, async (c) => {
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", RECONCILIATION_MESSAGES.notFound);
  const result = await resolveDifference(db(c), c.get("user"), id.data);
  if (!result.ok) return apiError(c, 404, "not_found", result.message);
  return c.json({ resolved: result.resolved, message: result.message });
});
