// Every page of the HTML site, with who may open it and the data it needs: the header and SEO
// tests walk this table, and fail when app/routes.ts has a page the table does not name.

import { eq } from "drizzle-orm";
import { database } from "#db/client";
import type { Role } from "#db/closed-lists";
import { bookings, shipments } from "#db/schema";
// @ts-expect-error -- the server build exists once `npm run build` has run.
import * as build from "../../build/server/index.js";
import { signedInUser } from "./auth-helpers";
import { insertCategory, insertProduct } from "./factories";
import { bookedListing } from "./payment-fixtures";
import { testEnv } from "./test-env";

type Fixture = { bookingId: string; productId: string; sellerId: string };
export type Page = {
  path: (fixture: Fixture) => string;
  as: Role | null;
  status?: number;
  isPublic?: boolean;
  /** Kept by no cache even for a signed-out visitor (it carries a one-time link's token). */
  noStore?: boolean;
};

/** By route id (the build's), the URL that opens the page and the role that may open it. */
export const PAGES: Record<string, Page> = {
  "routes/index": { path: () => "/", as: null, isPublic: true },
  "routes/home": { path: () => "/home", as: null, isPublic: true },
  "routes/blog": { path: () => "/blog", as: null, isPublic: true },
  "routes/about": { path: () => "/about", as: null, isPublic: true },
  "routes/login": { path: () => "/login", as: null, isPublic: true },
  "routes/register": { path: () => "/register", as: null, isPublic: true },
  "routes/help": { path: () => "/help", as: null, isPublic: true },
  "routes/buyer-protection": { path: () => "/buyer-protection", as: null, isPublic: true },
  "routes/terms": { path: () => "/terms", as: null, isPublic: true },
  "routes/privacy": { path: () => "/privacy", as: null, isPublic: true },
  "routes/contact": { path: () => "/contact", as: null, isPublic: true },
  "routes/not-found": { path: () => "/no/such/page", as: null, status: 404 },
  "routes/listings.$id": { path: ({ productId }) => `/listings/${productId}`, as: null, isPublic: true },
  "routes/search": { path: () => "/search?q=lens", as: null, isPublic: true },
  "routes/camera": { path: () => "/camera?back=%2Fsearch%3Fq%3Dlens", as: null },
  "routes/sellers.$id": { path: ({ sellerId }) => `/sellers/${sellerId}`, as: null, isPublic: true },
  "routes/products.$name": { path: ({ productId }) => `/products/camera?book=${productId}`, as: "buyer" },
  "routes/dashboard.my_orders": { path: () => "/dashboard/my_orders", as: "buyer" },
  "routes/dashboard.wishlist": { path: () => "/dashboard/wishlist", as: "buyer" },
  "routes/dashboard.my_offers": { path: () => "/dashboard/my_offers", as: "buyer" },
  "routes/dashboard.payment": { path: ({ bookingId }) => `/dashboard/payment/${bookingId}`, as: "buyer" },
  "routes/dashboard.messages._index": { path: () => "/dashboard/messages", as: "buyer" },
  "routes/dashboard.messages.$bookingId": { path: ({ bookingId }) => `/dashboard/messages/${bookingId}`, as: "buyer" },
  "routes/dashboard.add_product": { path: () => "/dashboard/add_product", as: "seller" },
  "routes/dashboard.my_product": { path: () => "/dashboard/my_product", as: "seller" },
  "routes/dashboard.my_product.$id.edit": {
    // The listing of the fixture's seller.
    path: ({ productId }) => `/dashboard/my_product/${productId}/edit`,
    as: "seller",
  },
  // Each form of the edit page posts to its own action; a GET of its URL shows the page (ADR 0071).
  "routes/dashboard.my_product.$id.edit.details": {
    path: ({ productId }) => `/dashboard/my_product/${productId}/edit/details`,
    as: "seller",
  },
  "routes/dashboard.my_product.$id.edit.offers": {
    path: ({ productId }) => `/dashboard/my_product/${productId}/edit/offers`,
    as: "seller",
  },
  "routes/dashboard.my_product.$id.edit.photos.add": {
    path: ({ productId }) => `/dashboard/my_product/${productId}/edit/photos/add`,
    as: "seller",
  },
  "routes/dashboard.my_product.$id.edit.photos.move": {
    path: ({ productId }) => `/dashboard/my_product/${productId}/edit/photos/move`,
    as: "seller",
  },
  "routes/dashboard.my_product.$id.edit.photos.remove": {
    path: ({ productId }) => `/dashboard/my_product/${productId}/edit/photos/remove`,
    as: "seller",
  },
  "routes/dashboard.my_buyer": { path: () => "/dashboard/my_buyer", as: "seller" },
  "routes/dashboard.offers": { path: () => "/dashboard/offers", as: "seller" },
  "routes/dashboard.payouts._index": { path: () => "/dashboard/payouts", as: "seller" },
  "routes/dashboard.payouts.test-onboarding": { path: () => "/dashboard/payouts/test-onboarding", as: "seller" },
  "routes/dashboard.claims": { path: () => "/dashboard/claims", as: "admin" },
  "routes/dashboard.claims.refund": { path: () => "/dashboard/claims/refund", as: "admin" },
  "routes/dashboard.claims.evidence": { path: () => "/dashboard/claims/evidence", as: "admin" },
  "routes/dashboard.claims.test-dispute": { path: () => "/dashboard/claims/test-dispute", as: "admin" },
  "routes/dashboard.reconciliation": { path: () => "/dashboard/reconciliation", as: "admin" },
  // A shipped deal's parcel (ADR 0086), and its label: the fixture's booking is shipped.
  "routes/dashboard.shipments.$bookingId": {
    path: ({ bookingId }) => `/dashboard/shipments/${bookingId}`,
    as: "buyer",
  },
  "routes/dashboard.shipments.$bookingId.tracking": {
    path: ({ bookingId }) => `/dashboard/shipments/${bookingId}/tracking`,
    as: "buyer",
  },
  "routes/dashboard.shipments.$bookingId.cancel": {
    path: ({ bookingId }) => `/dashboard/shipments/${bookingId}/cancel`,
    as: "buyer",
  },
  "routes/dashboard.shipments.$bookingId.label": {
    path: ({ bookingId }) => `/dashboard/shipments/${bookingId}/label`,
    as: "buyer",
  },
  // A return's forms (ADR 0107): each posts to its own action; a GET of its URL shows the deal page.
  "routes/dashboard.shipments.$bookingId.return": {
    path: ({ bookingId }) => `/dashboard/shipments/${bookingId}/return`,
    as: "buyer",
  },
  "routes/dashboard.shipments.$bookingId.return-answer": {
    path: ({ bookingId }) => `/dashboard/shipments/${bookingId}/return-answer`,
    as: "buyer",
  },
  "routes/dashboard.shipments.$bookingId.return-offer": {
    path: ({ bookingId }) => `/dashboard/shipments/${bookingId}/return-offer`,
    as: "buyer",
  },
  "routes/dashboard.shipments.$bookingId.return-check": {
    path: ({ bookingId }) => `/dashboard/shipments/${bookingId}/return-check`,
    as: "buyer",
  },
  "routes/dashboard.shipments.$bookingId.return-advance": {
    path: ({ bookingId }) => `/dashboard/shipments/${bookingId}/return-advance`,
    as: "buyer",
  },
  "routes/dashboard.labels.$bookingId": {
    path: ({ bookingId }) => `/dashboard/labels/${bookingId}`,
    as: "buyer",
  },
  "routes/dashboard.shipments.$bookingId.test-advance": {
    path: ({ bookingId }) => `/dashboard/shipments/${bookingId}/test-advance`,
    as: "buyer",
  },
  "routes/dashboard.all_sellers": { path: () => "/dashboard/all_sellers", as: "admin" },
  "routes/dashboard.all_buyers": { path: () => "/dashboard/all_buyers", as: "admin" },
  "routes/dashboard.reported_items": { path: () => "/dashboard/reported_items", as: "admin" },
  // Each form of Reported Items posts to its own action; a GET of its URL shows the page (ADR 0071).
  "routes/dashboard.reported_items.dismiss": { path: () => "/dashboard/reported_items/dismiss", as: "admin" },
  "routes/dashboard.reported_items.remove": { path: () => "/dashboard/reported_items/remove", as: "admin" },
  "routes/dashboard.reported_items.keep": { path: () => "/dashboard/reported_items/keep", as: "admin" },
  "routes/dashboard.reported_items.reviews.dismiss": {
    path: () => "/dashboard/reported_items/reviews/dismiss",
    as: "admin",
  },
  "routes/dashboard.reported_items.reviews.remove": {
    path: () => "/dashboard/reported_items/reviews/remove",
    as: "admin",
  },
  "routes/dashboard.settings": { path: () => "/dashboard/settings", as: "seller" },
  "routes/dashboard.stolen_gear": { path: () => "/dashboard/stolen_gear", as: "buyer" },
  "routes/dashboard.serial_holds": { path: () => "/dashboard/serial_holds", as: "admin" },
  "routes/dashboard.settings.two-factor": { path: () => "/dashboard/settings/two-factor", as: "seller" },
  "routes/dashboard.settings.addresses": { path: () => "/dashboard/settings/addresses", as: "seller" },
  // Each form of two-factor sign-in posts to its own action; a GET of its URL shows the page (ADR 0075).
  "routes/dashboard.settings.two-factor.start": { path: () => "/dashboard/settings/two-factor/start", as: "seller" },
  "routes/dashboard.settings.two-factor.confirm": {
    path: () => "/dashboard/settings/two-factor/confirm",
    as: "seller",
  },
  "routes/dashboard.settings.two-factor.regenerate": {
    path: () => "/dashboard/settings/two-factor/regenerate",
    as: "seller",
  },
  "routes/dashboard.settings.two-factor.disable": {
    path: () => "/dashboard/settings/two-factor/disable",
    as: "seller",
  },
  // Each form of Settings posts to its own action; a GET of its URL shows the Settings page (ADR 0071).
  "routes/dashboard.settings.profile": { path: () => "/dashboard/settings/profile", as: "seller" },
  "routes/dashboard.settings.email": { path: () => "/dashboard/settings/email", as: "seller" },
  "routes/dashboard.settings.password": { path: () => "/dashboard/settings/password", as: "seller" },
  "routes/dashboard.settings.sessions": { path: () => "/dashboard/settings/sessions", as: "seller" },
  "routes/dashboard.settings.sessions.others": { path: () => "/dashboard/settings/sessions/others", as: "seller" },
  "routes/dashboard.settings.camera": { path: () => "/dashboard/settings/camera", as: "buyer" },
  "routes/dashboard.settings.time-zone": { path: () => "/dashboard/settings/time-zone", as: "buyer" },
  "routes/dashboard.settings.notifications": { path: () => "/dashboard/settings/notifications", as: "buyer" },
  "routes/dashboard.settings.saved-searches.rename": {
    path: () => "/dashboard/settings/saved-searches/rename",
    as: "buyer",
  },
  "routes/dashboard.settings.saved-searches.emails": {
    path: () => "/dashboard/settings/saved-searches/emails",
    as: "buyer",
  },
  "routes/dashboard.settings.saved-searches.delete": {
    path: () => "/dashboard/settings/saved-searches/delete",
    as: "buyer",
  },
  "routes/dashboard.settings.delete-account": { path: () => "/dashboard/settings/delete-account", as: "buyer" },
  "routes/forgot-password": { path: () => "/forgot-password", as: null },
  // A link no letter carried: its clear page.
  "routes/reset-password": {
    path: () => `/reset-password?token=${"A".repeat(43)}`,
    as: null,
    status: 400,
    noStore: true,
  },
  // An unsubscribe link no letter carried: its clear page (ADR 0062).
  "routes/unsubscribe.$token": { path: () => "/unsubscribe/not-a-token", as: null, status: 400, noStore: true },
  "routes/verify-email": { path: () => "/verify-email", as: null, noStore: true },
  // Without a sign-in waiting for its code: the page says to start again.
  "routes/login.two-factor": { path: () => "/login/two-factor", as: null },
  // Only a LOCAL_DEV server has the outbox; the tests' Worker is not one.
  "routes/dev.outbox": { path: () => "/dev/outbox", as: null, status: 404 },
};

type BuildRoute = { id: string; parentId?: string; index?: boolean; module: { default?: unknown } };

/**
 * The route ids that render a page: a component, and no index child (a layout's own URL is its
 * index route's page; a parent without one, like Settings, is a page at its URL).
 */
export function pageRouteIds(): string[] {
  const routes = Object.values(build.routes as Record<string, BuildRoute>);
  const layouts = new Set(routes.filter((route) => route.index).map((route) => route.parentId));
  return routes
    .filter((route) => route.module.default && !layouts.has(route.id))
    .map((route) => route.id)
    .sort();
}

/** A buyer with a booking to pay, a seller and an admin (session cookies), a category with a listing. */
export async function pageFixture() {
  const { buyer, booking } = await bookedListing();
  const category = await insertCategory({ title: "Camera" });
  const seller = await signedInUser("seller");
  const product = await insertProduct({ sellerId: seller.user.id, categoryId: category.id, name: "Leica M6" });
  const admin = await signedInUser("admin");
  const cookies: Record<Role, string> = { buyer: buyer.cookie, seller: seller.cookie, admin: admin.cookie };
  // The booking is shipped, its label bought from the offline carrier: its parcel's pages show.
  const db = database(testEnv.DB);
  await db.update(bookings).set({ delivery: "ship" }).where(eq(bookings.id, booking.id));
  await db.insert(shipments).values({
    bookingId: booking.id,
    recipient: "Dana Buyer",
    line1: "1550 Wewatta St",
    city: "Denver",
    region: "CO",
    postalCode: "80202",
    country: "US",
    parcel: "small",
    status: "pre_transit",
    carrier: "Pay&Buy Test Post",
    trackingNumber: "OFFPAGES1",
    carrierProvider: "offline",
    labelRef: "offline-label-pages",
    labelUrl: `/dashboard/labels/${booking.id}`,
    labelCostCents: 900,
    shippedAt: new Date(),
  });
  const fixture: Fixture = { bookingId: booking.id, productId: product.id, sellerId: seller.user.id };
  return {
    /** Each page's URL and the headers to open it with (its role's session cookie). */
    requests: Object.entries(PAGES).map(([id, page]) => ({
      id,
      page,
      path: page.path(fixture),
      headers: page.as ? { Cookie: cookies[page.as] } : ({} as Record<string, string>),
    })),
  };
}
