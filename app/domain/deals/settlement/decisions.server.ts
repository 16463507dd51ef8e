// The decisions about a deal's money, each written exactly once however many arrive together
// (ten confirmations, a confirmation and the scheduled job, an admin and the buyer): read the
// deal, plan with the state machine (plan.ts), write with a compare-and-set; a decision that lost
// the race reads the deal again and decides on what it finds. The movements decided are then
// carried out (operations.server.ts); what cannot be made now is retried by the scheduled job.

import { and, asc, eq, inArray, lte, not, notExists, sql } from "drizzle-orm";
import type { SessionUser } from "#app/domain/accounts/sessions.server";
import { feeRuleOf, type PaymentSettings } from "#app/domain/deals/providers/settings";
import type { PaymentProvider } from "#app/domain/deals/providers/types";
import { formatMoment } from "#app/domain/shared/dates";
import type { DomainEvent } from "#app/domain/shared/events";
import { currencyOf, moneyFormatter } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import type { ReturnState } from "#db/closed-lists";
import { isUniqueViolation } from "#db/errors";
import { bookings, claims, dealOperations, deals, ledgerEntries, payments, products, users } from "#db/schema";
import { REFUND_KINDS } from "../ledger/kinds";
import { sellerRemoved } from "../payouts/accounts.server";
import {
  applyPlan,
  awaitingDelivery,
  type Deal,
  type DecisionContext,
  disputeOpen,
  findDeal,
  returnOpen,
} from "./deals.server";
import { settleDeal } from "./operations.server";
import {
  type ClaimDecision,
  type Planned,
  planAutoRelease,
  planClaimDecision,
  planConfirmation,
  planProviderRefund,
  planRemovedSellerRefund,
  planReturnDecision,
  planUnshippedCancel,
  releaseNet,
  SETTLEMENT_MESSAGES,
} from "./plan";

export { SETTLEMENT_MESSAGES };

/** More than enough for every decision that can race one deal (the buyer, the job, an admin, webhooks). */
const MAX_ATTEMPTS = 10;

export const DEAL_MESSAGES = {
  notFound: "There is no such paid order.",
  claimNotFound: "There is no such claim.",
} as const;

export type DecisionResult =
  | { ok: true; decided: boolean; message: string; deal: Deal; events: DomainEvent[] }
  | { ok: false; status: 404 | 409 | 422; message: string };

type Settlement = Pick<PaymentSettings, "PLATFORM_FEE_PERCENT" | "PLATFORM_FEE_FIXED_CENTS" | "PAYMENT_CURRENCY">;

/**
 * Reads the deal, plans, writes; again from the start when another decision was written in
 * between. Then carries out what was decided (and anything still pending of the deal).
 */
async function decide(
  db: Database,
  provider: PaymentProvider,
  find: () => Promise<Deal | null>,
  planFor: (deal: Deal) => Planned,
  context: DecisionContext & { success: string; notFound: string; claimEvent?: "claim_decided" },
): Promise<DecisionResult> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const deal = await find();
    if (!deal) return { ok: false, status: 404, message: context.notFound };
    const planned = planFor(deal);
    if (!planned.ok) return planned;
    if (!planned.plan) return { ok: true, decided: false, message: planned.message, deal, events: [] };
    if (!(await applyPlan(db, deal, planned.plan, context))) continue;
    const events: DomainEvent[] =
      context.claimEvent && deal.claim ? [{ kind: context.claimEvent, claimId: deal.claim.id }] : [];
    events.push(...(await settleDeal(db, provider, deal.paymentId, context.now)));
    return { ok: true, decided: true, message: context.success, deal, events };
  }
  throw new Error("A deal kept changing while a decision was being written");
}

/** The deal of a buyer's own paid booking; anyone else's is not found. */
const buyersDeal = (db: Database, buyerId: string, bookingId: string) => () =>
  findDeal(db, and(eq(deals.bookingId, bookingId), eq(deals.buyerId, buyerId)));

/**
 * The buyer's "I received it as described": a held payment is released to the seller, once the
 * item reached the buyer and while no claim or dispute is open (ADR 0098; refused with a 409 and
 * the reason otherwise). A repeat, or a confirmation racing the scheduled job, releases nothing
 * twice.
 */
export function confirmReceipt(
  db: Database,
  provider: PaymentProvider,
  settings: Settlement,
  buyer: Pick<SessionUser, "id">,
  bookingId: string,
  now = Date.now(),
): Promise<DecisionResult> {
  const rule = feeRuleOf(settings);
  return decide(db, provider, buyersDeal(db, buyer.id, bookingId), (deal) => planConfirmation(deal, rule), {
    origin: "buyer_confirmed",
    now,
    success: SETTLEMENT_MESSAGES.confirmed,
    notFound: DEAL_MESSAGES.notFound,
  });
}

/** What the buyer is asked before confirming: who is paid, and how much, if they confirm now. */
export type ConfirmationQuestion =
  | { ok: true; bookingId: string; productName: string; sellerName: string; sellerReceivesCents: number }
  | { ok: false; status: 404 | 409 | 422; message: string };

/**
 * The question "I received it as described" asks first ("This pays <seller> <amount> now and
 * ends your buyer protection"), planned by the same rule as the confirmation: a deal that could
 * not be confirmed now gets the confirmation's refusal instead.
 */
export async function confirmationQuestion(
  db: Database,
  settings: Settlement,
  buyer: Pick<SessionUser, "id">,
  bookingId: string,
): Promise<ConfirmationQuestion> {
  const deal = await buyersDeal(db, buyer.id, bookingId)();
  if (!deal) return { ok: false, status: 404, message: DEAL_MESSAGES.notFound };
  const rule = feeRuleOf(settings);
  const planned = planConfirmation(deal, rule);
  if (!planned.ok) return planned;
  if (!planned.plan) return { ok: false, status: 409, message: planned.message };
  const [names] = await db
    .select({ seller: users.name, product: products.name })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(users, eq(users.id, deal.sellerId))
    .where(eq(bookings.id, deal.bookingId))
    .limit(1);
  return {
    ok: true,
    bookingId: deal.bookingId,
    productName: names?.product ?? "",
    sellerName: names?.seller || "the seller",
    sellerReceivesCents: releaseNet(deal, rule),
  };
}

/**
 * Held deals whose protection window has ended at `now` with no open claim, oldest first; a
 * removed seller's deals wait for the admin instead.
 */
export async function dueDeals(db: Database, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ paymentId: deals.paymentId })
    .from(deals)
    .where(
      and(
        eq(deals.state, "held"),
        lte(deals.releaseDueAt, new Date(now)),
        not(sellerRemoved(deals.sellerId)),
        not(disputeOpen(deals.paymentId)),
        // An open return stops the window (ADR 0107).
        not(returnOpen(deals.paymentId)),
        // A parcel not shown delivered has not started its window (ADR 0086).
        not(awaitingDelivery(deals.bookingId)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(claims)
            .where(and(eq(claims.paymentId, deals.paymentId), eq(claims.status, "open"))),
        ),
      ),
    )
    .orderBy(asc(deals.releaseDueAt))
    .limit(limit);
  return rows.map((row) => row.paymentId);
}

/** The scheduled job's release of one deal whose window has ended (nothing if it changed meanwhile). */
export function releaseDueDeal(
  db: Database,
  provider: PaymentProvider,
  settings: Settlement,
  paymentId: string,
  now: number,
): Promise<DecisionResult> {
  const rule = feeRuleOf(settings);
  return decide(
    db,
    provider,
    () => findDeal(db, eq(deals.paymentId, paymentId)),
    (deal) => planAutoRelease(deal, rule, now),
    {
      origin: "auto_release",
      now,
      success: "Released at the end of the protection window.",
      notFound: DEAL_MESSAGES.notFound,
    },
  );
}

/** The admin's decision on an open claim: release, or refund in full or in part. */
export function decideClaim(
  db: Database,
  provider: PaymentProvider,
  settings: Settlement,
  admin: Pick<SessionUser, "id">,
  claimId: string,
  decision: ClaimDecision,
  note: string | null,
  now = Date.now(),
): Promise<DecisionResult> {
  const rule = feeRuleOf(settings);
  return decide(
    db,
    provider,
    () =>
      findDeal(
        db,
        eq(deals.paymentId, sql`(select ${claims.paymentId} from ${claims} where ${claims.id} = ${claimId})`),
      ),
    (deal) => planClaimDecision(deal, decision, rule, moneyFormatter(currencyOf(settings.PAYMENT_CURRENCY))),
    {
      origin: "claim_decision",
      now,
      decidedBy: admin.id,
      note,
      success: "The claim is decided.",
      notFound: DEAL_MESSAGES.claimNotFound,
      claimEvent: "claim_decided",
    },
  );
}

/**
 * A return's step that moves the deal's money (ADR 0107): the refund once the item is back, a
 * part for the buyer to keep it, or the admin's decision; the return moves from `from` to `to` in
 * the same batch as the deal, or neither does.
 */
export function decideReturnMove(
  db: Database,
  provider: PaymentProvider,
  settings: Settlement,
  paymentId: string,
  move: { from: ReturnState; to: ReturnState },
  decision: ClaimDecision,
  context: {
    origin: "return_received" | "return_partial" | "return_decision";
    now: number;
    success: string;
    decidedBy?: string;
    note?: string | null;
    /** A change of mind's label, taken from the refund. */
    returnLabelCents?: number;
  },
): Promise<DecisionResult> {
  const rule = feeRuleOf(settings);
  const format = moneyFormatter(currencyOf(settings.PAYMENT_CURRENCY));
  return decide(
    db,
    provider,
    () => findDeal(db, eq(deals.paymentId, paymentId)),
    (deal) => planReturnDecision(deal, move, decision, rule, format, context.returnLabelCents ?? 0),
    {
      origin: context.origin,
      now: context.now,
      ...(context.decidedBy ? { decidedBy: context.decidedBy } : {}),
      note: context.note ?? null,
      success: context.success,
      notFound: DEAL_MESSAGES.notFound,
    },
  );
}

/**
 * The admin refunds in full a held payment whose seller was removed (the Claims page's
 * "Paid orders of removed sellers", `POST /api/bookings/:id/refund`); the deal is picked by its
 * booking. Once however often it is sent.
 */
export function refundForRemovedSeller(
  db: Database,
  provider: PaymentProvider,
  admin: Pick<SessionUser, "id">,
  bookingId: string,
  now = Date.now(),
): Promise<DecisionResult> {
  return decide(
    db,
    provider,
    () => findDeal(db, eq(deals.bookingId, bookingId)),
    (deal) => planRemovedSellerRefund(deal),
    {
      origin: "claim_decision",
      now,
      decidedBy: admin.id,
      note: null,
      success: SETTLEMENT_MESSAGES.refundedForRemovedSeller,
      notFound: DEAL_MESSAGES.notFound,
      claimEvent: "claim_decided",
    },
  );
}

/**
 * A refund the provider reports that we did not make (Stripe's Dashboard): recorded once (its id
 * is unique among the operations), with the seller's share taken back after a release.
 */
export async function recordProviderRefund(
  db: Database,
  provider: PaymentProvider,
  settings: Settlement,
  refund: {
    transactionId: string;
    refundRef: string;
    amountCents: number;
    /** A chargeback lost: given back up to what is left, never refused (planProviderRefund). */
    chargebackLost?: boolean;
  },
  now = Date.now(),
): Promise<DecisionResult> {
  const rule = feeRuleOf(settings);
  const find = () =>
    findDeal(
      db,
      eq(
        deals.paymentId,
        sql`(select ${payments.id} from ${payments} where ${payments.provider} = ${provider.name}
          and ${payments.transactionId} = ${refund.transactionId})`,
      ),
    );
  // Recorded already (an event delivered again), or a refund of ours: nothing to decide.
  const [known] = await db
    .batch([
      db
        .select({ id: dealOperations.id })
        .from(dealOperations)
        .where(eq(dealOperations.externalRef, refund.refundRef))
        .limit(1),
      db
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.provider, provider.name),
            inArray(ledgerEntries.kind, REFUND_KINDS),
            eq(ledgerEntries.providerRef, refund.refundRef),
          ),
        )
        .limit(1),
    ])
    .then(([operations, entries]) => [operations.length + entries.length > 0]);
  const recorded = async (): Promise<DecisionResult> => {
    const deal = await find();
    if (!deal) return { ok: false, status: 404, message: DEAL_MESSAGES.notFound };
    return { ok: true, decided: false, message: "The refund was recorded already.", deal, events: [] };
  };
  if (known) return recorded();
  try {
    return await decide(
      db,
      provider,
      find,
      (deal) =>
        planProviderRefund(
          deal,
          refund.refundRef,
          refund.amountCents,
          rule,
          moneyFormatter(currencyOf(settings.PAYMENT_CURRENCY)),
          {
            upToWhatIsLeft: refund.chargebackLost ?? false,
          },
        ),
      {
        origin: refund.chargebackLost ? "chargeback_lost" : "provider_refund",
        now,
        success: "The refund is recorded.",
        notFound: DEAL_MESSAGES.notFound,
      },
    );
  } catch (error) {
    // The same refund recorded by a concurrent delivery of the event: its unique id held.
    if (isUniqueViolation(error)) return recorded();
    throw error;
  }
}

/**
 * A shipped deal cancelled because its parcel was not sent in time (ADR 0086): by its buyer once
 * the ship-by date has passed, or by the scheduled job AUTO_CANCEL_DAYS later. The buyer gets
 * everything back; racing the seller's tracking, exactly one of the two is written.
 */
export async function cancelUnshipped(
  db: Database,
  provider: PaymentProvider,
  by: { buyerId: string } | "job",
  bookingId: string,
  now = Date.now(),
  formatDate: (date: Date) => string = (date) => formatMoment(date) ?? date.toISOString(),
): Promise<DecisionResult> {
  const find =
    by === "job" ? () => findDeal(db, eq(deals.bookingId, bookingId)) : buyersDeal(db, by.buyerId, bookingId);
  const result = await decide(
    db,
    provider,
    find,
    (deal) => planUnshippedCancel(deal, by === "job" ? "job" : "buyer", now, formatDate),
    {
      origin: "not_shipped",
      now,
      success: SETTLEMENT_MESSAGES.notShipped,
      notFound: DEAL_MESSAGES.notFound,
      claimEvent: "claim_decided",
    },
  );
  if (result.ok && result.decided) result.events.unshift({ kind: "unshipped_cancelled", bookingId });
  return result;
}
