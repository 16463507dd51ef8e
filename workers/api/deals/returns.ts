// Returns for programs (ADR 0107): the REST twins of the deal page's return forms, under
// /api/bookings/:id/return, with the one JSON error shape. The rules and schemas are the domain's
// and the pages' own. A request may be JSON, or multipart with `photos` files beside the fields.
import { Hono } from "hono";
import { claimDecisionFieldsSchema } from "#app/domain/deals/claims/claim-schema";
import { choosePaymentProvider } from "#app/domain/deals/payments/checkout.server";
import {
  returnAnswerSchema,
  returnCheckSchema,
  returnOfferAnswerSchema,
  returnRequestSchema,
} from "#app/domain/deals/returns/return-schema";
import { RETURN_MESSAGES } from "#app/domain/deals/returns/return-words";
import {
  answerReturn,
  answerReturnOffer,
  checkReturn,
  decideReturn,
  type ReturnResult,
  type ReturnView,
  requestReturn,
  returnFor,
  returnsToDecide,
} from "#app/domain/deals/returns/returns.server";
import type { ClaimDecision } from "#app/domain/deals/settlement/plan";
import { chooseCarrier } from "#app/domain/deals/shipping/choose.server";
import { maskSerial } from "#app/domain/gear/serials";
import { type Currency, toUnits } from "#app/domain/shared/money";
import { idSchema } from "#app/domain/shared/schemas";
import { readReturnForm } from "#app/server/return-forms.server";
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

export const returnsApi = new Hono<ApiEnv>();

const adminOnly = [requireBearer, requireApiRole("admin")] as const;
const CODES = { 404: "not_found", 409: "conflict", 422: "invalid" } as const;
const provider = (c: ApiContext) => choosePaymentProvider(db(c), appEnv(c).settings);
const store = (c: ApiContext) => ({ photos: appEnv(c).PHOTOS, images: appEnv(c).IMAGES });

/** A return as the API shows it; serials in full to the admin only, masked to the parties. */
function returnShape(item: ReturnView, admin: boolean, currency: Currency) {
  const money = (cents: number | null) => (cents === null ? null : toUnits(cents, currency));
  const serial = (value: string | null) => (value === null ? null : admin ? value : maskSerial(value));
  return {
    _id: item.id,
    bookingId: item.bookingId,
    productId: item.productId,
    productName: item.productName,
    state: item.state,
    reason: item.reason,
    details: item.details,
    serial: serial(item.buyerSerial),
    shutterCount: item.buyerShutterCount,
    sellerAnswer: item.sellerAnswer,
    answerDueAt: item.answerDueAt.toISOString(),
    offer: money(item.offerCents),
    offerCents: item.offerCents,
    label: item.trackingNumber
      ? {
          carrier: item.carrier,
          trackingNumber: item.trackingNumber,
          costCents: item.labelCostCents,
          sendBy: item.sendBy?.toISOString() ?? null,
        }
      : null,
    parcelStatus: item.parcelStatus,
    deliveredAt: item.deliveredAt?.toISOString() ?? null,
    checkDueAt: item.checkDueAt?.toISOString() ?? null,
    sellerSerial: serial(item.sellerSerial),
    problem: item.problem,
    problemDetails: item.problemDetails,
    toAdminReason: item.toAdminReason,
    outcome: item.outcome,
    refund: money(item.refundCents),
    refundCents: item.refundCents,
    decisionNote: item.decisionNote,
    photos: item.photos.map((photo) => ({ side: photo.side, url: `/dashboard/return-photos/${photo.key}` })),
    createdAt: item.createdAt.toISOString(),
    closedAt: item.closedAt?.toISOString() ?? null,
  };
}

async function answered(c: ApiContext, bookingId: string, result: ReturnResult, status: 200 | 201 = 200) {
  if (!result.ok) {
    return apiError(
      c,
      result.status,
      CODES[result.status],
      result.message,
      result.field ? { [result.field]: [result.message] } : undefined,
    );
  }
  await publishEvents(c, result.events);
  const user = c.get("user");
  const item = await returnFor(db(c), user, bookingId);
  return c.json(
    { message: result.message, return: item ? returnShape(item, user.role === "admin", appEnv(c).currency) : null },
    status,
  );
}

const bookingId = (c: ApiContext) => idSchema.safeParse(c.req.param("id"));
const noOrder = (c: ApiContext) => apiError(c, 404, "not_found", RETURN_MESSAGES.notFound);

/** A return's fields from JSON, or from a multipart body with its photos. */
async function fieldsAndPhotos(c: ApiContext) {
  if ((c.req.header("Content-Type") ?? "").startsWith("multipart/form-data")) {
    const read = await readReturnForm(c.req.raw);
    if (!read.ok) {
      const message = read.reply.error?.photos?.[0] ?? "The form could not be read.";
      return {
        ok: false as const,
        response: apiError(c, read.status, read.status === 413 ? "too_large" : "invalid", message, {
          photos: [message],
        }),
      };
    }
    return {
      ok: true as const,
      body: Object.fromEntries([...read.form.entries()].filter(([, value]) => typeof value === "string")),
      photos: read.photos,
    };
  }
  return { ok: true as const, body: await readJson(c), photos: [] as File[] };
}

/** The deal's return, for its buyer, its seller or an admin. */
returnsApi.get("/bookings/:id/return", requireBearer, async (c) => {
  const id = bookingId(c);
  const item = id.success ? await returnFor(db(c), c.get("user"), id.data) : null;
  if (!item) return apiError(c, 404, "not_found", RETURN_MESSAGES.returnNotFound);
  return c.json(returnShape(item, c.get("user").role === "admin", appEnv(c).currency));
});

/** The buyer asks to return a delivered parcel: reason, details, serial, shutter count (and photos, multipart). */
returnsApi.post("/bookings/:id/return", requireBearer, async (c) => {
  const read = await fieldsAndPhotos(c);
  if (!read.ok) return read.response;
  const parsed = returnRequestSchema.safeParse(read.body ?? {});
  if (!parsed.success) return validationError(c, parsed.error);
  const id = bookingId(c);
  if (!id.success) return noOrder(c);
  const result = await requestReturn(db(c), store(c), c.get("user"), id.data, parsed.data, read.photos);
  return answered(c, id.data, result, 201);
});

/** The seller's answer: accept (a label is made), offer a part back (`amount`), or decline (`note`). */
returnsApi.post("/bookings/:id/return/answer", requireBearer, requireApiRole("seller"), async (c) => {
  const parsed = returnAnswerSchema(appEnv(c).currency).safeParse((await readJson(c)) ?? {});
  if (!parsed.success) return validationError(c, parsed.error);
  const id = bookingId(c);
  if (!id.success) return noOrder(c);
  const { answer, amount, note } = parsed.data;
  const result = await answerReturn(
    db(c),
    chooseCarrier(appEnv(c).settings),
    c.get("user"),
    id.data,
    answer === "accept"
      ? { answer }
      : answer === "offer"
        ? { answer, amountCents: amount!, note: note! }
        : { answer, note: note! },
    appEnv(c).currency,
  );
  return answered(c, id.data, result);
});

/** The buyer's answer to the seller's offer: `accept` (keep it for the part back) or `decline`. */
returnsApi.post("/bookings/:id/return/offer", requireBearer, async (c) => {
  const parsed = returnOfferAnswerSchema.safeParse((await readJson(c)) ?? {});
  if (!parsed.success) return validationError(c, parsed.error);
  const id = bookingId(c);
  if (!id.success) return noOrder(c);
  const result = await answerReturnOffer(
    db(c),
    provider(c),
    appEnv(c).settings,
    c.get("user"),
    id.data,
    parsed.data.answer === "accept",
  );
  return answered(c, id.data, result);
});

/** The seller's check of what came back: `as_sent` with the serial read, or a `problem` (and photos, multipart). */
returnsApi.post("/bookings/:id/return/check", requireBearer, requireApiRole("seller"), async (c) => {
  const read = await fieldsAndPhotos(c);
  if (!read.ok) return read.response;
  const parsed = returnCheckSchema.safeParse(read.body ?? {});
  if (!parsed.success) return validationError(c, parsed.error);
  const id = bookingId(c);
  if (!id.success) return noOrder(c);
  const { result: outcome, serial, problem, details } = parsed.data;
  const result = await checkReturn(
    db(c),
    provider(c),
    appEnv(c).settings,
    store(c),
    c.get("user"),
    id.data,
    outcome === "problem"
      ? { result: outcome, serial, problem: problem!, details: details! }
      : { result: outcome, serial },
    read.photos,
  );
  return answered(c, id.data, result);
});

/** The returns waiting for an admin's decision. */
returnsApi.get("/returns", ...adminOnly, async (c) => {
  return c.json((await returnsToDecide(db(c))).map((item) => returnShape(item, true, appEnv(c).currency)));
});

/** The admin decides a return that reached them: release, or refund in full or in part (`amount`). */
returnsApi.put("/bookings/:id/return/decision", ...adminOnly, async (c) => {
  const parsed = claimDecisionFieldsSchema(appEnv(c).currency).safeParse((await readJson(c)) ?? {});
  if (!parsed.success) return validationError(c, parsed.error);
  const id = bookingId(c);
  if (!id.success) return noOrder(c);
  const item = await returnFor(db(c), c.get("user"), id.data);
  if (!item) return apiError(c, 404, "not_found", RETURN_MESSAGES.returnNotFound);
  const { outcome, amount, note } = parsed.data;
  const decision: ClaimDecision = outcome === "refund_partial" ? { outcome, amountCents: amount! } : { outcome };
  const result = await decideReturn(
    db(c),
    provider(c),
    appEnv(c).settings,
    c.get("user"),
    item.id,
    decision,
    note ?? null,
  );
  return answered(c, id.data, result);
});
