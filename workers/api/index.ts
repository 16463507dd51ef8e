import { Hono } from "hono";
import { checkDatabase } from "#app/domain/shared/health.server";
import { account } from "./accounts/account";
import { addressesApi } from "./accounts/addresses";
import { identity } from "./accounts/identity";
import { savedSearchesApi } from "./alerts/saved-searches";
import { listingPhotos } from "./catalog/listing-photos";
import { seller } from "./catalog/products";
import { sellersApi } from "./catalog/sellers";
import { storefront } from "./catalog/storefront";
import { claimsApi } from "./deals/claims";
import { offersApi } from "./deals/offers";
import { paymentsApi } from "./deals/payments";
import { payoutsApi } from "./deals/payouts";
import { reconciliationApi } from "./deals/reconciliation";
import { returnsApi } from "./deals/returns";
import { reviewsApi } from "./deals/reviews";
import { shipmentsApi } from "./deals/shipments";
import { apiError } from "./errors";
import { gearApi } from "./gear/gear";
import { messagesApi } from "./messaging/messages";
import { admin } from "./moderation/admin-users";
import { reports } from "./moderation/reports";
import { reviewReportsApi } from "./moderation/review-reports";
import { stolenSerialsApi } from "./moderation/stolen-serials";
import { settings } from "./notifications/settings";
import { privacy } from "./privacy/privacy";

/** The REST API for programs, mounted at /api. */
export const api = new Hono<{ Bindings: Env }>();

api.get("/health", async (c) => {
  const database = await checkDatabase(c.env.DB);
  const status = database.ok ? 200 : 503;
  return c.json({ status: database.ok ? "ok" : "degraded", database }, status);
});

api.route("/", identity);
api.route("/", account);
api.route("/", addressesApi);
api.route("/", privacy);
api.route("/", storefront);
api.route("/", paymentsApi);
api.route("/", payoutsApi);
api.route("/", claimsApi);
api.route("/", returnsApi);
api.route("/", reconciliationApi);
api.route("/", offersApi);
api.route("/", seller);
api.route("/", listingPhotos);
api.route("/", admin);
api.route("/", reports);
api.route("/", messagesApi);
api.route("/", settings);
api.route("/", savedSearchesApi);
api.route("/", gearApi);
api.route("/", stolenSerialsApi);
api.route("/", sellersApi);
api.route("/", reviewsApi);
api.route("/", shipmentsApi);
api.route("/", reviewReportsApi);

// Registered last: any other /api path is a JSON 404, never the HTML site.
api.all("*", (c) => apiError(c, 404, "not_found", "There is no such API call."));

api.onError((error, c) => {
  console.error("API error", error);
  return apiError(c, 500, "internal", "Something went wrong on our side.");
});
