// A shipping address (ADR 0086) and the lengths of its fields, for the booking dialog's inputs and the
// booking's schema alike. Its own module without zod: the dialog ships on every page that lists
// gear, and must not carry the schema library with it.
import type { ShippingCountry } from "#db/closed-lists";

export const ADDRESS_LIMITS = { recipient: 100, line: 200, city: 100, region: 100, postalCode: 10 } as const;

/** A buyer's address to ship to (ADR 0086), as the booking stores it in its shipment. */
export interface ShippingAddress {
  recipient: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string;
  postalCode: string;
  country: ShippingCountry;
}
