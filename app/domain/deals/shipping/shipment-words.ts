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

/** The parcel's steps so far, in order: booked, sent, delivered. */
export function shipmentTimeline(shipment: {
  status: ShipmentStatus;
  shipBy: Date | string | null;
  shippedAt: Date | string | null;
  deliveredAt: Date | string | null;
}): Array<{ label: string; at: Date | string | null }> {
  const steps: Array<{ label: string; at: Date | string | null }> = [{ label: "Paid", at: null }];
  if (shipment.shippedAt) steps.push({ label: "Sent", at: shipment.shippedAt });
  if (shipment.deliveredAt) steps.push({ label: "Delivered", at: shipment.deliveredAt });
  else if (
    shipment.status !== "awaiting_shipment" &&
    shipment.status !== "in_transit" &&
    shipment.status !== "pre_transit"
  )
    steps.push({ label: SHIPMENT_STATUS_WORDS[shipment.status], at: null });
  return steps;
}
