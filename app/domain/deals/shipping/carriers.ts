// Carriers behind one interface (ADR 0086), chosen like the payment providers: the real carrier
// API (Shippo) when its key is configured; the offline carrier only when the whole product runs
// in test mode (ADR 0091); with a real payment provider and no carrier key, none: sellers send
// parcels themselves and enter their tracking. A carrier
// prices a parcel between two postal codes, sells a prepaid label with its tracking number (and
// a return's, the other way, ADR 0107), and tells the parcel's way through events (the real one
// by webhook, the offline one by the scheduled job or a labelled test control).
import type { ShippingAddress } from "#app/domain/deals/parcels/address";
import { inTestMode, type ModeSettings } from "#app/domain/shared/test-mode";
import type { CarrierProvider, ParcelSize, ShipmentStatus, ShippingCountry } from "#db/closed-lists";

/** What the carrier needs to know of the configuration; the domain never reads the environment. */
export interface CarrierSettings extends ModeSettings {
  SHIPPO_API_KEY?: string | undefined;
  SHIPPO_WEBHOOK_SECRET?: string | undefined;
}

/** A parcel between the seller's postal code and the buyer's address. */
export interface ParcelRoute {
  parcel: ParcelSize;
  country: ShippingCountry;
  fromPostalCode: string;
  to: Pick<ShippingAddress, "postalCode"> & Partial<ShippingAddress>;
}

/** The sender's address on a label (the seller's; passed on to the carrier, never stored). */
export interface ReturnAddressOf {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string;
}

/**
 * A return parcel (ADR 0107): picked up at the address the deal shipped to, going back to the
 * seller's default sender address. Both addresses whole: the carrier prints them, Pay&Buy keeps
 * neither with the return.
 */
export interface ReturnRoute {
  parcel: ParcelSize;
  country: ShippingCountry;
  /** Where the carrier picks it up: the deal's recipient, as its shipment keeps them. */
  buyer: ShippingAddress;
  /** Where it goes back to: the seller's kept sender address. */
  seller: ShippingAddress;
  /** The return's name at the carrier: `returnReference(bookingId)`. */
  reference: string;
}

const RETURN_PREFIX = "return-";

/** A return label's reference: its deal's, marked, so it is never the outgoing label's. */
export const returnReference = (bookingId: string) => `${RETURN_PREFIX}${bookingId}`;

/** The deal a return label's reference names, or null for an outgoing label's. */
export function bookingOfReturnReference(reference: string): string | null {
  if (!reference.startsWith(RETURN_PREFIX)) return null;
  return reference.slice(RETURN_PREFIX.length) || null;
}

export type RateResult = { ok: true; cents: number } | { ok: false; message: string };

export interface Label {
  /** The carrier API's id of the label bought. */
  labelRef: string;
  labelUrl: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
  costCents: number;
}

export type LabelResult = { ok: true; label: Label } | { ok: false; message: string };

/** A state of the parcel the carrier reports, at the time it happened. */
export interface TrackingEvent {
  carrier: string;
  trackingNumber: string;
  status: Exclude<ShipmentStatus, "awaiting_shipment" | "cancelled">;
  at: Date;
  /** The carrier's words for it ("Arrived at the Post Office"). */
  detail: string;
}

export interface Carrier {
  name: CarrierProvider;
  rate(route: ParcelRoute): Promise<RateResult>;
  buyLabel(
    route: ParcelRoute & { to: ShippingAddress; from: ReturnAddressOf; reference: string },
  ): Promise<LabelResult>;
  /** The return's prepaid label, bought when the seller accepts a return (ADR 0107). */
  buyReturnLabel(route: ReturnRoute): Promise<LabelResult>;
}

export const CARRIER_MESSAGES = {
  rateUnavailable: "The carrier could not price this parcel just now: try again in a minute.",
  labelUnavailable: "The carrier could not sell a label just now: try again in a minute, or enter your own tracking.",
  noCarrier: "Pay&Buy sells no labels yet: send the parcel yourself, tracked, and enter its tracking number.",
  noCarrierRate:
    "This listing's shipping is priced by the carrier, and Pay&Buy has no carrier connected yet: choose a meetup, or ask the seller to set a shipping price.",
} as const;

/**
 * The real carrier whenever its key is configured; the offline carrier only in test mode (never
 * beside a real payment provider); null with a real payment provider and no carrier key.
 */
export function carrierProviderName(settings: CarrierSettings): CarrierProvider | null {
  if (settings.SHIPPO_API_KEY) return "shippo";
  return inTestMode(settings) ? "offline" : null;
}
