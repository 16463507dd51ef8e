// The offer forms' posts, from the listing page and the two offer lists: each reads its fields
// with the shared schemas, calls one domain step and answers with redirect-after-post and a
// toast (ADR 0061).

import { answerOffer } from "#app/domain/deals/offers/offer-answers.server";
import { counterSchema, offerIdSchema, offerSchema } from "#app/domain/deals/offers/offer-schema";
import { makeOffer, type OfferAction, type OfferResult } from "#app/domain/deals/offers/offers.server";
import type { EnvContext } from "#app/server/env.server";
import { publishFromRoute } from "#app/server/notifications.server";
import { requireBuyer, requireSeller } from "#app/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

const field = (form: FormData, name: string) => form.get(name) ?? undefined;

async function answer(context: EnvContext, back: string, result: OfferResult) {
  if (!result.ok) return redirectWithError(context, back, result.message);
  await publishFromRoute(context, result.events);
  return redirectWithSuccess(context, back, result.message);
}

/** A buyer's offer from the listing page; `offerKey` is the page's one-time key (a double submit is one offer). */
export async function postOffer(request: Request, context: EnvContext, form: FormData, back: string) {
  const buyer = await requireBuyer(request, context);
  const parsed = offerSchema(context.env.currency).safeParse({
    productId: field(form, "productId"),
    amount: field(form, "amount"),
    meetLocation: field(form, "meetLocation"),
    buyerContact: field(form, "buyerContact"),
  });
  if (!parsed.success) return redirectWithError(context, back, parsed.error.issues[0]!.message);
  const key = form.get("offerKey");
  const result = await makeOffer(
    database(context.env.DB),
    buyer,
    parsed.data,
    typeof key === "string" ? key : "",
    context.env.currency,
  );
  return answer(context, back, result);
}

const BUYER_STEPS: Record<string, OfferAction> = { accept: "accept", decline: "decline", withdraw: "withdraw" };
const SELLER_STEPS: Record<string, OfferAction> = { accept: "accept", decline: "decline", counter: "counter" };

/**
 * A step on an offer from a list (or the listing page's Withdraw): the buyer's (accept or decline
 * a counter, withdraw) or the seller's (accept, decline, counter with a price).
 */
export async function postOfferStep(
  request: Request,
  context: EnvContext,
  form: FormData,
  side: "buyer" | "seller",
  back: string,
) {
  const user = side === "buyer" ? await requireBuyer(request, context) : await requireSeller(request, context);
  const intent = String(form.get("intent") ?? "");
  const action = (side === "buyer" ? BUYER_STEPS : SELLER_STEPS)[intent];
  if (!action) throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
  const id = offerIdSchema.safeParse({ offerId: field(form, "offerId") });
  if (!id.success) return redirectWithError(context, back, "There is no such offer.");
  let counterCents: number | undefined;
  if (action === "counter") {
    const counter = counterSchema(context.env.currency).safeParse({ amount: field(form, "amount") });
    if (!counter.success) return redirectWithError(context, back, counter.error.issues[0]!.message);
    counterCents = counter.data.amount;
  }
  const result = await answerOffer(database(context.env.DB), user, id.data.offerId, action, {
    counterCents,
    currency: context.env.currency,
    holdHours: context.env.settings.BOOKING_HOLD_HOURS,
  });
  return answer(context, back, result);
}
