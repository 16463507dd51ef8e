// What the payment provider reports, applied (ADR 0096). The adapters (Stripe's events, the
// offline provider's test controls) read what they receive into typed facts and decide nothing;
// here each fact is applied by the rule that owns it: a payout account's state and a payout by the
// payouts room, a refund and a chargeback by settlement. Every fact is safe to apply twice and in
// any order, so an event the provider sends again changes nothing.
import { and, eq } from "drizzle-orm";
import type { DomainEvent } from "#app/domain/shared/events";
import type { Database } from "#db/client";
import { dealOperations, processedEvents, refunds } from "#db/schema";
import { applyAccountState } from "../payouts/accounts.server";
import { recordPayout } from "../payouts/payouts.server";
import type { PaymentSettings } from "../providers/settings";
import type {
  EventEndpoint,
  EventHandling,
  PaymentProvider,
  ProviderFact,
  ProviderReport,
  ReportedRefund,
} from "../providers/types";
import { recordProviderRefund } from "./decisions.server";
import { recordDispute } from "./disputes.server";
import { settleDeal } from "./operations.server";

type Settings = Pick<PaymentSettings, "PLATFORM_FEE_PERCENT" | "PLATFORM_FEE_FIXED_CENTS" | "PAYMENT_CURRENCY">;

/**
 * A refund the provider reports: one of ours finishes its operation (if a crash left it pending);
 * one made elsewhere is recorded. A refund of a payment not recorded yet (its payment's own event
 * is still to come) asks the provider to send the event again later.
 */
async function applyRefund(
  db: Database,
  provider: PaymentProvider,
  settings: Settings,
  refund: ReportedRefund,
): Promise<EventHandling> {
  if (refund.operationId) {
    const [operation] = await db
      .select({ paymentId: dealOperations.paymentId })
      .from(dealOperations)
      .where(eq(dealOperations.id, refund.operationId))
      .limit(1);
    return {
      outcome: "refunds_recorded",
      events: operation ? await settleDeal(db, provider, operation.paymentId) : [],
    };
  }
  const recorded = await recordProviderRefund(db, provider, settings, refund);
  if (recorded.ok) return { outcome: "refunds_recorded", events: recorded.events };
  if (recorded.status !== 404) {
    console.error("A refund made at the provider could not be recorded", refund.refundRef, recorded.message);
    return { outcome: "refunds_recorded", events: [] };
  }
  // No deal: money that arrived for nothing (refunded by fulfilment), or a payment not yet recorded.
  const [returned] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.provider, refund.provider), eq(refunds.transactionId, refund.transactionId)))
    .limit(1);
  return returned
    ? { outcome: "refunds_recorded", events: [] }
    : { outcome: "payment_not_recorded_yet", events: [], retryLater: true };
}

/** One fact, applied by the rule that owns it. */
export async function applyProviderFact(
  db: Database,
  provider: PaymentProvider,
  settings: Settings,
  fact: ProviderFact,
): Promise<EventHandling> {
  switch (fact.kind) {
    case "payment":
      return {
        outcome: fact.fulfilment?.outcome ?? "ignored",
        events: fact.fulfilment?.outcome === "fulfilled" ? fact.fulfilment.events : [],
      };
    case "account_state": {
      const applied = await applyAccountState(db, fact);
      return { outcome: applied ? "account_updated" : "account_unchanged", events: [] };
    }
    case "payout":
      return { outcome: `payout_${fact.payout.status}`, events: await recordPayout(db, fact.payout) };
    case "refund":
      return applyRefund(db, provider, settings, fact.refund);
    case "dispute": {
      const recorded = await recordDispute(db, provider, settings, fact.dispute);
      if (!recorded.ok) return { outcome: "payment_not_recorded_yet", events: [], retryLater: true };
      return { outcome: `dispute_${recorded.status}`, events: recorded.events };
    }
  }
}

/**
 * An event's facts, applied in order; the first that asks to be sent again later stops the rest
 * (they are applied when the provider sends the event again).
 */
export async function applyProviderReport(
  db: Database,
  provider: PaymentProvider,
  settings: Settings,
  report: ProviderReport,
): Promise<EventHandling> {
  const events: DomainEvent[] = [];
  let outcome = report.outcome ?? "ignored";
  for (const fact of report.facts) {
    const applied = await applyProviderFact(db, provider, settings, fact);
    events.push(...applied.events);
    outcome = applied.outcome;
    if (applied.retryLater) return { outcome, events, retryLater: true };
  }
  return { outcome, events };
}

export type EventReceipt =
  | { status: "not_configured" }
  | { status: "bad_signature" }
  | { status: "duplicate" }
  | { status: "retry_later"; outcome: string; events: DomainEvent[] }
  | { status: "handled"; outcome: string; events: DomainEvent[] };

/**
 * An event the provider pushed (a Stripe webhook, to one of its two endpoints), verified, read
 * and applied once per event id. It is recorded after applying: if applying fails, or asks to be
 * sent again later (a refund of a payment whose own event has not arrived yet), the provider's
 * retry gets another chance, and every fact is safe to apply again.
 */
export async function receiveProviderEvent(
  db: Database,
  provider: PaymentProvider,
  settings: Settings,
  payload: string,
  signature: string | null,
  endpoint: EventEndpoint = "platform",
): Promise<EventReceipt> {
  if (!provider.events?.accepts(endpoint)) return { status: "not_configured" };
  const event = await provider.events.verify(payload, signature, endpoint);
  if (!event) return { status: "bad_signature" };
  const [seen] = await db
    .select({ id: processedEvents.id })
    .from(processedEvents)
    .where(eq(processedEvents.id, event.id))
    .limit(1);
  if (seen) return { status: "duplicate" };
  const handled = await applyProviderReport(db, provider, settings, await event.report());
  if (handled.retryLater) return { status: "retry_later", outcome: handled.outcome, events: handled.events };
  await db.insert(processedEvents).values({ id: event.id, provider: provider.name }).onConflictDoNothing();
  return { status: "handled", outcome: handled.outcome, events: handled.events };
}
