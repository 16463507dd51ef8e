// The offline test provider's own record of the money it moved (ADR 0089): one row per movement,
// named by the id the provider gave it, written by the provider when it makes the movement (a
// charge of the test card, a transfer, a refund, a reversal, a payout), not by the ledger. The
// daily reconciliation reads it as it reads Stripe's balance transactions.
import { and, asc, eq, gt, gte, inArray, lt, or, sql } from "drizzle-orm";
import type { Database } from "#db/client";
import { testProviderMovements } from "#db/schema";
import { type ProviderRecord, type ProviderRecords, RECONCILED_KINDS, type ReconciledKind } from "../providers/types";

/**
 * The provider's record of one movement; a retried movement has the same id and is the same
 * movement, recorded once. Its time is the provider's clock, the Worker's (the ledger's too).
 */
export function recordTestMovement(
  db: Database,
  movement: { ref: string; kind: ReconciledKind; amountCents: number; currency: string },
) {
  return db
    .insert(testProviderMovements)
    .values({
      providerRef: movement.ref,
      kind: movement.kind,
      amountCents: movement.amountCents,
      currency: movement.currency,
      createdAt: new Date(),
    })
    .onConflictDoNothing();
}

const recordOf = (row: typeof testProviderMovements.$inferSelect): ProviderRecord => ({
  ref: row.providerRef,
  kind: row.kind as ReconciledKind,
  amountCents: row.amountCents,
  currency: row.currency,
});

/** "1764288000000:test_ab12…": after this movement, in the order of (created_at, provider_ref). */
function parseCursor(cursor: string | null) {
  if (!cursor) return null;
  const at = cursor.indexOf(":");
  return { createdAt: new Date(Number(cursor.slice(0, at))), ref: cursor.slice(at + 1) };
}

export function testProviderRecords(db: Database): ProviderRecords {
  return {
    kinds: RECONCILED_KINDS,
    async list(day, cursor, limit) {
      const after = parseCursor(cursor);
      const rows = await db
        .select()
        .from(testProviderMovements)
        .where(
          and(
            gte(testProviderMovements.createdAt, new Date(day.from)),
            lt(testProviderMovements.createdAt, new Date(day.to)),
            inArray(testProviderMovements.kind, [...RECONCILED_KINDS]),
            after
              ? or(
                  gt(testProviderMovements.createdAt, after.createdAt),
                  and(
                    eq(testProviderMovements.createdAt, after.createdAt),
                    gt(testProviderMovements.providerRef, after.ref),
                  ),
                )
              : undefined,
          ),
        )
        .orderBy(asc(testProviderMovements.createdAt), asc(testProviderMovements.providerRef))
        .limit(limit);
      const last = rows.at(-1);
      return {
        records: rows.map(recordOf),
        next: rows.length === limit && last ? `${last.createdAt.getTime()}:${last.providerRef}` : null,
      };
    },
    async find(movements) {
      if (movements.length === 0) return [];
      // One bound parameter however many ids (D1 binds at most 100 per statement).
      const refs = JSON.stringify([...new Set(movements.map((movement) => movement.ref))]);
      const rows = await db
        .select()
        .from(testProviderMovements)
        .where(sql`${testProviderMovements.providerRef} in (select value from json_each(${refs}))`);
      return rows.map(recordOf);
    },
  };
}
