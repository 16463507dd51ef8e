// The Stripe events that concern sellers' money, read as the facts they report (ADR 0096): a
// connected account's state (account.updated), its payouts (payout.*), the refunds of a charge
// (charge.refunded) and chargebacks as they move (charge.dispute.*). This adapter decides nothing
// about a deal: settlement applies the facts (settlement/provider-facts.server.ts), each safe to
// apply twice and in any order.
import type Stripe from "stripe";
import { DISPUTE_STATUSES, type DisputeStatus, PAYOUT_STATUSES, type PayoutStatus } from "#db/closed-lists";
import type { ProviderReport } from "../providers/types";
import type { StripeConnection } from "./stripe-client.server";
import { accountStateOf } from "./stripe-payouts.server";

const ignored: ProviderReport = { facts: [], outcome: "ignored" };

export function accountUpdatedReport(event: Stripe.AccountUpdatedEvent): ProviderReport {
  const account = event.data.object;
  return {
    facts: [
      {
        kind: "account_state",
        provider: "stripe",
        accountId: event.account ?? account.id,
        state: accountStateOf(account),
        at: event.created * 1000,
      },
    ],
  };
}

const isPayoutStatus = (value: string): value is PayoutStatus => (PAYOUT_STATUSES as readonly string[]).includes(value);

export function payoutReport(event: Stripe.Event): ProviderReport {
  const payout = event.data.object as Stripe.Payout;
  // The platform's own payouts are not a seller's.
  if (!event.account || !isPayoutStatus(payout.status)) return ignored;
  return {
    facts: [
      {
        kind: "payout",
        payout: {
          provider: "stripe",
          accountId: event.account,
          payoutId: payout.id,
          amountCents: payout.amount,
          currency: payout.currency,
          status: payout.status,
          arrivalAt: payout.arrival_date ? new Date(payout.arrival_date * 1000) : null,
          failureMessage: payout.failure_message ?? payout.failure_code ?? null,
        },
      },
    ],
  };
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
 * The refunds of a charge Pay&Buy took, each a fact: one of ours names its operation (settlement
 * finishes it, never records it twice); one made elsewhere (Stripe's Dashboard) names none.
 */
export async function chargeRefundedReport(
  connected: () => Promise<StripeConnection>,
  event: Stripe.ChargeRefundedEvent,
): Promise<ProviderReport> {
  const charge = event.data.object;
  const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId) return ignored;
  const { stripe } = await connected();
  if (!(await isOurCharge(stripe, charge, intentId))) {
    // Another product on the same Stripe account took this payment: acknowledged, recorded nowhere.
    console.info("A refund of a charge Pay&Buy did not take was ignored", charge.id);
    return { facts: [], outcome: "not_ours" };
  }
  const report: ProviderReport = { facts: [] };
  for await (const refund of stripe.refunds.list({ charge: charge.id, limit: 100 })) {
    if (refund.status !== "succeeded" && refund.status !== "pending") continue;
    report.facts.push({
      kind: "refund",
      refund: {
        provider: "stripe",
        transactionId: intentId,
        refundRef: refund.id,
        amountCents: refund.amount,
        operationId: refund.metadata?.operation ?? null,
      },
    });
  }
  // A charge with no refund left to read still says it was read.
  if (report.facts.length === 0) report.outcome = "refunds_recorded";
  return report;
}

const DISPUTE_STATUSES_KNOWN: readonly string[] = DISPUTE_STATUSES;

/**
 * A chargeback as Stripe reports it (charge.dispute.created, .updated, .funds_withdrawn,
 * .funds_reinstated, .closed): kept, in order, once; a dispute of a charge another product took
 * is acknowledged and recorded nowhere; one of a payment not recorded yet is asked for again.
 */
export async function disputeReport(
  connected: () => Promise<StripeConnection>,
  event: Stripe.Event,
): Promise<ProviderReport> {
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
    return { facts: [], outcome: "not_ours" };
  }
  return {
    facts: [
      {
        kind: "dispute",
        dispute: {
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
        },
      },
    ],
  };
}
