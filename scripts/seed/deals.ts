// The demo's shipped deals (ADR 0086), made the way the product makes them: booked with an
// address, paid with the test card, and moved on through the same domain calls the pages make,
// so a newcomer's My Orders, My Buyers, Payouts and Claims show the whole flow: a parcel waiting
// to be sent, one on its way with a label, one delivered and released, one delivered with an open
// claim. Only with the offline providers (no Stripe or Shippo key), only for listings still
// available (a second run changes nothing).
import { and, eq } from "drizzle-orm";
import { bookProduct } from "#app/domain/deals/bookings/bookings.server";
import { openClaim } from "#app/domain/deals/claims/claims.server";
import { choosePaymentProvider, findPayableBooking, payBooking } from "#app/domain/deals/payments/checkout.server";
import { feeRuleOf } from "#app/domain/deals/providers/settings";
import { confirmReceipt } from "#app/domain/deals/settlement/decisions.server";
import { chooseCarrier } from "#app/domain/deals/shipping/choose.server";
import { buyLabel } from "#app/domain/deals/shipping/labels.server";
import { applyTrackingEvent } from "#app/domain/deals/shipping/tracking-events.server";
import { enterTracking } from "#app/domain/deals/shipping/tracking-numbers.server";
import { currencyOf } from "#app/domain/shared/money";
import type { Settings } from "#app/server/env.server";
import type { Database } from "#db/client";
import { products } from "#db/schema";

type Step = "paid" | "label" | "delivered_released" | "delivered_claimed";

/** Each demo deal: the listing (a seed key), its buyer, and how far it goes. */
export const SEED_SHIPPED_DEALS: Array<{ listing: string; buyer: "buyer1" | "buyer2"; step: Step }> = [
  { listing: "leica-summicron-m-50mm-f2-seller1", buyer: "buyer1", step: "paid" },
  { listing: "sandisk-extreme-pro-128gb-sdxc-three-pack-seller1", buyer: "buyer2", step: "label" },
  { listing: "peak-design-everyday-messenger-13-v2-seller1", buyer: "buyer1", step: "delivered_released" },
  { listing: "think-tank-airport-security-v3-seller1", buyer: "buyer2", step: "delivered_claimed" },
];

const ADDRESSES = {
  buyer1: {
    recipient: "Bea Buyer",
    line1: "1550 Wewatta St",
    line2: "Apt 4",
    city: "Denver",
    region: "CO",
    postalCode: "80202",
  },
  buyer2: {
    recipient: "Ben Buyer",
    line1: "200 E Randolph St",
    line2: null,
    city: "Chicago",
    region: "IL",
    postalCode: "60601",
  },
} as const;

const SENDER = { name: "Maya Lens", line1: "100 Court St", line2: null, city: "Brooklyn", region: "NY" };

export async function seedShippedDeals(
  db: Database,
  settings: Settings,
  ids: { listing: (key: string) => Promise<string>; user: (key: "buyer1" | "buyer2") => string },
): Promise<number> {
  // Demo deals are test mode's: made with the offline providers only (ADR 0091).
  const carrier = chooseCarrier(settings);
  if (carrier?.name !== "offline") return 0;
  const provider = choosePaymentProvider(db, settings);
  let made = 0;
  for (const deal of SEED_SHIPPED_DEALS) {
    const productId = await ids.listing(deal.listing);
    const [listing] = await db
      .select({ sellerId: products.sellerId })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.status, "available")))
      .limit(1);
    if (!listing) continue;
    const buyer = { id: ids.user(deal.buyer), role: "buyer" as const };
    const booked = await bookProduct(
      db,
      buyer,
      {
        productId,
        delivery: "ship",
        buyerContact: "+1 303 555 0188",
        address: { ...ADDRESSES[deal.buyer], country: "US" },
      },
      { hours: settings.BOOKING_HOLD_HOURS },
      carrier,
    );
    if (!booked.ok) throw new Error(`Seed deal ${deal.listing}: ${booked.message}`);
    const payable = await findPayableBooking(db, buyer, booked.bookingId);
    const paid = payable && (await payBooking(provider, payable, { method: "card", cardNumber: "4242424242424242" }));
    if (!paid?.ok) throw new Error(`Seed deal ${deal.listing}: the test payment failed`);
    made += 1;
    if (deal.step === "paid") continue;
    const seller = { id: listing.sellerId, role: "seller" };
    const trackingNumber = `9400${booked.bookingId
      .replace(/[^0-9]/g, "")
      .padEnd(18, "0")
      .slice(0, 18)}`;
    const sent =
      deal.step === "label"
        ? await buyLabel(
            db,
            carrier,
            seller,
            booked.bookingId,
            SENDER,
            feeRuleOf(settings),
            currencyOf(settings.PAYMENT_CURRENCY),
          )
        : await enterTracking(
            db,
            seller,
            booked.bookingId,
            { carrier: "USPS", trackingNumber },
            settings.BUYER_PROTECTION_DAYS,
          );
    if (!sent.ok) throw new Error(`Seed deal ${deal.listing}: ${sent.message}`);
    if (deal.step === "label") continue;
    const days = settings.BUYER_PROTECTION_DAYS;
    // The seller's own carrier (USPS) reports the parcel delivered, as its tracking would.
    const delivered = await applyTrackingEvent(
      db,
      { carrier: "USPS", trackingNumber, status: "delivered", at: new Date(), detail: "Delivered" },
      days,
    );
    if (delivered !== "applied") throw new Error(`Seed deal ${deal.listing}: the parcel was not delivered`);
    if (deal.step === "delivered_released") {
      const confirmed = await confirmReceipt(db, provider, settings, buyer, booked.bookingId);
      if (!confirmed.ok) throw new Error(`Seed deal ${deal.listing}: ${confirmed.message}`);
    } else {
      const claimed = await openClaim(db, buyer, {
        bookingId: booked.bookingId,
        reason: "not_as_described",
        details: "One wheel of the case is cracked and the handle does not lock.",
      });
      if (!claimed.ok) throw new Error(`Seed deal ${deal.listing}: ${claimed.message}`);
    }
  }
  return made;
}
