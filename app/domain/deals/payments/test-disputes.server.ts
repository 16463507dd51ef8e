// The offline provider's labelled test controls for chargebacks (ADR 0081): the buyer's bank
// disputes a paid order, and decides it, as Stripe would report it. They read what the report
// says from the database and hand it, as Stripe's events are, to the rule that applies it
// (settlement's `recordDispute`, passed in: this adapter never imports settlement, ADR 0096).
// Refused with any other provider.
import { and, eq } from "drizzle-orm";
import * as z from "zod";
import type { Database } from "#db/client";
import { deals, disputes, payments } from "#db/schema";
import { DISPUTE_MESSAGES, type DisputeResult } from "../providers/dispute-messages";
import type { DisputeRecorded, PaymentProvider, ReportedDispute } from "../providers/types";

/** Applies a reported dispute: settlement's rule, given by the caller. */
export type ApplyDispute = (report: ReportedDispute) => Promise<DisputeRecorded>;

/** The test control's decision, from a form or a JSON body. */
export const testDisputeDecisionSchema = z.object({
  outcome: z.enum(["won", "lost"], { error: "outcome must be won or lost." }),
});

/** The offline provider's dispute fee, as Stripe's in the United States. */
export const TEST_DISPUTE_FEE_CENTS = 1_500;

/**
 * The offline provider's labelled test control (ADR 0081): the buyer's bank disputes the buyer's
 * own paid order, as Stripe would report it. Refused with any other provider.
 */
export async function openTestDispute(
  db: Database,
  provider: PaymentProvider,
  apply: ApplyDispute,
  buyerId: string,
  bookingId: string,
  now = Date.now(),
): Promise<DisputeResult> {
  if (!provider.testMode) return { ok: false, status: 409, message: DISPUTE_MESSAGES.testOnly };
  const [payment] = await db
    .select({
      id: payments.id,
      transactionId: payments.transactionId,
      amountCents: payments.amountCents,
      currency: deals.currency,
    })
    .from(payments)
    .innerJoin(deals, eq(deals.paymentId, payments.id))
    .where(and(eq(payments.bookingId, bookingId), eq(payments.buyerId, buyerId), eq(payments.provider, "test")))
    .limit(1);
  if (!payment) return { ok: false, status: 404, message: DISPUTE_MESSAGES.noPayment };
  const recorded = await apply({
    provider: "test",
    // One dispute per payment, as a card's bank opens one per charge.
    disputeId: `dp_test_${payment.id.replace(/-/g, "")}`,
    transactionId: payment.transactionId,
    amountCents: payment.amountCents,
    currency: payment.currency,
    reason: "product_not_received",
    status: "needs_response",
    evidenceDueAt: new Date(now + 7 * 86_400_000),
    feeCents: TEST_DISPUTE_FEE_CENTS,
    at: now,
  });
  if (!recorded.ok) return { ok: false, status: 404, message: DISPUTE_MESSAGES.noPayment };
  if (!recorded.created) return { ok: false, status: 409, message: DISPUTE_MESSAGES.alreadyDisputed };
  return { ok: true, message: DISPUTE_MESSAGES.opened, events: recorded.events };
}

/** The offline provider's labelled test control: the bank decides an open dispute, won or lost. */
export async function decideTestDispute(
  db: Database,
  provider: PaymentProvider,
  apply: ApplyDispute,
  disputeId: string,
  outcome: "won" | "lost",
  now = Date.now(),
): Promise<DisputeResult> {
  if (!provider.testMode) return { ok: false, status: 409, message: DISPUTE_MESSAGES.testOnly };
  const [dispute] = await db
    .select({
      providerDisputeId: disputes.providerDisputeId,
      transactionId: payments.transactionId,
      amountCents: disputes.amountCents,
      currency: disputes.currency,
      reason: disputes.reason,
      evidenceDueAt: disputes.evidenceDueAt,
      feeCents: disputes.feeCents,
      stateAt: disputes.stateAt,
      closedAt: disputes.closedAt,
    })
    .from(disputes)
    .innerJoin(payments, eq(payments.id, disputes.paymentId))
    .where(and(eq(disputes.id, disputeId), eq(disputes.provider, "test")))
    .limit(1);
  if (!dispute) return { ok: false, status: 404, message: DISPUTE_MESSAGES.notFound };
  if (dispute.closedAt) return { ok: false, status: 409, message: DISPUTE_MESSAGES.closed };
  const recorded = await apply({
    provider: "test",
    disputeId: dispute.providerDisputeId,
    transactionId: dispute.transactionId,
    amountCents: dispute.amountCents,
    currency: dispute.currency,
    reason: dispute.reason,
    status: outcome,
    evidenceDueAt: dispute.evidenceDueAt,
    // Won, the bank gives the fee back with the money.
    feeCents: outcome === "won" ? 0 : dispute.feeCents,
    at: Math.max(now, dispute.stateAt.getTime() + 1),
  });
  if (!recorded.ok) return { ok: false, status: 404, message: DISPUTE_MESSAGES.notFound };
  if (recorded.status !== outcome) return { ok: false, status: 409, message: DISPUTE_MESSAGES.closed };
  return { ok: true, message: DISPUTE_MESSAGES.decided(outcome), events: recorded.events };
}
