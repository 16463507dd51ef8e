// One deal page for a shipped deal (ADR 0102): beside the parcel as its buyer, its seller or an
// admin may read it (shipping/parcel-reads, which decides who may), what was paid, the other
// party, the item's photo, the claim and the deal's state, and the progress picture drawn from
// them all (parcels/progress).
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "#db/client";
import type { CarrierProvider, ShipmentStatus } from "#db/closed-lists";
import { bookings, claims, deals, payments, products, users } from "#db/schema";
import { dealProgress } from "../parcels/progress";
import { disputeOpen } from "../settlement/deals.server";
import { canOpenClaim } from "./claims.server";

const sellers = alias(users, "deal_page_seller");
const buyers = alias(users, "deal_page_buyer");

/** What was paid and where the deal's money stands, for its buyer, seller and an admin. */
async function dealFacts(db: Database, bookingId: string) {
  const [row] = await db
    .select({
      photoKey: products.photoKey,
      sellerName: sellers.name,
      buyerName: buyers.name,
      paidAt: payments.createdAt,
      amountCents: deals.amountCents,
      dealShippingCents: deals.shippingCents,
      state: deals.state,
      releasedAt: deals.releasedAt,
      refundedAt: deals.refundedAt,
      claimOpen: sql<boolean>`exists (select 1 from ${claims} where ${claims.bookingId} = ${bookings.id}
        and ${claims.status} = 'open')`
        .mapWith(Boolean)
        .as("deal_page_claim_open"),
      claimId: sql<
        string | null
      >`(select ${claims.id} from ${claims} where ${claims.bookingId} = ${bookings.id} limit 1)`.as(
        "deal_page_claim_id",
      ),
      disputed: sql<boolean>`coalesce(${disputeOpen(deals.paymentId)}, 0)`.mapWith(Boolean).as("deal_page_disputed"),
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .innerJoin(buyers, eq(buyers.id, bookings.buyerId))
    .leftJoin(payments, and(eq(payments.bookingId, bookings.id), eq(payments.status, "succeeded")))
    .leftJoin(deals, eq(deals.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row ?? null;
}

/** What the deal page reads of the parcel: the parcel read, once it said this viewer may see it. */
export interface ParcelOfDeal {
  bookingId: string;
  viewer: "buyer" | "seller" | "admin";
  status: ShipmentStatus;
  carrierProvider: CarrierProvider | null;
  shippedAt: Date | null;
  deliveredAt: Date | null;
  lastEventAt: Date | null;
  /** The booking's shipping, before a payment says what was paid. */
  shippingCents: number;
}

/**
 * The deal page of a shipped booking, beside its parcel as the viewer may read it (the parcel's
 * read decides who may): the other party's name, what was paid, the claim and the deal's state,
 * and its progress; null when the booking is gone.
 */
export async function dealPageOf(db: Database, parcel: ParcelOfDeal) {
  const facts = await dealFacts(db, parcel.bookingId);
  if (!facts) return null;
  const paid = facts.amountCents !== null;
  const shippingCents = paid ? (facts.dealShippingCents ?? 0) : parcel.shippingCents;
  const progress = dealProgress({
    paidAt: paid ? facts.paidAt : null,
    state: facts.state,
    releasedAt: facts.releasedAt,
    refundedAt: facts.refundedAt,
    claimOpen: facts.claimOpen,
    parcel: {
      status: parcel.status,
      carrierProvider: parcel.carrierProvider,
      shippedAt: parcel.shippedAt,
      deliveredAt: parcel.deliveredAt,
      lastEventAt: parcel.lastEventAt,
    },
  });
  return {
    photoKey: facts.photoKey,
    otherParty:
      parcel.viewer === "seller"
        ? { role: "Buyer", name: facts.buyerName }
        : parcel.viewer === "buyer"
          ? { role: "Seller", name: facts.sellerName }
          : null,
    parties: { seller: facts.sellerName, buyer: facts.buyerName },
    paid: paid
      ? {
          itemCents: (facts.amountCents ?? 0) - shippingCents,
          shippingCents,
          totalCents: facts.amountCents ?? 0,
          at: facts.paidAt,
        }
      : null,
    state: facts.state,
    claimOpen: facts.claimOpen,
    disputed: facts.disputed,
    // The buyer's "Report a problem", by the claim's own rule (My Orders opens the form).
    mayReport: parcel.viewer === "buyer" && canOpenClaim({ dealState: facts.state, claimId: facts.claimId }),
    progress,
  };
}

export type DealPage = NonNullable<Awaited<ReturnType<typeof dealPageOf>>>;
