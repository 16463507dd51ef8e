// What the admin reads and does of the daily reconciliation (ADR 0089): the last runs, the
// differences nobody has looked into yet, and marking one as looked into.
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { reconciliationDifferences, reconciliationRuns } from "#db/schema";
import { dayToReconcile, utcDay } from "./reconciliation.server";
import { DAYS_ACCOUNTED } from "./reconciliation-words";

/** The last runs, newest day first. */
export async function listRuns(db: Database, limit = 14) {
  return db
    .select()
    .from(reconciliationRuns)
    .orderBy(desc(reconciliationRuns.day), asc(reconciliationRuns.provider))
    .limit(limit);
}

/**
 * The last `span` days the scheduled job should have checked at `now`, newest first, each with
 * its runs: a day without one was never checked, and says so (ADR 0099) — never "no difference".
 */
export function dayChecks<R extends { day: string }>(runs: readonly R[], now = Date.now(), span = DAYS_ACCOUNTED) {
  const last = Date.parse(`${dayToReconcile(now)}T00:00:00.000Z`);
  const days = Array.from({ length: span }, (_, back) => utcDay(last - back * 86_400_000));
  return days.map((day) => ({ day, runs: runs.filter((run) => run.day === day) }));
}

/** Differences shown at once, oldest first. */
export const OPEN_DIFFERENCES_SHOWN = 100;

/** The differences nobody has looked into yet, the oldest first, and how many there are. */
export async function listOpenDifferences(db: Database, limit = OPEN_DIFFERENCES_SHOWN) {
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: reconciliationDifferences.id,
        provider: reconciliationDifferences.provider,
        kind: reconciliationDifferences.kind,
        providerRef: reconciliationDifferences.providerRef,
        ledgerKind: reconciliationDifferences.ledgerKind,
        ourCents: reconciliationDifferences.ourCents,
        theirCents: reconciliationDifferences.theirCents,
        currency: reconciliationDifferences.currency,
        noticedAt: reconciliationDifferences.noticedAt,
        day: reconciliationRuns.day,
      })
      .from(reconciliationDifferences)
      .innerJoin(reconciliationRuns, eq(reconciliationRuns.id, reconciliationDifferences.runId))
      .where(isNull(reconciliationDifferences.resolvedAt))
      .orderBy(asc(reconciliationDifferences.noticedAt), asc(reconciliationDifferences.id))
      .limit(limit),
    db
      .select({ total: sql<number>`count(*)` })
      .from(reconciliationDifferences)
      .where(isNull(reconciliationDifferences.resolvedAt)),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

export const RECONCILIATION_MESSAGES = {
  resolved: "Marked as looked into.",
  already: "This difference was already marked as looked into.",
  notFound: "There is no such difference.",
} as const;

/**
 * The admin marks a difference as looked into: once (compare-and-set on its open state); a second
 * submit finds it done and changes nothing.
 */
export async function resolveDifference(db: Database, admin: { id: string }, differenceId: string, now = Date.now()) {
  const [resolved] = await db
    .update(reconciliationDifferences)
    .set({ resolvedAt: new Date(now), resolvedBy: admin.id })
    .where(and(eq(reconciliationDifferences.id, differenceId), isNull(reconciliationDifferences.resolvedAt)))
    .returning({ id: reconciliationDifferences.id });
  if (resolved) return { ok: true as const, resolved: true, message: RECONCILIATION_MESSAGES.resolved };
  const [existing] = await db
    .select({ id: reconciliationDifferences.id })
    .from(reconciliationDifferences)
    .where(eq(reconciliationDifferences.id, differenceId))
    .limit(1);
  return existing
    ? { ok: true as const, resolved: false, message: RECONCILIATION_MESSAGES.already }
    : { ok: false as const, status: 404 as const, message: RECONCILIATION_MESSAGES.notFound };
}
