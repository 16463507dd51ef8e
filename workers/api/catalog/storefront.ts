// The storefront and buyer calls of spec section 7. The token decides whose wishlist, orders
// and bookings are read; an `email` parameter is accepted for compatibility and ignored.

import { Hono } from "hono";
import * as z from "zod";
import { listAdvertisedProducts, listCategories, loadCategoryPage } from "#app/domain/catalog/catalog.server";
import { searchListings } from "#app/domain/catalog/listing-search.server";
import { findListing } from "#app/domain/catalog/listings.server";
import { photoUrl } from "#app/domain/catalog/photo-keys";
import { readSearchParams, searchQueryParams, withFits } from "#app/domain/catalog/search-params";
import { sellerRatingSummary } from "#app/domain/catalog/seller-ratings.server";
import { addToWishlist, listWishlist } from "#app/domain/catalog/wishlist.server";
import { bookingIdSchema, bookingSchema } from "#app/domain/deals/bookings/booking-schema";
import {
  BOOKING_MESSAGES,
  bookProduct,
  cancelBooking,
  getBookingFor,
  listOrders,
} from "#app/domain/deals/bookings/bookings.server";
import { rateSeller, ratingSchema } from "#app/domain/deals/ratings/ratings.server";
import { mayConfirmReceipt } from "#app/domain/deals/settlement/confirmation";
import { chooseCarrier } from "#app/domain/deals/shipping/choose.server";
import { type Camera, readCamera } from "#app/domain/gear/camera";
import { readPage } from "#app/domain/shared/list-query";
import { toUnits } from "#app/domain/shared/money";
import { idSchema, productIdSchema } from "#app/domain/shared/schemas";
import { bearerUser } from "#app/server/auth.server";
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
import { advertisedProduct, guidanceRecord, listHeaders, listingDetail, requestedPage } from "../shapes";

export const storefront = new Hono<ApiEnv>();

/**
 * Who a public storefront call speaks for: the bearer (null: signed out, who sees no seller's
 * contact number) and its camera: `?camera=` (a key of GET /api/gear), else the bearer's own. A
 * bad key is the caller's error (422), so a typo never looks like "nothing fits".
 */
async function callerCamera(
  c: ApiContext,
): Promise<{ ok: true; camera: Camera | null; viewer: { role: string } | null } | { ok: false; response: Response }> {
  const user = await bearerUser(c.req.header("Authorization"), appEnv(c));
  const viewer = user ? { role: user.role } : null;
  const key = c.req.query("camera");
  if (key) {
    const camera = readCamera(key.trim().toLowerCase());
    if (camera) return { ok: true, camera, viewer };
    return {
      ok: false,
      response: apiError(c, 422, "invalid", "There is no such camera: use a key of GET /api/gear.", {
        camera: ["There is no such camera."],
      }),
    };
  }
  return { ok: true, camera: readCamera(user?.camera), viewer };
}

storefront.get("/advertiseProduct", async (c) => {
  const camera = await callerCamera(c);
  if (!camera.ok) return camera.response;
  const products = await listAdvertisedProducts(db(c));
  return c.json(products.map((product) => advertisedProduct(product, { ...camera, currency: appEnv(c).currency })));
});

// Public, like the listing's page: 404 for an id that never was, 410 for a listing that left
// (deleted, removed by an admin, or its seller deleted).
storefront.get("/listings/:id", async (c) => {
  const camera = await callerCamera(c);
  if (!camera.ok) return camera.response;
  const found = await findListing(db(c), c.req.param("id"), appEnv(c).settings.PAYMENT_CURRENCY);
  if (found.kind === "missing") return apiError(c, 404, "not_found", "There is no such listing.");
  if (found.kind === "gone") return apiError(c, 410, "gone", "This listing is no longer on Pay&Buy.");
  return c.json(
    listingDetail(found, guidanceRecord(found.guidance, appEnv(c).currency), {
      ...camera,
      currency: appEnv(c).currency,
    }),
  );
});

const sizeSchema = z.coerce.number().int().min(0).max(1000).optional();

storefront.get("/category", async (c) => {
  const size = sizeSchema.safeParse(c.req.query("size") ?? undefined);
  if (!size.success) return apiError(c, 422, "invalid", "size must be a whole number from 0 to 1000.");
  const categories = await listCategories(db(c));
  const shown = size.data === undefined ? categories : categories.slice(0, size.data);
  return c.json({
    count: categories.length,
    result: shown.map((category) => ({
      _id: category.id,
      categoryTitle: category.title,
      slug: category.slug,
      img: category.imagePath,
    })),
  });
});

storefront.get("/products", requireBearer, async (c) => {
  const path = c.req.query("path");
  if (!path) return apiError(c, 422, "invalid", "path (the category name) is required.");
  const listing = await loadCategoryPage(db(c), path, readPage(c.req.query("page")));
  if (!listing.category) return apiError(c, 404, "not_found", "Category Not Found");
  c.header("X-Total-Count", String(listing.total));
  c.header("X-Total-Capped", String(listing.capped));
  c.header("X-Page-Count", String(listing.pageCount));
  return c.json(
    listing.products.map((product) => ({
      ...advertisedProduct(product, { viewer: c.get("user"), currency: appEnv(c).currency }),
      category: listing.category!.slug,
      isBooking: false,
      isSold: false,
    })),
  );
});

/** Public: the listings a search finds (the parameters of /search), one page with its metadata. */
storefront.get("/search", async (c) => {
  const parsed = readSearchParams(new URL(c.req.url).searchParams, appEnv(c).currency);
  if (!parsed.ok) return apiError(c, 422, "invalid", parsed.message, parsed.errors as Record<string, string[]>);
  const camera = await callerCamera(c);
  if (!camera.ok) return camera.response;
  const read = withFits(parsed, camera.camera);
  if (!read.ok) return apiError(c, 422, "invalid", read.message, read.errors as Record<string, string[]>);
  const result = await searchListings(db(c), read.query);
  if (!result.ok) return apiError(c, 404, "not_found", "There is no such category.");
  listHeaders(c, result.listings, searchQueryParams(read.query, appEnv(c).currency));
  return c.json({
    sort: result.sort,
    total: result.listings.total,
    capped: result.listings.capped,
    page: result.listings.page,
    pageCount: result.listings.pageCount,
    pageSize: result.listings.pageSize,
    results: result.listings.rows.map((product) =>
      advertisedProduct(product, { ...camera, currency: appEnv(c).currency }),
    ),
  });
});

const buyerOnly = [requireBearer, requireApiRole("buyer")] as const;

storefront.post("/wishlist", ...buyerOnly, async (c) => {
  const parsed = productIdSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await addToWishlist(db(c), c.get("user"), parsed.data.productId);
  if (!result.ok) return apiError(c, result.status, result.status === 409 ? "duplicate" : "not_found", result.message);
  return c.json({ acknowledged: true, message: result.message }, 201);
});

storefront.get("/wishlist", ...buyerOnly, async (c) => {
  const items = await listWishlist(db(c), c.get("user").id, requestedPage(c));
  listHeaders(c, items);
  const currency = appEnv(c).currency;
  return c.json(
    items.rows.map((item) => ({
      _id: item.productId,
      productId: item.productId,
      productTitle: item.productName,
      productImg: photoUrl(item.photoKey),
      productPrice: toUnits(item.priceCents, currency),
      productPriceCents: item.priceCents,
      sellerEmail: item.sellerEmail,
      isSold: item.status === "sold",
      // The caller's own unpaid booking of it, to pay (null when there is none).
      bookingId: item.bookingId,
    })),
  );
});

/** The JSON error code of each refusal of a booking. */
const BOOKING_ERROR_CODES = {
  403: "forbidden",
  404: "not_found",
  409: "unavailable",
  422: "invalid",
  503: "carrier_unavailable",
} as const;

storefront.post("/booking", ...buyerOnly, async (c) => {
  const body = await readJson(c);
  const parsed = bookingSchema.safeParse(body);
  if (!parsed.success) return validationError(c, parsed.error);
  // Whatever price the request names is ignored: the product's price is charged.
  const result = await bookProduct(
    db(c),
    c.get("user"),
    parsed.data,
    { hours: appEnv(c).settings.BOOKING_HOLD_HOURS },
    chooseCarrier(appEnv(c).settings),
  );
  if (!result.ok) return apiError(c, result.status, BOOKING_ERROR_CODES[result.status], result.message);
  // A second booking of what the caller already holds books nothing, as before.
  if (result.repeated) return apiError(c, 409, BOOKING_ERROR_CODES[409], BOOKING_MESSAGES.unavailable);
  await publishEvents(c, result.events);
  return c.json(
    {
      bookingResult: { acknowledged: true, insertedId: result.bookingId },
      replacementResult: { modifiedCount: 1 },
    },
    201,
  );
});

storefront.get("/booking/:id", requireBearer, async (c) => {
  const id = idSchema.safeParse(c.req.param("id"));
  if (!id.success) return apiError(c, 404, "not_found", "There is no such booking.");
  const booking = await getBookingFor(db(c), c.get("user"), id.data);
  if (!booking) return apiError(c, 404, "not_found", "There is no such booking.");
  const currency = appEnv(c).currency;
  return c.json({
    _id: booking.id,
    productId: booking.productId,
    productName: booking.productName,
    productImg: photoUrl(booking.photoKey),
    productPrice: toUnits(booking.priceCents, currency),
    productPriceCents: booking.priceCents,
    buyerName: booking.buyerName,
    buyerEmail: booking.buyerEmail,
    sellerEmail: booking.sellerEmail,
    sellerContact: booking.sellerContact,
    meetLocation: booking.meetLocation,
    buyerContact: booking.buyerContact,
    status: booking.status,
    isPaid: booking.status === "paid",
    bookingTime: booking.createdAt.toISOString(),
  });
});

storefront.get("/myOrders", ...buyerOnly, async (c) => {
  const orders = await listOrders(db(c), c.get("user").id, requestedPage(c));
  listHeaders(c, orders);
  const currency = appEnv(c).currency;
  return c.json(
    orders.rows.map((order) => ({
      _id: order.id,
      productId: order.productId,
      productName: order.productName,
      productImg: photoUrl(order.photoKey),
      productPrice: toUnits(order.priceCents, currency),
      productPriceCents: order.priceCents,
      isPaid: order.status === "paid",
      status: order.status,
      endReason: order.endReason,
      // As My Orders shows it: a meetup, or a parcel with its shipping charge and where it is
      // (its page, GET /api/shipments/:bookingId, has the tracking).
      delivery: order.delivery,
      shipping: toUnits(order.shippingCents, currency),
      shippingCents: order.shippingCents,
      shipmentStatus: order.shipmentStatus,
      // An unpaid order's deadline (ISO 8601, UTC): from then on it cannot be paid.
      expiresAt: order.status === "active" ? (order.expiresAt?.toISOString() ?? null) : null,
      // A paid order's money: held until protectionEndsAt (POST /api/bookings/:id/receipt releases
      // it, POST /api/bookings/:id/claim opens a claim), released, or refunded.
      deal: order.dealState
        ? {
            state: order.dealState,
            protectionEndsAt: order.releaseDueAt?.toISOString() ?? null,
            // Made at the provider; and decided but not made yet.
            refunded: toUnits(order.refundedCents, currency),
            refundedCents: order.refundedCents,
            refundPending: toUnits(order.refundPendingCents, currency),
            refundPendingCents: order.refundPendingCents,
            claim: order.claimId
              ? { _id: order.claimId, status: order.claimStatus, outcome: order.claimOutcome }
              : null,
            // Whether POST /api/bookings/:id/receipt is accepted now (ADR 0098): once it reached
            // the buyer, with no claim or dispute open; otherwise it answers 409 with the reason.
            mayConfirmReceipt: mayConfirmReceipt({
              state: order.dealState,
              sellerRemoved: order.sellerLeft,
              claimOpen: order.claimStatus === "open",
              disputed: order.disputeOpen,
              parcel: order.shipmentStatus
                ? { status: order.shipmentStatus, selfTracked: order.shipmentSelfTracked }
                : null,
            }),
          }
        : null,
    })),
  );
});

storefront.put("/bookingCancel", ...buyerOnly, async (c) => {
  const body = (await readJson(c)) as Record<string, unknown> | undefined;
  const parsed = bookingIdSchema.safeParse({ bookingId: body?.bookingId });
  if (!parsed.success) return validationError(c, parsed.error);
  // productID is accepted for compatibility; the booking decides which product is released.
  const result = await cancelBooking(db(c), c.get("user"), parsed.data.bookingId);
  if (!result.ok) return apiError(c, result.status, result.status === 409 ? "paid" : "not_found", result.message);
  await publishEvents(c, result.events);
  return c.json({
    bookingResult: { deletedCount: 1 },
    productResult: { modifiedCount: result.productReleased ? 1 : 0 },
  });
});

/** The buyer rates the seller of one of its paid bookings (once; stars 1–5, comment ≤ 500). */
storefront.post("/ratings", ...buyerOnly, async (c) => {
  const parsed = ratingSchema.safeParse(await readJson(c));
  if (!parsed.success) return validationError(c, parsed.error);
  const result = await rateSeller(db(c), c.get("user"), parsed.data);
  if (!result.ok) {
    const code = result.status === 409 ? "conflict" : result.status === 404 ? "not_found" : "forbidden";
    return apiError(c, result.status, code, result.message);
  }
  return c.json({ ratingResult: { acknowledged: true, insertedId: result.ratingId } }, 201);
});

/** A seller's public rating summary: the average (one decimal) and how many ratings. */
storefront.get("/sellers/:id/ratings", async (c) => {
  const id = idSchema.safeParse(c.req.param("id"));
  const summary = id.success ? await sellerRatingSummary(db(c), id.data) : null;
  if (!summary) return apiError(c, 404, "not_found", "There is no such seller.");
  return c.json({ sellerId: id.data, average: summary.average, count: summary.count });
});
