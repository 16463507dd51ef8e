// Chargebacks (ADR 0081): the buyer's bank disputes a payment. The provider reports a dispute as
// it moves (created, funds withdrawn, under review, closed won or lost); each report is kept once,
// an older one changes nothing, and while a dispute is open its deal releases, refunds and
// transfers nothing (plan.ts, operations.server.ts). A lost dispute took the money back to the
// buyer: it is recorded once as a refund the provider made, which after a release takes the
// seller's share back as any refund does. A won one lets the deal go on where it was.
import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { entryColumns, recordEntryFrom } from "#app/domain/deals/ledger/entries.server";
import type { DomainEvent } from "#app/domain/shared/events";
import { LIST_PAGE_SIZE, listPage, pageOffset } from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import {
  CLOSED_DISPUTE_STATUSES,
  type DisputeStatus,
  OPEN_RETURN_STATES,
  type PaymentProviderName,
} from "#db/closed-lists";
import {
  bookings,
  claims,
  dealOperations,
  deals,
  disputes,
  messages,
  payments,
  products,
  returns,
  shipments,
  users,
} from "#db/schema";
import { DISPUTE_MESSAGES, type DisputeResult } from "../providers/dispute-messages";
import type { PaymentSettings } from "../providers/settings";
import type { DisputeEvidence, DisputeRecorded, PaymentProvider, ReportedDispute } from "../providers/types";
import { recordProviderRefund } from "./decisions.server";
import { lostDisputeRef } from "./plan";

const isClosed = (status: DisputeStatus) => (CLOSED_DISPUTE_STATUSES as readonly DisputeStatus[]).includes(status);

export { lostDisputeRef };

/** Applies a dispute the provider reports (the offline provider's test controls take it). */
export const disputeApplier =
  (
    db: Database,
    provider: PaymentProvider,
    settings: Pick<PaymentSettings, "PLATFORM_FEE_PERCENT" | "PLATFORM_FEE_FIXED_CENTS" | "PAYMENT_CURRENCY">,
  ) =>
  (report: ReportedDispute) =>
    recordDispute(db, provider, settings, report);

/**
 * A dispute as the provider reports it, kept once; lost, its amount is recorded as given back to
 * the buyer (once, whatever the order and number of the reports).
 */
export async function recordDispute(
  db: Database,
  provider: PaymentProvider,
  settings: Pick<PaymentSettings, "PLATFORM_FEE_PERCENT" | "PLATFORM_FEE_FIXED_CENTS" | "PAYMENT_CURRENCY">,
  report: ReportedDispute,
  now = Date.now(),
): Promise<DisputeRecorded> {
  const [payment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, report.provider), eq(payments.transactionId, report.transactionId)))
    .limit(1);
  if (!payment) return { ok: false, reason: "payment_not_recorded" };
  const feeCents = Math.max(0, report.feeCents ?? 0);
  const closedAt = isClosed(report.status) ? new Date(report.at) : null;
  const identity = and(eq(disputes.provider, report.provider), eq(disputes.providerDisputeId, report.disputeId));
  // New or known is decided by the insert itself: of reports arriving together, one creates it.
  const [created] = await db
    .insert(disputes)
    .values({
      provider: report.provider,
      providerDisputeId: report.disputeId,
      paymentId: payment.id,
      amountCents: report.amountCents,
      currency: report.currency,
      reason: report.reason,
      status: report.status,
      evidenceDueAt: report.evidenceDueAt,
      feeCents,
      stateAt: new Date(report.at),
      createdAt: new Date(now),
      closedAt,
    })
    .onConflictDoNothing()
    .returning({ id: disputes.id, status: disputes.status });
  const [kept] = created
    ? [created]
    : await db
        .update(disputes)
        .set({
          amountCents: report.amountCents,
          reason: report.reason,
          status: report.status,
          evidenceDueAt: report.evidenceDueAt,
          feeCents,
          stateAt: new Date(report.at),
          // Closed stays closed: the bank's decision is final.
          closedAt: sql`coalesce(${disputes.closedAt}, ${closedAt?.getTime() ?? null})`,
        })
        // An older report (out of order) changes nothing; a closed dispute is not reopened.
        .where(and(identity, sql`${disputes.stateAt} <= ${report.at}`, isNull(disputes.closedAt)))
        .returning({ id: disputes.id, status: disputes.status });
  const [current] = kept
    ? [kept]
    : await db.select({ id: disputes.id, status: disputes.status }).from(disputes).where(identity).limit(1);
  const status = current?.status ?? report.status;
  // The parties are told by the bank and the provider; the admins by a letter, once, and on Claims.
  const events: DomainEvent[] = created ? [{ kind: "dispute_opened", disputeId: created.id }] : [];
  // A chargeback stops a return still open (ADR 0107): the bank decides the money now.
  if (created) await stopOpenReturn(db, payment.id, now);
  if (status === "lost") {
    // Whatever the bank took is a fact: what is left of the payment goes back as the deal's
    // refund (the buyer and, after a release, the seller told, with what the seller owes), and
    // anything beyond it is the platform's loss.
    const recorded = await recordProviderRefund(db, provider, settings, {
      transactionId: report.transactionId,
      refundRef: lostDisputeRef(report.disputeId),
      amountCents: report.amountCents,
      chargebackLost: true,
    });
    if (recorded.ok) {
      events.push(...recorded.events);
      await recordDisputeExcess(db, report.provider, report.disputeId, now);
    } else console.error("A lost dispute could not be recorded", report.disputeId, recorded.message);
    await recordDisputeFee(db, report.provider, report.disputeId, now);
  }
  return { ok: true, status, created: Boolean(created), events };
}

/**
 * A lost dispute's own ledger entry (the platform's, never the seller's: ADR 0087), recorded once
 * by its reference: `amount`, an expression over the dispute's row, when it is above zero.
 */
function recordLostDisputeEntry(
  db: Database,
  entry: { kind: "dispute_fee" | "dispute_excess"; amount: SQL; provider: PaymentProviderName; disputeId: string },
  now: number,
) {
  return recordEntryFrom(
    db,
    db
      .select(
        entryColumns(entry.kind, {
          amountCents: entry.amount,
          currency: disputes.currency,
          provider: disputes.provider,
          providerRef: sql`${`${entry.kind}:${entry.disputeId}`}`,
          sellerId: deals.sellerId,
          paymentId: disputes.paymentId,
          operationId: sql`null`,
          payoutId: sql`null`,
          createdAt: sql`${now}`,
        }),
      )
      .from(disputes)
      .innerJoin(deals, eq(deals.paymentId, disputes.paymentId))
      .where(
        and(
          eq(disputes.provider, entry.provider),
          eq(disputes.providerDisputeId, entry.disputeId),
          eq(disputes.status, "lost"),
          sql`${entry.amount} > 0`,
        ),
      ),
  );
}

/**
 * What a lost dispute took beyond what was left of its payment (a refund had given part of it
 * back): the platform's loss (ADR 0081), the dispute's amount less what its own refund of the
 * deal gave back.
 */
async function recordDisputeExcess(db: Database, provider: PaymentProviderName, disputeId: string, now: number) {
  const givenBack = sql`coalesce((select sum(${dealOperations.amountCents}) from ${dealOperations}
    where ${dealOperations.paymentId} = ${disputes.paymentId} and ${dealOperations.externalRef} = ${lostDisputeRef(disputeId)}), 0)`;
  const amount = sql`(${disputes.amountCents} - ${givenBack})`;
  await recordLostDisputeEntry(db, { kind: "dispute_excess", amount, provider, disputeId }, now);
}

/** A lost dispute's fee, the platform's cost: recorded once, as the fee the provider reported last. */
async function recordDisputeFee(db: Database, provider: PaymentProviderName, disputeId: string, now: number) {
  await recordLostDisputeEntry(
    db,
    { kind: "dispute_fee", amount: sql`${disputes.feeCents}`, provider, disputeId },
    now,
  );
}

const disputeBuyers = users;

/** A dispute with the evidence Pay&Buy holds for it (the admin's list and what is sent to the bank). */
function disputeView(db: Database) {
  return db
    .select({
      id: disputes.id,
      provider: disputes.provider,
      providerDisputeId: disputes.providerDisputeId,
      amountCents: disputes.amountCents,
      currency: disputes.currency,
      reason: disputes.reason,
      status: disputes.status,
      evidenceDueAt: disputes.evidenceDueAt,
      evidenceSubmittedAt: disputes.evidenceSubmittedAt,
      // Aliased: a batch keys rows by column name, and id and created_at recur.
      openedAt: sql`${disputes.createdAt}`.mapWith(disputes.createdAt).as("dispute_opened_at"),
      closedAt: disputes.closedAt,
      bookingId: sql`${bookings.id}`.mapWith(bookings.id).as("dispute_booking_id"),
      bookedAt: sql`${bookings.createdAt}`.mapWith(bookings.createdAt).as("dispute_booked_at"),
      meetLocation: bookings.meetLocation,
      delivery: bookings.delivery,
      paidAt: sql`${payments.createdAt}`.mapWith(payments.createdAt).as("dispute_paid_at"),
      productName: sql`${products.name}`.mapWith(products.name).as("dispute_product_name"),
      buyerName: sql`${disputeBuyers.name}`.mapWith(disputeBuyers.name).as("dispute_buyer_name"),
      buyerEmail: sql`${disputeBuyers.email}`.mapWith(disputeBuyers.email).as("dispute_buyer_email"),
      dealState: deals.state,
      releasedAt: deals.releasedAt,
      confirmedByBuyer:
        sql<boolean>`exists (select 1 from ${dealOperations} where ${dealOperations.paymentId} = ${disputes.paymentId}
        and ${dealOperations.origin} = 'buyer_confirmed')`
          .mapWith(Boolean)
          .as("dispute_confirmed"),
      carrier: shipments.carrier,
      trackingNumber: shipments.trackingNumber,
      sentAt: shipments.shippedAt,
      deliveredAt: shipments.deliveredAt,
      claimStatus: sql`${claims.status}`.mapWith(claims.status).as("dispute_claim_status"),
      claimDetails: sql`${claims.details}`.mapWith(claims.details).as("dispute_claim_details"),
      messageCount: sql<number>`(select count(*) from ${messages} where ${messages.bookingId} = ${bookings.id})`
        .mapWith(Number)
        .as("dispute_message_count"),
    })
    .from(disputes)
    .innerJoin(payments, eq(payments.id, disputes.paymentId))
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(disputeBuyers, eq(disputeBuyers.id, bookings.buyerId))
    .leftJoin(deals, eq(deals.paymentId, disputes.paymentId))
    .leftJoin(claims, eq(claims.paymentId, disputes.paymentId))
    .leftJoin(shipments, eq(shipments.bookingId, bookings.id))
    .$dynamic();
}

/**
 * The disputes for the admin (open ones first, then the newest), with the evidence Pay&Buy holds
 * for each: the booking and its meeting or parcel, the payment, where the money is, the buyer's
 * confirmation and claim, and how many messages the two exchanged. The rows and their count
 * start together: one D1 batch.
 */
export async function listDisputes(db: Database, page: number) {
  return listPage(
    disputeView(db)
      .orderBy(sql`${disputes.closedAt} is null desc`, desc(disputes.createdAt), desc(disputes.id))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ total: sql<number>`count(*)` }).from(disputes),
    page,
  );
}

const isoDay = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** A dispute's evidence as the bank is sent it: the facts Pay&Buy holds, in words. */
export function evidenceOf(view: DisputeView): DisputeEvidence {
  const handover =
    view.delivery === "ship"
      ? view.trackingNumber
        ? `Shipped on ${isoDay(view.sentAt) ?? "an unknown day"} with ${view.carrier ?? "a carrier"}, tracking ${view.trackingNumber}` +
          (view.deliveredAt ? `, delivered on ${isoDay(view.deliveredAt)}.` : ".")
        : "To be shipped; no tracking number was recorded."
      : `Handed over in person at: ${view.meetLocation}.`;
  const summary = [
    `Booked on Pay&Buy on ${isoDay(view.bookedAt)}, paid on ${isoDay(view.paidAt)}.`,
    handover,
    view.confirmedByBuyer
      ? `The buyer confirmed on Pay&Buy that they received it as described${view.releasedAt ? ` (${isoDay(view.releasedAt)})` : ""}.`
      : "The buyer did not confirm receipt on Pay&Buy.",
    view.claimStatus
      ? `The buyer's claim on Pay&Buy (${view.claimStatus}): ${view.claimDetails}`
      : "The buyer opened no claim on Pay&Buy.",
    `Messages exchanged between buyer and seller on Pay&Buy: ${view.messageCount}.`,
  ].join("\n");
  return {
    productDescription: `Second-hand camera gear: ${view.productName}`,
    customerName: view.buyerName,
    customerEmail: view.buyerEmail,
    serviceDate: isoDay(view.bookedAt) ?? "",
    shippingCarrier: view.carrier,
    shippingTrackingNumber: view.trackingNumber,
    shippingDate: isoDay(view.sentAt),
    summary: summary.slice(0, 20_000),
  };
}

/**
 * The admin sends Pay&Buy's evidence to the bank through the provider, once: the dispute is
 * claimed first (no second submission, not after the bank decided), the claim let go if the
 * provider fails, so the admin can send it again.
 */
export async function submitDisputeEvidence(
  db: Database,
  provider: PaymentProvider,
  disputeId: string,
  now = Date.now(),
): Promise<DisputeResult> {
  const [view] = await disputeView(db).where(eq(disputes.id, disputeId)).limit(1);
  if (!view || view.provider !== provider.name) return { ok: false, status: 404, message: DISPUTE_MESSAGES.notFound };
  const claimedAt = new Date(now);
  const [claimed] = await db
    .update(disputes)
    .set({ evidenceSubmittedAt: claimedAt })
    .where(and(eq(disputes.id, disputeId), isNull(disputes.evidenceSubmittedAt), isNull(disputes.closedAt)))
    .returning({ id: disputes.id });
  if (!claimed) {
    return {
      ok: false,
      status: 409,
      message: view.closedAt ? DISPUTE_MESSAGES.closed : DISPUTE_MESSAGES.alreadySent,
    };
  }
  try {
    await provider.disputes.submitEvidence(view.providerDisputeId, evidenceOf(view), String(now));
  } catch (error) {
    console.error("Dispute evidence was not taken", view.providerDisputeId, error);
    await db
      .update(disputes)
      .set({ evidenceSubmittedAt: null })
      .where(and(eq(disputes.id, disputeId), eq(disputes.evidenceSubmittedAt, claimedAt)));
    return { ok: false, status: 502, message: DISPUTE_MESSAGES.providerFailed };
  }
  return { ok: true, message: DISPUTE_MESSAGES.sent, events: [] };
}

export type DisputeView = Awaited<ReturnType<typeof listDisputes>>["rows"][number];

/** An open return of the payment ends as stopped: nothing more of it happens while the bank decides. */
async function stopOpenReturn(db: Database, paymentId: string, now: number) {
  await db
    .update(returns)
    .set({ state: "stopped", closedAt: new Date(now), updatedAt: new Date(now), version: sql`${returns.version} + 1` })
    .where(and(eq(returns.paymentId, paymentId), inArray(returns.state, OPEN_RETURN_STATES)));
}
