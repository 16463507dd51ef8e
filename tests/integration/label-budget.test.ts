// A label the sale cannot pay is never bought (ADR 0092): a $ 1.00 item with free shipping cannot
// pay for a $ 9 label, so the seller is told so with the figures before buying, the page offers
// no purchase, and the API refuses it; a label the sale can pay is bought and paid by it in full.

import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { claims, shipments } from "#db/schema";
import { ORIGIN, sessionCookieFor } from "./auth-helpers";
import { insertUser } from "./factories";
import { expectLedgerHolds } from "./ledger-invariant";
import { apiCall, db, dealState, paidDeal } from "./money-fixtures";
import { deliverLabelled, paidShippedDeal } from "./shipping-fixtures";
import { testEnv } from "./test-env";

const CLAIM = { reason: "not_as_described", details: "Scratched." };
const SENDER = { name: "Maya Lens", line1: "100 Court St", line2: "", city: "Brooklyn", region: "NY" };

describe("a label dearer than its sale", () => {
  it("is refused with the figures, on the page before buying and by the API", async () => {
    const { seller, bookingId } = await paidShippedDeal({ resalePriceCents: 100, shippingPriceCents: 0 });
    const quote = await apiCall(seller.id, "GET", `/api/shipments/${bookingId}/label-quote`);
    expect(quote.status).toBe(200);
    const quoted = await quote.json<{
      labelCents: number;
      budgetCents: number;
      affordable: boolean;
      refusal: string;
    }>();
    expect(quoted).toMatchObject({ budgetCents: 92, affordable: false });
    expect(quoted.labelCents).toBeGreaterThan(92);
    expect(quoted.refusal).toMatch(
      /^This label costs \$\u00a0[\d.]+, more than this sale can pay for it \(\$\u00a00\.92 after the fee\)/,
    );
    const page = await (
      await SELF.fetch(`${ORIGIN}/dashboard/shipments/${bookingId}`, {
        headers: { Cookie: await sessionCookieFor(seller.id) },
      })
    ).text();
    expect(page).toContain("more than this sale can pay for it");
    expect(page).not.toContain("Buy label for");
    const bought = await apiCall(seller.id, "POST", `/api/shipments/${bookingId}/label`, SENDER);
    expect(bought.status).toBe(409);
    expect((await bought.json<{ error: { message: string } }>()).error.message).toBe(quoted.refusal);
    const [parcel] = await db().select().from(shipments).where(eq(shipments.bookingId, bookingId));
    expect(parcel).toMatchObject({ status: "awaiting_shipment", labelRef: null, carrierProvider: null });
  });

  it("the sale can pay is bought, and the release pays it in full, whatever other deals refunded", async () => {
    // Another deal refunded in full: its refund is a row of deal_operations, never this sale's.
    const other = await paidDeal(30_000);
    const admin = await insertUser({ role: "admin" });
    expect((await apiCall(other.buyer.user.id, "POST", `/api/bookings/${other.booking.id}/claim`, CLAIM)).status).toBe(
      201,
    );
    const [claim] = await db().select().from(claims).where(eq(claims.paymentId, other.deal.paymentId));
    const refunded = await apiCall(admin.id, "PUT", `/api/claims/${claim!.id}/decision`, { outcome: "refund_full" });
    expect(refunded.status).toBe(200);
    const { seller, buyer, bookingId, deal } = await paidShippedDeal();
    const page = await (
      await SELF.fetch(`${ORIGIN}/dashboard/shipments/${bookingId}`, {
        headers: { Cookie: await sessionCookieFor(seller.id) },
      })
    ).text();
    expect(page).toContain("Buy label for");
    expect(page).not.toContain("more than this sale can pay for it");
    expect((await apiCall(seller.id, "POST", `/api/shipments/${bookingId}/label`, SENDER)).status).toBe(200);
    await deliverLabelled(buyer.id, bookingId);
    expect((await apiCall(buyer.id, "POST", `/api/bookings/${bookingId}/receipt`)).status).toBe(200);
    const [parcel] = await db().select().from(shipments).where(eq(shipments.bookingId, bookingId));
    const state = await dealState(deal.paymentId);
    expect(state.entries.filter((e) => e.kind === "label").map((e) => e.amountCents)).toEqual([parcel!.labelCostCents]);
    await expectLedgerHolds(testEnv.DB);
  });
});
