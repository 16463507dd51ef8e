// What the money pages read: a seller's amounts (held, on its way, paid) and deals (price, fee,
// net, refunds, where each stands), and the platform's totals for the admin (held, released,
// fees earned, refunded, open claims, movements waiting for a retry). Amounts decided but not
// yet carried out count where they were decided to go; the ledger says what has moved.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { dealFee, type FeeRule } from "#app/domain/deals/ledger/fees";
import { LIST_PAGE_SIZE, listPage, pageOffset } from "#app/domain/shared/list-query";
import type { Database } from "#db/client";
import type { DealState } from "#db/closed-lists";
import {
  bookings,
  claims,
  dealOperations,
  deals,
  ledgerEntries,
  payouts,
  products,
  shipments,
  users,
} from "#db/schema";
import { kindsMoving, platformPlace } from "../ledger/kinds";
import { debtOffNetSum, debtSum, decidedSum, figureSum, ledgerSum } from "../ledger/sums.server";

/** A sum, named: D1 returns a batch's rows keyed by column name. */
const total = (expression: ReturnType<typeof sql>, name: string) =>
  sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number).as(name);

/** A deal's decided money, from its operations (the sums of the table of kinds, as findDeal's). */
const operationSums = {
  refunded: decidedSum("refunded").as("refunded"),
  fee: decidedSum("fee").as("fee"),
  net: decidedSum("net").as("net"),
  pending: total(sql`case when ${dealOperations.status} = 'pending' then 1 end`, "pending"),
};

/** A deal's label bought through Pay&Buy: its cost, paid from the sale at release (0: none). */
const labelCost = sql<number>`coalesce((select ${shipments.labelCostCents} from ${shipments}
  where ${shipments.bookingId} = ${deals.bookingId} and ${shipments.labelRef} not like 'pending:%'), 0)`
  .mapWith(Number)
  .as("deal_label_cost");

const dealBuyers = alias(users, "deal_buyers");

/**
 * A page of a seller's deals, newest first, each with its fee and net (toSellerDeal). The rows and
 * their count start together: the request's read batcher sends them as one batch (ADR 0069).
 */
export async function listSellerDeals(db: Database, sellerId: string, page: number, rule: FeeRule) {
  const listed = await listPage(
    db
      .select({
        paymentId: deals.paymentId,
        bookingId: deals.bookingId,
        state: deals.state,
        amountCents: deals.amountCents,
        shippingCents: deals.shippingCents,
        labelCostCents: labelCost,
        currency: deals.currency,
        releaseDueAt: deals.releaseDueAt,
        releasedAt: deals.releasedAt,
        createdAt: deals.createdAt,
        productId: bookings.productId,
        productName: sql`${products.name}`.mapWith(products.name).as("deal_product_name"),
        buyerName: sql`${dealBuyers.name}`.mapWith(dealBuyers.name).as("deal_buyer_name"),
        claimId: claims.id,
        claimStatus: claims.status,
        claimReason: claims.reason,
        claimDetails: claims.details,
        claimAnswer: claims.sellerAnswer,
        ...operationSums,
      })
      .from(deals)
      .innerJoin(bookings, eq(bookings.id, deals.bookingId))
      .innerJoin(products, eq(products.id, bookings.productId))
      .innerJoin(dealBuyers, eq(dealBuyers.id, deals.buyerId))
      .leftJoin(claims, eq(claims.paymentId, deals.paymentId))
      .leftJoin(dealOperations, eq(dealOperations.paymentId, deals.paymentId))
      .where(eq(deals.sellerId, sellerId))
      .groupBy(deals.paymentId, claims.id)
      .orderBy(desc(deals.createdAt), desc(deals.paymentId))
      .limit(LIST_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ total: sql<number>`count(*)` }).from(deals).where(eq(deals.sellerId, sellerId)),
    page,
  );
  return { ...listed, rows: listed.rows.map((row) => toSellerDeal(row, rule)) };
}

/** A deal's row as read, before its fee and net are worked out. */
interface DealRow {
  state: DealState;
  amountCents: number;
  shippingCents: number;
  labelCostCents: number;
  refunded: number;
  fee: number;
  net: number;
}

/**
 * A deal as the seller reads it: its fee and net as released, or, while it is held, as the
 * release would make them now (the one fee function).
 */
function toSellerDeal<Row extends DealRow>(row: Row, rule: FeeRule) {
  const left = row.amountCents - row.refunded;
  const held = row.state === "held";
  const fee = held ? dealFee(left, row.shippingCents, rule) : row.fee;
  // A label bought through Pay&Buy is paid from the sale at release (ADR 0086).
  const label = Math.min(row.labelCostCents, Math.max(0, left - fee));
  return {
    ...row,
    fee: row.state === "settled_outside" ? null : fee,
    net: row.state === "settled_outside" ? null : held ? left - fee - label : row.net,
    expected: held,
  };
}

/** A seller's amounts: its three reads start together (one D1 batch, ADR 0069). */
export async function getSellerAmounts(db: Database, sellerId: string, rule: FeeRule): Promise<SellerAmounts> {
  const [held, released, paid, owed] = await Promise.all([
    // Held: what each held deal would pay the seller at release.
    db
      .select({
        amountCents: deals.amountCents,
        shippingCents: deals.shippingCents,
        labelCostCents: labelCost,
        refunded: operationSums.refunded,
      })
      .from(deals)
      .leftJoin(dealOperations, eq(dealOperations.paymentId, deals.paymentId))
      .where(and(eq(deals.sellerId, sellerId), eq(deals.state, "held")))
      .groupBy(deals.paymentId),
    // Released to the seller (decided), the platform's fees and the refunds, over every deal.
    db
      .select({ fee: operationSums.fee, net: operationSums.net, refunded: operationSums.refunded })
      .from(dealOperations)
      .innerJoin(deals, eq(deals.paymentId, dealOperations.paymentId))
      .where(eq(deals.sellerId, sellerId)),
    db
      .select({ paid: total(sql`case when ${payouts.status} = 'paid' then ${payouts.amountCents} end`, "paid") })
      .from(payouts)
      .where(eq(payouts.sellerId, sellerId)),
    // What the seller owes (ADR 0087).
    db
      .select({ owed: debtSum, offNet: debtOffNetSum })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.sellerId, sellerId), inArray(ledgerEntries.kind, kindsMoving("debt")))),
  ]);
  const heldNet = held.reduce((sum, deal) => {
    const left = deal.amountCents - deal.refunded;
    const fee = dealFee(left, deal.shippingCents, rule);
    return sum + left - fee - Math.min(deal.labelCostCents, Math.max(0, left - fee));
  }, 0);
  const totals = released[0] ?? { fee: 0, net: 0, refunded: 0 };
  const paidOut = paid[0]?.paid ?? 0;
  const owes = Math.max(0, owed[0]?.owed ?? 0);
  const owedOffNet = Math.max(0, owed[0]?.offNet ?? 0);
  return {
    held: heldNet,
    // Decided net = sent − taken back − owed off the net (a refund's share not taken back is still
    // the seller's to give): what the account was sent and not paid out is the net plus that. A
    // return label owed never came off the net, and was never sent: it is not added.
    onItsWay: Math.max(0, totals.net + owedOffNet - paidOut),
    owed: owes,
    paid: paidOut,
    fees: totals.fee,
    refunded: totals.refunded,
  };
}

export interface SellerAmounts {
  /** Held for the buyer's protection: what those deals pay the seller at release. */
  held: number;
  /** Released to the seller and not yet in their bank. */
  onItsWay: number;
  /** Paid out to the seller's bank. */
  paid: number;
  fees: number;
  refunded: number;
  /** What the seller owes (ADR 0087): withheld from their next sales, or taken back from their account. */
  owed: number;
}

/**
 * The platform's totals from the ledger, per currency: what has moved. Its four reads start
 * together (one D1 batch, ADR 0069).
 */
export async function getPlatformTotals(db: Database) {
  const [money, open, waiting, held] = await Promise.all([
    db
      .select({
        currency: ledgerEntries.currency,
        // Charged, less what left the deals (fees, labels, refunds, the sellers' net).
        held: ledgerSum("held").as("held"),
        // Where each movement lands in the platform's figures (the table of kinds): sent to
        // sellers, fees kept, refunds, chargebacks lost and their fees, beyond the sale (the
        // platform's loss), what sellers owe (ADR 0087), paid to their banks.
        released: figureSum(platformPlace, "transfers").as("released"),
        fees: figureSum(platformPlace, "fees").as("fees"),
        refunded: figureSum(platformPlace, "refunds").as("refunded"),
        disputesLost: figureSum(platformPlace, "disputesLost").as("disputes_lost"),
        disputeFees: figureSum(platformPlace, "disputeFees").as("dispute_fees"),
        disputesBeyondSale: figureSum(platformPlace, "disputesBeyondSale").as("disputes_beyond_sale"),
        owedBySellers: figureSum(platformPlace, "owedBySellers").as("owed_by_sellers"),
        paidOut: figureSum(platformPlace, "payouts").as("paid_out"),
      })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.currency),
    db
      .select({ open: sql<number>`count(*)`.mapWith(Number) })
      .from(claims)
      .where(eq(claims.status, "open")),
    // Movements decided and not carried out yet (retried by the scheduled job), and the oldest error.
    db
      .select({
        waiting: sql<number>`count(*)`.mapWith(Number),
        failing: total(sql`case when ${dealOperations.attempts} > 0 then 1 end`, "failing"),
        lastError: sql<string | null>`max(${dealOperations.lastError})`,
      })
      .from(dealOperations)
      .where(eq(dealOperations.status, "pending")),
    // Deals still held for the buyers' protection.
    db
      .select({ deals: sql<number>`count(*)`.mapWith(Number) })
      .from(deals)
      .where(eq(deals.state, "held")),
  ]);
  return {
    currencies: money,
    openClaims: open[0]?.open ?? 0,
    heldDeals: held[0]?.deals ?? 0,
    movementsWaiting: waiting[0]?.waiting ?? 0,
    movementsFailing: waiting[0]?.failing ?? 0,
    lastError: waiting[0]?.lastError ?? null,
  };
}

export type PlatformTotals = Awaited<ReturnType<typeof getPlatformTotals>>;
