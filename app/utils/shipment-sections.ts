// A shipped deal's page and its forms (ADR 0071, 0086): each form posts to a child route of the
// page (`…/tracking`, `…/label`); a child whose form came back with errors renders that form in
// its place through the page's Outlet, so a 400 shows the whole page with the errors at the form.
import { useMatches } from "react-router";

/** The forms of the shipment page a child route renders itself. */
export type ShipmentSection = "tracking" | "label" | "return" | "return-answer" | "return-check";

/** A child route's `handle`: the form the shipment page leaves to the child. */
export const shipmentSection = (section: ShipmentSection) => ({ shipmentSection: section });

/** The form a child route renders (through the page's Outlet), if one matched. */
export function useShipmentSection(): ShipmentSection | undefined {
  const matches = useMatches();
  for (const match of matches) {
    const handle = match.handle as { shipmentSection?: ShipmentSection } | undefined;
    if (handle?.shipmentSection) return handle.shipmentSection;
  }
  return undefined;
}
