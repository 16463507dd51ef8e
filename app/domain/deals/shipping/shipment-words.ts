// The words people read about a parcel, once. Browser-safe.
import type { ShipmentStatus } from "#db/closed-lists";

export const SHIPMENT_STATUS_WORDS: Record<ShipmentStatus, string> = {
  awaiting_shipment: "Waiting for the seller to send it",
  pre_transit: "Label made: the carrier has not picked it up yet",
  in_transit: "On its way",
  delivered: "Delivered",
  returned: "Sent back to the seller",
  failure: "The carrier reports a problem",
  cancelled: "Cancelled before it was sent",
};

/** The same, in a table's narrow column. */
export const SHIPMENT_STATUS_SHORT: Record<ShipmentStatus, string> = {
  awaiting_shipment: "To be sent",
  pre_transit: "Label made",
  in_transit: "On its way",
  delivered: "Delivered",
  returned: "Returned",
  failure: "Carrier problem",
  cancelled: "Cancelled",
};

/** The same words as the parcel's seller reads them: they send it, nobody else. */
export const SHIPMENT_STATUS_SELLER_WORDS: Record<ShipmentStatus, string> = {
  ...SHIPMENT_STATUS_WORDS,
  awaiting_shipment: "Paid: waiting for you to send it",
  pre_transit: "Label made: hand the parcel to the carrier",
  returned: "Sent back to you",
};

/** A parcel's status in the words meant for the one who reads it. */
export function shipmentStatusWords(viewer: "buyer" | "seller" | "admin", status: ShipmentStatus): string {
  return viewer === "seller" ? SHIPMENT_STATUS_SELLER_WORDS[status] : SHIPMENT_STATUS_WORDS[status];
}
