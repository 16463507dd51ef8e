// What the storefront pages (home, category, search, listing, wishlist) share: the viewer the
// cards' actions are drawn for, the URL-driven booking, report and wishlist dialogs, and the
// actions on a listing (book, add to the wishlist, report).
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { findBookableProduct } from "#app/domain/catalog/catalog.server";
import { addToWishlist } from "#app/domain/catalog/wishlist.server";
import { bookingSchema, shippingQuoteSchema } from "#app/domain/deals/bookings/booking-schema";
import { BOOKING_MESSAGES, bookProduct } from "#app/domain/deals/bookings/bookings.server";
import { bookingDefaults } from "#app/domain/deals/bookings/saved-addresses.server";
import { chooseCarrier } from "#app/domain/deals/shipping/choose.server";
import { quoteShipping } from "#app/domain/deals/shipping/quotes.server";
import { readCamera } from "#app/domain/gear/camera";
import { type Camera, cameraName } from "#app/domain/gear/compatibility";
import { saveMyCamera } from "#app/domain/gear/my-camera.server";
import { reportSchema } from "#app/domain/moderation/report-schema";
import { findReportableProduct, REPORT_MESSAGES, reportListing } from "#app/domain/moderation/reports.server";
import { productIdSchema } from "#app/domain/shared/schemas";
import type { EnvContext } from "#app/server/env.server";
import { requireFormData } from "#app/server/http.server";
import { publishFromRoute } from "#app/server/notifications.server";
import type { CameraView } from "#app/utils/camera-urls";
import { dialogHref, withoutDialogs } from "#app/utils/dialog-urls";
import { isDocumentPost, readFormFlash, redirectWithFormErrors } from "#app/utils/form-flash.server";
import {
  getOptionalUser,
  requireBuyer,
  requireSignedIn,
  requireUser,
  type SessionUser,
} from "#app/utils/session.server";
import { redirectWithError, redirectWithResult, redirectWithSuccess } from "#app/utils/toast.server";
import { database } from "#db/client";

/** The page's own URL without the dialog parameters: where Cancel and success lead. */
export function withoutDialog(url: URL): string {
  return withoutDialogs(url.pathname, url.search);
}

/** The page's own URL with the report dialog of a listing open instead of any other. */
export function reportDialogHref(url: URL, productId: string): string {
  return dialogHref(url.pathname, url.search, "report", productId);
}

/** The signed-in user of the request, or null: a storefront page reads it once and passes it on. */
type Viewer = SessionUser | null;

/**
 * The camera of "fits my camera" for this request: the URL's `camera` (a visitor keeps it there,
 * and a link may carry one), else the signed-in visitor's own. Such pages are rendered for their
 * visitor; the edge cache keys a signed-out page by its URL, camera included.
 */
export async function storefrontCamera(
  request: Request,
  context: EnvContext,
): Promise<{ camera: Camera | null; view: CameraView | null }> {
  return cameraOf(new URL(request.url), await getOptionalUser(request, context));
}

function cameraOf(url: URL, viewer: Viewer): { camera: Camera | null; view: CameraView | null } {
  const fromUrl = url.searchParams.get("camera");
  const camera = fromUrl ? readCamera(fromUrl.trim().toLowerCase()) : null;
  if (camera) return { camera, view: { key: camera.key, name: cameraName(camera), fromUrl: true } };
  const own = readCamera(viewer?.camera);
  return { camera: own, view: own ? { key: own.key, name: cameraName(own), fromUrl: false } : null };
}

/** The carrier's quote shown in the dialog: its charge, or why there is none. */
export type ShippingQuoteView = { cents: number } | { message: string };

/**
 * The shipping of the address typed in the dialog (a refused booking's, or "Get the shipping
 * price"'s): quoted again on the server from the listing's terms, never read from the form. Null
 * while no whole address is typed.
 */
async function quoteTyped(context: EnvContext, typed: unknown): Promise<ShippingQuoteView | null> {
  const parsed = shippingQuoteSchema.safeParse(typed);
  if (!parsed.success) return null;
  const quote = await quoteShipping(
    database(context.env.DB),
    chooseCarrier(context.env.settings),
    parsed.data.productId,
    parsed.data.address,
  );
  return quote.ok ? { cents: quote.cents } : { message: quote.message };
}

/**
 * The booking dialog for ?book=<productId>: only for signed-in buyers (others are sent to
 * log in and come back), prefilled from the session and the database.
 */
export async function loadBookingDialog(request: Request, context: EnvContext, viewer: Viewer) {
  const url = new URL(request.url);
  const productId = url.searchParams.get("book");
  if (!productId) return null;
  const user = await requireSignedIn(request, context, viewer);
  if (user.role !== "buyer") return null;
  const [product, lastResult, defaults] = await Promise.all([
    findBookableProduct(database(context.env.DB), productId.slice(0, 100)),
    readFormFlash(request, context, "book", productId),
    bookingDefaults(database(context.env.DB), user.id),
  ]);
  const typed = lastResult?.initialValue;
  // What was typed (a refused booking's, or "Get the shipping price"'s), else the saved address:
  // a carrier's rate is quoted for it before the buyer types anything.
  const quoted =
    typed ?? (defaults.postalCode && product ? { ...defaults, productId: product.id, delivery: "ship" } : null);
  const quote =
    product && product.delivery !== "meetup" && typed?.delivery !== "meetup" && quoted
      ? await quoteTyped(context, quoted)
      : null;
  return {
    closeHref: withoutDialog(url),
    lastResult,
    quote,
    reportHref: product ? reportDialogHref(url, product.id) : null,
    buyer: { name: user.name, email: user.email },
    // The phone from Settings and the default delivery address fill the fields (ADR 0103).
    defaults,
    holdHours: context.env.settings.BOOKING_HOLD_HOURS,
    protectionDays: context.env.settings.BUYER_PROTECTION_DAYS,
    product: product
      ? {
          id: product.id,
          name: product.name,
          photoKey: product.photoKey,
          resalePriceCents: product.resalePriceCents,
          sellerName: product.sellerName,
          sellerVerified: product.sellerVerifiedAt !== null,
          sellerEmail: product.sellerEmail,
          contact: product.contact,
          delivery: product.delivery,
          shipsFromCountry: product.shipsFromCountry,
          shippingPriceCents: product.shippingPriceCents,
          returnPolicy: product.returnPolicy,
        }
      : null,
  };
}

export type BookingDialogData = NonNullable<Awaited<ReturnType<typeof loadBookingDialog>>>;

/**
 * The report dialog for ?report=<productId>: any signed-in user may report a listing
 * (signed-out visitors are sent to log in and come back).
 */
export async function loadReportDialog(request: Request, context: EnvContext, viewer: Viewer) {
  const url = new URL(request.url);
  const productId = url.searchParams.get("report");
  if (!productId) return null;
  await requireSignedIn(request, context, viewer);
  const [product, lastResult] = await Promise.all([
    findReportableProduct(database(context.env.DB), productId.slice(0, 100)),
    readFormFlash(request, context, "report", productId),
  ]);
  return {
    closeHref: withoutDialog(url),
    lastResult,
    product: product ? { id: product.id, name: product.name } : null,
  };
}

export type ReportDialogData = NonNullable<Awaited<ReturnType<typeof loadReportDialog>>>;

/**
 * ?wishlist=<productId>: Add Wishlist pressed while signed out comes back here after the login,
 * as a confirmation the buyer submits with one click (a GET never adds anything by itself).
 * Sellers and admins keep no wishlist: no dialog.
 */
export async function loadWishlistDialog(request: Request, context: EnvContext, viewer: Viewer) {
  const url = new URL(request.url);
  const productId = url.searchParams.get("wishlist");
  if (!productId) return null;
  const user = await requireSignedIn(request, context, viewer);
  if (user.role !== "buyer") return null;
  const product = await findReportableProduct(database(context.env.DB), productId.slice(0, 100));
  return { closeHref: withoutDialog(url), product: product ? { id: product.id, name: product.name } : null };
}

export type WishlistDialogData = NonNullable<Awaited<ReturnType<typeof loadWishlistDialog>>>;

export type StorefrontCamera = Awaited<ReturnType<typeof storefrontCamera>>;

/**
 * What every storefront page loads beside its own reads: the viewer (may this visitor book?),
 * the camera cards are marked for (`camera`, what the page shows of it; `fitCamera`, for
 * `toCardView`/`fitOfCard`, kept out of the page's data) and whichever dialog its URL opens.
 * A page that read the camera already (a search of "only gear that fits") passes it in. Render
 * the dialogs with `<StorefrontDialogs>`.
 */
export async function loadStorefrontShell(request: Request, context: EnvContext, known?: StorefrontCamera | null) {
  // The viewer is read once, here, and handed to everything below that needs it.
  const user = await getOptionalUser(request, context);
  const cameras = known ?? cameraOf(new URL(request.url), user);
  const [booking, report, wishlist] = await Promise.all([
    loadBookingDialog(request, context, user),
    loadReportDialog(request, context, user),
    loadWishlistDialog(request, context, user),
  ]);
  return {
    // What the cards need of the viewer: may this visitor book, or must they sign in first?
    viewer: user ? { role: user.role } : null,
    camera: cameras.view,
    fitCamera: cameras.camera,
    dialogs: { booking, report, wishlist },
  };
}

/**
 * A refused booking or report: the errors with a 400 (JavaScript's fetch, scripts), or, for a
 * browser without JavaScript, redirect-after-post back to the dialog's own address.
 */
async function refused(
  request: Request,
  context: EnvContext,
  url: URL,
  dialog: "book" | "report",
  form: FormData,
  reply: SubmissionResult<string[]>,
) {
  const productId = String(form.get("productId") ?? "").slice(0, 100);
  if (!isDocumentPost(request) || !productId) return data(reply, { status: 400 });
  return redirectWithFormErrors(context, dialogHref(url.pathname, url.search, dialog, productId), {
    form: dialog,
    productId,
    reply,
  });
}

/** The buyer's listing actions, posted from any storefront page. */
export async function handleStorefrontAction(request: Request, context: EnvContext, read?: FormData) {
  const url = new URL(request.url);
  const back = withoutDialog(url);
  // A page with actions of its own (the listing page's offers) reads the form first.
  const form = read ?? (await requireFormData(request));
  const intent = form.get("intent");
  if (intent === "book" && form.get("quote") === "shipping") {
    // "Get the shipping price": the dialog again, with what was typed and the carrier's quote.
    await requireBuyer(request, context);
    const submission = parseWithZod(form, { schema: shippingQuoteSchema });
    const reply = submission.reply();
    if (submission.status !== "success") return refused(request, context, url, "book", form, reply);
    const productId = submission.value.productId;
    if (isDocumentPost(request))
      return redirectWithFormErrors(context, dialogHref(url.pathname, url.search, "book", productId), {
        form: "book",
        productId,
        reply,
      });
    return data({ ...reply, shippingQuote: await quoteTyped(context, submission.payload) });
  }
  if (intent === "book") {
    const buyer = await requireBuyer(request, context);
    const submission = parseWithZod(form, { schema: bookingSchema });
    if (submission.status !== "success") {
      const reply = submission.reply();
      if (isDocumentPost(request)) return refused(request, context, url, "book", form, reply);
      return data({ ...reply, shippingQuote: await quoteTyped(context, submission.payload) }, { status: 400 });
    }
    const result = await bookProduct(
      database(context.env.DB),
      buyer,
      submission.value,
      { hours: context.env.settings.BOOKING_HOLD_HOURS },
      chooseCarrier(context.env.settings),
    );
    if (!result.ok) return redirectWithError(context, back, result.message);
    await publishFromRoute(context, result.events);
    // Booked: straight on to paying for it (a second click of Book leads to the same booking).
    return redirectWithSuccess(context, `/dashboard/payment/${result.bookingId}`, BOOKING_MESSAGES.booked);
  }
  if (intent === "wishlist-add") {
    const buyer = await requireBuyer(request, context);
    const parsed = productIdSchema.safeParse({ productId: form.get("productId") });
    if (!parsed.success) return redirectWithError(context, back, "This product is no longer available.");
    const result = await addToWishlist(database(context.env.DB), buyer, parsed.data.productId);
    return redirectWithResult(context, back, result);
  }
  if (intent === "my-camera") {
    const user = await requireUser(request, context);
    const result = await saveMyCamera(
      database(context.env.DB),
      user.id,
      String(form.get("camera") ?? "").slice(0, 100),
    );
    // Back to the page without the URL's camera: the account's now speaks for the visitor.
    const params = new URLSearchParams(new URL(back, url).search);
    params.delete("camera");
    const here = `${url.pathname}${params.size ? `?${params}` : ""}`;
    return result.ok
      ? redirectWithSuccess(context, here, result.message)
      : redirectWithError(context, here, result.message);
  }
  if (intent === "report") {
    const reporter = await requireUser(request, context);
    const submission = parseWithZod(form, { schema: reportSchema });
    if (submission.status !== "success") return refused(request, context, url, "report", form, submission.reply());
    const result = await reportListing(database(context.env.DB), reporter, submission.value);
    if (!result.ok) return redirectWithError(context, back, result.message);
    return redirectWithSuccess(context, back, REPORT_MESSAGES.reported);
  }
  throw new Response("Unknown action", { status: 400, statusText: "Bad Request" });
}
