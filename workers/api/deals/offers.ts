// Offers for programs (ADR 0061): a buyer offers a price on a listing, its seller accepts,
// declines or counters once, the buyer accepts or declines the counter or withdraws. Every rule
// is the domain's (app/domain/deals/offers); the same schemas as the pages.
import { Hono } from "hono";
import * as z from "zod";
import { answerOffer } from "#app/domain/deals/offers/offer-answers.server";
import { getOfferFor, listOffers, type OfferView } from "#app/domain/deals/offers/offer-reads.server";
import { counterSchema, offerSchema } from "#app/domain/deals/offers/offer-schema";
import { makeOffer, type OfferAction, type OfferResult, offerStateAt } from "#app/domain/deals/offers/offers.server";
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
import { readIdempotencyKey } from "../requests";
import { listHeaders, requestedPage } from "../shapes";

export const offersApi = new Hono<ApiEnv>();

const CODES = { 403: "forbidden", 404: "not_found", 409: "conflict", 422: "invalid", 429: "rate_limited" } as const;

const units = (value: number | null, currency: Currency) => (value === null ? null : toUnits(value, currency));

/** An offer as the API shows it to its buyer and its seller. */
export function offerShape(offer: OfferView, currency: Currency, now = Date.now()) {
  return {
    _id: offer.id,
    productId: offer.productId,
    productName: offer.productName,
    askingPrice: toUnits(offer.askingCents, currency),
    askingPriceCents: offer.askingCents,
    amount: toUnits(offer.amountCents, currency),
    amountCents: offer.amountCents,
    counter: units(offer.counterCents, currency),
    counterCents: offer.counterCents,
    // The stored state, and the state as of now (a live offer past its deadline is expired).
    status: offerStateAt(offer, now),
    declineReason: offer.declineReason,
    respondBy: offer.respondBy.toISOString(),
    createdAt: offer.createdAt.toISOString(),
    bookingId: offer.bookingId,
    meetLocation: offer.meetLocation,
    buyerContact: offer.buyerContact,
    buyer: { _id: offer.buyerId, name: offer.buyerName },
    seller: { _id: offer.sellerId, name: offer.sellerName },
  };
}

async function answered(c: ApiContext, result: OfferResult, created = false) {
  if (!result.ok) {
    if (result.status === 429) c.header("Retry-After", String(result.retryAfterSeconds));
    return apiError(c, result.status, CODES[result.status], result.message);
  }
  await publishEvents(c, result.events);
  if (result.replayed) c.header("Idempotent-Replayed", "true");
  const offer = await getOfferFor(db(c), c.get("user"), result.offerId);
  return c.json(
    { message: result.message, offer: offer ? offerShape(offer, appEnv(c).currency) : null },
    created && !result.replayed ? 201 : 200,
  );
}

/**
 * JSON `{ productId, amount, meetLocation, buyerContact }` (amount in dollars). With an
 * `Idempotency-Key` header, repeating the call makes the offer once and answers as the first did.
 */
offersApi.post("/offers", requireBearer, requireApiRole("buyer"), async (c) => {
  const idempotency = readIdempotencyKey(c);
  if (!idempotency.ok) return idempotency.response;
  const parsed = offerSchema(appEnv(c).currency).safeParse((await readJson(c)) ?? null);
  if (!parsed.success) return validationError(c, parsed.error);
  const key = idempotency.value ?? crypto.randomUUID();
  return answered(c, await makeOffer(db(c), c.get("user"), parsed.data, key, appEnv(c).currency), true);
});

const sideSchema = z.enum(["buyer", "seller"], { error: "as must be buyer or seller." });

/** The caller's offers, newest first: `?as=buyer` (made) or `?as=seller` (on their listings). */
offersApi.get("/offers", requireBearer, requireApiRole("buyer", "seller"), async (c) => {
  const user = c.get("user");
  const side = sideSchema.safeParse(c.req.query("as") ?? user.role);
  if (!side.success) return apiError(c, 422, "invalid", side.error.issues[0]!.message);
  if (side.data !== user.role) return apiError(c, 403, "forbidden", "Your account may not do this.");
  const page = requestedPage(c);
  const list = await listOffers(db(c), side.data, user.id, page);
  listHeaders(c, list);
  return c.json(list.rows.map((offer) => offerShape(offer, appEnv(c).currency)));
});

/** One offer, for its buyer or its seller; anyone else is told it does not exist. */
offersApi.get("/offers/:id", requireBearer, async (c) => {
  const id = idSchema.safeParse(c.req.param("id"));
  const offer = id.success ? await getOfferFor(db(c), c.get("user"), id.data) : null;
  if (!offer) return apiError(c, 404, "not_found", "There is no such offer.");
  return c.json(offerShape(offer, appEnv(c).currency));
});

function step(action: OfferAction) {
  return async (c: ApiContext) => {
    let counterCents: number | undefined;
    if (action === "counter") {
      const parsed = counterSchema(appEnv(c).currency).safeParse((await readJson(c)) ?? null);
      if (!parsed.success) return validationError(c, parsed.error);
      counterCents = parsed.data.amount;
    }
    const id = idSchema.safeParse(c.req.param("id"));
    if (!id.success) return apiError(c, 404, "not_found", "There is no such offer.");
    const result = await answerOffer(db(c), c.get("user"), id.data, action, {
      counterCents,
      currency: appEnv(c).currency,
      holdHours: appEnv(c).settings.BOOKING_HOLD_HOURS,
    });
    return answered(c, result);
  };
}

const parties = [requireBearer, requireApiRole("buyer", "seller")] as const;

/** The seller accepts an open offer, or the buyer a counter: a booking at the agreed price. */
offersApi.post("/offers/:id/accept", ...parties, step("accept"));
/** The seller declines an open offer, or the buyer a counter. */
offersApi.post("/offers/:id/decline", ...parties, step("decline"));
/** The seller counters an open offer once: JSON `{ amount }` in dollars. */
offersApi.post("/offers/:id/counter", requireBearer, requireApiRole("seller"), step("counter"));
/** The buyer withdraws a live offer. */
offersApi.post("/offers/:id/withdraw", requireBearer, requireApiRole("buyer"), step("withdraw"));
