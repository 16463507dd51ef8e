// The deal after the payment, for programs: the buyer confirms receipt or opens a claim, the
// seller answers it, the admin decides it and reads the platform's totals. Every rule is the
// domain's (app/domain/deals/settlement, app/domain/deals/claims); the same schemas as the pages.
import { Hono } from "hono";
import * as z from "zod";
import {
  claimAnswerFieldsSchema,
  claimDecisionFieldsSchema,
  claimFieldsSchema,
} from "#app/domain/deals/claims/claim-schema";
import {
  answerClaim,
  type ClaimView,
  getClaimFor,
  listClaims,
  listRemovedSellersHeldDeals,
  openClaim,
} from "#app/domain/deals/claims/claims.server";
import { choosePaymentProvider } from "#app/domain/deals/payments/checkout.server";
import {
  decideTestDispute,
  openTestDispute,
  testDisputeDecisionSchema,
} from "#app/domain/deals/payments/test-disputes.server";
import { getPlatformTotals } from "#app/domain/deals/payouts/summary.server";
import { DISPUTE_MESSAGES, type DisputeResult } from "#app/domain/deals/providers/dispute-messages";
import {
  confirmReceipt,
  type DecisionResult,
  decideClaim,
  refundForRemovedSeller,
} from "#app/domain/deals/settlement/decisions.server";
import { disputeApplier, listDisputes, submitDisputeEvidence } from "#app/domain/deals/settlement/disputes.server";
import type { ClaimDecision } from "#app/domain/deals/settlement/plan";
import { currencyOf, toUnits } from "#app/domain/shared/money";
import { idSchema } from "#app/domain/shared/schemas";
import { CLAIM_STATUSES } from "#db/closed-lists";
import {
  type ApiContext,
  type ApiEnv,
  appEnv,
  db,
  publishEvents,
  readJson,
  requireApiRole,
  requireBearer,
} from "../context";
import { apiError, validationError } from "../errors";
import { listHeaders, requestedPage } from "../shapes";

export const claimsApi = new Hono<ApiEnv>();

const buyerOnly = [requireBearer, requireApiRole("buyer")] as const;
const sellerOnly = [requireBearer, requireApiRole("seller")] as const;
const adminOnly = [requireBearer, requireApiRole("admin")] as const;

const provider = (c: ApiContext) => choosePaymentProvider(db(c), appEnv(c).settings);

const CODES = { 404: "not_found", 409: "conflict", 422: "invalid", 502: "provider_failed" } as const;

/** A claim as the API shows it to its buyer, its seller and the admin. */
export function claimShape(claim: ClaimView) {
  return {
    _id: claim.id,
    bookingId: claim.bookingId,
    productId: claim.productId,
    productName: claim.productName,
    price: toUnits(claim.amountCents, currencyOf(claim.currency)),
    priceCents: claim.amountCents,
    currency: claim.currency,
    reason: claim.reason,
    details: claim.details,
    sellerAnswer: claim.sellerAnswer,
    answeredAt: claim.answeredAt?.toISOString() ?? null,
    status: claim.status,
    outcome: claim.outcome,
    refund: claim.refundCents === null ? null : toUnits(claim.refundCents, currencyOf(claim.currency)),
    refundCents: claim.refundCents,
    decisionNote: claim.decisionNote,
    decidedAt: claim.decidedAt?.toISOString() ?? null,
    createdAt: claim.createdAt.toISOString(),
    dealState: claim.dealState,
    protectionEndsAt: claim.releaseDueAt?.toISOString() ?? null,
    // A shipped order's parcel (ADR 0086): where it is and its tracking; null for a meetup.
    parcel: claim.parcelStatus
      ? {
          status: claim.parcelStatus,
          carrier: claim.parcelCarrier,
          trackingNumber: claim.parcelTrackingNumber,
          shippedAt: claim.parcelShippedAt?.toISOString() ?? null,
          deliveredAt: claim.parcelDeliveredAt?.toISOString() ?? null,
        }
      : null,
    buyer: { _id: claim.buyerId, name: claim.buyerName, email: claim.buyerEmail },
    seller: { _id: claim.sellerId, name: claim.sellerName, email: claim.sellerEmail },
  };
}

async function decided(c: ApiContext, result: DecisionResult) {
  if (!result.ok) return apiError(c, result.status, CODES[result.status], result.message);
  await publishEvents(c, result.events);
  const claim = result.deal.claim ? await getClaimFor(db(c), c.get("user"), result.deal.claim.id) : null;
  return c.json({ decided: result.decided, message: result.message, claim: claim ? claimShape(claim) : null });
}

/** The buyer's "I received it as described": the held payment goes to the seller. */
claimsApi.post("/bookings/:id/receipt", ...buyerOnly, async (c) => {
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", "There is no such paid order.");
  const result = await confirmReceipt(db(c), provider(c), appEnv(c).settings, c.get("user"), id.data);
  if (!result.ok) return apiError(c, result.status, CODES[result.status], result.message);
  await publishEvents(c, result.events);
  return c.json({ decided: result.decided, message: result.message });
});

/** The buyer opens a claim about a paid booking, within its protection window. */
claimsApi.post("/bookings/:id/claim", ...buyerOnly, async (c) => {
  const parsed = claimFieldsSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", "There is no such paid order.");
  const result = await openClaim(db(c), c.get("user"), { bookingId: id.data, ...parsed.data });
  if (!result.ok) return apiError(c, result.status, CODES[result.status], result.message);
  await publishEvents(c, result.events);
  const claim = await getClaimFor(db(c), c.get("user"), result.claimId);
  return c.json(claimShape(claim!), 201);
});

const statusFilter = z.enum(CLAIM_STATUSES).optional();

/** The admin's list of claims: open ones first, then the newest (`?status=` narrows it). */
claimsApi.get("/claims", ...adminOnly, async (c) => {
  const status = statusFilter.safeParse(c.req.query("status") || undefined);
  if (!status.success) return apiError(c, 422, "invalid", `status must be one of ${CLAIM_STATUSES.join(", ")}.`);
  const page = requestedPage(c);
  const claims = await listClaims(db(c), page, status.data ?? null);
  listHeaders(c, claims);
  return c.json(claims.rows.map(claimShape));
});

/** One claim, for its buyer, its seller or an admin; anyone else is told it does not exist. */
claimsApi.get("/claims/:id", requireBearer, async (c) => {
  const id = idSchema.safeParse(c.req.param("id"));
  const claim = id.success ? await getClaimFor(db(c), c.get("user"), id.data) : null;
  if (!claim) return apiError(c, 404, "not_found", "There is no such claim.");
  return c.json(claimShape(claim));
});

/** The seller answers an open claim about one of their sales. */
claimsApi.put("/claims/:id/answer", ...sellerOnly, async (c) => {
  const parsed = claimAnswerFieldsSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", "There is no such claim.");
  const result = await answerClaim(db(c), c.get("user"), id.data, parsed.data.answer);
  if (!result.ok) return apiError(c, result.status, CODES[result.status], result.message);
  await publishEvents(c, result.events);
  const claim = await getClaimFor(db(c), c.get("user"), id.data);
  return c.json(claimShape(claim!));
});

/** The admin decides an open claim: release, or refund in full or in part (`amount` in whole units of the currency). */
claimsApi.put("/claims/:id/decision", ...adminOnly, async (c) => {
  const parsed = claimDecisionFieldsSchema(appEnv(c).currency).safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", "There is no such claim.");
  const { outcome, amount, note } = parsed.data;
  const decision: ClaimDecision = outcome === "refund_partial" ? { outcome, amountCents: amount! } : { outcome };
  return decided(
    c,
    await decideClaim(db(c), provider(c), appEnv(c).settings, c.get("user"), id.data, decision, note ?? null),
  );
});

/** The held payments of removed sellers, oldest first, each waiting for its refund (ADR 0079). */
claimsApi.get("/platform/removed-sellers/payments", ...adminOnly, async (c) => {
  const list = await listRemovedSellersHeldDeals(db(c), requestedPage(c));
  listHeaders(c, list);
  return c.json(
    list.rows.map((deal) => ({
      bookingId: deal.bookingId,
      productName: deal.productName,
      price: toUnits(deal.amountCents, currencyOf(deal.currency)),
      priceCents: deal.amountCents,
      currency: deal.currency,
      paidAt: deal.paidAt.toISOString(),
      buyer: { name: deal.buyerName, email: deal.buyerEmail },
      seller: { name: deal.sellerName },
      claimStatus: deal.claimStatus ?? null,
    })),
  );
});

/** The chargebacks (ADR 0081), open ones first, with the evidence Pay&Buy holds for each. */
claimsApi.get("/platform/disputes", ...adminOnly, async (c) => {
  const list = await listDisputes(db(c), requestedPage(c));
  listHeaders(c, list);
  return c.json(
    list.rows.map((dispute) => ({
      _id: dispute.id,
      providerDisputeId: dispute.providerDisputeId,
      amount: toUnits(dispute.amountCents, currencyOf(dispute.currency)),
      amountCents: dispute.amountCents,
      currency: dispute.currency,
      reason: dispute.reason,
      status: dispute.status,
      open: dispute.closedAt === null,
      evidenceDueAt: dispute.evidenceDueAt?.toISOString() ?? null,
      evidenceSubmittedAt: dispute.evidenceSubmittedAt?.toISOString() ?? null,
      openedAt: dispute.openedAt.toISOString(),
      closedAt: dispute.closedAt?.toISOString() ?? null,
      evidence: {
        bookingId: dispute.bookingId,
        productName: dispute.productName,
        bookedAt: dispute.bookedAt.toISOString(),
        meetLocation: dispute.meetLocation,
        paidAt: dispute.paidAt.toISOString(),
        buyer: { name: dispute.buyerName, email: dispute.buyerEmail },
        dealState: dispute.dealState ?? null,
        releasedAt: dispute.releasedAt?.toISOString() ?? null,
        claim: dispute.claimStatus ? { status: dispute.claimStatus, details: dispute.claimDetails } : null,
        messages: dispute.messageCount,
        confirmedByBuyer: dispute.confirmedByBuyer,
        tracking: dispute.trackingNumber ? { carrier: dispute.carrier, number: dispute.trackingNumber } : null,
      },
    })),
  );
});

const disputeAnswer = async (c: ApiContext, result: DisputeResult, created = false) => {
  if (!result.ok) return apiError(c, result.status, CODES[result.status], result.message);
  await publishEvents(c, result.events);
  return c.json({ message: result.message }, created ? 201 : 200);
};

/** The admin sends Pay&Buy's evidence of a dispute to the bank, through the provider; once. */
claimsApi.post("/platform/disputes/:id/evidence", ...adminOnly, async (c) => {
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", DISPUTE_MESSAGES.notFound);
  return disputeAnswer(c, await submitDisputeEvidence(db(c), provider(c), id.data));
});

/** The offline provider's test control: the bank decides an open dispute ({ "outcome": "won" | "lost" }). */
claimsApi.post("/platform/disputes/:id/test-decision", ...adminOnly, async (c) => {
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", DISPUTE_MESSAGES.notFound);
  const parsed = testDisputeDecisionSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  return disputeAnswer(
    c,
    await decideTestDispute(
      db(c),
      provider(c),
      disputeApplier(db(c), provider(c), appEnv(c).settings),
      id.data,
      parsed.data.outcome,
    ),
  );
});

/** The offline provider's test control: the buyer's bank disputes the buyer's own paid order. */
claimsApi.post("/bookings/:id/test-dispute", ...buyerOnly, async (c) => {
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", DISPUTE_MESSAGES.noPayment);
  return disputeAnswer(
    c,
    await openTestDispute(
      db(c),
      provider(c),
      disputeApplier(db(c), provider(c), appEnv(c).settings),
      c.get("user").id,
      id.data,
    ),
    true,
  );
});

/** The admin refunds in full a held payment whose seller was removed (nothing else may pay it). */
claimsApi.post("/bookings/:id/refund", ...adminOnly, async (c) => {
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", "There is no such paid order.");
  const result = await refundForRemovedSeller(db(c), provider(c), c.get("user"), id.data);
  if (!result.ok) return apiError(c, result.status, CODES[result.status], result.message);
  await publishEvents(c, result.events);
  return c.json({ decided: result.decided, message: result.message });
});

/** The platform's money for the admin: held, released, fees earned, refunded, open claims. */
claimsApi.get("/platform/totals", ...adminOnly, async (c) => {
  const totals = await getPlatformTotals(db(c));
  return c.json({
    ...totals,
    currencies: totals.currencies.map((row) => ({
      currency: row.currency,
      held: toUnits(row.held, currencyOf(row.currency)),
      heldCents: row.held,
      released: toUnits(row.released, currencyOf(row.currency)),
      releasedCents: row.released,
      feesEarned: toUnits(row.fees, currencyOf(row.currency)),
      feesEarnedCents: row.fees,
      refunded: toUnits(row.refunded, currencyOf(row.currency)),
      refundedCents: row.refunded,
      paidOut: toUnits(row.paidOut, currencyOf(row.currency)),
      paidOutCents: row.paidOut,
      owedBySellers: toUnits(row.owedBySellers, currencyOf(row.currency)),
      owedBySellersCents: row.owedBySellers,
      disputesLost: toUnits(row.disputesLost, currencyOf(row.currency)),
      disputesLostCents: row.disputesLost,
      disputeFees: toUnits(row.disputeFees, currencyOf(row.currency)),
      disputeFeesCents: row.disputeFees,
      disputesBeyondSale: toUnits(row.disputesBeyondSale, currencyOf(row.currency)),
      disputesBeyondSaleCents: row.disputesBeyondSale,
    })),
  });
});
