/** A shipped deal's page (ADR 0086). */
export const shipmentPath = (bookingId: string) => `/dashboard/shipments/${bookingId}`;
