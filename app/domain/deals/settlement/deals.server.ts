// A deal as its decisions see it, and a decision written: the deal's next state, its claim and
// its money movements in one D1 batch, only if nothing was decided since the deal was read
// (compare-and-set on its version). Two decisions read at the same moment: one is written, the
// other reads the deal again and decides on what it finds.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type Database, rowsChanged } from "#db/client";
import { OPEN_RETURN_STATES, type OperationOrigin, type ReturnState, type ShipmentStatus } from "#db/closed-lists";
import { intoColumns } from "#db/insert-select";
import { claims, dealOperations, deals, disputes, returns, shipments } from "#db/schema";
import { decidedSum } from "../ledger/sums.server";
import { selfTracked } from "../parcels/predicates";
import { sellerRemoved } from "../payouts/accounts.server";
import type { DealSnapshot, Plan } from "./plan";

/** Whether the payment has a chargeback still open (ADR 0081): nothing of it moves until the bank decides. */
export function disputeOpen(paymentId: SQL | SQLiteColumn): SQL {
  return sql`exists (select 1 from ${disputes} where ${disputes.paymentId} = ${paymentId} and ${disputes.closedAt} is null)`;
}

/**
 * Whether the deal's parcel is on its way and not shown delivered (ADR 0086): the protection
 * window starts at delivery, so nothing is released by itself before. A parcel its seller tracks
 * themselves is never shown delivered: its deal is due at a bound after sending instead (ADR 0092).
 */
export function awaitingDelivery(bookingId: SQL | SQLiteColumn): SQL {
  return sql`exists (select 1 from ${shipments} where ${shipments.bookingId} = ${bookingId}
    and ${shipments.status} != 'delivered' and not ${selfTracked()})`;
}

export type Deal = DealSnapshot & {
  bookingId: string;
  buyerId: string;
  sellerId: string;
  lastSeq: number;
};

/**
 * One deal as its decisions see them, picked by `where` (its booking and its buyer, its claim, …);
 * null when there is none. An ordinary read: the decision written after it carries the version it
 * read (`applyPlan`), so the read never needs to be in the write's batch.
 */
export async function findDeal(db: Database, where: SQL | undefined): Promise<Deal | null> {
  const [row] = await db
    .select({
      paymentId: deals.paymentId,
      bookingId: deals.bookingId,
      buyerId: deals.buyerId,
      sellerId: deals.sellerId,
      state: deals.state,
      version: deals.version,
      releaseDueAt: deals.releaseDueAt,
      charged: deals.amountCents,
      shipping: deals.shippingCents,
      // What is decided of the deal's money (the table of kinds over its operations).
      refunded: decidedSum("refunded"),
      fee: decidedSum("fee"),
      net: decidedSum("net"),
      label: decidedSum("label"),
      labelCost: sql<number>`coalesce((select ${shipments.labelCostCents} from ${shipments}
        where ${shipments.bookingId} = ${deals.bookingId} and ${shipments.labelRef} not like 'pending:%'), 0)`
        .mapWith(Number)
        .as("label_cost"),
      lastSeq: sql<number>`coalesce(max(${dealOperations.seq}), -1)`.mapWith(Number),
      claimId: claims.id,
      claimStatus: claims.status,
      returnId: returns.id,
      returnState: returns.state,
      sellerRemoved: sql<boolean>`${sellerRemoved(deals.sellerId)}`.mapWith(Boolean),
      disputed: sql<boolean>`${disputeOpen(deals.paymentId)}`.mapWith(Boolean),
      awaitingDelivery: sql<boolean>`${awaitingDelivery(deals.bookingId)}`.mapWith(Boolean),
      parcelStatus: sql<ShipmentStatus | null>`(select ${shipments.status} from ${shipments}
        where ${shipments.bookingId} = ${deals.bookingId})`.as("parcel_status"),
      parcelShipBy: sql<number | null>`(select ${shipments.shipBy} from ${shipments}
        where ${shipments.bookingId} = ${deals.bookingId})`.as("parcel_ship_by"),
      parcelLabelPending:
        sql<boolean>`exists (select 1 from ${shipments} where ${shipments.bookingId} = ${deals.bookingId}
        and ${shipments.status} = 'awaiting_shipment' and ${shipments.labelRef} is not null)`
          .mapWith(Boolean)
          .as("parcel_label_pending"),
      parcelSelfTracked: sql<boolean>`exists (select 1 from ${shipments}
        where ${shipments.bookingId} = ${deals.bookingId} and ${selfTracked()})`
        .mapWith(Boolean)
        .as("parcel_self_tracked"),
    })
    .from(deals)
    .leftJoin(dealOperations, eq(dealOperations.paymentId, deals.paymentId))
    .leftJoin(claims, eq(claims.paymentId, deals.paymentId))
    .leftJoin(returns, eq(returns.paymentId, deals.paymentId))
    .where(where)
    .groupBy(deals.paymentId, claims.id, returns.id)
    .limit(1);
  if (!row) return null;
  return {
    paymentId: row.paymentId,
    bookingId: row.bookingId,
    buyerId: row.buyerId,
    sellerId: row.sellerId,
    state: row.state,
    version: row.version,
    releaseDueAt: row.releaseDueAt,
    lastSeq: row.lastSeq,
    totals: {
      charged: row.charged,
      shipping: row.shipping,
      refunded: row.refunded,
      fee: row.fee,
      net: row.net,
      label: row.label,
      labelCost: row.labelCost,
    },
    claim: row.claimId && row.claimStatus ? { id: row.claimId, status: row.claimStatus } : null,
    return:
      row.returnId && row.returnState
        ? { id: row.returnId, state: row.returnState, open: isOpenReturnState(row.returnState) }
        : null,
    sellerRemoved: row.sellerRemoved,
    disputed: row.disputed,
    awaitingDelivery: row.awaitingDelivery,
    parcel: row.parcelStatus
      ? {
          status: row.parcelStatus,
          shipBy: row.parcelShipBy === null ? null : new Date(Number(row.parcelShipBy)),
          labelBeingBought: row.parcelLabelPending,
          selfTracked: row.parcelSelfTracked,
        }
      : null,
  };
}

const isOpenReturnState = (state: ReturnState) => (OPEN_RETURN_STATES as readonly ReturnState[]).includes(state);

/** Whether the deal has a return still open (ADR 0107): nothing of it is released meanwhile. */
export function returnOpen(paymentId: SQL | SQLiteColumn): SQL {
  return sql`exists (select 1 from ${returns} where ${returns.paymentId} = ${paymentId}
    and ${returns.state} in (${sql.join(
      OPEN_RETURN_STATES.map((state) => sql`${state}`),
      sql`, `,
    )}))`;
}

export interface DecisionContext {
  origin: OperationOrigin;
  now: number;
  /** The admin deciding a claim, and their note to both parties. */
  decidedBy?: string;
  note?: string | null;
}

/**
 * Writes a plan for the deal as it was read: true when written, false when another decision came
 * first (the caller reads the deal again). The operations and the claim's change are written only
 * with the deal's new version, in the same transaction.
 */
export async function applyPlan(db: Database, deal: Deal, plan: Plan, context: DecisionContext): Promise<boolean> {
  const key = crypto.randomUUID();
  const now = context.now;
  const decided = sql`exists (select 1 from ${deals} where ${deals.paymentId} = ${deal.paymentId} and ${deals.decisionKey} = ${key})`;
  const operations = plan.operations.map((operation, index) =>
    db.insert(dealOperations).select(
      db
        .select(
          intoColumns(dealOperations, {
            id: sql`${crypto.randomUUID()}`,
            paymentId: deals.paymentId,
            seq: sql`${deal.lastSeq + 1 + index}`,
            kind: sql`${operation.kind}`,
            origin: sql`${context.origin}`,
            claimId: sql`${plan.claim && deal.claim ? deal.claim.id : null}`,
            amountCents: sql`${operation.amountCents}`,
            feeCents: sql`${operation.feeCents}`,
            reversalCents: sql`${operation.kind === "refund" ? operation.reversalCents : 0}`,
            labelCents: sql`${operation.labelCents ?? 0}`,
            externalRef: sql`${operation.kind === "refund" ? (operation.externalRef ?? null) : null}`,
            status: sql`'pending'`,
            attempts: sql`0`,
            nextAttemptAt: sql`${now}`,
            lastError: sql`null`,
            createdAt: sql`${now}`,
            completedAt: sql`null`,
          }),
        )
        .from(deals)
        .where(and(eq(deals.paymentId, deal.paymentId), eq(deals.decisionKey, key))),
    ),
  );
  const claim = plan.claim && deal.claim ? plan.claim : null;
  const returnMove = plan.return && deal.return ? { ...plan.return, id: deal.return.id } : null;
  const returnUpdate = returnMove
    ? [
        db
          .update(returns)
          .set({
            state: returnMove.to,
            outcome: returnMove.outcome,
            refundCents: returnMove.refundCents,
            decisionNote: context.note ?? null,
            decidedBy: context.decidedBy ?? null,
            closedAt: new Date(now),
            updatedAt: new Date(now),
            version: sql`${returns.version} + 1`,
          })
          .where(and(eq(returns.id, returnMove.id), eq(returns.state, returnMove.from), decided)),
      ]
    : [];
  const claimUpdate = claim
    ? [
        db
          .update(claims)
          .set({
            status: "decided",
            outcome: claim.outcome,
            refundCents: claim.refundCents,
            decisionNote: context.note ?? null,
            decidedBy: context.decidedBy ?? null,
            decidedAt: new Date(now),
          })
          .where(and(eq(claims.id, deal.claim!.id), eq(claims.status, "open"), decided)),
      ]
    : [];
  const [written] = await db.batch([
    db
      .update(deals)
      .set({
        state: plan.state,
        version: deal.version + 1,
        decisionKey: key,
        releasedAt: sql`case when ${plan.state} = 'released' then coalesce(${deals.releasedAt}, ${now}) else ${deals.releasedAt} end`,
        refundedAt: sql`case when ${plan.state} = 'refunded' then coalesce(${deals.refundedAt}, ${now}) else ${deals.refundedAt} end`,
      })
      .where(
        and(
          eq(deals.paymentId, deal.paymentId),
          eq(deals.version, deal.version),
          // A parcel cancelled unsent: only while it is still unsent (a tracking number saved first wins).
          plan.cancelsShipment
            ? sql`exists (select 1 from ${shipments} where ${shipments.bookingId} = ${deals.bookingId}
                and ${shipments.status} = 'awaiting_shipment' and ${shipments.labelRef} is null)`
            : undefined,
          // A return's step: only from the state it was planned in (a double submit moves it once).
          returnMove
            ? sql`exists (select 1 from ${returns} where ${returns.id} = ${returnMove.id}
                and ${returns.state} = ${returnMove.from})`
            : undefined,
        ),
      ),
    ...claimUpdate,
    ...returnUpdate,
    ...operations,
    ...(plan.cancelsShipment
      ? [
          db
            .update(shipments)
            .set({ status: "cancelled", version: sql`${shipments.version} + 1`, updatedAt: new Date(now) })
            .where(and(eq(shipments.bookingId, deal.bookingId), eq(shipments.status, "awaiting_shipment"), decided)),
        ]
      : []),
  ]);
  return rowsChanged(written) === 1;
}

/** A change of the deal that moves no money (a claim opened) still moves its version on. */
export function bumpVersionStatement(db: Database, paymentId: string | SQL) {
  return db
    .update(deals)
    .set({ version: sql`${deals.version} + 1` })
    .where(eq(deals.paymentId, paymentId));
}
