import { Hono } from "hono";
import * as z from "zod";
import type { SessionUser } from "#app/domain/accounts/sessions.server";
import { type EditRefusal, setOffersAccepted, updateListingDetails } from "#app/domain/catalog/listing-edits.server";
import { productIdForKey } from "#app/domain/catalog/listing-requests.server";
import {
  DETAIL_FIELD_NAMES,
  type ListingDetails,
  listingDetailsSchema,
  listingSchema,
} from "#app/domain/catalog/listing-schema";
import { photoUrl } from "#app/domain/catalog/photo-keys";
import { farAbove } from "#app/domain/catalog/price-guidance";
import { priceGuidance } from "#app/domain/catalog/price-guidance.server";
import {
  advertiseListing,
  type ChangeResult,
  createListing,
  deleteListing,
  listSellerListings,
  type SellerListing,
} from "#app/domain/catalog/seller-listings.server";
import { listSales, type Sale } from "#app/domain/deals/bookings/sales.server";
import { gearRecord } from "#app/domain/gear/describe";
import { type Currency, currencyOf, toUnits } from "#app/domain/shared/money";
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
import { readIdempotencyKey, readMultipart } from "../requests";
import { detailRecord, listHeaders, requestedPage } from "../shapes";

export const seller = new Hono<ApiEnv>();

// Middleware per route, not `use("*")`: this app is mounted at the API's root.
const sellerOnly = [requireBearer, requireApiRole("seller")] as const;

function productRecord(product: SellerListing, owner: SessionUser, origin: string, currency: Currency) {
  const img = photoUrl(product.photoKey);
  return {
    _id: product.id,
    name: owner.name,
    email: owner.email,
    ...detailRecord(product, currency),
    category: product.categorySlug,
    img: img ? new URL(img, origin).href : null,
    date: product.createdAt.toISOString(),
    isBooking: product.status === "booked",
    isAdvertise: product.advertised,
    isSold: product.status === "sold",
    isRemoved: product.removedAt !== null,
    // The seller's own listing: its whole serial, and whether it is held for review (no more).
    isHeldForReview: product.heldAt !== null,
    gear: gearRecord(product),
    serialNumber: product.serialNumber,
    // Buyers may offer a price on it (ADR 0061); `PUT /api/product/:id {offersAccepted}` turns it off or on.
    offersAccepted: product.offersAccepted,
  };
}

/**
 * When a price is far above the top of the model's range (rounded, ADR 0076):
 * `{percentAboveRange, rangeHighCents}`, or null. Saved anyway; the seller decides.
 */
async function priceWarning(c: ApiContext, details: Pick<ListingDetails, "gear" | "condition" | "resalePrice">) {
  const guidance = await priceGuidance(
    db(c),
    { model: details.gear.model, condition: details.condition },
    appEnv(c).settings.PAYMENT_CURRENCY,
  );
  const far = farAbove(guidance, details.resalePrice);
  return far && guidance?.enough ? { percentAboveRange: far.percent, rangeHighCents: guidance.highCents } : null;
}

function saleRecord(sale: Sale) {
  return {
    _id: sale.id,
    buyerName: sale.buyerName,
    buyerEmail: sale.buyerEmail,
    productId: sale.productId,
    productName: sale.productName,
    price: toUnits(sale.amountCents, currencyOf(sale.currency)),
    priceCents: sale.amountCents,
    currency: sale.currency,
    paymentTime: sale.paidAt.toISOString(),
    transactionId: sale.transactionId,
  };
}

function changeError(c: ApiContext, result: Exclude<ChangeResult, { ok: true }>) {
  return apiError(c, result.status, result.status === 404 ? "not_found" : "conflict", result.message);
}

/** A refused listing edit: 403 a new serial from an unconfirmed address, 404 not the caller's, 409 no longer editable, 422 bad input, 429 too many serials. */
export function editError(c: ApiContext, result: EditRefusal) {
  const code =
    result.status === 403
      ? "forbidden"
      : result.status === 404
        ? "not_found"
        : result.status === 409
          ? "conflict"
          : result.status === 429
            ? "too_many_requests"
            : "invalid";
  return apiError(
    c,
    result.status,
    code,
    result.message,
    result.field ? { [result.field]: [result.message] } : undefined,
  );
}

/**
 * POST /api/product: multipart/form-data with the form's fields and 1 to 8 photos, each a file
 * in `img`. With an
 * `Idempotency-Key` header, repeating the call (same seller, same key) adds the product once.
 */
seller.post("/product", ...sellerOnly, async (c) => {
  const idempotency = readIdempotencyKey(c);
  if (!idempotency.ok) return idempotency.response;
  const key = idempotency.value;
  const submission = await readMultipart(c, listingSchema(appEnv(c).currency), {
    invalid: "The product is not valid.",
  });
  if (!submission.ok) return submission.response;
  const env = appEnv(c);
  const user = c.get("user");
  const result = await createListing(db(c), { photos: env.PHOTOS, images: env.IMAGES }, user, submission.value, {
    productId: key === undefined ? undefined : await productIdForKey(user.id, key),
  });
  if (!result.ok) {
    if (result.reused) {
      return apiError(
        c,
        422,
        "idempotency_key_reused",
        "This Idempotency-Key was already used for a different product.",
      );
    }
    const fields = result.field ? { [result.field]: [result.message] } : undefined;
    const code = result.status === 403 ? "forbidden" : result.status === 429 ? "too_many_requests" : "invalid";
    return apiError(c, result.status, code, result.message, fields);
  }
  // A repeat answers exactly as the first request did, and says it is a repeat.
  if (result.replayed) c.header("Idempotent-Replayed", "true");
  return c.json(
    {
      acknowledged: true,
      insertedId: result.productId,
      heldForReview: result.held,
      priceWarning: await priceWarning(c, submission.value),
    },
    201,
  );
});

/** GET /api/product?page=: the caller's own products, a page at a time (totals in headers). */
seller.get("/product", ...sellerOnly, async (c) => {
  const user = c.get("user");
  const products = await listSellerListings(db(c), user.id, requestedPage(c));
  listHeaders(c, products);
  const origin = new URL(c.req.url).origin;
  return c.json(products.rows.map((product) => productRecord(product, user, origin, appEnv(c).currency)));
});

const advertiseBody = z.object({
  isAdvertise: z.literal(true, { error: 'Send {"isAdvertise": true}: advertising cannot be switched off.' }),
});

const offersBody = z.strictObject({
  offersAccepted: z.boolean({ error: "offersAccepted must be true or false." }),
});

const DETAIL_FIELDS: readonly string[] = DETAIL_FIELD_NAMES;

/**
 * The details as the form sends them: JSON numbers (the spec's dollar prices, the year, a shutter
 * count, a focal length) become the text the shared schema reads; anything else (the included
 * items' array, the checklist's object, or a wrong type) is left for the schema to read or refuse.
 */
function detailsFromJson(body: Record<string, unknown>) {
  return Object.fromEntries(
    DETAIL_FIELDS.map((name) => {
      const value = body[name];
      return [name, typeof value === "number" && Number.isFinite(value) ? String(value) : value];
    }),
  );
}

/**
 * PUT /api/product/:id: `{isAdvertise: true}` puts the product on the home page; the listing's
 * details (every field of POST /api/product but the photos, as JSON) replace its details while
 * it is available; `{offersAccepted: false}` (alone) stops new offers on it, `true` allows them
 * again. Each answers `{acknowledged, modifiedCount}`.
 */
seller.put("/product/:id", ...sellerOnly, async (c) => {
  const body = await readJson(c);
  const object =
    typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  if (object !== null && "offersAccepted" in object) {
    const parsed = offersBody.safeParse(object);
    if (!parsed.success) return validationError(c, parsed.error);
    const result = await setOffersAccepted(db(c), c.get("user").id, c.req.param("id"), parsed.data.offersAccepted);
    if (!result.ok) return apiError(c, 404, "not_found", result.message);
    return c.json({ acknowledged: true, modifiedCount: 1 });
  }
  const editsDetails = object !== null && DETAIL_FIELDS.some((name) => name in object);
  if (!editsDetails) {
    const parsed = advertiseBody.safeParse(body);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? "Send a JSON object.";
      return apiError(c, 422, "invalid", message, { isAdvertise: [message] });
    }
    const result = await advertiseListing(db(c), c.get("user").id, c.req.param("id"));
    if (!result.ok) return changeError(c, result);
    return c.json({ acknowledged: true, modifiedCount: result.changed ? 1 : 0 });
  }
  if ("isAdvertise" in object) {
    const message = "Send the details or isAdvertise, not both in one call.";
    return apiError(c, 422, "invalid", message, { isAdvertise: [message] });
  }
  const parsed = listingDetailsSchema(appEnv(c).currency).safeParse(detailsFromJson(object));
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await updateListingDetails(db(c), c.get("user").id, c.req.param("id"), parsed.data);
  if (!result.ok) return editError(c, result);
  // A price drop tells the listing's wishlisting buyers (through the queue).
  await publishEvents(c, result.events);
  return c.json({
    acknowledged: true,
    modifiedCount: 1,
    heldForReview: result.held,
    priceWarning: await priceWarning(c, parsed.data),
  });
});

/** DELETE /api/product/:id: a soft delete, as on My Products. */
seller.delete("/product/:id", ...sellerOnly, async (c) => {
  const result = await deleteListing(db(c), appEnv(c).PHOTOS, c.get("user").id, c.req.param("id"));
  if (!result.ok) return changeError(c, result);
  return c.json({ acknowledged: true, deletedCount: result.changed ? 1 : 0 });
});

/** GET /api/sellerSBuyer?page=: the caller's sales (open to anyone in the original; not here). */
seller.get("/sellerSBuyer", ...sellerOnly, async (c) => {
  const sales = await listSales(db(c), c.get("user").id, requestedPage(c));
  listHeaders(c, sales);
  return c.json(sales.rows.map(saleRecord));
});
