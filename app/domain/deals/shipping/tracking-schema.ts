// What a seller types when they send a parcel themselves: the carrier and its tracking number.
// Browser-safe: the shipment page's form and `POST /api/shipments/:bookingId/tracking` share it.
import * as z from "zod";
import { isOneLine, notOneLineMessage } from "#app/domain/shared/schemas";

export const TRACKING_LIMITS = { carrier: 40, trackingNumber: 40 } as const;

/**
 * The carriers the deal page offers when a seller sends a parcel themselves (the countries Pay&Buy
 * ships in). The REST API still takes another carrier's name as typed.
 */
export const KNOWN_CARRIERS = ["USPS", "UPS", "FedEx", "DHL Express", "Canada Post", "Purolator"] as const;

export const TRACKING_MESSAGES = {
  carrier: "Enter the carrier, such as USPS, UPS, FedEx or Canada Post.",
  trackingNumber: "Enter the tracking number: 6 to 40 letters and digits.",
} as const;

/** A tracking number as carriers print it, spaces and dashes dropped, upper case; null if not one. */
export function readTrackingNumber(text: string): string | null {
  const compact = text.replace(/[\s-]/g, "").toUpperCase();
  return /^[A-Z0-9]{6,40}$/.test(compact) ? compact : null;
}

export const trackingSchema = z.object({
  carrier: z
    .string({ error: TRACKING_MESSAGES.carrier })
    .trim()
    .min(1, { error: TRACKING_MESSAGES.carrier, abort: true })
    .max(TRACKING_LIMITS.carrier, `The carrier should be at most ${TRACKING_LIMITS.carrier} characters`)
    .refine(isOneLine, notOneLineMessage("The carrier")),
  trackingNumber: z
    .string({ error: TRACKING_MESSAGES.trackingNumber })
    .max(TRACKING_LIMITS.trackingNumber * 2, TRACKING_MESSAGES.trackingNumber)
    .transform((text, ctx) => {
      const number = readTrackingNumber(text);
      if (number === null) {
        ctx.addIssue({ code: "custom", message: TRACKING_MESSAGES.trackingNumber });
        return z.NEVER;
      }
      return number;
    }),
});
export type TrackingInput = z.output<typeof trackingSchema>;
