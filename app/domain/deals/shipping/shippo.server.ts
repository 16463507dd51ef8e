// The real carrier (ADR 0086): Shippo's HTTP API, called with `fetch` (it runs on Workers; its
// Node SDK does not add what we use). A rate is the cheapest of the carriers' rates for the
// parcel; a label is bought at that rate, and its cost is what Shippo charges for it. A return's
// label is Shippo's `is_return` one (ADR 0107), bought the same way.
import { PARCEL_PRESETS } from "#app/domain/catalog/delivery";
import { timingSafeEqual } from "#app/domain/shared/constant-time";
import { currencyOf, parseMoney } from "#app/domain/shared/money";
import type { ParcelSize } from "#db/closed-lists";
import type { ShippingAddress } from "../parcels/address";
import type { Carrier, CarrierSettings, LabelResult, ParcelRoute, RateResult, TrackingEvent } from "./carriers";
import { CARRIER_MESSAGES } from "./carriers";

export const SHIPPO_API = "https://api.goshippo.com";

interface ShippoRate {
  object_id: string;
  amount: string;
  currency: string;
  provider: string;
}

function parcelOf(parcel: ParcelSize) {
  const preset = PARCEL_PRESETS[parcel];
  const [length, width, height] = preset.boxCm;
  return {
    length: String(length),
    width: String(width),
    height: String(height),
    distance_unit: "cm",
    weight: String(preset.maxGrams),
    mass_unit: "g",
  };
}

function addressOf(country: string, postalCode: string, full?: Partial<ShippingAddress>) {
  return {
    zip: postalCode,
    country,
    ...(full?.recipient ? { name: full.recipient } : {}),
    ...(full?.line1 ? { street1: full.line1 } : {}),
    ...(full?.line2 ? { street2: full.line2 } : {}),
    ...(full?.city ? { city: full.city } : {}),
    ...(full?.region ? { state: full.region } : {}),
  };
}

export function shippoCarrier(settings: CarrierSettings, currency = "USD"): Carrier {
  /** "12.34" → 1234 in USD, "1500" → 1500 in JPY; null for anything that is not an amount. */
  const toCents = (amount: string) => parseMoney(amount, currencyOf(currency));
  const key = settings.SHIPPO_API_KEY;
  if (!key) throw new Error("The Shippo carrier needs SHIPPO_API_KEY");
  const call = async (path: string, body: unknown): Promise<Record<string, unknown> | null> => {
    const response = await fetch(`${SHIPPO_API}${path}`, {
      method: "POST",
      headers: { Authorization: `ShippoToken ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) return null;
    return (await response.json()) as Record<string, unknown>;
  };

  /** The cheapest rate in the charge's currency that Shippo gives for the shipment asked. */
  async function cheapest(shipment: {
    address_from: ReturnType<typeof addressOf>;
    address_to: ReturnType<typeof addressOf>;
    parcel: ParcelSize;
    extra?: Record<string, unknown>;
  }): Promise<ShippoRate | null> {
    const { parcel, ...addresses } = shipment;
    const answer = await call("/shipments/", { ...addresses, parcels: [parcelOf(parcel)], async: false });
    const rates = Array.isArray(answer?.rates) ? (answer.rates as ShippoRate[]) : [];
    const priced = rates
      .filter((rate) => rate.currency?.toUpperCase() === currency.toUpperCase() && toCents(rate.amount) !== null)
      .sort((a, b) => toCents(a.amount)! - toCents(b.amount)!);
    return priced[0] ?? null;
  }

  /** The label bought at that rate, named by the reference (Shippo's metadata), or why not. */
  async function buyAt(rate: ShippoRate | null, reference: string): Promise<LabelResult> {
    if (!rate) return { ok: false, message: CARRIER_MESSAGES.labelUnavailable };
    const bought = await call("/transactions/", {
      rate: rate.object_id,
      label_file_type: "PDF",
      async: false,
      metadata: reference,
    });
    if (
      bought?.status !== "SUCCESS" ||
      typeof bought.tracking_number !== "string" ||
      typeof bought.label_url !== "string" ||
      typeof bought.object_id !== "string"
    )
      return { ok: false, message: CARRIER_MESSAGES.labelUnavailable };
    return {
      ok: true,
      label: {
        labelRef: bought.object_id,
        labelUrl: bought.label_url,
        carrier: rate.provider,
        trackingNumber: bought.tracking_number,
        trackingUrl: typeof bought.tracking_url_provider === "string" ? bought.tracking_url_provider : "",
        costCents: toCents(rate.amount)!,
      },
    };
  }

  /** The parcel as Shippo prices it: from the listing's postal code (and the sender, if given). */
  const outgoing = (route: ParcelRoute, from?: Partial<ShippingAddress>) =>
    cheapest({
      address_from: addressOf(route.country, route.fromPostalCode, from),
      address_to: addressOf(route.country, route.to.postalCode, route.to),
      parcel: route.parcel,
    });

  return {
    name: "shippo",
    async rate(route): Promise<RateResult> {
      const rate = await outgoing(route);
      return rate
        ? { ok: true, cents: toCents(rate.amount)! }
        : { ok: false, message: CARRIER_MESSAGES.rateUnavailable };
    },
    async buyLabel(route): Promise<LabelResult> {
      const rate = await outgoing(route, {
        recipient: route.from.name,
        line1: route.from.line1,
        line2: route.from.line2,
        city: route.from.city,
        region: route.from.region,
      });
      return buyAt(rate, route.reference);
    },
    async buyReturnLabel(route): Promise<LabelResult> {
      // Asked the way the deal went, seller to buyer: Shippo turns a return's addresses round on
      // the label itself (its docs say not to swap them), and prices the carrier's return service.
      const bought = cheapest({
        address_from: addressOf(route.country, route.seller.postalCode, route.seller),
        address_to: addressOf(route.country, route.buyer.postalCode, route.buyer),
        parcel: route.parcel,
        extra: { is_return: true },
      }).then((rate) => buyAt(rate, route.reference));
      // A carrier that cannot be reached sells nothing, as one that says no.
      return bought.catch(() => ({ ok: false, message: CARRIER_MESSAGES.labelUnavailable }));
    },
  };
}

/** Shippo's tracking states, as the parcel's (UNKNOWN changes nothing). */
const SHIPPO_STATUSES: Record<string, TrackingEvent["status"]> = {
  PRE_TRANSIT: "pre_transit",
  TRANSIT: "in_transit",
  DELIVERED: "delivered",
  RETURNED: "returned",
  FAILURE: "failure",
};

/** Whether the webhook's token is the configured secret (compared in constant time). */
export function isShippoWebhookToken(settings: CarrierSettings, token: string | null): boolean {
  const secret = settings.SHIPPO_WEBHOOK_SECRET;
  if (!secret || !token) return false;
  return timingSafeEqual(new TextEncoder().encode(secret), new TextEncoder().encode(token));
}

/**
 * A `track_updated` webhook's body as a tracking event of a parcel labelled through Shippo, or
 * null for anything else (another event, an UNKNOWN state, a body without its fields).
 */
export function readShippoTrackEvent(body: unknown): Omit<TrackingEvent, "carrier"> | null {
  if (typeof body !== "object" || body === null) return null;
  const { event, data } = body as { event?: unknown; data?: unknown };
  if (event !== "track_updated" || typeof data !== "object" || data === null) return null;
  const { tracking_number: trackingNumber, tracking_status: status } = data as {
    tracking_number?: unknown;
    tracking_status?: { status?: unknown; status_date?: unknown; status_details?: unknown } | null;
  };
  if (typeof trackingNumber !== "string" || trackingNumber.length > 60 || !status) return null;
  const state = typeof status.status === "string" ? SHIPPO_STATUSES[status.status] : undefined;
  const at = typeof status.status_date === "string" ? new Date(status.status_date) : null;
  if (!state || !at || Number.isNaN(at.getTime())) return null;
  const detail = typeof status.status_details === "string" ? status.status_details.slice(0, 200) : "";
  return { trackingNumber, status: state, at, detail };
}
