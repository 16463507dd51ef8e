// The Stripe events that concern sellers' money, handled by the domain's own functions: a
// connected account's state (account.updated), its payouts (payout.*), and refunds made on a
// charge (charge.refunded). Each is safe to receive twice and in any order: the account's state
// carries the event's time, a payout's status only moves forward, a refund is recorded once by
// its id. Refunds Pay&Buy made itself carry their operation in the metadata and are only
// finished here, never recorded a second time. Chargebacks (charge.dispute.*) are kept as they
// move, and a lost one is recorded as money back to the buyer (ADR 0081).
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "#db/client";
import { DISPUTE_STATUSES, type DisputeStatus, PAYOUT_STATUSES, type PayoutStatus } from "#db/closed-lists";
import { dealOperations, refunds } from "#db/schema";
import { applyAccountState } from "../payouts/accounts.server";
import { recordPayout } from "../payouts/payouts.server";
import { recordProviderRefund } from "../settlement/decisions.server";
import { recordDispute } from "../settlement/disputes.server";
import { settleDeal } from "../settlement/operations.server";
import type { PaymentSettings } from "./settings";
import type { StripeConnection } from "./stripe-client.server";
import { accountStateOf } from "./stripe-payouts.server";
import type { EventHandling, PaymentProvider } from "./types";

const ignored: EventHandling = { outcome: "ignored", events: [] };

export async function handleAccountUpdated(db: Database, event: Stripe.AccountUpdatedEvent): Promise<EventHandling> {
  const account = event.data.object;
  const applied = await applyAccountState(db, {
    provider: "stripe",
    accountId: event.account ?? account.id,
    state: accountStateOf(account),
    at: event.created * 1000,
  });
  return { outcome: applied ? "account_updated" : "account_unchanged", events: [] };
}

const isPayoutStatus = (value: string): value is PayoutStatus => (PAYOUT_STATUSES as readonly string[]).includes(value);

export async function handlePayout(db: Database, event: Stripe.Event): Promise<EventHandling> {
  const payout = event.data.object as Stripe.Payout;
  // The platform's own payouts are not a seller's.
  if (!event.account || !isPayoutStatus(payout.status)) return ignored;
  const events = await recordPayout(db, {
    provider: "stripe",
    accountId: event.account,
    payoutId: payout.id,
    amountCents: payout.amount,
    currency: payout.currency,
    status: payout.status,
    arrivalAt: payout.arrival_date ? new Date(payout.arrival_date * 1000) : null,
    failureMessage: payout.failure_message ?? payout.failure_code ?? null,
  });
  return { outcome: `payout_${payout.status}`, events };
}

/**
 * Whether Pay&Buy took this charge: every PaymentIntent it creates (directly or through Checkout)
 * names its booking in the metadata. A charge carries its own metadata; when it names no booking,
 * its PaymentIntent is asked. A payment of ours not recorded yet still names its booking.
 */
async function isOurCharge(
  stripe: StripeConnection["stripe"],
  charge: Stripe.Charge,
  intentId: string,
): Promise<boolean> {
  if (charge.metadata?.bookingId) return true;
  const intent = typeof charge.payment_intent === "object" ? charge.payment_intent : null;
  const metadata = intent?.metadata ?? (await stripe.paymentIntents.retrieve(intentId)).metadata;
  return Boolean(metadata?.bookingId);
}

/**
 * The refunds of a charge: ours are finished (their operation carried out, if a crash left it
 * pending), others (made in Stripe's Dashboard) are recorded. A refund of a payment we have not
 * recorded yet (its payment event is still to come) asks Stripe to send the event again later.
 */
export async function handleChargeRefunded(
  db: Database,
  provider: PaymentProvider,
  settings: PaymentSettings,
  connected: () => Promise<StripeConnection>,
  event: Stripe.ChargeRefundedEvent,
): Promise<EventHandling> {
  const charge = event.data.object;
  const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId) return ignored;
  const { stripe } = await connected();
  if (!(await isOurCharge(stripe, charge, intentId))) {
    // Another product on the same Stripe account took this payment: acknowledged, recorded nowhere.
    console.info("A refund of a charge Pay&Buy did not take was ignored", charge.id);
    return { outcome: "not_ours", events: [] };
  }
  const outcome: EventHandling = { outcome: "refunds_recorded", events: [] };
  for await (const refund of stripe.refunds.list({ charge: charge.id, limit: 100 })) {
    if (refund.status !== "succeeded" && refund.status !== "pending") continue;
    const operationId = refund.metadata?.operation;
    if (operationId) {
      const [operation] = await db
        .select({ paymentId: dealOperations.paymentId })
        .from(dealOperations)
        .where(eq(dealOperations.id, operationId))
        .limit(1);
      if (operation) outcome.events.push(...(await settleDeal(db, provider, operation.paymentId)));
      continue;
    }
    const recorded = await recordProviderRefund(db, provider, settings, {
      transactionId: intentId,
      refundRef: refund.id,
      amountCents: refund.amount,
    });
    if (recorded.ok) {
      outcome.events.push(...recorded.events);
      continue;
    }
    if (recorded.status !== 404) {
      console.error("A refund made at Stripe could not be recorded", refund.id, recorded.message);
      continue;
    }
    // No deal: money that arrived for nothing (refunded by fulfilment), or a payment not yet recorded.
    const [returned] = await db
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.provider, "stripe"), eq(refunds.transactionId, intentId)))
      .limit(1);
    if (!returned) return { outcome: "payment_not_recorded_yet", events: outcome.events, retryLater: true };
  }
  return outcome;
}

const DISPUTE_STATUSES_KNOWN: readonly string[] = DISPUTE_STATUSES;

/**
 * A chargeback as Stripe reports it (charge.dispute.created, .updated, .funds_withdrawn,
 * .funds_reinstated, .closed): kept, in order, once; a dispute of a charge another product took
 * is acknowledged and recorded nowhere; one of a payment not recorded yet is asked for again.
 */
export async function handleDispute(
  db: Database,
  provider: PaymentProvider,
  settings: PaymentSettings,
  connected: () => Promise<StripeConnection>,
  event: Stripe.Event,
): Promise<EventHandling> {
  const dispute = event.data.object as Stripe.Dispute;
  if (!DISPUTE_STATUSES_KNOWN.includes(dispute.status)) return ignored;
  const { stripe } = await connected();
  const intentId =
    typeof dispute.payment_intent === "string"
      ? dispute.payment_intent
      : (dispute.payment_intent?.id ??
        (await (async () => {
          const chargeId = typeof dispute.charge === "string" ? dispute.charge : dispute.charge.id;
          const charge = await stripe.charges.retrieve(chargeId);
          return typeof charge.payment_intent === "string"
            ? charge.payment_intent
            : (charge.payment_intent?.id ?? null);
        })()));
  if (!intentId) return ignored;
  const intent =
    typeof dispute.payment_intent === "object" && dispute.payment_intent
      ? dispute.payment_intent
      : await stripe.paymentIntents.retrieve(intentId);
  if (!intent.metadata?.bookingId) {
    console.info("A dispute of a charge Pay&Buy did not take was ignored", dispute.id);
    return { outcome: "not_ours", events: [] };
  }
  const recorded = await recordDispute(db, provider, settings, {
    provider: "stripe",
    disputeId: dispute.id,
    transactionId: intentId,
    amountCents: dispute.amount,
    currency: dispute.currency,
    reason: dispute.reason,
    status: dispute.status as DisputeStatus,
    evidenceDueAt: dispute.evidence_details?.due_by ? new Date(dispute.evidence_details.due_by * 1000) : null,
    // Withdrawn with the amount, given back with it when won: what is left is the platform's cost.
    feeCents: (dispute.balance_transactions ?? []).reduce((sum, transaction) => sum + (transaction.fee ?? 0), 0),
    at: event.created * 1000,
  });
  if (!recorded.ok) return { outcome: "payment_not_recorded_yet", events: [], retryLater: true };
  return { outcome: `dispute_${recorded.status}`, events: recorded.events };
}
