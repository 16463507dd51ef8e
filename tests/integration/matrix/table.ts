// The authorization matrix: every page, every form action (each intent) and every /api call,
// against six callers, on objects that belong to A, to B and to nobody. One place to read who
// may do what; tests/integration/authorization-matrix.test.ts walks it.
import { SELF } from "cloudflare:test";
import { NOTIFICATION_KINDS_BY_ROLE } from "#app/domain/notifications/preferences.server";
import { ORIGIN } from "../auth-helpers";
import type { Outcome } from "./outcome";
import type { Caller, World } from "./world";

export type Owner = "A" | "B" | "nobody";

export interface Row {
  /** What is called, for the report. */
  name: string;
  /** Which route this row covers: a React Router route id or "METHOD /api/path" as Hono names it. */
  covers: string;
  /** Rows that change data run each caller on a fresh world. */
  mutates?: boolean;
  /** Tables a refused call writes by design (a failed sign-in is counted for rate limiting). */
  refusalRecords?: readonly string[];
  send: (world: World, caller: Caller) => Promise<Response>;
  expect: Record<Caller, Outcome>;
}

const all = (outcome: Outcome): Record<Caller, Outcome> => ({
  anon: outcome,
  buyerA: outcome,
  buyerB: outcome,
  sellerA: outcome,
  sellerB: outcome,
  admin: outcome,
});
const signedIn = (outcome: Outcome, anon: Outcome = "login") => ({ ...all(outcome), anon });
const only = (
  roles: Array<"buyer" | "seller" | "admin">,
  yes: Outcome,
  no: Outcome,
  anon: Outcome = "login",
): Record<Caller, Outcome> => ({
  anon,
  buyerA: roles.includes("buyer") ? yes : no,
  buyerB: roles.includes("buyer") ? yes : no,
  sellerA: roles.includes("seller") ? yes : no,
  sellerB: roles.includes("seller") ? yes : no,
  admin: roles.includes("admin") ? yes : no,
});

function page(path: string, covers: string, expect: Record<Caller, Outcome>): Row {
  return {
    name: `GET ${path}`,
    covers,
    send: (world, caller) => SELF.fetch(`${ORIGIN}${path}`, { headers: cookieOf(world, caller), redirect: "manual" }),
    expect,
  };
}

function cookieOf(world: World, caller: Caller): Record<string, string> {
  const cookie = world.cookies[caller];
  return cookie ? { Cookie: cookie } : {};
}

function form(
  path: string | ((world: World) => string),
  covers: string,
  fields: (world: World) => Record<string, string>,
  expect: Record<Caller, Outcome>,
  label?: string,
): Row {
  return {
    name: `POST ${label ?? (typeof path === "string" ? path : covers)}`,
    covers,
    mutates: true,
    send: (world, caller) =>
      SELF.fetch(`${ORIGIN}${typeof path === "string" ? path : path(world)}`, {
        method: "POST",
        headers: {
          ...cookieOf(world, caller),
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: ORIGIN,
          Host: new URL(ORIGIN).host,
        },
        body: new URLSearchParams(fields(world)),
        redirect: "manual",
      }),
    expect,
  };
}

function api(
  method: string,
  path: string | ((world: World) => string),
  covers: string,
  expect: Record<Caller, Outcome>,
  options: { json?: (world: World) => unknown; mutates?: boolean; cookie?: boolean } = {},
): Row {
  return {
    name: `${method} ${typeof path === "string" ? path : covers}`,
    covers: `${method} ${covers}`,
    mutates: options.mutates ?? method !== "GET",
    send: (world, caller) => {
      const headers: Record<string, string> = {};
      if (options.cookie) Object.assign(headers, cookieOf(world, caller));
      else if (world.bearers[caller]) headers.Authorization = world.bearers[caller]!;
      if (options.json) headers["Content-Type"] = "application/json";
      return SELF.fetch(`${ORIGIN}${typeof path === "string" ? path : path(world)}`, {
        method,
        headers,
        body: options.json ? JSON.stringify(options.json(world)) : undefined,
        redirect: "manual",
      });
    },
    expect,
  };
}

/** Every kind of notification, with a value no checkbox sends. */
const EVERY_KIND_MAYBE: Record<string, string> = Object.fromEntries(
  Object.values(NOTIFICATION_KINDS_BY_ROLE)
    .flat()
    .map((kind) => [kind, "maybe"]),
);

const editOf = (world: World, owner: Owner) => `/dashboard/my_product/${world.listing[owner]}/edit`;

/** Valid details of a listing, as the edit form sends them. */
const LISTING_DETAILS = {
  productName: "Edited listing",
  category: "camera",
  condition: "Good",
  description: "Edited to check who may edit a listing: a body in good working order.",
  originalPrice: "2000",
  resalePrice: "1500",
  purchaseYear: "2019",
  contact: "+1 415 555 0100",
  location: "San Francisco, CA",
};

const per = (owner: Owner, expect: Record<Caller, Outcome>) => ({ owner, expect });

/** Buyer A's object: A may, B is told it does not exist, other roles are refused by role. */
const buyersOwn = (
  owner: Owner,
  mine: Outcome,
  notMine: Outcome,
  otherRoles: Outcome,
  anon: Outcome,
): Record<Caller, Outcome> => ({
  anon,
  buyerA: owner === "A" ? mine : notMine,
  buyerB: owner === "B" ? mine : notMine,
  sellerA: otherRoles,
  sellerB: otherRoles,
  admin: otherRoles,
});
const sellersOwn = (
  owner: Owner,
  mine: Outcome,
  notMine: Outcome,
  otherRoles: Outcome,
  anon: Outcome,
): Record<Caller, Outcome> => ({
  anon,
  buyerA: otherRoles,
  buyerB: otherRoles,
  sellerA: owner === "A" ? mine : notMine,
  sellerB: owner === "B" ? mine : notMine,
  admin: otherRoles,
});

/**
 * A booking's conversation: its buyer and its seller (A's booking is buyer A's of seller A's
 * listing); anyone else, and an admin while the listing has no open report, is told it does
 * not exist.
 */
const partiesOwn = (owner: Owner, mine: Outcome, anon: Outcome): Record<Caller, Outcome> => ({
  anon,
  buyerA: owner === "A" ? mine : "notFound",
  buyerB: owner === "B" ? mine : "notFound",
  sellerA: owner === "A" ? mine : "notFound",
  sellerB: owner === "B" ? mine : "notFound",
  admin: "notFound",
});

/** A shipped deal's parcel: its buyer, its seller and the admin see it; anyone else is told it does not exist. */
const shipmentParties = (owner: Owner, mine: Outcome, anon: Outcome): Record<Caller, Outcome> => ({
  anon,
  buyerA: owner === "A" ? mine : "notFound",
  buyerB: owner === "B" ? mine : "notFound",
  sellerA: owner === "A" ? mine : "notFound",
  sellerB: owner === "B" ? mine : "notFound",
  admin: owner === "nobody" ? "notFound" : mine,
});

/**
 * A stolen-gear registration: its reporter (buyer A's is A's) may withdraw it; anyone else is
 * told there is no such registration among theirs.
 */
const reportersOwn = (owner: Owner, mine: Outcome, notMine: Outcome, anon: Outcome): Record<Caller, Outcome> => ({
  anon,
  buyerA: owner === "A" ? mine : notMine,
  buyerB: owner === "B" ? mine : notMine,
  sellerA: notMine,
  sellerB: notMine,
  admin: notMine,
});

const STOLEN_FIELDS = { brand: "canon", serialNumber: "MATRIX-0001", stolenOn: "2026-01-02", policeReference: "PR 7" };

const OWNERS: Owner[] = ["A", "B", "nobody"];

/** A saved search (buyer A's is A's): its owner may change it; anyone else is told it does not exist. */
const savedSearchOwn = (
  owner: Owner,
  notMine: Outcome = "refused",
  anon: Outcome = "login",
): Record<Caller, Outcome> => ({
  anon,
  buyerA: owner === "A" ? "ok" : notMine,
  buyerB: owner === "B" ? "ok" : notMine,
  sellerA: notMine,
  sellerB: notMine,
  admin: notMine,
});
/** A link token of the right shape that no link has. */
const FORGED_TOKEN = "A".repeat(43);
/** A wrong code counts towards the limit of wrong codes, even though nothing else changes. */
const COUNTS_WRONG_CODE = { refusalRecords: ["sign_in_attempts"] } as const;

/**
 * The account's own pages, forms and calls (accounts people can keep). The world's accounts have
 * no password and buyer A's address confirms a change: only buyer A may change an address or
 * leave, and buyer A still has an open booking, so leaving is refused; the admin (with two-factor
 * sign-in, as every admin) confirms with a code it does not send.
 */
const ACCOUNT_ROWS: Row[] = [
  page("/forgot-password", "routes/forgot-password", all("ok")),
  form(
    "/forgot-password",
    "routes/forgot-password",
    () => ({ email: "someone@example.com", website_confirm: "" }),
    all("ok"),
  ),
  page(`/reset-password?token=${FORGED_TOKEN}`, "routes/reset-password", all("badRequest")),
  form(
    `/reset-password?token=${FORGED_TOKEN}`,
    "routes/reset-password",
    () => ({ token: FORGED_TOKEN, password: "long enough", confirmPassword: "long enough" }),
    all("badRequest"),
    "/reset-password (a forged link)",
  ),
  page("/verify-email", "routes/verify-email", all("ok")),
  page(`/verify-email?token=${FORGED_TOKEN}`, "routes/verify-email", all("badRequest")),
  form(
    `/verify-email?token=${FORGED_TOKEN}`,
    "routes/verify-email",
    () => ({ intent: "confirm", token: FORGED_TOKEN }),
    all("badRequest"),
    "/verify-email intent=confirm (a forged link)",
  ),
  // Every account of the world is verified already.
  form(
    "/verify-email",
    "routes/verify-email",
    () => ({ intent: "resend" }),
    signedIn("refused"),
    "/verify-email intent=resend",
  ),
  form(
    "/verify-email",
    "routes/verify-email",
    () => ({ intent: "keep" }),
    all("badRequest"),
    "/verify-email intent=keep",
  ),
  // Without a pending sign-in: a page that says to start again (a post: the login page with a
  // message); signed in: home.
  page("/login/two-factor", "routes/login.two-factor", signedIn("redirect", "ok")),
  form("/login/two-factor", "routes/login.two-factor", () => ({ code: "123456" }), signedIn("redirect", "refused")),
  form(
    "/dashboard/settings/profile",
    "routes/dashboard.settings.profile",
    () => ({ name: "A new name", phone: "+1 415 555 0142" }),
    signedIn("ok"),
    "/dashboard/settings/profile",
  ),
  form(
    "/dashboard/settings/email",
    "routes/dashboard.settings.email",
    (w) => ({ email: "moving@example.com", confirmEmail: w.users.buyerA.email }),
    { ...signedIn("badRequest"), buyerA: "ok" },
    "/dashboard/settings/email (confirmed by buyer A's address)",
  ),
  // No account of the world has a password to change.
  form(
    "/dashboard/settings/password",
    "routes/dashboard.settings.password",
    () => ({ currentPassword: "whatever", newPassword: "long enough", confirmPassword: "long enough" }),
    signedIn("refused"),
    "/dashboard/settings/password",
  ),
  ...OWNERS.map((owner) =>
    form(
      "/dashboard/settings/sessions",
      "routes/dashboard.settings.sessions",
      (w) => ({ sessionId: w.session[owner] }),
      {
        ...signedIn("refused"),
        ...(owner === "A" ? { buyerA: "ok" as const } : owner === "B" ? { buyerB: "ok" as const } : {}),
      },
      `/dashboard/settings/sessions session of ${owner}`,
    ),
  ),
  form(
    "/dashboard/settings/sessions/others",
    "routes/dashboard.settings.sessions.others",
    () => ({}),
    signedIn("ok"),
    "/dashboard/settings/sessions/others",
  ),
  form(
    "/dashboard/settings/delete-account",
    "routes/dashboard.settings.delete-account",
    (w) => ({ confirmEmail: w.users.buyerA.email }),
    { ...signedIn("badRequest"), buyerA: "refused", admin: "forbidden" },
    "/dashboard/settings/delete-account (buyer A has an open booking)",
  ),
  // Bad input at each Settings action (ADR 0071): a 400 for every caller signed in, and nothing
  // changed (the typed fields come back at their form; the others are requests the page did not send).
  ...(
    [
      ["/dashboard/settings/profile", () => ({ name: " ", phone: "" })],
      ["/dashboard/settings/email", () => ({ email: "not an address" })],
      ["/dashboard/settings/password", () => ({ currentPassword: "", newPassword: "short", confirmPassword: "other" })],
      ["/dashboard/settings/sessions", () => ({ sessionId: "" })],
      ["/dashboard/settings/camera", () => ({ camera: "no-such-camera" })],
      ["/dashboard/settings/time-zone", () => ({ timeZone: "Mars/Olympus" })],
      ["/dashboard/settings/notifications", () => EVERY_KIND_MAYBE],
      ["/dashboard/settings/saved-searches/rename", (w: World) => ({ id: w.savedSearch.A, name: " " })],
      ["/dashboard/settings/saved-searches/emails", (w: World) => ({ id: w.savedSearch.A, emails: "maybe" })],
      ["/dashboard/settings/saved-searches/delete", () => ({ id: "" })],
      // An admin's account is not deleted here, whatever the input: refused before it is read.
      ["/dashboard/settings/delete-account", () => ({}), { admin: "forbidden" as const }],
    ] as const
  ).map(
    ([path, fields, except]: readonly [
      string,
      (w: World) => Record<string, string>,
      Partial<Record<Caller, Outcome>>?,
    ]) =>
      form(
        path,
        `routes/${path.slice(1).replaceAll("/", ".")}`,
        fields,
        { ...signedIn("badRequest"), ...except },
        `${path} (bad input)`,
      ),
  ),
  page("/dashboard/settings/two-factor", "routes/dashboard.settings.two-factor", signedIn("ok")),
  // Each form of two-factor sign-in posts to its own action (ADR 0071, 0075); the page takes none (405).
  form(
    "/dashboard/settings/two-factor/start",
    "routes/dashboard.settings.two-factor.start",
    () => ({}),
    { ...signedIn("ok"), admin: "refused" },
    "/dashboard/settings/two-factor/start",
  ),
  form(
    "/dashboard/settings/two-factor/confirm",
    "routes/dashboard.settings.two-factor.confirm",
    () => ({ code: "000000", currentPassword: "not anyone's password" }),
    signedIn("refused"),
    "/dashboard/settings/two-factor/confirm (nothing to confirm)",
  ),
  {
    ...form(
      "/dashboard/settings/two-factor/regenerate",
      "routes/dashboard.settings.two-factor.regenerate",
      () => ({ code: "000000" }),
      { ...signedIn("refused"), admin: "badRequest" },
      "/dashboard/settings/two-factor/regenerate (a wrong code)",
    ),
    ...COUNTS_WRONG_CODE,
  },
  form(
    "/dashboard/settings/two-factor/disable",
    "routes/dashboard.settings.two-factor.disable",
    () => ({ code: "000000" }),
    signedIn("refused"),
    "/dashboard/settings/two-factor/disable",
  ),
  ...(["confirm", "regenerate", "disable"] as const).map((step) =>
    form(
      `/dashboard/settings/two-factor/${step}`,
      `routes/dashboard.settings.two-factor.${step}`,
      () => ({ code: "1".repeat(40), currentPassword: "x".repeat(2000) }),
      signedIn("badRequest"),
      `/dashboard/settings/two-factor/${step} (bad input)`,
    ),
  ),
  form(
    "/dashboard/settings/two-factor",
    "routes/dashboard.settings.two-factor",
    () => ({ intent: "disable" }),
    all("badRequest"),
    "/dashboard/settings/two-factor (the page takes no form)",
  ),
  page("/dashboard/settings/export", "routes/dashboard.settings.export", signedIn("ok")),
  api("POST", "/api/password/forgot", "/api/password/forgot", all("ok"), {
    json: () => ({ email: "someone@example.com" }),
  }),
  api("POST", "/api/password/reset", "/api/password/reset", all("badRequest"), {
    json: () => ({ token: FORGED_TOKEN, password: "long enough" }),
  }),
  api("POST", "/api/email/confirm", "/api/email/confirm", all("badRequest"), { json: () => ({ token: FORGED_TOKEN }) }),
  api("GET", "/api/account", "/api/account", signedIn("ok", "unauthorized")),
  api("PATCH", "/api/account", "/api/account", signedIn("ok", "unauthorized"), { json: () => ({ name: "Renamed" }) }),
  api(
    "PUT",
    "/api/account/email",
    "/api/account/email",
    { ...signedIn("forbidden", "unauthorized"), buyerA: "ok" },
    { json: (w) => ({ email: "moving@example.com", confirmEmail: w.users.buyerA.email }) },
  ),
  api("PUT", "/api/account/password", "/api/account/password", signedIn("refused", "unauthorized"), {
    json: () => ({ currentPassword: "whatever", newPassword: "long enough" }),
  }),
  api("POST", "/api/account/verification", "/api/account/verification", signedIn("refused", "unauthorized")),
  api("GET", "/api/account/sessions", "/api/account/sessions", signedIn("ok", "unauthorized")),
  ...OWNERS.map((owner) =>
    api("DELETE", (w) => `/api/account/sessions/${w.session[owner]}`, "/api/account/sessions/:id", {
      ...signedIn("notFound", "unauthorized"),
      ...(owner === "A" ? { buyerA: "ok" as const } : owner === "B" ? { buyerB: "ok" as const } : {}),
    }),
  ),
  api("DELETE", "/api/account/sessions", "/api/account/sessions", signedIn("ok", "unauthorized")),
  api("GET", "/api/account/export", "/api/account/export", signedIn("ok", "unauthorized")),
  api(
    "DELETE",
    "/api/account",
    "/api/account",
    { ...signedIn("forbidden", "unauthorized"), buyerA: "refused" },
    { json: (w) => ({ confirmEmail: w.users.buyerA.email }) },
  ),
];
/** A failed sign-in is counted (sign-in rate limits), even though nothing else changes. */
const COUNTS_FAILED_SIGN_IN = { refusalRecords: ["sign_in_attempts"] } as const;
const GOOD_CARD = { cardNumber: "4242 4242 4242 4242", expiry: "12/39", cvc: "123" };
const BOOKING_FIELDS = { meetLocation: "Union Square", buyerContact: "+1 415 555 0101" };

/**
 * Offers (ADR 0061): any buyer may offer on any listing once (buyer A already has an open offer
 * on A's listing: refused); the seller of the listing answers an open offer, its buyer withdraws
 * it or answers a counter (an open offer is not the buyer's to accept); anyone else is told there
 * is no such offer.
 */
const OFFER_ROWS: Row[] = [
  page("/dashboard/my_offers", "routes/dashboard.my_offers", only(["buyer"], "ok", "forbidden")),
  page("/dashboard/offers", "routes/dashboard.offers", only(["seller"], "ok", "forbidden")),
  api("GET", "/api/offers", "/api/offers", only(["buyer", "seller"], "ok", "forbidden", "unauthorized")),
  ...OWNERS.flatMap((owner) => [
    form(
      (w) => `/listings/${w.listing[owner]}`,
      "routes/listings.$id",
      (w) => ({ intent: "offer", productId: w.listing[owner], offerKey: "matrix", amount: "500", ...BOOKING_FIELDS }),
      {
        anon: "login",
        buyerA: owner === "B" ? "ok" : "refused",
        buyerB: owner === "A" ? "ok" : "refused",
        sellerA: "forbidden",
        sellerB: "forbidden",
        admin: "forbidden",
      },
      `/listings/{id} intent=offer listing of ${owner}`,
    ),
    form(
      (w) => `/listings/${w.listing[owner]}`,
      "routes/listings.$id",
      (w) => ({ intent: "offer-withdraw", offerId: w.offer[owner] }),
      buyersOwn(owner, "ok", "refused", "forbidden", "login"),
      `/listings/{id} intent=offer-withdraw offer of ${owner}`,
    ),
    form(
      "/dashboard/my_offers",
      "routes/dashboard.my_offers",
      (w) => ({ intent: "withdraw", offerId: w.offer[owner] }),
      buyersOwn(owner, "ok", "refused", "forbidden", "login"),
      `/dashboard/my_offers intent=withdraw offer of ${owner}`,
    ),
    // An open offer waits for its seller: not the buyer's to accept.
    form(
      "/dashboard/my_offers",
      "routes/dashboard.my_offers",
      (w) => ({ intent: "accept", offerId: w.offer[owner] }),
      buyersOwn(owner, "refused", "refused", "forbidden", "login"),
      `/dashboard/my_offers intent=accept offer of ${owner} (not countered)`,
    ),
    form(
      "/dashboard/offers",
      "routes/dashboard.offers",
      (w) => ({ intent: "accept", offerId: w.offer[owner] }),
      sellersOwn(owner, "ok", "refused", "forbidden", "login"),
      `/dashboard/offers intent=accept offer of ${owner}`,
    ),
    form(
      "/dashboard/offers",
      "routes/dashboard.offers",
      (w) => ({ intent: "decline", offerId: w.offer[owner] }),
      sellersOwn(owner, "ok", "refused", "forbidden", "login"),
      `/dashboard/offers intent=decline offer of ${owner}`,
    ),
    form(
      "/dashboard/offers",
      "routes/dashboard.offers",
      (w) => ({ intent: "counter", offerId: w.offer[owner], amount: "550" }),
      sellersOwn(owner, "ok", "refused", "forbidden", "login"),
      `/dashboard/offers intent=counter offer of ${owner}`,
    ),
    form(
      (w) => `${editOf(w, owner)}/offers`,
      "routes/dashboard.my_product.$id.edit.offers",
      () => ({}),
      sellersOwn(owner, "ok", "notFound", "forbidden", "login"),
      `/dashboard/my_product/{id}/edit/offers listing of ${owner}`,
    ),
    api(
      "POST",
      "/api/offers",
      "/api/offers",
      {
        anon: "unauthorized",
        buyerA: owner === "A" ? "refused" : owner === "nobody" ? "notFound" : "ok",
        buyerB: owner === "B" ? "refused" : owner === "nobody" ? "notFound" : "ok",
        sellerA: "forbidden",
        sellerB: "forbidden",
        admin: "forbidden",
      },
      { json: (w) => ({ productId: w.listing[owner], amount: 500, ...BOOKING_FIELDS }) },
    ),
    api("GET", (w) => `/api/offers/${w.offer[owner]}`, "/api/offers/:id", partiesOwn(owner, "ok", "unauthorized")),
    api("POST", (w) => `/api/offers/${w.offer[owner]}/accept`, "/api/offers/:id/accept", {
      ...partiesOwn(owner, "ok", "unauthorized"),
      buyerA: owner === "A" ? "refused" : "notFound",
      buyerB: owner === "B" ? "refused" : "notFound",
      admin: "forbidden",
    }),
    api("POST", (w) => `/api/offers/${w.offer[owner]}/decline`, "/api/offers/:id/decline", {
      ...partiesOwn(owner, "ok", "unauthorized"),
      buyerA: owner === "A" ? "refused" : "notFound",
      buyerB: owner === "B" ? "refused" : "notFound",
      admin: "forbidden",
    }),
    api(
      "POST",
      (w) => `/api/offers/${w.offer[owner]}/counter`,
      "/api/offers/:id/counter",
      sellersOwn(owner, "ok", "notFound", "forbidden", "unauthorized"),
      { json: () => ({ amount: 550 }) },
    ),
    api(
      "POST",
      (w) => `/api/offers/${w.offer[owner]}/withdraw`,
      "/api/offers/:id/withdraw",
      buyersOwn(owner, "ok", "notFound", "forbidden", "unauthorized"),
    ),
  ]),
];

/** A GET of a page the world names by owner (a path that needs the world's ids). */
function pageOf(name: string, path: (world: World) => string, covers: string, expect: Record<Caller, Outcome>): Row {
  return {
    ...page("", covers, expect),
    name: `GET ${name}`,
    send: (world, caller) =>
      SELF.fetch(`${ORIGIN}${path(world)}`, { headers: cookieOf(world, caller), redirect: "manual" }),
  };
}

const FAULT_RETURN = { reason: "does_not_work", details: "The autofocus hunts and never locks." };

/**
 * Returns (ADR 0107), on the world's delivered shipped deals (buyer A's of seller A, B's of B),
 * each at one step of its return. The deal's buyer asks and answers an offer; its seller answers
 * and checks what came back; either, or the admin, moves the test carrier's return parcel; the
 * admin decides what reached them. Anyone else is told there is no such return (a page's 404, the
 * API's not_found); a role that never takes the step is refused by role where the step names one.
 */
const RETURN_ROWS: Row[] = [
  api("GET", "/api/returns", "/api/returns", only(["admin"], "ok", "forbidden", "unauthorized")),
  // The admin's decision form posts here; a GET goes back to Claims, whoever asks.
  page("/dashboard/claims/returns", "routes/dashboard.claims.returns", all("redirect")),
  ...OWNERS.flatMap((owner) => [
    // The deal page with its Returns card, at each child route's URL (they draw the card's form).
    pageOf(
      `/dashboard/shipments/{delivered booking of ${owner}}/return`,
      (w) => `/dashboard/shipments/${w.returnBooking.ask[owner]}/return`,
      "routes/dashboard.shipments.$bookingId.return",
      shipmentParties(owner, "ok", "login"),
    ),
    pageOf(
      `/dashboard/shipments/{requested return of ${owner}}/return-answer`,
      (w) => `/dashboard/shipments/${w.returnBooking.requested[owner]}/return-answer`,
      "routes/dashboard.shipments.$bookingId.return-answer",
      shipmentParties(owner, "ok", "login"),
    ),
    pageOf(
      `/dashboard/shipments/{return delivered back to ${owner}}/return-check`,
      (w) => `/dashboard/shipments/${w.returnBooking.delivered[owner]}/return-check`,
      "routes/dashboard.shipments.$bookingId.return-check",
      shipmentParties(owner, "ok", "login"),
    ),
    pageOf(
      `/dashboard/shipments/{return to the admin of ${owner}}`,
      (w) => `/dashboard/shipments/${w.returnBooking.toAdmin[owner]}`,
      "routes/dashboard.shipments.$bookingId",
      shipmentParties(owner, "ok", "login"),
    ),
    // A return's photos are private to its deal's buyer, its seller and the admin.
    pageOf(
      `/dashboard/return-photos/{photo of ${owner}'s return}`,
      (w) => `/dashboard/return-photos/${w.returnPhoto[owner]}`,
      "routes/dashboard.return-photos.$key",
      shipmentParties(owner, "ok", "login"),
    ),
    // The return's label (the test carrier's), printable by the same three.
    pageOf(
      `/dashboard/labels/return-{accepted return of ${owner}}`,
      (w) => `/dashboard/labels/return-${w.returnBooking.accepted[owner]}`,
      "routes/dashboard.labels.$bookingId",
      shipmentParties(owner, "ok", "login"),
    ),
    api(
      "GET",
      (w) => `/api/bookings/${w.returnBooking.requested[owner]}/return`,
      "/api/bookings/:id/return",
      shipmentParties(owner, "ok", "unauthorized"),
    ),
    // The buyer asks (a fault: covered whatever the policy); its seller, another buyer and the
    // admin find no deal of theirs to return.
    form(
      (w) => `/dashboard/shipments/${w.returnBooking.ask[owner]}/return`,
      "routes/dashboard.shipments.$bookingId.return",
      () => FAULT_RETURN,
      buyersOwn(owner, "ok", "notFound", "notFound", "login"),
      `/dashboard/shipments/:bookingId/return delivered booking of ${owner}`,
    ),
    form(
      (w) => `/dashboard/shipments/${w.returnBooking.requested[owner]}/return`,
      "routes/dashboard.shipments.$bookingId.return",
      () => FAULT_RETURN,
      buyersOwn(owner, "refused", "notFound", "notFound", "login"),
      `/dashboard/shipments/:bookingId/return booking of ${owner} (asked already)`,
    ),
    api(
      "POST",
      (w) => `/api/bookings/${w.returnBooking.ask[owner]}/return`,
      "/api/bookings/:id/return",
      buyersOwn(owner, "ok", "notFound", "notFound", "unauthorized"),
      { json: () => FAULT_RETURN },
    ),
    // The seller answers a requested return: accept (the test carrier's label to their sender
    // address), offer a part back, or decline.
    form(
      (w) => `/dashboard/shipments/${w.returnBooking.requested[owner]}/return-answer`,
      "routes/dashboard.shipments.$bookingId.return-answer",
      () => ({ answer: "accept" }),
      sellersOwn(owner, "ok", "notFound", "forbidden", "login"),
      `/dashboard/shipments/:bookingId/return-answer accept requested return of ${owner}`,
    ),
    form(
      (w) => `/dashboard/shipments/${w.returnBooking.offered[owner]}/return-answer`,
      "routes/dashboard.shipments.$bookingId.return-answer",
      () => ({ answer: "offer", amount: "40", note: "Keep it for $ 40 back." }),
      sellersOwn(owner, "refused", "notFound", "forbidden", "login"),
      `/dashboard/shipments/:bookingId/return-answer offer on return of ${owner} (answered already)`,
    ),
    api(
      "POST",
      (w) => `/api/bookings/${w.returnBooking.requested[owner]}/return/answer`,
      "/api/bookings/:id/return/answer",
      sellersOwn(owner, "ok", "notFound", "forbidden", "unauthorized"),
      { json: () => ({ answer: "decline", note: "It worked when it left." }) },
    ),
    // The buyer answers the seller's offer.
    form(
      (w) => `/dashboard/shipments/${w.returnBooking.offered[owner]}/return-offer`,
      "routes/dashboard.shipments.$bookingId.return-offer",
      () => ({ answer: "accept" }),
      buyersOwn(owner, "ok", "notFound", "notFound", "login"),
      `/dashboard/shipments/:bookingId/return-offer accept offered return of ${owner}`,
    ),
    form(
      (w) => `/dashboard/shipments/${w.returnBooking.requested[owner]}/return-offer`,
      "routes/dashboard.shipments.$bookingId.return-offer",
      () => ({ answer: "accept" }),
      buyersOwn(owner, "refused", "notFound", "notFound", "login"),
      `/dashboard/shipments/:bookingId/return-offer requested return of ${owner} (no offer)`,
    ),
    api(
      "POST",
      (w) => `/api/bookings/${w.returnBooking.offered[owner]}/return/offer`,
      "/api/bookings/:id/return/offer",
      buyersOwn(owner, "ok", "notFound", "notFound", "unauthorized"),
      { json: () => ({ answer: "decline" }) },
    ),
    // The test carrier's return parcel moves on for the deal's buyer, seller or an admin.
    form(
      (w) => `/dashboard/shipments/${w.returnBooking.accepted[owner]}/return-advance`,
      "routes/dashboard.shipments.$bookingId.return-advance",
      () => ({}),
      shipmentParties(owner, "ok", "login"),
      `/dashboard/shipments/:bookingId/return-advance accepted return of ${owner}`,
    ),
    form(
      (w) => `/dashboard/shipments/${w.returnBooking.requested[owner]}/return-advance`,
      "routes/dashboard.shipments.$bookingId.return-advance",
      () => ({}),
      shipmentParties(owner, "refused", "login"),
      `/dashboard/shipments/:bookingId/return-advance requested return of ${owner} (no label)`,
    ),
    // The seller checks what came back: as sent (the buyer is refunded now) or a problem.
    form(
      (w) => `/dashboard/shipments/${w.returnBooking.delivered[owner]}/return-check`,
      "routes/dashboard.shipments.$bookingId.return-check",
      () => ({ result: "as_sent" }),
      sellersOwn(owner, "ok", "notFound", "forbidden", "login"),
      `/dashboard/shipments/:bookingId/return-check as sent, return of ${owner} back`,
    ),
    form(
      (w) => `/dashboard/shipments/${w.returnBooking.accepted[owner]}/return-check`,
      "routes/dashboard.shipments.$bookingId.return-check",
      () => ({ result: "as_sent" }),
      sellersOwn(owner, "refused", "notFound", "forbidden", "login"),
      `/dashboard/shipments/:bookingId/return-check return of ${owner} (not back yet)`,
    ),
    api(
      "POST",
      (w) => `/api/bookings/${w.returnBooking.delivered[owner]}/return/check`,
      "/api/bookings/:id/return/check",
      sellersOwn(owner, "ok", "notFound", "forbidden", "unauthorized"),
      { json: () => ({ result: "problem", problem: "damaged_by_buyer", details: "The front element is cracked." }) },
    ),
    // The admin decides a return that reached them (a return's id on Claims, its deal's in the API).
    form(
      "/dashboard/claims/returns",
      "routes/dashboard.claims.returns",
      (w) => ({ returnId: w.returnId.toAdmin[owner], outcome: "refund_full", note: "Refunded in full." }),
      only(["admin"], owner === "nobody" ? "refused" : "ok", "forbidden"),
      `/dashboard/claims/returns return of ${owner} to the admin`,
    ),
    form(
      "/dashboard/claims/returns",
      "routes/dashboard.claims.returns",
      (w) => ({ returnId: w.returnId.requested[owner], outcome: "release" }),
      only(["admin"], "refused", "forbidden"),
      `/dashboard/claims/returns requested return of ${owner} (not the admin's yet)`,
    ),
    api(
      "PUT",
      (w) => `/api/bookings/${w.returnBooking.toAdmin[owner]}/return/decision`,
      "/api/bookings/:id/return/decision",
      only(["admin"], owner === "nobody" ? "notFound" : "ok", "forbidden", "unauthorized"),
      { json: () => ({ outcome: "refund_partial", amount: 10, note: "Half of the fault is the buyer's." }) },
    ),
  ]),
];

export const ROWS: Row[] = [
  // Public pages.
  page("/", "routes/index", all("ok")),
  page("/home", "routes/home", all("ok")),
  page("/blog", "routes/blog", all("ok")),
  page("/about", "routes/about", all("ok")),
  page("/help", "routes/help", all("ok")),
  page("/buyer-protection", "routes/buyer-protection", all("ok")),
  page("/terms", "routes/terms", all("ok")),
  page("/privacy", "routes/privacy", all("ok")),
  page("/contact", "routes/contact", all("ok")),
  page("/camera?back=%2Fsearch%3Fq%3Dlens", "routes/camera", all("ok")),
  page("/login", "routes/login", signedIn("redirect", "ok")),
  page("/register", "routes/register", signedIn("redirect", "ok")),
  page("/logout", "routes/logout", all("redirect")),
  page("/subscribe", "routes/subscribe", all("redirect")),
  page("/auth/google", "routes/auth.google", all("redirect")),
  page("/auth/google/callback?code=x&state=forged", "routes/auth.google.callback", all("refused")),
  page("/no/such/page", "routes/not-found", all("notFound")),
  page("/robots.txt", "routes/robots-txt", all("ok")),
  page("/sitemap.xml", "routes/sitemap-xml", all("ok")),
  page("/sitemap-pages.xml", "routes/sitemap-pages-xml", all("ok")),
  page("/sitemap-listings.xml", "routes/sitemap-listings-xml", all("ok")),
  ...OWNERS.map((owner) => ({
    ...page("", "routes/listings.$id", all(owner === "nobody" ? "notFound" : "ok")),
    name: `GET /listings/{listing of ${owner}}`,
    send: (world: World, caller: Caller) =>
      SELF.fetch(`${ORIGIN}/listings/${world.listing[owner]}`, {
        headers: cookieOf(world, caller),
        redirect: "manual",
      }),
  })),
  page("/products/camera", "routes/products.$name", signedIn("ok")),
  page("/products/no-such-category", "routes/products.$name", signedIn("notFound")),
  page("/search?q=lens&condition=Good&min=10&sort=price-asc", "routes/search", all("ok")),
  page("/search?min=-5&sort=cheapest", "routes/search", all("ok")),
  // The dashboard and its pages per role.
  page("/dashboard", "routes/dashboard._index", signedIn("redirect")),
  page("/dashboard/my_orders", "routes/dashboard.my_orders", only(["buyer"], "ok", "forbidden")),
  page("/dashboard/wishlist", "routes/dashboard.wishlist", only(["buyer"], "ok", "forbidden")),
  page("/dashboard/add_product", "routes/dashboard.add_product", only(["seller"], "ok", "forbidden")),
  page("/dashboard/my_product", "routes/dashboard.my_product", only(["seller"], "ok", "forbidden")),
  page("/dashboard/my_buyer", "routes/dashboard.my_buyer", only(["seller"], "ok", "forbidden")),
  page("/dashboard/all_sellers", "routes/dashboard.all_sellers", only(["admin"], "ok", "forbidden")),
  page("/dashboard/all_buyers", "routes/dashboard.all_buyers", only(["admin"], "ok", "forbidden")),
  page("/dashboard/reported_items", "routes/dashboard.reported_items", only(["admin"], "ok", "forbidden")),
  page("/dashboard/messages", "routes/dashboard.messages._index", signedIn("ok")),
  ...OWNERS.map((owner) => ({
    ...page("", "routes/dashboard.messages.$bookingId", partiesOwn(owner, "ok", "login")),
    name: `GET /dashboard/messages/{booking of ${owner}}`,
    send: (world: World, caller: Caller) =>
      SELF.fetch(`${ORIGIN}/dashboard/messages/${world.booking[owner]}`, {
        headers: cookieOf(world, caller),
        redirect: "manual",
      }),
  })),
  // A shipped deal's parcel (ADR 0086): its buyer, its seller and the admin; nobody else.
  ...OWNERS.map((owner) => ({
    ...page("", "routes/dashboard.shipments.$bookingId", shipmentParties(owner, "ok", "login")),
    name: `GET /dashboard/shipments/{shipped booking of ${owner}}`,
    send: (world: World, caller: Caller) =>
      SELF.fetch(`${ORIGIN}/dashboard/shipments/${world.shippedBooking[owner]}`, {
        headers: cookieOf(world, caller),
        redirect: "manual",
      }),
  })),
  // The storefront's dialogs in the URL: signed out, a login first; then the dialog (buyers) or none.
  ...(["book", "wishlist", "report"] as const).map((dialog) => ({
    ...page("", "routes/index", signedIn("ok")),
    name: `GET /?${dialog}={listing of A}`,
    send: (world: World, caller: Caller) =>
      SELF.fetch(`${ORIGIN}/?${dialog}=${world.listing.A}`, { headers: cookieOf(world, caller), redirect: "manual" }),
  })),
  ...OWNERS.map((owner) => ({
    ...page("", "routes/dashboard.payment", buyersOwn(owner, "ok", "notFound", "forbidden", "login")),
    name: `GET /dashboard/payment/{booking of ${owner}}`,
    send: (world: World, caller: Caller) =>
      SELF.fetch(`${ORIGIN}/dashboard/payment/${world.booking[owner]}`, {
        headers: cookieOf(world, caller),
        redirect: "manual",
      }),
  })),

  // Form actions, each intent.
  {
    ...form(
      "/login",
      "routes/login",
      () => ({ email: `nobody-${crypto.randomUUID()}@example.com`, password: "whatever1", website_confirm: "" }),
      signedIn("redirect", "badRequest"),
      "/login (unknown account)",
    ),
    ...COUNTS_FAILED_SIGN_IN,
  },
  form(
    "/register",
    "routes/register",
    () => ({
      name: "New",
      email: `new-${crypto.randomUUID()}@example.com`,
      password: "long enough",
      website_confirm: "",
    }),
    all("ok"),
    "/register",
  ),
  form("/logout", "routes/logout", () => ({}), all("redirect"), "/logout"),
  form("/subscribe", "routes/subscribe", () => ({ email: "reader@example.com" }), all("ok"), "/subscribe"),
  form("/no/such/page", "routes/not-found", () => ({}), all("notFound"), "/no/such/page"),
  ...OWNERS.flatMap((owner) => [
    form(
      "/?index",
      "routes/index",
      (w) => ({ intent: "book", productId: w.listing[owner], ...BOOKING_FIELDS }),
      only(["buyer"], owner === "nobody" ? "refused" : "ok", "forbidden"),
      `/ intent=book listing of ${owner}`,
    ),
    form(
      "/products/camera",
      "routes/products.$name",
      (w) => ({ intent: "book", productId: w.listing[owner], ...BOOKING_FIELDS }),
      only(["buyer"], owner === "nobody" ? "refused" : "ok", "forbidden"),
      `/products/camera intent=book listing of ${owner}`,
    ),
    form(
      (w) => `/listings/${w.listing[owner]}`,
      "routes/listings.$id",
      (w) => ({ intent: "book", productId: w.listing[owner], ...BOOKING_FIELDS }),
      only(["buyer"], owner === "nobody" ? "refused" : "ok", "forbidden"),
      `/listings/{id} intent=book listing of ${owner}`,
    ),
    form(
      (w) => `/listings/${w.listing[owner]}`,
      "routes/listings.$id",
      (w) => ({ intent: "wishlist-add", productId: w.listing[owner] }),
      only(["buyer"], owner === "nobody" ? "refused" : "ok", "forbidden"),
      `/listings/{id} intent=wishlist-add listing of ${owner}`,
    ),
    form(
      "/search?q=lens",
      "routes/search",
      (w) => ({ intent: "book", productId: w.listing[owner], ...BOOKING_FIELDS }),
      only(["buyer"], owner === "nobody" ? "refused" : "ok", "forbidden"),
      `/search intent=book listing of ${owner}`,
    ),
    form(
      "/?index",
      "routes/index",
      (w) => ({ intent: "wishlist-add", productId: w.listing[owner] }),
      only(["buyer"], owner === "nobody" ? "refused" : "ok", "forbidden"),
      `/ intent=wishlist-add listing of ${owner}`,
    ),
    form(
      "/dashboard/wishlist",
      "routes/dashboard.wishlist",
      (w) => ({ intent: "book", productId: w.listing[owner], ...BOOKING_FIELDS }),
      only(["buyer"], owner === "nobody" ? "refused" : "ok", "forbidden"),
      `/dashboard/wishlist intent=book listing of ${owner}`,
    ),
    form(
      "/dashboard/wishlist",
      "routes/dashboard.wishlist",
      (w) => ({ intent: "wishlist-remove", productId: w.listing[owner] }),
      only(["buyer"], "refused", "forbidden"),
      `/dashboard/wishlist intent=wishlist-remove listing of ${owner} (not in the list)`,
    ),
    form(
      "/dashboard/my_orders",
      "routes/dashboard.my_orders",
      (w) => ({ intent: "cancel", bookingId: w.booking[owner] }),
      buyersOwn(owner, "ok", "refused", "forbidden", "login"),
      `/dashboard/my_orders intent=cancel booking of ${owner}`,
    ),
    // The world's bookings are unpaid: rating one is refused even for its buyer.
    form(
      "/dashboard/my_orders",
      "routes/dashboard.my_orders",
      (w) => ({ intent: "rate", bookingId: w.booking[owner], stars: "5" }),
      buyersOwn(owner, "refused", "refused", "forbidden", "login"),
      `/dashboard/my_orders intent=rate booking of ${owner} (unpaid)`,
    ),
    // Sent: back to the thread (no toast); a stranger is told the conversation does not exist.
    form(
      (w) => `/dashboard/messages/${w.booking[owner]}`,
      "routes/dashboard.messages.$bookingId",
      () => ({ intent: "send", key: crypto.randomUUID(), body: "Is it still available?" }),
      partiesOwn(owner, "redirect", "login"),
      `/dashboard/messages/:bookingId intent=send booking of ${owner}`,
    ),
    form(
      (w) => `/dashboard/payment/${w.booking[owner]}`,
      "routes/dashboard.payment",
      () => ({ intent: "pay-test", ...GOOD_CARD }),
      buyersOwn(owner, "ok", "notFound", "forbidden", "login"),
      `/dashboard/payment intent=pay-test booking of ${owner}`,
    ),
    form(
      "/dashboard/my_product",
      "routes/dashboard.my_product",
      (w) => ({ intent: "advertise", id: w.listing[owner] }),
      sellersOwn(owner, "ok", "notFound", "forbidden", "login"),
      `/dashboard/my_product intent=advertise listing of ${owner}`,
    ),
    form(
      "/dashboard/my_product",
      "routes/dashboard.my_product",
      (w) => ({ intent: "delete", id: w.listing[owner] }),
      sellersOwn(owner, "ok", "notFound", "forbidden", "login"),
      `/dashboard/my_product intent=delete listing of ${owner}`,
    ),
    // The edit page of a listing and each of its forms, each at its own action (ADR 0071).
    {
      ...page("", "routes/dashboard.my_product.$id.edit", sellersOwn(owner, "ok", "notFound", "forbidden", "login")),
      name: `GET /dashboard/my_product/{listing of ${owner}}/edit`,
      send: (world: World, caller: Caller) =>
        SELF.fetch(`${ORIGIN}${editOf(world, owner)}`, { headers: cookieOf(world, caller), redirect: "manual" }),
    },
    form(
      (w) => `${editOf(w, owner)}/details`,
      "routes/dashboard.my_product.$id.edit.details",
      () => LISTING_DETAILS,
      sellersOwn(owner, "ok", "notFound", "forbidden", "login"),
      `/dashboard/my_product/:id/edit/details listing of ${owner}`,
    ),
    form(
      (w) => `${editOf(w, owner)}/photos/move`,
      "routes/dashboard.my_product.$id.edit.photos.move",
      (w) => ({ photoId: w.photos[owner][1]!, position: "0" }),
      sellersOwn(owner, "ok", "notFound", "forbidden", "login"),
      `/dashboard/my_product/:id/edit/photos/move photo of ${owner}`,
    ),
    form(
      (w) => `${editOf(w, owner)}/photos/remove`,
      "routes/dashboard.my_product.$id.edit.photos.remove",
      (w) => ({ photoId: w.photos[owner][1]! }),
      sellersOwn(owner, "ok", "notFound", "forbidden", "login"),
      `/dashboard/my_product/:id/edit/photos/remove photo of ${owner}`,
    ),
    form(
      (w) => `${editOf(w, owner)}/photos/add`,
      "routes/dashboard.my_product.$id.edit.photos.add",
      () => ({}),
      only(["seller"], "badRequest", "forbidden"),
      `/dashboard/my_product/:id/edit/photos/add (no photos) listing of ${owner}`,
    ),
  ]),
  // Bad input at each action of the edit page (ADR 0071): a 400 for every seller, whoever's the
  // listing, and nothing changed (typed fields come back at their form; the others are requests
  // the page did not send).
  ...(
    [
      ["details", () => ({ ...LISTING_DETAILS, resalePrice: "abc", productName: "" })],
      ["offers", () => ({ offersAccepted: "yes" })],
      ["photos/move", (w: World) => ({ photoId: w.photos.A[1]!, position: "99" })],
      ["photos/remove", () => ({ photoId: "" })],
    ] as const
  ).map(([path, fields]: readonly [string, (w: World) => Record<string, string>]) =>
    form(
      (w) => `${editOf(w, "A")}/${path}`,
      `routes/dashboard.my_product.$id.edit.${path.replaceAll("/", ".")}`,
      fields,
      only(["seller"], "badRequest", "forbidden"),
      `/dashboard/my_product/:id/edit/${path} (bad input)`,
    ),
  ),
  // The page takes no form: each of its forms posts to its own action (ADR 0071). 405.
  form(
    (w) => editOf(w, "A"),
    "routes/dashboard.my_product.$id.edit",
    () => ({ intent: "details", ...LISTING_DETAILS }),
    all("badRequest"),
    "/dashboard/my_product/:id/edit (no action of its own)",
  ),
  form(
    "/dashboard/my_orders",
    "routes/dashboard.my_orders",
    () => ({ intent: "keep" }),
    only(["buyer"], "refused", "forbidden"),
    "/dashboard/my_orders intent=keep",
  ),
  form(
    "/dashboard/my_product",
    "routes/dashboard.my_product",
    () => ({ intent: "keep" }),
    only(["seller"], "refused", "forbidden"),
    "/dashboard/my_product intent=keep",
  ),
  form(
    "/dashboard/add_product",
    "routes/dashboard.add_product",
    () => ({ intent: "create" }),
    only(["seller"], "badRequest", "forbidden"),
    "/dashboard/add_product intent=create (empty)",
  ),

  // The REST API.
  api("GET", "/api/health", "/api/health", all("ok")),
  api("GET", "/api/jwt", "/api/jwt", signedIn("ok", "unauthorized"), { cookie: true }),
  {
    ...api("POST", "/api/token", "/api/token", all("unauthorized"), {
      json: () => ({ email: `nobody-${crypto.randomUUID()}@example.com`, password: "whatever1" }),
    }),
    ...COUNTS_FAILED_SIGN_IN,
  },
  api("POST", "/api/users", "/api/users", all("ok"), {
    json: () => ({ name: "Api", email: `api-${crypto.randomUUID()}@example.com`, password: "long enough" }),
  }),
  api("GET", "/api/user", "/api/user", signedIn("ok", "unauthorized")),
  ...(["admin", "seller", "buyer"] as const).flatMap((kind) =>
    (["A", "B"] as const).map((owner) =>
      api("GET", (w) => `/api/user/${kind}/${w.users[`buyer${owner}`].email}`, `/api/user/${kind}/:email`, {
        anon: "unauthorized",
        buyerA: owner === "A" ? "ok" : "forbidden",
        buyerB: owner === "B" ? "ok" : "forbidden",
        sellerA: "forbidden",
        sellerB: "forbidden",
        admin: "ok",
      }),
    ),
  ),
  api("GET", "/api/advertiseProduct", "/api/advertiseProduct", all("ok")),
  ...OWNERS.map((owner) =>
    api(
      "GET",
      (w) => `/api/listings/${w.listing[owner]}`,
      "/api/listings/:id",
      all(owner === "nobody" ? "notFound" : "ok"),
    ),
  ),
  api("GET", "/api/category?size=3", "/api/category", all("ok")),
  api("GET", "/api/search?q=lens&sort=price-asc", "/api/search", all("ok")),
  api("GET", "/api/products?path=camera", "/api/products", signedIn("ok", "unauthorized")),
  api("GET", "/api/wishlist", "/api/wishlist", only(["buyer"], "ok", "forbidden", "unauthorized")),
  api("GET", "/api/myOrders", "/api/myOrders", only(["buyer"], "ok", "forbidden", "unauthorized")),
  api("GET", "/api/product", "/api/product", only(["seller"], "ok", "forbidden", "unauthorized")),
  api("GET", "/api/sellerSBuyer", "/api/sellerSBuyer", only(["seller"], "ok", "forbidden", "unauthorized")),
  api("POST", "/api/webhooks/stripe", "/api/webhooks/stripe", all("notFound"), { json: () => ({}) }),
  // Not configured in the tests' environment (SHIPPO_WEBHOOK_SECRET): there is no such call.
  api("POST", "/api/webhooks/shippo", "/api/webhooks/shippo", all("notFound"), { json: () => ({}) }),
  ...OWNERS.flatMap((owner) => [
    api(
      "POST",
      "/api/wishlist",
      "/api/wishlist",
      only(["buyer"], owner === "nobody" ? "notFound" : "ok", "forbidden", "unauthorized"),
      { json: (w) => ({ productId: w.listing[owner] }) },
    ),
    api(
      "POST",
      "/api/booking",
      "/api/booking",
      only(["buyer"], owner === "nobody" ? "notFound" : "ok", "forbidden", "unauthorized"),
      { json: (w) => ({ productId: w.listing[owner], ...BOOKING_FIELDS }) },
    ),
    api("GET", (w) => `/api/booking/${w.booking[owner]}`, "/api/booking/:id", {
      anon: "unauthorized",
      buyerA: owner === "A" ? "ok" : "notFound",
      buyerB: owner === "B" ? "ok" : "notFound",
      sellerA: owner === "A" ? "ok" : "notFound",
      sellerB: owner === "B" ? "ok" : "notFound",
      admin: owner === "nobody" ? "notFound" : "ok",
    }),
    api(
      "PUT",
      "/api/bookingCancel",
      "/api/bookingCancel",
      buyersOwn(owner, "ok", "notFound", "forbidden", "unauthorized"),
      { json: (w) => ({ bookingId: w.booking[owner] }) },
    ),
    api(
      "POST",
      "/api/create-payment-intent",
      "/api/create-payment-intent",
      buyersOwn(owner, "ok", "notFound", "forbidden", "unauthorized"),
      { json: (w) => ({ bookingId: w.booking[owner] }) },
    ),
    api("POST", "/api/payment", "/api/payment", buyersOwn(owner, "ok", "notFound", "forbidden", "unauthorized"), {
      json: (w) => ({ bookingId: w.booking[owner], card: GOOD_CARD }),
    }),
    api("POST", "/api/ratings", "/api/ratings", buyersOwn(owner, "refused", "notFound", "forbidden", "unauthorized"), {
      json: (w) => ({ bookingId: w.booking[owner], stars: 5 }),
    }),
    api(
      "GET",
      (w) => `/api/bookings/${w.booking[owner]}/messages`,
      "/api/bookings/:id/messages",
      partiesOwn(owner, "ok", "unauthorized"),
    ),
    api(
      "POST",
      (w) => `/api/bookings/${w.booking[owner]}/messages`,
      "/api/bookings/:id/messages",
      partiesOwn(owner, "ok", "unauthorized"),
      { json: () => ({ body: "Is it still available?" }) },
    ),
    api(
      "GET",
      (w) => `/api/sellers/${w.sellerId[owner]}/ratings`,
      "/api/sellers/:id/ratings",
      all(owner === "nobody" ? "notFound" : "ok"),
    ),
    api(
      "PUT",
      (w) => `/api/product/${w.listing[owner]}`,
      "/api/product/:id",
      sellersOwn(owner, "ok", "notFound", "forbidden", "unauthorized"),
      { json: () => ({ isAdvertise: true }) },
    ),
    api(
      "DELETE",
      (w) => `/api/product/${w.listing[owner]}`,
      "/api/product/:id",
      sellersOwn(owner, "ok", "notFound", "forbidden", "unauthorized"),
    ),
    api(
      "PUT",
      (w) => `/api/product/${w.listing[owner]}`,
      "/api/product/:id",
      sellersOwn(owner, "ok", "notFound", "forbidden", "unauthorized"),
      { json: () => ({ ...LISTING_DETAILS, originalPrice: 2000, resalePrice: 1500, purchaseYear: 2019 }) },
    ),
    api(
      "GET",
      (w) => `/api/product/${w.listing[owner]}/photos`,
      "/api/product/:id/photos",
      sellersOwn(owner, "ok", "notFound", "forbidden", "unauthorized"),
    ),
    api(
      "PUT",
      (w) => `/api/product/${w.listing[owner]}/photos`,
      "/api/product/:id/photos",
      sellersOwn(owner, "ok", "notFound", "forbidden", "unauthorized"),
      { json: (w) => ({ order: [...w.photos[owner]].reverse() }) },
    ),
    api(
      "DELETE",
      (w) => `/api/product/${w.listing[owner]}/photos/${w.photos[owner][1]}`,
      "/api/product/:id/photos/:photoId",
      sellersOwn(owner, "ok", "notFound", "forbidden", "unauthorized"),
    ),
    api(
      "POST",
      (w) => `/api/product/${w.listing[owner]}/photos`,
      "/api/product/:id/photos",
      only(["seller"], "badRequest", "forbidden", "unauthorized"),
      { json: () => ({}) },
    ),
  ]),
  // Admin pages' actions, each intent, on accounts and reports of A, of B and of nobody.
  ...OWNERS.flatMap((owner) => [
    form(
      "/?index",
      "routes/index",
      (w) => ({ intent: "report", productId: w.listing[owner], reason: "misleading" }),
      {
        ...signedIn(owner === "nobody" ? "refused" : "ok"),
        // A seller cannot report its own listing; a buyer with an open report on it already is told so.
        ...(owner === "A"
          ? { sellerA: "refused" as const, buyerB: "refused" as const }
          : owner === "B"
            ? { sellerB: "refused" as const, buyerA: "refused" as const }
            : {}),
      },
      `/ intent=report listing of ${owner}`,
    ),
    form(
      (w) => `/listings/${w.listing[owner]}`,
      "routes/listings.$id",
      (w) => ({ intent: "report", productId: w.listing[owner], reason: "misleading" }),
      {
        ...signedIn(owner === "nobody" ? "refused" : "ok"),
        ...(owner === "A"
          ? { sellerA: "refused" as const, buyerB: "refused" as const }
          : owner === "B"
            ? { sellerB: "refused" as const, buyerA: "refused" as const }
            : {}),
      },
      `/listings/{id} intent=report listing of ${owner}`,
    ),
    form(
      "/dashboard/all_sellers",
      "routes/dashboard.all_sellers",
      (w) => ({ intent: "verify", sellerId: w.sellerId[owner] }),
      only(["admin"], owner === "nobody" ? "refused" : "ok", "forbidden"),
      `/dashboard/all_sellers intent=verify seller ${owner}`,
    ),
    form(
      "/dashboard/all_sellers",
      "routes/dashboard.all_sellers",
      (w) => ({ intent: "delete", sellerId: w.sellerId[owner] }),
      only(["admin"], owner === "nobody" ? "refused" : "ok", "forbidden"),
      `/dashboard/all_sellers intent=delete seller ${owner}`,
    ),
    form(
      "/dashboard/all_buyers",
      "routes/dashboard.all_buyers",
      (w) => ({ intent: "delete", buyerId: w.buyerId[owner] }),
      only(["admin"], owner === "nobody" ? "refused" : "ok", "forbidden"),
      `/dashboard/all_buyers intent=delete buyer ${owner}`,
    ),
    form(
      "/dashboard/reported_items/dismiss",
      "routes/dashboard.reported_items.dismiss",
      (w) => ({ productId: w.reportedListing[owner] }),
      only(["admin"], owner === "nobody" ? "refused" : "ok", "forbidden"),
      `/dashboard/reported_items/dismiss report ${owner}`,
    ),
    form(
      "/dashboard/reported_items/remove",
      "routes/dashboard.reported_items.remove",
      (w) => ({ productId: w.reportedListing[owner] }),
      only(["admin"], owner === "nobody" ? "refused" : "ok", "forbidden"),
      `/dashboard/reported_items/remove report ${owner}`,
    ),
    api(
      "DELETE",
      (w) => `/api/seller/${w.sellerId[owner]}`,
      "/api/seller/:id",
      only(["admin"], owner === "nobody" ? "notFound" : "ok", "forbidden", "unauthorized"),
    ),
    api(
      "DELETE",
      (w) => `/api/buyer/${w.buyerId[owner]}`,
      "/api/buyer/:id",
      only(["admin"], owner === "nobody" ? "notFound" : "ok", "forbidden", "unauthorized"),
    ),
    api(
      "PUT",
      "/api/sellerVerify",
      "/api/sellerVerify",
      only(["admin"], owner === "nobody" ? "notFound" : "ok", "forbidden", "unauthorized"),
      { json: (w) => ({ sellerEmail: owner === "nobody" ? "nobody@example.com" : w.users[`seller${owner}`].email }) },
    ),
    api(
      "POST",
      "/api/report",
      "/api/report",
      {
        ...signedIn(owner === "nobody" ? "notFound" : "ok", "unauthorized"),
        ...(owner === "A"
          ? { sellerA: "forbidden" as const, buyerB: "refused" as const }
          : owner === "B"
            ? { sellerB: "forbidden" as const, buyerA: "refused" as const }
            : {}),
      },
      { json: (w) => ({ productId: w.listing[owner], reason: "misleading" }) },
    ),
    api(
      "PUT",
      (w) => `/api/report/${w.report[owner]}`,
      "/api/report/:id",
      only(["admin"], owner === "nobody" ? "notFound" : "ok", "forbidden", "unauthorized"),
      { json: () => ({ action: "dismiss" }) },
    ),
  ]),
  // Seller profiles (ADR 0064): public pages; a review's seller answers it once; anyone signed in
  // but its author reports it (A's review is buyer A's of seller A, reported already by buyer B);
  // the admin decides.
  ...OWNERS.flatMap((owner) => {
    const author = owner === "A" ? "buyerA" : "buyerB";
    const reporter = owner === "A" ? "buyerB" : "buyerA";
    /** Reporting: the author is refused, the one who reported it already too, anyone else may. */
    const reporting = (yes: Outcome, own: Outcome, again: Outcome, none: Outcome, anon: Outcome) =>
      owner === "nobody" ? signedIn(none, anon) : { ...signedIn(yes, anon), [author]: own, [reporter]: again };
    return [
      {
        ...page("", "routes/sellers.$id", all(owner === "nobody" ? "notFound" : "ok")),
        name: `GET /sellers/{id} of ${owner}`,
        send: (w: World, caller: Caller) =>
          SELF.fetch(`${ORIGIN}/sellers/${w.sellerId[owner]}`, { headers: cookieOf(w, caller), redirect: "manual" }),
      },
      api(
        "GET",
        (w) => `/api/sellers/${w.sellerId[owner]}`,
        "/api/sellers/:id",
        all(owner === "nobody" ? "notFound" : "ok"),
      ),
      form(
        (w) => `/sellers/${w.sellerId[owner]}`,
        "routes/sellers.$id",
        (w) => ({ intent: "answer", ratingId: w.review[owner], answer: "Thank you for buying." }),
        {
          ...signedIn("refused"),
          ...(owner === "A" ? { sellerA: "ok" as const } : owner === "B" ? { sellerB: "ok" as const } : {}),
        },
        `/sellers/{id} intent=answer review of ${owner}`,
      ),
      form(
        (w) => `/sellers/${w.sellerId[owner]}`,
        "routes/sellers.$id",
        (w) => ({ intent: "report-review", ratingId: w.review[owner], reason: "offensive" }),
        reporting("ok", "refused", "refused", "refused", "login"),
        `/sellers/{id} intent=report-review review of ${owner}`,
      ),
      api(
        "PUT",
        (w) => `/api/reviews/${w.review[owner]}/answer`,
        "/api/reviews/:id/answer",
        sellersOwn(owner, "ok", "notFound", "forbidden", "unauthorized"),
        { json: () => ({ answer: "Thank you for buying." }) },
      ),
      api(
        "POST",
        (w) => `/api/reviews/${w.review[owner]}/reports`,
        "/api/reviews/:id/reports",
        reporting("ok", "forbidden", "refused", "notFound", "unauthorized"),
        { json: () => ({ reason: "offensive" }) },
      ),
      api(
        "PUT",
        (w) => `/api/reviews/${w.review[owner]}/decision`,
        "/api/reviews/:id/decision",
        only(["admin"], owner === "nobody" ? "notFound" : "ok", "forbidden", "unauthorized"),
        { json: () => ({ action: "remove" }) },
      ),
      ...(["dismiss", "remove"] as const).map((decision) =>
        form(
          `/dashboard/reported_items/reviews/${decision}`,
          `routes/dashboard.reported_items.reviews.${decision}`,
          (w) => ({ ratingId: w.review[owner] }),
          only(["admin"], owner === "nobody" ? "refused" : "ok", "forbidden"),
          `/dashboard/reported_items/reviews/${decision} review of ${owner}`,
        ),
      ),
    ];
  }),
  api("GET", "/api/review-reports", "/api/review-reports", only(["admin"], "ok", "forbidden", "unauthorized")),
  ...(["/dashboard/all_sellers", "/dashboard/all_buyers"] as const).map((path) =>
    form(
      path,
      `routes${path.replace("/dashboard/", "/dashboard.")}`,
      () => ({ intent: "keep" }),
      only(["admin"], "refused", "forbidden"),
      `${path} intent=keep`,
    ),
  ),
  // Reported Items: "No" of its confirmation, its own action (ADR 0071); bad input at each action,
  // a 400 for the admin and nothing changed; the page itself takes no form (405).
  form(
    "/dashboard/reported_items/keep",
    "routes/dashboard.reported_items.keep",
    () => ({}),
    only(["admin"], "refused", "forbidden"),
    "/dashboard/reported_items/keep",
  ),
  ...(
    [
      ["dismiss", { productId: "" }],
      ["remove", { productId: "x".repeat(101) }],
      ["reviews/dismiss", { ratingId: " " }],
      ["reviews/remove", {}],
    ] as const
  ).map(([path, fields]: readonly [string, Record<string, string>]) =>
    form(
      `/dashboard/reported_items/${path}`,
      `routes/dashboard.reported_items.${path.replaceAll("/", ".")}`,
      () => fields,
      only(["admin"], "badRequest", "forbidden"),
      `/dashboard/reported_items/${path} (bad input)`,
    ),
  ),
  form(
    "/dashboard/reported_items",
    "routes/dashboard.reported_items",
    (w) => ({ intent: "dismiss", productId: w.reportedListing.A }),
    all("badRequest"),
    "/dashboard/reported_items (no action of its own)",
  ),
  api("GET", "/api/allSeller", "/api/allSeller", only(["admin"], "ok", "forbidden", "unauthorized")),
  api("GET", "/api/allBuyer", "/api/allBuyer", only(["admin"], "ok", "forbidden", "unauthorized")),
  api("GET", "/api/reports", "/api/reports", only(["admin"], "ok", "forbidden", "unauthorized")),
  api("POST", "/api/product", "/api/product", only(["seller"], "badRequest", "forbidden", "unauthorized"), {
    json: () => ({}),
  }),
  // Gear: the reference data and price guidance are public; "my camera" is every signed-in user's own.
  api("GET", "/api/gear", "/api/gear", all("ok")),
  api("GET", "/api/price-guidance?model=canon-eos-r6&condition=Good", "/api/price-guidance", all("ok")),
  api("GET", "/api/settings/camera", "/api/settings/camera", signedIn("ok", "unauthorized")),
  api("PUT", "/api/settings/camera", "/api/settings/camera", signedIn("ok", "unauthorized"), {
    json: () => ({ camera: "nikon-z6-ii" }),
  }),
  form(
    "/dashboard/settings/camera",
    "routes/dashboard.settings.camera",
    () => ({ camera: "nikon-z6-ii" }),
    signedIn("ok"),
    "/dashboard/settings/camera",
  ),
  // Saved addresses (ADR 0103): every signed-in user's own; another's id is "no such address".
  page("/dashboard/settings/addresses", "routes/dashboard.settings.addresses", signedIn("ok")),
  form(
    "/dashboard/settings/addresses",
    "routes/dashboard.settings.addresses",
    () => ({
      intent: "add",
      kind: "delivery",
      ...{
        recipient: "Dana Buyer",
        line1: "1550 Wewatta St",
        line2: "",
        city: "Denver",
        region: "CO",
        postalCode: "80202",
        country: "US",
      },
    }),
    signedIn("ok"),
    "/dashboard/settings/addresses intent=add",
  ),
  form(
    "/dashboard/settings/addresses",
    "routes/dashboard.settings.addresses",
    () => ({ intent: "delete", id: "00000000-0000-4000-8000-000000000000" }),
    signedIn("notFound"),
    "/dashboard/settings/addresses intent=delete (no such address)",
  ),
  api("GET", "/api/account/addresses", "/api/account/addresses", signedIn("ok", "unauthorized")),
  api("POST", "/api/account/addresses", "/api/account/addresses", signedIn("ok", "unauthorized"), {
    json: () => ({
      kind: "delivery",
      ...{
        recipient: "Dana Buyer",
        line1: "1550 Wewatta St",
        line2: "",
        city: "Denver",
        region: "CO",
        postalCode: "80202",
        country: "US",
      },
    }),
  }),
  api(
    "PATCH",
    "/api/account/addresses/00000000-0000-4000-8000-000000000000",
    "/api/account/addresses/:id",
    signedIn("notFound", "unauthorized"),
    {
      json: () => ({
        recipient: "Dana Buyer",
        line1: "1550 Wewatta St",
        line2: "",
        city: "Denver",
        region: "CO",
        postalCode: "80202",
        country: "US",
      }),
    },
  ),
  api(
    "DELETE",
    "/api/account/addresses/00000000-0000-4000-8000-000000000000",
    "/api/account/addresses/:id",
    signedIn("notFound", "unauthorized"),
  ),
  // The reader's time zone (ADR 0104): every signed-in user's own.
  api("GET", "/api/account/time-zone", "/api/account/time-zone", signedIn("ok", "unauthorized")),
  api("PUT", "/api/account/time-zone", "/api/account/time-zone", signedIn("ok", "unauthorized"), {
    json: () => ({ timeZone: "Europe/Berlin" }),
  }),
  form(
    "/dashboard/settings/time-zone",
    "routes/dashboard.settings.time-zone",
    () => ({ timeZone: "Europe/Berlin" }),
    signedIn("ok"),
    "/dashboard/settings/time-zone",
  ),
  form(
    "/?index",
    "routes/index",
    () => ({ intent: "my-camera", camera: "sony-e" }),
    signedIn("ok"),
    "/ intent=my-camera",
  ),
  form(
    "/search?q=lens",
    "routes/search",
    () => ({ intent: "my-camera", camera: "canon-eos-r6" }),
    signedIn("ok"),
    "/search intent=my-camera",
  ),
  // Stolen gear: anyone signed in registers; a registration is its reporter's; the admin decides
  // on held listings.
  page("/dashboard/stolen_gear", "routes/dashboard.stolen_gear", signedIn("ok")),
  page("/dashboard/serial_holds", "routes/dashboard.serial_holds", only(["admin"], "ok", "forbidden")),
  page("/dashboard/serial_holds?serial=HELDA1234", "routes/dashboard.serial_holds", only(["admin"], "ok", "forbidden")),
  form(
    "/dashboard/stolen_gear",
    "routes/dashboard.stolen_gear",
    () => ({ intent: "register", ...STOLEN_FIELDS }),
    signedIn("ok"),
    "/dashboard/stolen_gear intent=register",
  ),
  form(
    "/dashboard/stolen_gear",
    "routes/dashboard.stolen_gear",
    () => ({ intent: "keep" }),
    signedIn("badRequest"),
    "/dashboard/stolen_gear intent=keep",
  ),
  api("POST", "/api/stolen-serials", "/api/stolen-serials", signedIn("ok", "unauthorized"), {
    json: () => STOLEN_FIELDS,
  }),
  api("GET", "/api/stolen-serials", "/api/stolen-serials", signedIn("ok", "unauthorized")),
  api("GET", "/api/serial-holds", "/api/serial-holds", only(["admin"], "ok", "forbidden", "unauthorized")),
  ...OWNERS.flatMap((owner) => [
    form(
      "/dashboard/stolen_gear",
      "routes/dashboard.stolen_gear",
      (w) => ({ intent: "withdraw", id: w.registration[owner] }),
      reportersOwn(owner, "ok", "refused", "login"),
      `/dashboard/stolen_gear intent=withdraw registration of ${owner}`,
    ),
    api("DELETE", (w) => `/api/stolen-serials/${w.registration[owner]}`, "/api/stolen-serials/:id", {
      ...reportersOwn(owner, "ok", "notFound", "unauthorized"),
      // An admin deletes any registration.
      admin: owner === "nobody" ? "notFound" : "ok",
    }),
    ...(["clear", "remove"] as const).map((intent) =>
      form(
        "/dashboard/serial_holds",
        "routes/dashboard.serial_holds",
        (w) => ({ intent, id: w.heldListing[owner] }),
        only(["admin"], owner === "nobody" ? "refused" : "ok", "forbidden"),
        `/dashboard/serial_holds intent=${intent} held listing of ${owner}`,
      ),
    ),
    form(
      "/dashboard/serial_holds",
      "routes/dashboard.serial_holds",
      (w) => ({ intent: "delete", id: w.registration[owner] }),
      only(["admin"], owner === "nobody" ? "refused" : "ok", "forbidden"),
      `/dashboard/serial_holds intent=delete registration of ${owner}`,
    ),
    api(
      "PUT",
      (w) => `/api/serial-holds/${w.heldListing[owner]}`,
      "/api/serial-holds/:productId",
      only(["admin"], owner === "nobody" ? "notFound" : "ok", "forbidden", "unauthorized"),
      { json: () => ({ action: "clear" }) },
    ),
    // A held listing is out of the storefront: gone for everyone, its seller too.
    {
      ...page("", "routes/listings.$id", all(owner === "nobody" ? "notFound" : "gone")),
      name: `GET /listings/{held listing of ${owner}}`,
      send: (world: World, caller: Caller) =>
        SELF.fetch(`${ORIGIN}/listings/${world.heldListing[owner]}`, {
          headers: cookieOf(world, caller),
          redirect: "manual",
        }),
    },
  ]),
  form(
    "/dashboard/serial_holds",
    "routes/dashboard.serial_holds",
    () => ({ intent: "keep" }),
    only(["admin"], "refused", "forbidden"),
    "/dashboard/serial_holds intent=keep",
  ),
  // Notification settings: every signed-in user has their own (an admin's: new claims).
  page("/dashboard/settings", "routes/dashboard.settings", signedIn("ok")),
  form(
    "/dashboard/settings/notifications",
    "routes/dashboard.settings.notifications",
    () => ({ booking_cancelled: "on", booking_made: "on" }),
    signedIn("ok"),
    "/dashboard/settings/notifications",
  ),
  // The page takes no form: each of its forms posts to its own action (ADR 0071). 405.
  form(
    "/dashboard/settings",
    "routes/dashboard.settings",
    () => ({ intent: "profile", name: "A new name" }),
    all("badRequest"),
    "/dashboard/settings (no action of its own)",
  ),
  api("GET", "/api/settings/notifications", "/api/settings/notifications", signedIn("ok", "unauthorized")),
  api(
    "PUT",
    "/api/settings/notifications",
    "/api/settings/notifications",
    { ...signedIn("ok", "unauthorized"), admin: "badRequest" },
    { json: () => ({ booking_cancelled: false }) },
  ),
  // Saved searches (ADR 0062): every signed-in user keeps their own; another's is not found. The
  // unsubscribe link is its own authority: anyone holding it, signed in or not.
  page("/saved-searches", "routes/saved-searches", all("redirect")),
  form(
    "/saved-searches",
    "routes/saved-searches",
    () => ({ intent: "save-search", search: "q=tripod&max=300", name: "Tripods" }),
    signedIn("ok"),
    "/saved-searches intent=save-search",
  ),
  form(
    "/saved-searches",
    "routes/saved-searches",
    () => ({ intent: "save-search", search: "q=%22%22", name: "Nothing" }),
    signedIn("refused"),
    "/saved-searches intent=save-search (a search without a word)",
  ),
  ...OWNERS.flatMap((owner) => [
    form(
      "/dashboard/settings/saved-searches/rename",
      "routes/dashboard.settings.saved-searches.rename",
      (w) => ({ id: w.savedSearch[owner], name: "Renamed" }),
      savedSearchOwn(owner),
      `/dashboard/settings/saved-searches/rename (${owner}'s)`,
    ),
    form(
      "/dashboard/settings/saved-searches/emails",
      "routes/dashboard.settings.saved-searches.emails",
      (w) => ({ id: w.savedSearch[owner], emails: "off" }),
      savedSearchOwn(owner),
      `/dashboard/settings/saved-searches/emails (${owner}'s)`,
    ),
    form(
      "/dashboard/settings/saved-searches/delete",
      "routes/dashboard.settings.saved-searches.delete",
      (w) => ({ id: w.savedSearch[owner] }),
      savedSearchOwn(owner),
      `/dashboard/settings/saved-searches/delete (${owner}'s)`,
    ),
    api(
      "PATCH",
      (w) => `/api/saved-searches/${w.savedSearch[owner]}`,
      "/api/saved-searches/:id",
      savedSearchOwn(owner, "notFound", "unauthorized"),
      {
        json: () => ({ name: "Renamed", emails: false }),
      },
    ),
    api(
      "DELETE",
      (w) => `/api/saved-searches/${w.savedSearch[owner]}`,
      "/api/saved-searches/:id",
      savedSearchOwn(owner, "notFound", "unauthorized"),
    ),
  ]),
  api("GET", "/api/saved-searches", "/api/saved-searches", signedIn("ok", "unauthorized")),
  api("POST", "/api/saved-searches", "/api/saved-searches", signedIn("ok", "unauthorized"), {
    json: () => ({ search: "q=tripod", name: "Tripods" }),
  }),
  page(`/unsubscribe/${FORGED_TOKEN}`, "routes/unsubscribe.$token", all("badRequest")),
  form(
    `/unsubscribe/${FORGED_TOKEN}`,
    "routes/unsubscribe.$token",
    () => ({ intent: "unsubscribe" }),
    all("badRequest"),
    "/unsubscribe/:token (a forged link)",
  ),
  {
    ...page("/unsubscribe/:token", "routes/unsubscribe.$token", all("ok")),
    send: (world, caller) =>
      SELF.fetch(`${ORIGIN}/unsubscribe/${world.unsubscribeToken}`, {
        headers: cookieOf(world, caller),
        redirect: "manual",
      }),
  },
  form(
    (w) => `/unsubscribe/${w.unsubscribeToken}`,
    "routes/unsubscribe.$token",
    () => ({ intent: "unsubscribe" }),
    all("ok"),
    "/unsubscribe/:token (buyer A's link)",
  ),
  // Money to sellers: a deal is its buyer's, its seller's and the admin's only. The world's
  // sellers have set up payouts already; its paid bookings are held, each with an open claim.
  page("/dashboard/payouts", "routes/dashboard.payouts._index", only(["seller"], "ok", "forbidden")),
  page(
    "/dashboard/payouts/test-onboarding",
    "routes/dashboard.payouts.test-onboarding",
    only(["seller"], "ok", "forbidden"),
  ),
  form(
    "/dashboard/payouts/test-onboarding",
    "routes/dashboard.payouts.test-onboarding",
    () => ({
      intent: "complete",
      accountHolder: "Sam Seller",
      routingNumber: "110000000",
      accountNumber: "000123456789",
    }),
    only(["seller"], "ok", "forbidden"),
    "/dashboard/payouts/test-onboarding intent=complete",
  ),
  form(
    "/dashboard/payouts",
    "routes/dashboard.payouts._index",
    () => ({ intent: "setup" }),
    only(["seller"], "refused", "forbidden"),
    "/dashboard/payouts intent=setup (set up already)",
  ),
  page("/dashboard/claims", "routes/dashboard.claims", only(["admin"], "ok", "forbidden")),
  api("POST", "/api/webhooks/stripe/connect", "/api/webhooks/stripe/connect", all("notFound"), { json: () => ({}) }),
  api("GET", "/api/payouts", "/api/payouts", only(["seller"], "ok", "forbidden", "unauthorized")),
  api("GET", "/api/payouts/deals", "/api/payouts/deals", only(["seller"], "ok", "forbidden", "unauthorized")),
  api("GET", "/api/payouts/history", "/api/payouts/history", only(["seller"], "ok", "forbidden", "unauthorized")),
  api("GET", "/api/payouts/months", "/api/payouts/months", only(["seller"], "ok", "forbidden", "unauthorized")),
  api("GET", "/api/payouts/statement", "/api/payouts/statement", only(["seller"], "ok", "forbidden", "unauthorized")),
  page("/dashboard/payouts/statement", "routes/dashboard.payouts.statement", only(["seller"], "ok", "forbidden")),
  api(
    "POST",
    "/api/payouts/onboarding",
    "/api/payouts/onboarding",
    only(["seller"], "refused", "forbidden", "unauthorized"),
  ),
  api("GET", "/api/claims", "/api/claims", only(["admin"], "ok", "forbidden", "unauthorized")),
  api("GET", "/api/platform/totals", "/api/platform/totals", only(["admin"], "ok", "forbidden", "unauthorized")),
  api("GET", "/api/platform/disputes", "/api/platform/disputes", only(["admin"], "ok", "forbidden", "unauthorized")),
  // No dispute in the world: the admin is told there is none; everyone else is refused by role.
  api(
    "POST",
    "/api/platform/disputes/no-such-dispute/evidence",
    "/api/platform/disputes/:id/evidence",
    only(["admin"], "notFound", "forbidden", "unauthorized"),
  ),
  api(
    "POST",
    "/api/platform/disputes/no-such-dispute/test-decision",
    "/api/platform/disputes/:id/test-decision",
    only(["admin"], "notFound", "forbidden", "unauthorized"),
    { json: () => ({ outcome: "lost" }) },
  ),
  form(
    "/dashboard/claims/evidence",
    "routes/dashboard.claims.evidence",
    () => ({ disputeId: "no-such-dispute" }),
    only(["admin"], "refused", "forbidden"),
  ),
  form(
    "/dashboard/claims/test-dispute",
    "routes/dashboard.claims.test-dispute",
    () => ({ disputeId: "no-such-dispute", outcome: "lost" }),
    only(["admin"], "refused", "forbidden"),
  ),
  api("GET", "/api/platform/months", "/api/platform/months", only(["admin"], "ok", "forbidden", "unauthorized")),
  api("GET", "/api/platform/statement", "/api/platform/statement", only(["admin"], "ok", "forbidden", "unauthorized")),
  page("/dashboard/claims/statement", "routes/dashboard.claims.statement", only(["admin"], "ok", "forbidden")),
  // The daily reconciliation (ADR 0089): the world's one open difference, marked as looked into.
  page("/dashboard/reconciliation", "routes/dashboard.reconciliation", only(["admin"], "ok", "forbidden")),
  form(
    "/dashboard/reconciliation",
    "routes/dashboard.reconciliation",
    (w) => ({ intent: "resolve", differenceId: w.difference }),
    only(["admin"], "ok", "forbidden"),
    "/dashboard/reconciliation intent=resolve",
  ),
  api(
    "GET",
    "/api/platform/reconciliation",
    "/api/platform/reconciliation",
    only(["admin"], "ok", "forbidden", "unauthorized"),
  ),
  api(
    "POST",
    (w) => `/api/platform/reconciliation/differences/${w.difference}/resolve`,
    "/api/platform/reconciliation/differences/:id/resolve",
    only(["admin"], "ok", "forbidden", "unauthorized"),
  ),
  api(
    "GET",
    "/api/platform/removed-sellers/payments",
    "/api/platform/removed-sellers/payments",
    only(["admin"], "ok", "forbidden", "unauthorized"),
  ),
  ...OWNERS.flatMap((owner) => [
    // A shipped deal's seller says it is sent (ADR 0086); the test carrier moves nothing not sent.
    form(
      (w) => `/dashboard/shipments/${w.shippedBooking[owner]}/tracking`,
      "routes/dashboard.shipments.$bookingId.tracking",
      () => ({ carrier: "USPS", trackingNumber: "9400 1000 0000 0000 0000 00" }),
      sellersOwn(owner, "ok", "refused", "forbidden", "login"),
      `/dashboard/shipments/:bookingId/tracking shipped booking of ${owner}`,
    ),
    form(
      (w) => `/dashboard/shipments/${w.shippedBooking[owner]}/test-advance`,
      "routes/dashboard.shipments.$bookingId.test-advance",
      () => ({}),
      signedIn("refused"),
      `/dashboard/shipments/:bookingId/test-advance shipped booking of ${owner} (not sent yet)`,
    ),
    // Its seller buys the label (the offline carrier's); a sender's address is asked for.
    form(
      (w) => `/dashboard/shipments/${w.shippedBooking[owner]}/label`,
      "routes/dashboard.shipments.$bookingId.label",
      () => ({ name: "Sam Seller", line1: "100 Court St", city: "Brooklyn", region: "NY" }),
      sellersOwn(owner, "ok", "refused", "forbidden", "login"),
      `/dashboard/shipments/:bookingId/label shipped booking of ${owner}`,
    ),
    api(
      "POST",
      (w) => `/api/shipments/${w.shippedBooking[owner]}/label`,
      "/api/shipments/:bookingId/label",
      sellersOwn(owner, "ok", "notFound", "forbidden", "unauthorized"),
      { json: () => ({ name: "Sam Seller", line1: "100 Court St", city: "Brooklyn", region: "NY" }) },
    ),
    api(
      "GET",
      (w) => `/api/shipments/${w.shippedBooking[owner]}/label-quote`,
      "/api/shipments/:bookingId/label-quote",
      sellersOwn(owner, "ok", "notFound", "forbidden", "unauthorized"),
    ),
    // No label bought yet: there is none to print, for anyone.
    {
      ...page("", "routes/dashboard.labels.$bookingId", signedIn("notFound")),
      name: `GET /dashboard/labels/{shipped booking of ${owner}}`,
      send: (world: World, caller: Caller) =>
        SELF.fetch(`${ORIGIN}/dashboard/labels/${world.shippedBooking[owner]}`, {
          headers: cookieOf(world, caller),
          redirect: "manual",
        }),
    },
    // Not due: the parcel's ship-by date has not passed, so even its buyer cannot cancel yet.
    form(
      (w) => `/dashboard/shipments/${w.shippedBooking[owner]}/cancel`,
      "routes/dashboard.shipments.$bookingId.cancel",
      () => ({}),
      buyersOwn(owner, "refused", "refused", "forbidden", "login"),
      `/dashboard/shipments/:bookingId/cancel shipped booking of ${owner} (not due)`,
    ),
    api(
      "POST",
      (w) => `/api/shipments/${w.shippedBooking[owner]}/cancel`,
      "/api/shipments/:bookingId/cancel",
      buyersOwn(owner, "refused", "notFound", "forbidden", "unauthorized"),
    ),
    api(
      "GET",
      (w) => `/api/shipments/${w.shippedBooking[owner]}`,
      "/api/shipments/:bookingId",
      shipmentParties(owner, "ok", "unauthorized"),
    ),
    api(
      "POST",
      (w) => `/api/shipments/${w.shippedBooking[owner]}/tracking`,
      "/api/shipments/:bookingId/tracking",
      sellersOwn(owner, "ok", "notFound", "forbidden", "unauthorized"),
      { json: () => ({ carrier: "USPS", trackingNumber: "9400100000000000000000" }) },
    ),
    api(
      "POST",
      (w) => `/api/shipments/${w.shippedBooking[owner]}/test-advance`,
      "/api/shipments/:bookingId/test-advance",
      { ...shipmentParties(owner, "refused", "unauthorized") },
    ),
    // The world's sellers are not removed: the admin's refund of a removed seller's payment is refused.
    form(
      "/dashboard/claims/refund",
      "routes/dashboard.claims.refund",
      (w) => ({ bookingId: w.paidBooking[owner] }),
      only(["admin"], "refused", "forbidden"),
      `/dashboard/claims/refund paid booking of ${owner}`,
    ),
    // The offline provider's test chargeback: an unpaid booking has no payment to dispute.
    api(
      "POST",
      (w) => `/api/bookings/${w.booking[owner]}/test-dispute`,
      "/api/bookings/:id/test-dispute",
      buyersOwn(owner, "notFound", "notFound", "forbidden", "unauthorized"),
    ),
    form(
      "/dashboard/my_orders",
      "routes/dashboard.my_orders",
      (w) => ({ intent: "test-dispute", bookingId: w.booking[owner] }),
      buyersOwn(owner, "refused", "refused", "forbidden", "login"),
      `/dashboard/my_orders intent=test-dispute unpaid booking of ${owner}`,
    ),
    api(
      "POST",
      (w) => `/api/bookings/${w.paidBooking[owner]}/refund`,
      "/api/bookings/:id/refund",
      only(["admin"], owner === "nobody" ? "notFound" : "refused", "forbidden", "unauthorized"),
    ),
    form(
      "/dashboard/my_orders",
      "routes/dashboard.my_orders",
      (w) => ({ intent: "confirm-receipt", bookingId: w.paidBooking[owner] }),
      // Its own buyer is refused too: the claim is open (ADR 0098).
      buyersOwn(owner, "refused", "refused", "forbidden", "login"),
      `/dashboard/my_orders intent=confirm-receipt paid booking of ${owner}`,
    ),
    // Claimed already: even its buyer is refused a second claim.
    form(
      "/dashboard/my_orders",
      "routes/dashboard.my_orders",
      (w) => ({ intent: "claim", bookingId: w.paidBooking[owner], reason: "other", details: "Again" }),
      buyersOwn(owner, "refused", "refused", "forbidden", "login"),
      `/dashboard/my_orders intent=claim paid booking of ${owner} (claimed already)`,
    ),
    form(
      "/dashboard/payouts",
      "routes/dashboard.payouts._index",
      (w) => ({ intent: "answer", claimId: w.claim[owner], answer: "It was fine when we met." }),
      sellersOwn(owner, "ok", "refused", "forbidden", "login"),
      `/dashboard/payouts intent=answer claim of ${owner}`,
    ),
    form(
      "/dashboard/claims",
      "routes/dashboard.claims",
      (w) => ({ intent: "decide", claimId: w.claim[owner], outcome: "refund_partial", amount: "10" }),
      only(["admin"], owner === "nobody" ? "refused" : "ok", "forbidden"),
      `/dashboard/claims intent=decide claim of ${owner}`,
    ),
    api(
      "POST",
      (w) => `/api/bookings/${w.paidBooking[owner]}/receipt`,
      "/api/bookings/:id/receipt",
      // Its own buyer gets a 409: the claim is open (ADR 0098).
      buyersOwn(owner, "refused", "notFound", "forbidden", "unauthorized"),
    ),
    api(
      "POST",
      (w) => `/api/bookings/${w.paidBooking[owner]}/claim`,
      "/api/bookings/:id/claim",
      buyersOwn(owner, "refused", "notFound", "forbidden", "unauthorized"),
      { json: () => ({ reason: "other", details: "Again" }) },
    ),
    api("GET", (w) => `/api/claims/${w.claim[owner]}`, "/api/claims/:id", {
      ...partiesOwn(owner, "ok", "unauthorized"),
      admin: owner === "nobody" ? "notFound" : "ok",
    }),
    api(
      "PUT",
      (w) => `/api/claims/${w.claim[owner]}/answer`,
      "/api/claims/:id/answer",
      sellersOwn(owner, "ok", "notFound", "forbidden", "unauthorized"),
      { json: () => ({ answer: "It was fine when we met." }) },
    ),
    api(
      "PUT",
      (w) => `/api/claims/${w.claim[owner]}/decision`,
      "/api/claims/:id/decision",
      only(["admin"], owner === "nobody" ? "notFound" : "ok", "forbidden", "unauthorized"),
      { json: () => ({ outcome: "refund_partial", amount: 10 }) },
    ),
  ]),
  ...ACCOUNT_ROWS,
  ...OFFER_ROWS,
  ...RETURN_ROWS,
  // The local outbox: a LOCAL_DEV server only, which the tests' Worker is not.
  page("/dev/outbox", "routes/dev.outbox", all("notFound")),
  api("GET", "/api/no/such/call", "*", all("notFound")),
];

export { per };
