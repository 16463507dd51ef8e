// The deal page's Returns card (ADR 0106, ADR 0107), read once for its viewer: the policy the
// deal was bought under, the return if one was asked (its reason, words, photos, label, parcel
// and progress), and only the step this viewer may take now. Serials are shown to the seller and
// the admin only by their last characters' mask beside the buyer's own reading.
import { eq } from "drizzle-orm";
import { dealReturnLine } from "#app/domain/catalog/return-policy";
import { maskSerial } from "#app/domain/gear/serials";
import { type Currency, formatMoney } from "#app/domain/shared/money";
import type { Database } from "#db/client";
import { bookings, shipments } from "#db/schema";
import { senderAddress } from "../bookings/saved-addresses.server";
import type { Carrier } from "../shipping/carriers";
import { isFault, RETURN_STATE_WORDS } from "./return-words";
import { returnFor, returnOffer } from "./returns.server";
import { labelPayer, returnProgress, returnReasonsFor, shutterRise } from "./steps";

type Viewer = { id: string; role: string | undefined };

export async function returnCardOf(
  db: Database,
  viewer: Viewer & { as: "buyer" | "seller" | "admin" },
  bookingId: string,
  carrier: Carrier | null,
  currency: Currency,
  now = Date.now(),
) {
  const [booking] = await db
    .select({
      policy: bookings.returnPolicy,
      parcel: shipments.parcel,
      country: shipments.country,
      postalCode: shipments.postalCode,
    })
    .from(bookings)
    .innerJoin(shipments, eq(shipments.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!booking) return null;
  const found = await returnFor(db, viewer, bookingId);
  const policyLine = dealReturnLine(booking.policy);
  if (!found) {
    // The buyer's "Ask to return it", by the return's own rule.
    const offer = viewer.as === "buyer" ? await returnOffer(db, viewer.id, bookingId, now) : null;
    return {
      policyLine,
      ret: null,
      request:
        offer && offer.refusal === null
          ? {
              reasons: returnReasonsFor(offer.policy, offer.deliveredAt, now),
              asksSerial: offer.asksSerial,
              asksShutterCount: offer.asksShutterCount,
            }
          : null,
      labelNote: null,
      asksSerialOnArrival: false,
    } as const;
  }
  const seller = viewer.as === "seller";
  const admin = viewer.as === "admin";
  // What accepting costs the seller, quoted now from the buyer's postal code to their sender address.
  let labelNote: string | null = null;
  if (seller && found.state === "requested") {
    const sender = await senderAddress(db, viewer.id);
    const quote =
      carrier && sender && booking.postalCode
        ? await carrier
            .rate({
              parcel: booking.parcel,
              country: booking.country,
              fromPostalCode: booking.postalCode,
              to: { postalCode: sender.postalCode },
            })
            .catch(() => null)
        : null;
    const cost = quote?.ok ? `about ${formatMoney(quote.cents, currency)}` : "its price";
    labelNote = !sender
      ? "Accepting makes a prepaid label to your sender address: keep one in Settings → Addresses first."
      : labelPayer(found.reason) === "seller"
        ? `Accepting makes a prepaid label from the buyer to your sender address. For a fault its cost, ${cost}, is yours: what you owe Pay&Buy, taken from a later sale.`
        : `Accepting makes a prepaid label from the buyer to your sender address. For a change of mind its cost, ${cost}, is taken from the buyer's refund.`;
  }
  const serialShown = (serial: string | null) => (serial ? (admin ? serial : maskSerial(serial)) : null);
  return {
    policyLine,
    request: null,
    labelNote,
    asksSerialOnArrival: found.listingSerial !== null,
    ret: {
      state: found.state,
      stateWords: RETURN_STATE_WORDS[found.state],
      reason: found.reason,
      fault: isFault(found.reason),
      details: found.details,
      sellerAnswer: found.sellerAnswer,
      offerCents: found.offerCents,
      refundCents: found.refundCents,
      outcome: found.outcome,
      decisionNote: found.decisionNote,
      answerDueAt: found.answerDueAt,
      sendBy: found.sendBy,
      checkDueAt: found.checkDueAt,
      carrier: found.carrier,
      trackingNumber: found.trackingNumber,
      // The buyer prints it while it is still to be sent; nobody else needs the file.
      labelUrl:
        viewer.as === "buyer" && found.state === "accepted" && found.parcelStatus === "pre_transit"
          ? found.labelUrl
          : null,
      labelCostCents: found.labelCostCents,
      parcelStatus: found.parcelStatus,
      offline: found.carrierProvider === "offline",
      problem: found.problem,
      problemDetails: found.problemDetails,
      toAdminReason: found.toAdminReason,
      serials: {
        listing: serialShown(found.listingSerial),
        buyer: serialShown(found.buyerSerial),
        seller: serialShown(found.sellerSerial),
      },
      shutter: {
        listing: found.listingShutterCount,
        buyer: found.buyerShutterCount,
        rise: shutterRise(found.listingShutterCount, found.buyerShutterCount),
      },
      photos: found.photos.map((photo) => ({ side: photo.side, key: photo.key })),
      progress: returnProgress(found.state, found),
      mayAnswer: seller && found.state === "requested",
      mayAnswerOffer: viewer.as === "buyer" && found.state === "offered",
      mayCheck: seller && found.state === "delivered",
    },
  } as const;
}

export type ReturnCard = NonNullable<Awaited<ReturnType<typeof returnCardOf>>>;
