// A shipped deal's parcel, for programs (ADR 0086): its buyer, its seller and the admin read it;
// its seller says it is sent; with the offline carrier, a labelled test control moves it on. The
// rules are the domain's (app/domain/deals/shipping); the same schema as the page's form.
import { Hono } from "hono";
import { choosePaymentProvider } from "#app/domain/deals/payments/checkout.server";
import { feeRuleOf } from "#app/domain/deals/providers/settings";
import { cancelUnshipped } from "#app/domain/deals/settlement/decisions.server";
import { CARRIER_MESSAGES } from "#app/domain/deals/shipping/carriers";
import { chooseCarrier } from "#app/domain/deals/shipping/choose.server";
import { returnAddressSchema } from "#app/domain/deals/shipping/label-schema";
import { buyLabel, quoteLabel } from "#app/domain/deals/shipping/labels.server";
import { advanceOfflineParcel } from "#app/domain/deals/shipping/offline-parcels.server";
import { findShipmentFor, SHIPMENT_MESSAGES, type ShipmentView } from "#app/domain/deals/shipping/parcel-reads.server";
import { receiveReturnCarrierEvent } from "#app/domain/deals/shipping/return-parcels.server";
import { isShippoWebhookToken, readShippoTrackEvent } from "#app/domain/deals/shipping/shippo.server";
import { receiveCarrierEvent } from "#app/domain/deals/shipping/tracking-events.server";
import { enterTracking } from "#app/domain/deals/shipping/tracking-numbers.server";
import { trackingSchema } from "#app/domain/deals/shipping/tracking-schema";
import { type Currency, toUnits } from "#app/domain/shared/money";
import { idSchema } from "#app/domain/shared/schemas";
import {
  type ApiContext,
  type ApiEnv,
  appEnv,
  db,
  publishEvents,
  readJson,
  requireApiRole,
  requireBearer,
} from "../context";
import { apiError, validationError } from "../errors";

export const shipmentsApi = new Hono<ApiEnv>();

const CODES = { 404: "not_found", 409: "conflict", 422: "invalid" } as const;

/** A parcel as the API shows it: the address only to whom the page shows it. */
export function shipmentShape(shipment: ShipmentView, currency: Currency) {
  return {
    bookingId: shipment.bookingId,
    productId: shipment.productId,
    productName: shipment.productName,
    status: shipment.status,
    parcel: shipment.parcel,
    shipping: toUnits(shipment.shippingCents, currency),
    shippingCents: shipment.shippingCents,
    // What the seller takes back, as the booking copied it from the listing (ADR 0106).
    returnPolicy: shipment.returnPolicy,
    shipBy: shipment.shipBy?.toISOString() ?? null,
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: shipment.trackingUrl,
    // A label bought through Pay&Buy: its file, and its cost (paid from the sale at release).
    labelUrl: shipment.viewer === "buyer" ? null : shipment.labelUrl,
    labelCostCents: shipment.viewer === "buyer" ? null : shipment.labelCostCents,
    shippedAt: shipment.shippedAt?.toISOString() ?? null,
    deliveredAt: shipment.deliveredAt?.toISOString() ?? null,
    address: shipment.address,
    buyerContact: shipment.buyerContact,
  };
}

async function shipmentOf(c: ApiContext) {
  const id = idSchema.safeParse(c.req.param("bookingId"));
  if (!id.success) return null;
  return { id: id.data, shipment: await findShipmentFor(db(c), c.get("user"), id.data) };
}

shipmentsApi.get("/shipments/:bookingId", requireBearer, async (c) => {
  const found = await shipmentOf(c);
  if (!found?.shipment) return apiError(c, 404, "not_found", SHIPMENT_MESSAGES.notFound);
  return c.json(shipmentShape(found.shipment, appEnv(c).currency));
});

shipmentsApi.post("/shipments/:bookingId/tracking", requireBearer, requireApiRole("seller"), async (c) => {
  const id = idSchema.safeParse(c.req.param("bookingId"));
  if (!id.success) return apiError(c, 404, "not_found", SHIPMENT_MESSAGES.notFound);
  const parsed = trackingSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await enterTracking(
    db(c),
    c.get("user"),
    id.data,
    parsed.data,
    appEnv(c).settings.BUYER_PROTECTION_DAYS,
  );
  if (!result.ok) return apiError(c, result.status, CODES[result.status], result.message);
  await publishEvents(c, result.events);
  const shipment = await findShipmentFor(db(c), c.get("user"), id.data);
  return c.json({ message: result.message, shipment: shipment ? shipmentShape(shipment, appEnv(c).currency) : null });
});

/** The offline carrier's test control: only in test mode, only for its own parcels (ADR 0091). */
shipmentsApi.post("/shipments/:bookingId/test-advance", requireBearer, async (c) => {
  const id = idSchema.safeParse(c.req.param("bookingId"));
  if (!id.success) return apiError(c, 404, "not_found", SHIPMENT_MESSAGES.notFound);
  const settings = appEnv(c).settings;
  const result = await advanceOfflineParcel(
    db(c),
    chooseCarrier(settings),
    c.get("user"),
    id.data,
    settings.BUYER_PROTECTION_DAYS,
  );
  if (!result.ok) return apiError(c, result.status, CODES[result.status], result.message);
  await publishEvents(c, result.events);
  const shipment = await findShipmentFor(db(c), c.get("user"), id.data);
  return c.json({ message: result.message, shipment: shipment ? shipmentShape(shipment, appEnv(c).currency) : null });
});

/** The buyer cancels a deal whose parcel was not sent by its ship-by date: a full refund. */
shipmentsApi.post("/shipments/:bookingId/cancel", requireBearer, requireApiRole("buyer"), async (c) => {
  const id = idSchema.safeParse(c.req.param("bookingId"));
  if (!id.success) return apiError(c, 404, "not_found", SHIPMENT_MESSAGES.notFound);
  const result = await cancelUnshipped(
    db(c),
    choosePaymentProvider(db(c), appEnv(c).settings),
    { buyerId: c.get("user").id },
    id.data,
  );
  if (!result.ok) return apiError(c, result.status, CODES[result.status], result.message);
  await publishEvents(c, result.events);
  return c.json({ decided: result.decided, message: result.message });
});

/** What a label through Pay&Buy costs now, beside the shipping paid: for the deal's seller. */
shipmentsApi.get("/shipments/:bookingId/label-quote", requireBearer, requireApiRole("seller"), async (c) => {
  const found = await shipmentOf(c);
  if (found?.shipment?.viewer !== "seller") return apiError(c, 404, "not_found", SHIPMENT_MESSAGES.notFound);
  const carrier = chooseCarrier(appEnv(c).settings);
  if (!carrier) return apiError(c, 409, "conflict", CARRIER_MESSAGES.noCarrier);
  const quote = await quoteLabel(db(c), carrier, found.shipment, feeRuleOf(appEnv(c).settings), appEnv(c).currency);
  const currency = appEnv(c).currency;
  if (!quote) return apiError(c, 409, "conflict", CARRIER_MESSAGES.labelUnavailable);
  return c.json({
    label: toUnits(quote.labelCents, currency),
    labelCents: quote.labelCents,
    shipping: toUnits(quote.shippingCents, currency),
    shippingCents: quote.shippingCents,
    // What the seller keeps of the shipping (negative: what comes out of the sale).
    differenceCents: quote.shippingCents - quote.labelCents,
    // The most the sale can pay for a label: a dearer one is refused, with these figures.
    budget: toUnits(quote.budgetCents, currency),
    budgetCents: quote.budgetCents,
    affordable: quote.affordable,
    refusal: quote.refusal,
  });
});

/** The seller buys the parcel's label: JSON `{ name, line1, line2?, city, region }`, the sender. */
shipmentsApi.post("/shipments/:bookingId/label", requireBearer, requireApiRole("seller"), async (c) => {
  const id = idSchema.safeParse(c.req.param("bookingId"));
  if (!id.success) return apiError(c, 404, "not_found", SHIPMENT_MESSAGES.notFound);
  const from = returnAddressSchema.safeParse(await readJson(c));
  if (!from.success) return validationError(c, from.error);
  const settings = appEnv(c).settings;
  const result = await buyLabel(
    db(c),
    chooseCarrier(settings),
    c.get("user"),
    id.data,
    from.data,
    feeRuleOf(settings),
    appEnv(c).currency,
  );
  if (!result.ok) return apiError(c, result.status, CODES[result.status], result.message);
  await publishEvents(c, result.events);
  const shipment = await findShipmentFor(db(c), c.get("user"), id.data);
  return c.json({ message: result.message, shipment: shipment ? shipmentShape(shipment, appEnv(c).currency) : null });
});

/**
 * Shippo's tracking webhook (docs/guides/shipping.md): its URL carries the shared secret
 * (`?token=`, SHIPPO_WEBHOOK_SECRET); each `track_updated` event of a parcel labelled through it is
 * applied once and in order, so repeated and reordered deliveries are harmless. Anything else is
 * acknowledged and changes nothing (Shippo stops sending to an endpoint that keeps failing).
 */
shipmentsApi.post("/webhooks/shippo", async (c) => {
  const settings = appEnv(c).settings;
  if (!settings.SHIPPO_WEBHOOK_SECRET) return apiError(c, 404, "not_found", "There is no such API call.");
  if (!isShippoWebhookToken(settings, c.req.query("token") ?? null))
    return apiError(c, 401, "unauthorized", "The webhook's token is not this endpoint's.");
  const event = readShippoTrackEvent(await readJson(c));
  if (!event) return c.json({ received: true, outcome: "ignored" });
  const outgoing = await receiveCarrierEvent(db(c), "shippo", event, settings.BUYER_PROTECTION_DAYS);
  // Not an outgoing parcel: a return's, labelled through Shippo too (ADR 0107).
  const received =
    outgoing.outcome === "unknown_parcel" ? await receiveReturnCarrierEvent(db(c), "shippo", event) : outgoing;
  await publishEvents(c, received.events);
  return c.json({ received: true, outcome: received.outcome });
});
