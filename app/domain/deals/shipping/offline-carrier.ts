// The offline carrier (ADR 0086): the default under `wrangler dev` and in the tests, with the
// real carrier's shape. Its rates are a fixed table by parcel and distance (the postal codes'
// first characters), its labels are numbered from the shipment they are for (a return's from its
// deal, ADR 0107), and its parcels move through the same states as a real one's, advanced by the
// scheduled job or a labelled test control.
import type { ParcelSize, ShippingCountry } from "#db/closed-lists";
import { bookingOfReturnReference, CARRIER_MESSAGES, type Carrier, type ParcelRoute } from "./carriers";
import { shipmentPath } from "./paths";

/** What a parcel costs before distance, in cents. */
const BASE_CENTS: Record<ParcelSize, number> = { small: 895, medium: 1_495, large: 2_995 };
/** Added for each step of distance between the two postal codes' regions. */
const STEP_CENTS = 120;

/** A postal code's region: a US ZIP code's first digit, a Canadian postal code's first letter. */
function region(country: ShippingCountry, postalCode: string): number {
  const first = postalCode.trim().toUpperCase().charCodeAt(0);
  if (country === "US") return first - 48;
  // Canada's first letters run east (A) to west (V) and north (X, Y): about ten steps.
  return Math.floor((first - 65) / 2.5);
}

/** The offline carrier's rate: the parcel's base and a step per region between the two codes. */
export function offlineRate(route: ParcelRoute): number {
  const distance = Math.abs(region(route.country, route.fromPostalCode) - region(route.country, route.to.postalCode));
  return BASE_CENTS[route.parcel] + STEP_CENTS * distance;
}

/** A reference as a tracking number's characters: letters and digits, upper case, at most 20. */
const numbered = (reference: string) =>
  reference
    .replace(/[^0-9a-z]/gi, "")
    .slice(0, 20)
    .toUpperCase();

/** The offline carrier's tracking numbers: OFF then the shipment's reference, upper case. */
export const offlineTrackingNumber = (reference: string) => `OFF${numbered(reference)}`;

/**
 * A return parcel's: RET then its deal's id. Never OFF, so a return's number is never an
 * outgoing parcel's, whatever the two deals' ids.
 */
export const offlineReturnTrackingNumber = (bookingId: string) => `RET${numbered(bookingId)}`;

export const OFFLINE_CARRIER_NAME = "Pay&Buy Test Post";

/**
 * Where an offline parcel is followed: its deal's shipment page, which shows its timeline (the
 * offline carrier has no tracking site). Also read for parcels stored with the old `/track/…`.
 */
export const offlineTrackingUrl = (bookingId: string) => shipmentPath(bookingId);

export function offlineCarrier(): Carrier {
  return {
    name: "offline",
    async rate(route) {
      return { ok: true, cents: offlineRate(route) };
    },
    async buyLabel(route) {
      const trackingNumber = offlineTrackingNumber(route.reference);
      return {
        ok: true,
        label: {
          labelRef: `offline-label-${route.reference}`,
          // The label is drawn by Pay&Buy's own page (the offline carrier has no files).
          labelUrl: `/dashboard/labels/${encodeURIComponent(route.reference)}`,
          carrier: OFFLINE_CARRIER_NAME,
          trackingNumber,
          trackingUrl: offlineTrackingUrl(route.reference),
          costCents: offlineRate(route),
        },
      };
    },
    async buyReturnLabel(route) {
      // The deal is named by the reference: its page follows the parcel, as the outgoing one's.
      const bookingId = bookingOfReturnReference(route.reference);
      if (!bookingId) return { ok: false, message: CARRIER_MESSAGES.labelUnavailable };
      return {
        ok: true,
        label: {
          labelRef: `offline-label-${route.reference}`,
          labelUrl: `/dashboard/labels/${encodeURIComponent(route.reference)}`,
          carrier: OFFLINE_CARRIER_NAME,
          trackingNumber: offlineReturnTrackingNumber(bookingId),
          trackingUrl: offlineTrackingUrl(bookingId),
          // The same table, from the buyer's postal code back to the seller's.
          costCents: offlineRate({
            parcel: route.parcel,
            country: route.country,
            fromPostalCode: route.buyer.postalCode,
            to: { postalCode: route.seller.postalCode },
          }),
        },
      };
    },
  };
}
