// Chargebacks (ADR 0081): the buyer's bank disputes a payment. The provider reports a dispute as
// it moves (created, funds withdrawn, under review, closed won or lost); each report is kept once,
// an older one changes nothing, and while a dispute is open its deal releases, refunds and
// transfers nothing (plan.ts, operations.server.ts). A lost dispute took the money back to the
// buyer: it is recorded once as a refund the provider made, which after a release takes the
// seller's share back as any refund does. A won one lets the deal go on where it was.
import { and, desc, eq, sql } from "drizzle-orm";
import type { DomainEvent } from "#app/domain/shared/events";
import { LIST_PAGE_SIZE, listPage, pageOffset } from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import { CLOSED_DISPUTE_STATUSES, type DisputeStatus, type PaymentProviderName } from "#db/closed-lists";
import { intoColumns } from "#db/insert-select";
import { bookings, claims, deals, disputes, ledgerEntries, messages, payments, products, users } from "#db/schema";
import type { PaymentSettings } from "../payments/settings";
import type { PaymentProvider } from "../payments/types";
import { recordProviderRefund } from "./decisions.server";
import { lostDisputeRef } from "./plan";

export interface ReportedDispute {
  provider: PaymentProviderName;
  disputeId: string;
  /** The payment's transaction at the provider (Stripe's PaymentIntent). */
  transactionId: string;
  amountCents: number;
  currency: string;
  reason: string;
  status: DisputeStatus;
  evidenceDueAt: Date | null;
  /** The provider's fee for the dispute, net of any given back (Stripe's balance transactions). */
  feeCents?: number;
  /** When the provider reported this state (the event's creation time). */
  at: number;
}

export type DisputeRecorded =
  | { ok: true; status: DisputeStatus; events: DomainEvent[] }
  /** No payment of ours with that transaction yet: the provider sends the report again later. */
  | { ok: false; reason: "payment_not_recorded" };

const isClosed = (status: DisputeStatus) => (CLOSED_DISPUTE_STATUSES as readonly DisputeStatus[]).includes(status);

export { lostDisputeRef };

/**
 * A dispute as the provider reports it, kept once; lost, its amount is recorded as given back to
 * the buyer (once, whatever the order and number of the reports).
 */
export async function recordDispute(
  db: Database,
  provider: PaymentProvider,
  settings: Pick<PaymentSettings, "PLATFORM_FEE_PERCENT" | "PLATFORM_FEE_FIXED_CENTS">,
  report: ReportedDispute,
  now = Date.now(),
): Promise<DisputeRecorded> {
  const [payment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, report.provider), eq(payments.transactionId, report.transactionId)))
    .limit(1);
  if (!payment) return { ok: false, reason: "payment_not_recorded" };
  const [known] = await db
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.provider, report.provider), eq(disputes.providerDisputeId, report.disputeId)))
    .limit(1);
  const feeCents = Math.max(0, report.feeCents ?? 0);
  const closedAt = isClosed(report.status) ? new Date(report.at) : null;
  const [kept] = await db
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
    .onConflictDoUpdate({
      target: [disputes.provider, disputes.providerDisputeId],
      set: {
        amountCents: report.amountCents,
        reason: report.reason,
        status: report.status,
        evidenceDueAt: report.evidenceDueAt,
        feeCents,
        stateAt: new Date(report.at),
        // Closed stays closed: the bank's decision is final.
        closedAt: sql`coalesce(${disputes.closedAt}, ${closedAt?.getTime() ?? null})`,
      },
      // An older report (out of order) changes nothing; a closed dispute is not reopened.
      setWhere: sql`${disputes.stateAt} <= ${report.at} and ${disputes.closedAt} is null`,
    })
    .returning({ id: disputes.id, status: disputes.status });
  const [current] = kept
    ? [kept]
    : await db
        .select({ id: disputes.id, status: disputes.status })
        .from(disputes)
        .where(and(eq(disputes.provider, report.provider), eq(disputes.providerDisputeId, report.disputeId)))
        .limit(1);
  const status = current?.status ?? report.status;
  if (status === "lost") {
    const recorded = await recordProviderRefund(db, provider, settings, {
      transactionId: report.transactionId,
      refundRef: lostDisputeRef(report.disputeId),
      amountCents: report.amountCents,
    });
    if (!recorded.ok) console.error("A lost dispute could not be recorded", report.disputeId, recorded.message);
    await recordDisputeFee(db, report.provider, report.disputeId, now);
  }
  // The parties are told by the bank and the provider; the admins by a letter, once, and on Claims.
  const events: DomainEvent[] = !known && current ? [{ kind: "dispute_opened", disputeId: current.id }] : [];
  return { ok: true, status, events };
}

/**
 * A lost dispute's fee, the platform's cost (the seller is not charged it, ADR 0087): recorded
 * once, as the fee the provider reported last.
 */
async function recordDisputeFee(db: Database, provider: PaymentProviderName, disputeId: string, now: number) {
  await db
    .insert(ledgerEntries)
    .select(
      db
        .select(
          intoColumns(ledgerEntries, {
            id: sql`${crypto.randomUUID()}`,
            kind: sql`'dispute_fee'`,
            amountCents: disputes.feeCents,
            currency: disputes.currency,
            provider: disputes.provider,
            providerRef: sql`${`dispute_fee:${disputeId}`}`,
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
            eq(disputes.provider, provider),
            eq(disputes.providerDisputeId, disputeId),
            eq(disputes.status, "lost"),
            sql`${disputes.feeCents} > 0`,
          ),
        ),
    )
    .onConflictDoNothing();
}

const disputeBuyers = users;

/**
 * The disputes for the admin (open ones first, then the newest), with the evidence Pay&Buy holds
 * for each: the booking and its meeting, the payment, where the money is, the buyer's claim, and
 * how many messages the two exchanged. The rows and their count start together: one D1 batch.
 */
export async function listDisputes(db: Database, page: number) {
  return listPage(
    db
      .select({
        id: disputes.id,
        providerDisputeId: disputes.providerDisputeId,
        amountCents: disputes.amountCents,
        currency: disputes.currency,
        reason: disputes.reason,
        status: disputes.status,
        evidenceDueAt: disputes.evidenceDueAt,
        // Aliased: a batch keys rows by column name, and id and created_at recur.
        openedAt: sql`${disputes.createdAt}`.mapWith(disputes.createdAt).as("dispute_opened_at"),
        closedAt: disputes.closedAt,
        bookingId: sql`${bookings.id}`.mapWith(bookings.id).as("dispute_booking_id"),
        bookedAt: sql`${bookings.createdAt}`.mapWith(bookings.createdAt).as("dispute_booked_at"),
        meetLocation: bookings.meetLocation,
        paidAt: sql`${payments.createdAt}`.mapWith(payments.createdAt).as("dispute_paid_at"),
        productName: sql`${products.name}`.mapWith(products.name).as("dispute_product_name"),
        buyerName: sql`${disputeBuyers.name}`.mapWith(disputeBuyers.name).as("dispute_buyer_name"),
        buyerEmail: sql`${disputeBuyers.email}`.mapWith(disputeBuyers.email).as("dispute_buyer_email"),
        dealState: deals.state,
        releasedAt: deals.releasedAt,
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
      .orderBy(sql`${disputes.closedAt} is null desc`, desc(disputes.createdAt), desc(disputes.id))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ total: sql<number>`count(*)` }).from(disputes),
    page,
  );
}

export type DisputeView = Awaited<ReturnType<typeof listDisputes>>["rows"][number];
