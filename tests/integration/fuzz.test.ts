// Generated bad input at every form action and /api call: never a 5xx, always a 4xx or a
// clear refusal, and afterwards the database's invariants still hold.
import { SELF } from "cloudflare:test";
import { eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RENDITION_WIDTHS, renditionKey } from "#app/domain/catalog/photo-keys";
import { SESSION_COOKIE } from "#app/server/auth.server";
import { parseEnv } from "#app/server/env.server";
import { runMaintenance } from "#app/server/maintenance.server";
import { database } from "#db/client";
import { bookings, ledgerEntries, returnPhotos, returns } from "#db/schema";
import { ORIGIN } from "./auth-helpers";
import { insertBooking, insertCategory, insertProduct, insertUser } from "./factories";
import { expectLedgerHolds } from "./ledger-invariant";
import { buildWorld, type World } from "./matrix/world";
import { realPhoto } from "./photo-fixtures";
import { addProductToken, photoBytes, storedPhotoKeys } from "./seller-helpers";
import { testEnv } from "./test-env";

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

/** Values people and programs send by mistake or on purpose. */
const nasty = fc.oneof(
  fc.constant(""),
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "'; drop table users; --",
    '" or 1=1 --',
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "../../etc/passwd",
    "\u0000\u0001\u0007\u001b",
    "\u202e\u200b\ufeff",
    "-1",
    "1e309",
    "NaN",
    "99999999999999999999",
    "0",
    "19.999",
    "+1 415 555 0100",
    "a@b.co",
    "00000000-0000-4000-8000-000000000000",
    "🙂".repeat(200),
  ),
  fc.integer().map(String),
  fc.double().map(String),
);
const huge = fc.constant("x".repeat(1024 * 1024));
const fieldValue = fc.oneof({ weight: 8, arbitrary: nasty }, { weight: 1, arbitrary: huge });

/** Form fields: known names with bad values, duplicated names (arrays for scalars), extras. */
function formFields(names: string[]) {
  return fc.array(fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 12 })), fieldValue), {
    maxLength: names.length + 3,
  });
}

async function postForm(path: string, cookie: string | null, pairs: Array<[string, string]>) {
  const body = new URLSearchParams();
  for (const [name, value] of pairs) body.append(name, value);
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      ...(cookie ? { Cookie: cookie } : {}),
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      Host: new URL(ORIGIN).host,
    },
    body,
    redirect: "manual",
  });
}

/** JSON of the wrong shape: wrong types, arrays for scalars, nulls, nesting, garbage. */
const jsonBody = (names: string[]) =>
  fc.oneof(
    fc.dictionary(
      fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 })),
      fc.oneof(
        nasty,
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(nasty, { maxLength: 3 }),
        fc.object({ maxDepth: 1 }),
      ),
    ),
    fc.anything({ maxDepth: 2 }),
  );

async function sendJson(method: string, path: string, bearer: string | null, body: unknown, raw = false) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method,
    headers: { ...(bearer ? { Authorization: bearer } : {}), "Content-Type": "application/json" },
    body: raw ? String(body) : JSON.stringify(body),
  });
}

/** The rules the data must keep whatever was thrown at it. */
async function checkInvariants() {
  const db = testEnv.DB;
  const rules: Array<[string, string]> = [
    [
      "booked without exactly one live booking",
      `select p.id from products p where p.status = 'booked'
      and (select count(*) from bookings b where b.product_id = p.id and b.status in ('active','paid')) != 1`,
    ],
    [
      "sold without exactly one payment",
      `select p.id from products p where p.status = 'sold'
      and (select count(*) from payments y where y.product_id = p.id and y.status = 'succeeded') != 1`,
    ],
    [
      "available with a live booking",
      `select p.id from products p where p.status = 'available'
      and exists (select 1 from bookings b where b.product_id = p.id and b.status in ('active','paid'))`,
    ],
    [
      "paid booking without its payment",
      `select b.id from bookings b where b.status = 'paid'
      and not exists (select 1 from payments y where y.booking_id = b.id)`,
    ],
    [
      "orphan booking",
      `select b.id from bookings b where not exists (select 1 from products p where p.id = b.product_id)
      or not exists (select 1 from users u where u.id = b.buyer_id)`,
    ],
    [
      "active booking without a deadline",
      `select b.id from bookings b where b.status = 'active' and b.expires_at is null`,
    ],
    [
      "expired before its deadline",
      `select b.id from bookings b where b.end_reason = 'expired' and b.cancelled_at < b.expires_at`,
    ],
    [
      "more saved searches than a user may keep",
      `select user_id from saved_searches group by user_id having count(*) > 20`,
    ],
    [
      "orphan payment",
      `select y.id from payments y where not exists (select 1 from bookings b where b.id = y.booking_id)`,
    ],
    [
      "orphan wishlist entry",
      `select w.product_id as id from wishlist_entries w where not exists (select 1 from products p where p.id = w.product_id)`,
    ],
    [
      "listing photos not at positions 0..n-1",
      `select product_id as id from product_photos where position is not null
      group by product_id having max(position) + 1 != count(*)`,
    ],
    [
      "cover that is not the first photo",
      `select p.id from products p join product_photos f on f.product_id = p.id and f.position = 0
      where p.photo_key is not f.key`,
    ],
    [
      "message outside its booking's two parties",
      `select m.id from messages m left join bookings b on b.id = m.booking_id
      left join products p on p.id = b.product_id
      where b.id is null or (m.sender_id is not b.buyer_id and m.sender_id is not p.seller_id)`,
    ],
    [
      "held listing without a match",
      `select p.id from products p where p.held_at is not null
      and not exists (select 1 from serial_matches m where m.product_id = p.id)`,
    ],
    [
      "open stolen-serial match of a listing not held",
      `select m.product_id as id from serial_matches m join products p on p.id = m.product_id
      where m.resolved_at is null and p.held_at is null`,
    ],
    [
      "held listing in the search index",
      `select p.id from products p where p.held_at is not null and p.rowid in (select rowid from products_fts)`,
    ],
    [
      "recorded model sale without its successful payment",
      `select s.payment_id as id from model_sales s where not exists
      (select 1 from payments y where y.id = s.payment_id and y.status = 'succeeded')`,
    ],
    [
      "a live session of a deleted account",
      `select s.id from sessions s join users u on u.id = s.user_id
      where u.deleted_at is not null and s.revoked_at is null and s.expires_at > cast(unixepoch('subsec') * 1000 as integer)
      and s.created_at < u.deleted_at`,
    ],
    [
      "two-factor sign-in on without recovery codes",
      `select t.user_id as id from two_factor_credentials t where t.enabled_at is not null
      and not exists (select 1 from recovery_codes r where r.user_id = t.user_id)
      and not exists (select 1 from users u where u.id = t.user_id and u.role = 'admin')`,
    ],
    [
      "a link stored other than as a hash",
      `select id from account_tokens where length(token_hash) != 43 or token_hash glob '*[^A-Za-z0-9_-]*'`,
    ],
    [
      "a kept price half written, or a price drop not below its kept price (ADR 0063, 0077)",
      `select p.id from products p where (p.previous_price_cents is null) != (p.previous_price_until is null)
      or (p.price_dropped_at is not null and (p.previous_price_cents is null
        or p.previous_price_cents <= p.resale_price_cents or p.price_dropped_at < p.previous_price_until))
      or (p.previous_price_until is not null and p.previous_price_until > coalesce(p.price_set_at, 0))`,
    ],
    [
      "accepted offer without its booking at the agreed price",
      `select o.id from offers o left join bookings b on b.id = o.booking_id where o.status = 'accepted'
      and (b.id is null or b.price_cents != coalesce(o.counter_cents, o.amount_cents)
      or b.buyer_id != o.buyer_id or b.product_id != o.product_id)`,
    ],
    [
      "offer of a seller other than its listing's",
      `select o.id from offers o join products p on p.id = o.product_id where o.seller_id != p.seller_id`,
    ],
    [
      "an open return of a deal no longer held (ADR 0107)",
      `select r.id from returns r join deals d on d.payment_id = r.payment_id
      where r.state in ('requested','accepted','sent','delivered','offered','to_admin') and d.state != 'held'`,
    ],
    [
      "a return's label half bought",
      `select id from returns where state in ('accepted','sent','delivered')
      and (tracking_number is null or label_ref is null or label_ref like 'pending:%')`,
    ],
    [
      "a return ended without its outcome",
      `select id from returns where state in ('refunded','kept','decided') and (closed_at is null or outcome is null)`,
    ],
    [
      "a return of other parties than its deal's",
      `select r.id from returns r join deals d on d.payment_id = r.payment_id
      where r.booking_id != d.booking_id or r.buyer_id != d.buyer_id or r.seller_id != d.seller_id`,
    ],
    [
      "orphan product",
      `select p.id from products p where not exists (select 1 from users u where u.id = p.seller_id)
      or not exists (select 1 from categories c where c.id = p.category_id)`,
    ],
  ];
  // One-line fields hold no control character nor Unicode line break (C0 but NUL, DEL, C1, U+2028/9).
  const breaks = `'*[' || char(1) || '-' || char(31) || char(127) || '-' || char(159) || char(8232, 8233) || ']*'`;
  for (const [table, columns] of [
    ["products", ["name", "location", "contact"]],
    ["bookings", ["meet_location", "buyer_contact"]],
    ["offers", ["meet_location", "buyer_contact"]],
    ["users", ["name"]],
  ] as const) {
    const where = columns.map((column) => `${column} glob ${breaks} or instr(${column}, char(0)) > 0`).join(" or ");
    rules.push([`a line break or control character in ${table}`, `select id from ${table} where ${where}`]);
  }
  const results = await db.batch(rules.map(([, query]) => db.prepare(query)));
  const broken = rules.flatMap(([rule], index) =>
    (results[index]!.results as Array<{ id: string }>).map((row) => `${rule}: ${row.id}`),
  );
  expect(broken).toEqual([]);
  const referenced = new Set(
    (
      await db.prepare("select photo_key from products where photo_key is not null").all<{ photo_key: string }>()
    ).results.map((r) => r.photo_key),
  );
  // A return's photos are its renditions (ADR 0107), kept while their row is.
  const stored = await storedPhotoKeys();
  const returnPhotoKeys = (await db.prepare("select key from return_photos").all<{ key: string }>()).results;
  const renditions = returnPhotoKeys.flatMap(({ key }) => RENDITION_WIDTHS.map((width) => renditionKey(key, width)));
  for (const key of renditions) referenced.add(key);
  expect(renditions.filter((key) => !stored.includes(key))).toEqual([]);
  const unreferenced = stored.filter((key) => !referenced.has(key));
  expect(unreferenced).toEqual([]);
  // The money: for every deal, charged = fee + seller's net + refunded (+ held), never double.
  await expectLedgerHolds(db);
}

function expectHandled(response: Response) {
  expect(response.status, `answered ${response.status}`).toBeLessThan(500);
}

describe("bad input at every form action", () => {
  const targets: Array<{
    name: string;
    path: (w: World) => string;
    who: (w: World) => string | null;
    names: string[];
    fixed?: (w: World) => Array<[string, string]>;
  }> = [
    {
      name: "register",
      path: () => "/register",
      who: () => null,
      names: ["name", "email", "password", "role", "redirectTo", "website_confirm"],
    },
    {
      name: "login",
      path: () => "/login",
      who: () => null,
      names: ["email", "password", "redirectTo", "website_confirm"],
    },
    { name: "subscribe", path: () => "/subscribe", who: () => null, names: ["email"] },
    {
      name: "book from home",
      path: () => "/?index",
      who: (w) => w.cookies.buyerA,
      names: ["productId", "meetLocation", "buyerContact"],
      fixed: () => [["intent", "book"]],
    },
    {
      name: "book with a real listing",
      path: () => "/?index",
      who: (w) => w.cookies.buyerA,
      names: ["meetLocation", "buyerContact"],
      fixed: (w) => [
        ["intent", "book"],
        ["productId", w.listing.A],
      ],
    },
    {
      name: "book with shipping",
      path: () => "/?index",
      who: (w) => w.cookies.buyerA,
      names: ["delivery", "recipient", "line1", "line2", "city", "region", "postalCode", "country", "buyerContact"],
      fixed: (w) => [
        ["intent", "book"],
        ["productId", w.listing.A],
      ],
    },
    {
      name: "save a shipped deal's tracking",
      path: (w) => `/dashboard/shipments/${w.shippedBooking.A}/tracking`,
      who: (w) => w.cookies.sellerA,
      names: ["carrier", "trackingNumber"],
    },
    {
      name: "buy a shipped deal's label",
      path: (w) => `/dashboard/shipments/${w.shippedBooking.A}/label`,
      who: (w) => w.cookies.sellerA,
      names: ["name", "line1", "line2", "city", "region"],
    },
    {
      name: "the test carrier's control",
      path: (w) => `/dashboard/shipments/${w.shippedBooking.A}/test-advance`,
      who: (w) => w.cookies.buyerA,
      names: ["bookingId"],
    },
    {
      name: "actions on a listing page",
      path: (w) => `/listings/${w.listing.A}`,
      who: (w) => w.cookies.buyerB,
      names: ["intent", "productId", "meetLocation", "buyerContact", "reason", "details"],
    },
    {
      name: "wishlist add",
      path: () => "/?index",
      who: (w) => w.cookies.buyerB,
      names: ["productId"],
      fixed: () => [["intent", "wishlist-add"]],
    },
    {
      name: "wishlist remove",
      path: () => "/dashboard/wishlist",
      who: (w) => w.cookies.buyerA,
      names: ["productId", "intent"],
    },
    {
      name: "cancel booking",
      path: () => "/dashboard/my_orders",
      who: (w) => w.cookies.buyerA,
      names: ["bookingId", "intent"],
    },
    {
      name: "rate the seller",
      path: () => "/dashboard/my_orders",
      who: (w) => w.cookies.buyerA,
      names: ["bookingId", "stars", "comment"],
      fixed: () => [["intent", "rate"]],
    },
    {
      name: "answer a review",
      path: (w) => `/sellers/${w.sellerId.A}`,
      who: (w) => w.cookies.sellerA,
      names: ["ratingId", "answer"],
      fixed: (w) => [
        ["intent", "answer"],
        ["ratingId", w.review.A],
      ],
    },
    {
      name: "a seller profile's intents and fields",
      path: (w) => `/sellers/${w.sellerId.B}`,
      who: (w) => w.cookies.buyerA,
      names: ["intent", "ratingId", "answer", "reason", "details"],
    },
    {
      name: "report a review",
      path: (w) => `/sellers/${w.sellerId.A}`,
      who: (w) => w.cookies.sellerB,
      names: ["reason", "details"],
      fixed: (w) => [
        ["intent", "report-review"],
        ["ratingId", w.review.A],
      ],
    },
    // Reported Items' forms, each at its own action (ADR 0071); the page itself takes none.
    {
      name: "dismiss a reported review's reports",
      path: () => "/dashboard/reported_items/reviews/dismiss",
      who: (w) => w.cookies.admin,
      names: ["ratingId", "intent"],
    },
    {
      name: "remove a reported review's text",
      path: () => "/dashboard/reported_items/reviews/remove",
      who: (w) => w.cookies.admin,
      names: ["ratingId"],
    },
    {
      name: "send a message",
      path: (w) => `/dashboard/messages/${w.booking.A}`,
      who: (w) => w.cookies.buyerA,
      names: ["body", "key"],
      fixed: () => [["intent", "send"]],
    },
    {
      name: "message form's intent and fields",
      path: (w) => `/dashboard/messages/${w.booking.A}`,
      who: (w) => w.cookies.sellerA,
      names: ["intent", "body", "key"],
    },
    {
      name: "pay",
      path: (w) => `/dashboard/payment/${w.booking.A}`,
      who: (w) => w.cookies.buyerA,
      names: ["cardNumber", "expiry", "cvc"],
      fixed: () => [["intent", "pay-test"]],
    },
    {
      name: "my products",
      path: () => "/dashboard/my_product",
      who: (w) => w.cookies.sellerA,
      names: ["id", "intent"],
    },
    {
      name: "edit listing details",
      path: (w) => `/dashboard/my_product/${w.listing.A}/edit/details`,
      who: (w) => w.cookies.sellerA,
      names: [
        "productName",
        "category",
        "condition",
        "description",
        "originalPrice",
        "resalePrice",
        "purchaseYear",
        "contact",
        "location",
        "model",
        "brand",
        "brandName",
        "modelName",
        "mount",
        "sensorFormat",
        "shutterCount",
        "shutterCountMethod",
        "focalMin",
        "focalMax",
        "apertureWide",
        "apertureTele",
        "included",
        "checks.sensor",
        "checks.haze-fungus",
        "serialNumber",
      ],
    },
    {
      name: "edit listing details of a lens, with a model",
      path: (w) => `/dashboard/my_product/${w.listing.A}/edit/details`,
      who: (w) => w.cookies.sellerA,
      names: [
        "model",
        "brand",
        "brandName",
        "modelName",
        "mount",
        "sensorFormat",
        "shutterCount",
        "shutterCountMethod",
        "focalMin",
        "focalMax",
        "apertureWide",
        "apertureTele",
        "included",
        "checks.sensor",
        "checks.haze-fungus",
        "serialNumber",
      ],
      fixed: () => [
        ["productName", "Fuzzed lens"],
        ["category", "camera"],
        ["condition", "Good"],
        ["description", "A lens."],
        ["originalPrice", "100"],
        ["resalePrice", "50"],
        ["purchaseYear", "2020"],
        ["contact", "+1 415 555 0100"],
        ["location", "Oakland"],
      ],
    },
    {
      name: "register a stolen serial",
      path: () => "/dashboard/stolen_gear",
      who: (w) => w.cookies.buyerA,
      names: ["brand", "brandName", "serialNumber", "stolenOn", "policeReference", "note"],
      fixed: () => [["intent", "register"]],
    },
    {
      name: "stolen gear's intents",
      path: () => "/dashboard/stolen_gear",
      who: (w) => w.cookies.buyerB,
      names: ["intent", "id"],
    },
    {
      name: "held listings",
      path: () => "/dashboard/serial_holds",
      who: (w) => w.cookies.admin,
      names: ["intent", "id", "serial", "page"],
    },
    {
      name: "my camera in settings",
      path: () => "/dashboard/settings/camera",
      who: (w) => w.cookies.buyerA,
      names: ["camera"],
    },
    {
      name: "my camera from a storefront page",
      path: () => "/search?q=lens",
      who: (w) => w.cookies.sellerB,
      names: ["camera"],
      fixed: () => [["intent", "my-camera"]],
    },
    // The edit page's forms, each at its own action (ADR 0071); the page itself takes none.
    {
      name: "edit page, no action of its own",
      path: (w) => `/dashboard/my_product/${w.listing.A}/edit`,
      who: (w) => w.cookies.sellerA,
      names: ["intent", "photoId", "position", "offersAccepted", "productName"],
    },
    {
      name: "move a photo",
      path: (w) => `/dashboard/my_product/${w.listing.A}/edit/photos/move`,
      who: (w) => w.cookies.sellerA,
      names: ["intent", "photoId", "position"],
    },
    {
      name: "move a real photo",
      path: (w) => `/dashboard/my_product/${w.listing.A}/edit/photos/move`,
      who: (w) => w.cookies.sellerA,
      names: ["position"],
      fixed: (w) => [["photoId", w.photos.A[1]!]],
    },
    {
      name: "remove a photo",
      path: (w) => `/dashboard/my_product/${w.listing.A}/edit/photos/remove`,
      who: (w) => w.cookies.sellerA,
      names: ["photoId"],
    },
    {
      name: "move another seller's photo",
      path: (w) => `/dashboard/my_product/${w.listing.B}/edit/photos/move`,
      who: (w) => w.cookies.sellerA,
      names: ["position"],
      fixed: (w) => [["photoId", w.photos.B[1]!]],
    },
    { name: "logout", path: () => "/logout", who: (w) => w.cookies.buyerB, names: ["redirectTo"] },
    {
      name: "report",
      path: () => "/?index",
      who: (w) => w.cookies.buyerB,
      names: ["productId", "reason", "details"],
      fixed: () => [["intent", "report"]],
    },
    {
      name: "all sellers",
      path: () => "/dashboard/all_sellers",
      who: (w) => w.cookies.admin,
      names: ["sellerId", "intent", "q", "page"],
    },
    {
      name: "all buyers",
      path: () => "/dashboard/all_buyers",
      who: (w) => w.cookies.admin,
      names: ["buyerId", "intent", "q", "page"],
    },
    {
      name: "reported items, no action of its own",
      path: () => "/dashboard/reported_items",
      who: (w) => w.cookies.admin,
      names: ["productId", "intent", "q", "page"],
    },
    {
      name: "dismiss a reported listing's reports",
      path: () => "/dashboard/reported_items/dismiss",
      who: (w) => w.cookies.admin,
      names: ["productId", "q", "page"],
    },
    {
      name: "remove a reported listing",
      path: () => "/dashboard/reported_items/remove",
      who: (w) => w.cookies.admin,
      names: ["productId", "q", "page"],
    },
    {
      name: "keep a reported listing",
      path: () => "/dashboard/reported_items/keep",
      who: (w) => w.cookies.admin,
      names: ["productId", "q", "page"],
    },
    {
      name: "a seller at a reported listing's removal",
      path: () => "/dashboard/reported_items/remove",
      who: (w) => w.cookies.sellerA,
      names: ["productId"],
    },
    {
      name: "forgot password",
      path: () => "/forgot-password",
      who: () => null,
      names: ["email", "website_confirm"],
    },
    {
      name: "reset password with a forged link",
      path: () => `/reset-password?token=${"A".repeat(43)}`,
      who: () => null,
      names: ["token", "password", "confirmPassword"],
    },
    {
      name: "verify email",
      path: () => "/verify-email",
      who: (w) => w.cookies.buyerA,
      names: ["intent", "token", "redirectTo"],
    },
    { name: "two-factor sign-in", path: () => "/login/two-factor", who: () => null, names: ["code"] },
    // The Settings page's forms, each at its own action (ADR 0071); the page itself takes none.
    {
      name: "settings page, no action of its own",
      path: () => "/dashboard/settings",
      who: (w) => w.cookies.sellerA,
      names: ["intent", "name", "phone", "email", "sessionId"],
    },
    {
      name: "name and phone",
      path: () => "/dashboard/settings/profile",
      who: (w) => w.cookies.sellerA,
      names: ["name", "phone"],
    },
    {
      name: "change of address",
      path: () => "/dashboard/settings/email",
      who: (w) => w.cookies.buyerB,
      names: ["email", "currentPassword", "code", "confirmEmail"],
    },
    {
      name: "change of password",
      path: () => "/dashboard/settings/password",
      who: (w) => w.cookies.sellerA,
      names: ["currentPassword", "newPassword", "confirmPassword"],
    },
    {
      name: "sign out a session",
      path: () => "/dashboard/settings/sessions",
      who: (w) => w.cookies.sellerA,
      names: ["sessionId"],
    },
    {
      name: "sign out the other sessions",
      path: () => "/dashboard/settings/sessions/others",
      who: (w) => w.cookies.sellerA,
      names: ["intent"],
    },
    {
      name: "delete my account",
      path: () => "/dashboard/settings/delete-account",
      who: (w) => w.cookies.sellerA,
      names: ["currentPassword", "code", "confirmEmail"],
    },
    // Two-factor sign-in's forms, each at its own action (ADR 0075); the page itself takes none.
    {
      name: "two-factor page, no action of its own",
      path: () => "/dashboard/settings/two-factor",
      who: (w) => w.cookies.admin,
      names: ["intent", "code"],
    },
    {
      name: "two-factor setup",
      path: () => "/dashboard/settings/two-factor/start",
      who: (w) => w.cookies.sellerA,
      names: ["intent"],
    },
    {
      name: "two-factor confirmation",
      path: () => "/dashboard/settings/two-factor/confirm",
      who: (w) => w.cookies.sellerA,
      names: ["code", "currentPassword", "confirmEmail"],
    },
    {
      name: "new recovery codes",
      path: () => "/dashboard/settings/two-factor/regenerate",
      who: (w) => w.cookies.admin,
      names: ["currentPassword", "code", "confirmEmail"],
    },
    {
      name: "two-factor off",
      path: () => "/dashboard/settings/two-factor/disable",
      who: (w) => w.cookies.admin,
      names: ["currentPassword", "code", "confirmEmail"],
    },
    {
      name: "notification settings",
      path: () => "/dashboard/settings/notifications",
      who: (w) => w.cookies.sellerA,
      names: ["booking_made", "booking_cancelled", "payment_received", "seller_verified", "listing_removed"],
    },
    {
      name: "save a search",
      path: () => "/saved-searches",
      who: (w) => w.cookies.buyerA,
      names: ["search", "name", "intent"],
      fixed: () => [["intent", "save-search"]],
    },
    {
      name: "rename a saved search",
      path: () => "/dashboard/settings/saved-searches/rename",
      who: (w) => w.cookies.buyerA,
      names: ["id", "name"],
      fixed: (w) => [["id", w.savedSearch.A]],
    },
    {
      name: "saved search emails",
      path: () => "/dashboard/settings/saved-searches/emails",
      who: (w) => w.cookies.buyerB,
      names: ["id", "emails"],
    },
    {
      name: "delete a saved search",
      path: () => "/dashboard/settings/saved-searches/delete",
      who: (w) => w.cookies.buyerB,
      names: ["id"],
    },
    {
      name: "unsubscribe",
      path: (w) => `/unsubscribe/${w.unsubscribeToken}`,
      who: () => null,
      names: ["intent", "List-Unsubscribe"],
    },
    {
      name: "confirm receipt or open a claim",
      path: () => "/dashboard/my_orders",
      who: (w) => w.cookies.buyerA,
      names: ["intent", "bookingId", "reason", "details"],
    },
    {
      name: "confirm receipt of a paid order",
      path: () => "/dashboard/my_orders",
      who: (w) => w.cookies.buyerA,
      names: ["bookingId"],
      fixed: () => [["intent", "confirm-receipt"]],
    },
    {
      name: "payouts: set up, answer a claim",
      path: () => "/dashboard/payouts",
      who: (w) => w.cookies.sellerA,
      names: ["intent", "claimId", "answer"],
    },
    {
      name: "answer a real claim",
      path: () => "/dashboard/payouts",
      who: (w) => w.cookies.sellerA,
      names: ["answer"],
      fixed: (w) => [
        ["intent", "answer"],
        ["claimId", w.claim.A],
      ],
    },
    {
      name: "test onboarding",
      path: () => "/dashboard/payouts/test-onboarding",
      who: (w) => w.cookies.sellerA,
      names: ["intent", "accountHolder", "routingNumber", "accountNumber"],
    },
    {
      name: "decide a real claim",
      path: () => "/dashboard/claims",
      who: (w) => w.cookies.admin,
      names: ["outcome", "amount", "note"],
      fixed: (w) => [
        ["intent", "decide"],
        ["claimId", w.claim.A],
      ],
    },
    {
      name: "refund a removed seller's held payment",
      path: () => "/dashboard/claims/refund",
      who: (w) => w.cookies.admin,
      names: ["bookingId", "page"],
    },
    {
      name: "send a dispute's evidence",
      path: () => "/dashboard/claims/evidence",
      who: (w) => w.cookies.admin,
      names: ["disputeId", "page"],
    },
    {
      name: "the bank decides a test dispute",
      path: () => "/dashboard/claims/test-dispute",
      who: (w) => w.cookies.admin,
      names: ["disputeId", "outcome", "page"],
    },
    {
      name: "a test chargeback of an order",
      path: () => "/dashboard/my_orders",
      who: (w) => w.cookies.buyerA,
      names: ["bookingId", "page"],
      fixed: () => [["intent", "test-dispute"]],
    },
    {
      name: "mark a reconciliation's difference as looked into",
      path: () => "/dashboard/reconciliation",
      who: (w) => w.cookies.admin,
      names: ["intent", "differenceId"],
    },
    {
      name: "claims page's intent and fields",
      path: () => "/dashboard/claims",
      who: (w) => w.cookies.admin,
      names: ["intent", "claimId", "outcome", "amount", "note"],
    },
    {
      name: "make an offer",
      path: (w) => `/listings/${w.listing.B}`,
      who: (w) => w.cookies.buyerA,
      names: ["productId", "amount", "meetLocation", "buyerContact", "offerKey"],
      fixed: () => [["intent", "offer"]],
    },
    {
      name: "make an offer on a real listing",
      path: (w) => `/listings/${w.listing.B}`,
      who: (w) => w.cookies.buyerA,
      names: ["amount", "meetLocation", "buyerContact", "offerKey"],
      fixed: (w) => [
        ["intent", "offer"],
        ["productId", w.listing.B],
      ],
    },
    {
      name: "my offers' intents",
      path: () => "/dashboard/my_offers",
      who: (w) => w.cookies.buyerA,
      names: ["intent", "offerId"],
    },
    {
      name: "counter a real offer",
      path: () => "/dashboard/offers",
      who: (w) => w.cookies.sellerA,
      names: ["amount"],
      fixed: (w) => [
        ["intent", "counter"],
        ["offerId", w.offer.A],
      ],
    },
    {
      name: "offers page's intents",
      path: () => "/dashboard/offers",
      who: (w) => w.cookies.sellerA,
      names: ["intent", "offerId", "amount"],
    },
    {
      name: "offer setting of a listing",
      path: (w) => `/dashboard/my_product/${w.listing.A}/edit/offers`,
      who: (w) => w.cookies.sellerA,
      names: ["offersAccepted"],
    },
    {
      name: "offer setting of another seller's listing",
      path: (w) => `/dashboard/my_product/${w.listing.B}/edit/offers`,
      who: (w) => w.cookies.sellerA,
      names: ["offersAccepted"],
    },
    {
      name: "a buyer at the edit page's details",
      path: (w) => `/dashboard/my_product/${w.listing.A}/edit/details`,
      who: (w) => w.cookies.buyerA,
      names: ["productName", "resalePrice"],
    },
    // Returns (ADR 0107), each form at a deal whose return waits for that step.
    {
      name: "ask to return a delivered deal",
      path: (w) => `/dashboard/shipments/${w.returnBooking.ask.A}/return`,
      who: (w) => w.cookies.buyerA,
      names: ["reason", "details", "serial", "shutterCount", "photos"],
    },
    {
      name: "ask to return another buyer's deal",
      path: (w) => `/dashboard/shipments/${w.returnBooking.ask.A}/return`,
      who: (w) => w.cookies.buyerB,
      names: ["reason", "details", "serial", "shutterCount"],
    },
    {
      name: "answer a requested return",
      path: (w) => `/dashboard/shipments/${w.returnBooking.requested.A}/return-answer`,
      who: (w) => w.cookies.sellerA,
      names: ["answer", "amount", "note"],
    },
    {
      name: "offer a part back of a requested return",
      path: (w) => `/dashboard/shipments/${w.returnBooking.requested.A}/return-answer`,
      who: (w) => w.cookies.sellerA,
      names: ["amount", "note"],
      fixed: () => [["answer", "offer"]],
    },
    {
      name: "answer the seller's offer",
      path: (w) => `/dashboard/shipments/${w.returnBooking.offered.A}/return-offer`,
      who: (w) => w.cookies.buyerA,
      names: ["answer"],
    },
    {
      name: "check a return that came back",
      path: (w) => `/dashboard/shipments/${w.returnBooking.delivered.A}/return-check`,
      who: (w) => w.cookies.sellerA,
      names: ["result", "serial", "problem", "details", "photos"],
    },
    {
      name: "report a problem with a return that came back",
      path: (w) => `/dashboard/shipments/${w.returnBooking.delivered.A}/return-check`,
      who: (w) => w.cookies.sellerA,
      names: ["serial", "problem", "details"],
      fixed: () => [["result", "problem"]],
    },
    {
      name: "the test carrier's control for a return parcel",
      path: (w) => `/dashboard/shipments/${w.returnBooking.accepted.A}/return-advance`,
      who: (w) => w.cookies.sellerB,
      names: ["bookingId"],
    },
    {
      name: "decide a return's fields",
      path: () => "/dashboard/claims/returns",
      who: (w) => w.cookies.admin,
      names: ["returnId", "outcome", "amount", "note"],
    },
    {
      name: "decide a real return",
      path: () => "/dashboard/claims/returns",
      who: (w) => w.cookies.admin,
      names: ["outcome", "amount", "note"],
      fixed: (w) => [["returnId", w.returnId.toAdmin.A]],
    },
  ];
  for (const target of targets) {
    it(`${target.name} never fails on bad input`, async () => {
      const world = await buildWorld();
      await fc.assert(
        fc.asyncProperty(formFields(target.names), async (pairs) => {
          const response = await postForm(target.path(world), target.who(world), [
            ...(target.fixed?.(world) ?? []),
            ...pairs,
          ]);
          expectHandled(response);
          const text = await response.text();
          expect(text).not.toContain("<script>alert(1)</script>");
          await expectLedgerHolds(testEnv.DB);
        }),
        { numRuns: RUNS },
      );
      await checkInvariants();
    }, 120_000);
  }

  it("add product never fails on bad input or bad files, and stores no orphan photo", async () => {
    const world = await buildWorld();
    const file = fc.oneof(
      fc.constant(new File([], "")),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => new File([bytes], "x.jpg", { type: "image/jpeg" })),
      fc.constantFrom(
        // A polyglot: JPEG magic followed by HTML.
        new File([photoBytes("jpeg", 16), "<html><script>alert(1)</script></html>"], "poly.jpg", {
          type: "image/jpeg",
        }),
        // A truncated PNG, and a PNG header claiming 65535 x 65535 pixels.
        new File([photoBytes("png", 12)], "cut.png", { type: "image/png" }),
        new File(
          [
            new Uint8Array([
              0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0xff, 0xff, 0,
              0, 0xff, 0xff, 8, 2, 0, 0, 0,
            ]),
          ],
          "huge.png",
          { type: "image/png" },
        ),
        new File(["<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"], "x.svg", {
          type: "image/svg+xml",
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        formFields([
          "productName",
          "category",
          "condition",
          "description",
          "originalPrice",
          "resalePrice",
          "purchaseYear",
          "contact",
          "location",
          "model",
          "brand",
          "brandName",
          "modelName",
          "mount",
          "sensorFormat",
          "shutterCount",
          "shutterCountMethod",
          "focalMin",
          "focalMax",
          "apertureWide",
          "apertureTele",
          "included",
          "checks.sensor",
          "checks.haze-fungus",
          "serialNumber",
        ]),
        file,
        fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: nasty }),
        async (pairs, photo, badToken) => {
          const form = new FormData();
          form.set("intent", "create");
          // Mostly the page's own one-time token, so the fields and the file get checked too.
          form.set("productToken", badToken ?? (await addProductToken(world.cookies.sellerA!)));
          // workerd's own multipart encoder refuses names ending in a backslash (a client limit).
          for (const [name, value] of pairs) if (!name.endsWith("\\")) form.append(name, value);
          form.set("img", photo);
          const response = await SELF.fetch(`${ORIGIN}/dashboard/add_product`, {
            method: "POST",
            headers: { Cookie: world.cookies.sellerA!, Origin: ORIGIN, Host: new URL(ORIGIN).host },
            body: form,
            redirect: "manual",
          });
          expectHandled(response);
        },
      ),
      { numRuns: RUNS },
    );
    await checkInvariants();
  }, 120_000);

  it("adding photos on the edit page never fails on bad files, and stores nothing", async () => {
    const world = await buildWorld();
    const before = await storedPhotoKeys();
    const file = fc.oneof(
      fc.constant(new File([], "")),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => new File([bytes], "x.png", { type: "image/png" })),
      fc.constant(
        new File([photoBytes("jpeg", 16), "<html><script>alert(1)</script></html>"], "poly.jpg", {
          type: "image/jpeg",
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(file, { minLength: 0, maxLength: 9 }),
        fc.oneof(fc.constant(crypto.randomUUID()), nasty),
        async (files, upload) => {
          const form = new FormData();
          form.set("upload", upload);
          for (const photo of files) form.append("img", photo);
          const response = await SELF.fetch(`${ORIGIN}/dashboard/my_product/${world.listing.A}/edit/photos/add`, {
            method: "POST",
            headers: { Cookie: world.cookies.sellerA!, Origin: ORIGIN, Host: new URL(ORIGIN).host },
            body: form,
            redirect: "manual",
          });
          expectHandled(response);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await storedPhotoKeys()).toEqual(before);
    await checkInvariants();
  }, 120_000);

  it("stored photos are served as images, never as a page", async () => {
    const world = await buildWorld();
    const form = new FormData();
    for (const [name, value] of Object.entries({
      intent: "create",
      productName: "<script>alert(1)</script>",
      category: "camera",
      condition: "Good",
      description: "Polyglot",
      originalPrice: "100",
      resalePrice: "50",
      purchaseYear: "2020",
      contact: "+1 415 555 0100",
      location: "Oakland",
      productToken: await addProductToken(world.cookies.sellerA!),
    }))
      form.set(name, value);
    form.set(
      "img",
      // A real JPEG with a page after its end, sent as a page.
      new File([realPhoto("jpeg"), "<html><script>alert(1)</script></html>"], "poly.jpg", { type: "text/html" }),
    );
    const created = await SELF.fetch(`${ORIGIN}/dashboard/add_product`, {
      method: "POST",
      headers: { Cookie: world.cookies.sellerA!, Origin: ORIGIN, Host: new URL(ORIGIN).host },
      body: form,
      redirect: "manual",
    });
    expect(created.status).toBe(302);
    const page = await (
      await SELF.fetch(`${ORIGIN}/dashboard/my_product`, { headers: { Cookie: world.cookies.sellerA! } })
    ).text();
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    // Only the renditions the Images binding made are stored and served: WebP, never the upload.
    const key = /\/images\/(p-[0-9a-f]{32}-320\.webp)/.exec(page)![1]!;
    const image = await SELF.fetch(`${ORIGIN}/images/${key}`);
    expect(image.headers.get("Content-Type")).toBe("image/webp");
    expect(new TextDecoder().decode(await image.arrayBuffer())).not.toContain("<script>");
    expect(image.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(image.headers.get("Content-Security-Policy")).toContain("sandbox");
  });
});

describe("bad input at every /api call", () => {
  const calls: Array<{
    method: string;
    path: (w: World) => string;
    who: (w: World) => string | null;
    names: string[];
  }> = [
    {
      method: "POST",
      path: () => "/api/users",
      who: () => null,
      names: ["name", "email", "password", "role", "isSeller", "isAdmin"],
    },
    { method: "POST", path: () => "/api/token", who: () => null, names: ["email", "password", "code"] },
    { method: "POST", path: () => "/api/password/forgot", who: () => null, names: ["email"] },
    {
      method: "POST",
      path: () => "/api/password/reset",
      who: () => null,
      names: ["token", "password", "confirmPassword"],
    },
    { method: "POST", path: () => "/api/email/confirm", who: () => null, names: ["token"] },
    { method: "PATCH", path: () => "/api/account", who: (w) => w.bearers.sellerA, names: ["name", "phone"] },
    {
      method: "PUT",
      path: () => "/api/account/email",
      who: (w) => w.bearers.buyerA,
      names: ["email", "currentPassword", "code", "confirmEmail"],
    },
    {
      method: "PUT",
      path: () => "/api/account/password",
      who: (w) => w.bearers.buyerB,
      names: ["currentPassword", "newPassword", "confirmPassword"],
    },
    {
      method: "DELETE",
      path: () => "/api/account",
      who: (w) => w.bearers.sellerB,
      names: ["currentPassword", "code", "confirmEmail"],
    },
    {
      method: "POST",
      path: () => "/api/booking",
      who: (w) => w.bearers.buyerA,
      names: ["productId", "meetLocation", "buyerContact", "price"],
    },
    {
      method: "POST",
      path: () => "/api/booking",
      who: (w) => w.bearers.buyerA,
      names: ["productId", "delivery", "recipient", "line1", "city", "region", "postalCode", "country", "buyerContact"],
    },
    {
      method: "POST",
      path: (w) => `/api/shipments/${w.shippedBooking.A}/label`,
      who: (w) => w.bearers.sellerA,
      names: ["name", "line1", "line2", "city", "region"],
    },
    {
      method: "POST",
      path: (w) => `/api/shipments/${w.shippedBooking.A}/tracking`,
      who: (w) => w.bearers.sellerA,
      names: ["carrier", "trackingNumber"],
    },
    { method: "POST", path: () => "/api/wishlist", who: (w) => w.bearers.buyerA, names: ["productId"] },
    {
      method: "PUT",
      path: () => "/api/bookingCancel",
      who: (w) => w.bearers.buyerA,
      names: ["bookingId", "productID"],
    },
    {
      method: "POST",
      path: () => "/api/payment",
      who: (w) => w.bearers.buyerA,
      names: ["bookingId", "transactionId", "card"],
    },
    {
      method: "POST",
      path: () => "/api/ratings",
      who: (w) => w.bearers.buyerA,
      names: ["bookingId", "stars", "comment"],
    },
    {
      method: "POST",
      path: (w) => `/api/bookings/${w.booking.A}/messages`,
      who: (w) => w.bearers.buyerA,
      names: ["body"],
    },
    {
      method: "POST",
      path: () => "/api/create-payment-intent",
      who: (w) => w.bearers.buyerA,
      names: ["bookingId", "price"],
    },
    {
      method: "PUT",
      path: (w) => `/api/product/${w.listing.A}`,
      who: (w) => w.bearers.sellerA,
      names: [
        "isAdvertise",
        "productName",
        "category",
        "condition",
        "resalePrice",
        "purchaseYear",
        "model",
        "mount",
        "shutterCount",
        "focalMin",
        "included",
        "checks",
        "serialNumber",
      ],
    },
    {
      method: "POST",
      path: () => "/api/stolen-serials",
      who: (w) => w.bearers.sellerB,
      names: ["brand", "brandName", "serialNumber", "stolenOn", "policeReference", "note"],
    },
    { method: "PUT", path: () => "/api/settings/camera", who: (w) => w.bearers.buyerB, names: ["camera"] },
    {
      method: "PUT",
      path: (w) => `/api/serial-holds/${w.heldListing.A}`,
      who: (w) => w.bearers.admin,
      names: ["action"],
    },
    {
      method: "POST",
      path: () => "/api/product",
      who: (w) => w.bearers.sellerA,
      names: ["productName", "resalePrice", "img"],
    },
    {
      method: "PUT",
      path: (w) => `/api/product/${w.listing.A}/photos`,
      who: (w) => w.bearers.sellerA,
      names: ["order"],
    },
    {
      method: "POST",
      path: (w) => `/api/product/${w.listing.A}/photos`,
      who: (w) => w.bearers.sellerA,
      names: ["img"],
    },
    { method: "PUT", path: () => "/api/sellerVerify", who: (w) => w.bearers.admin, names: ["sellerEmail"] },
    {
      method: "POST",
      path: () => "/api/report",
      who: (w) => w.bearers.buyerA,
      names: ["productId", "reason", "details"],
    },
    { method: "PUT", path: (w) => `/api/report/${w.report.A}`, who: (w) => w.bearers.admin, names: ["action"] },
    {
      method: "PUT",
      path: () => "/api/settings/notifications",
      who: (w) => w.bearers.buyerA,
      names: ["booking_made", "booking_cancelled", "payment_received", "message_received"],
    },
    {
      method: "POST",
      path: (w) => `/api/bookings/${w.paidBooking.A}/receipt`,
      who: (w) => w.bearers.buyerA,
      names: ["x"],
    },
    {
      method: "POST",
      path: (w) => `/api/bookings/${w.paidBooking.A}/claim`,
      who: (w) => w.bearers.buyerA,
      names: ["reason", "details"],
    },
    {
      method: "POST",
      path: () => "/api/platform/disputes/no-such-dispute/test-decision",
      who: (w) => w.bearers.admin,
      names: ["outcome"],
    },
    { method: "PUT", path: (w) => `/api/claims/${w.claim.A}/answer`, who: (w) => w.bearers.sellerA, names: ["answer"] },
    {
      method: "PUT",
      path: (w) => `/api/claims/${w.claim.A}/decision`,
      who: (w) => w.bearers.admin,
      names: ["outcome", "amount", "note"],
    },
    {
      method: "POST",
      path: (w) => `/api/bookings/${w.paidBooking.A}/refund`,
      who: (w) => w.bearers.admin,
      names: ["x"],
    },
    { method: "POST", path: () => "/api/payouts/onboarding", who: (w) => w.bearers.sellerA, names: ["x"] },
    {
      method: "PUT",
      path: (w) => `/api/reviews/${w.review.A}/answer`,
      who: (w) => w.bearers.sellerA,
      names: ["answer"],
    },
    {
      method: "POST",
      path: (w) => `/api/reviews/${w.review.A}/reports`,
      who: (w) => w.bearers.sellerB,
      names: ["reason", "details"],
    },
    {
      method: "PUT",
      path: (w) => `/api/reviews/${w.review.A}/decision`,
      who: (w) => w.bearers.admin,
      names: ["action"],
    },
    {
      method: "POST",
      path: () => "/api/offers",
      who: (w) => w.bearers.buyerA,
      names: ["productId", "amount", "meetLocation", "buyerContact"],
    },
    {
      method: "POST",
      path: (w) => `/api/offers/${w.offer.A}/counter`,
      who: (w) => w.bearers.sellerA,
      names: ["amount"],
    },
    {
      method: "PUT",
      path: (w) => `/api/product/${w.listing.A}`,
      who: (w) => w.bearers.sellerA,
      names: ["offersAccepted"],
    },
    { method: "POST", path: () => "/api/saved-searches", who: (w) => w.bearers.buyerB, names: ["search", "name"] },
    {
      method: "PATCH",
      path: (w) => `/api/saved-searches/${w.savedSearch.A}`,
      who: (w) => w.bearers.buyerA,
      names: ["name", "emails"],
    },
    // Returns (ADR 0107): each call at a deal whose return waits for it.
    {
      method: "POST",
      path: (w) => `/api/bookings/${w.returnBooking.ask.A}/return`,
      who: (w) => w.bearers.buyerA,
      names: ["reason", "details", "serial", "shutterCount"],
    },
    {
      method: "POST",
      path: (w) => `/api/bookings/${w.returnBooking.requested.A}/return/answer`,
      who: (w) => w.bearers.sellerA,
      names: ["answer", "amount", "note"],
    },
    {
      method: "POST",
      path: (w) => `/api/bookings/${w.returnBooking.offered.A}/return/offer`,
      who: (w) => w.bearers.buyerA,
      names: ["answer"],
    },
    {
      method: "POST",
      path: (w) => `/api/bookings/${w.returnBooking.delivered.A}/return/check`,
      who: (w) => w.bearers.sellerA,
      names: ["result", "serial", "problem", "details"],
    },
    {
      method: "PUT",
      path: (w) => `/api/bookings/${w.returnBooking.toAdmin.A}/return/decision`,
      who: (w) => w.bearers.admin,
      names: ["outcome", "amount", "note"],
    },
  ];
  for (const call of calls) {
    it(`${call.method} ${call.path({ listing: { A: ":id" }, report: { A: ":id" }, booking: { A: ":id" }, paidBooking: { A: ":id" }, shippedBooking: { A: ":id" }, claim: { A: ":id" }, heldListing: { A: ":id" }, offer: { A: ":id" }, review: { A: ":id" }, savedSearch: { A: ":id" }, returnBooking: Object.fromEntries(["ask", "requested", "offered", "accepted", "delivered", "toAdmin"].map((step) => [step, { A: ":id" }])) } as unknown as World)} never fails on bad input`, async () => {
      const world = await buildWorld();
      await fc.assert(
        fc.asyncProperty(jsonBody(call.names), fc.boolean(), async (body, raw) => {
          const response = await sendJson(
            call.method,
            call.path(world),
            call.who(world),
            raw ? "{not json" : body,
            raw,
          );
          expectHandled(response);
          if (response.status >= 400) {
            const error = await response.json<{ error?: { message?: string } }>();
            expect(typeof error.error?.message).toBe("string");
          }
          await expectLedgerHolds(testEnv.DB);
        }),
        { numRuns: RUNS },
      );
      await checkInvariants();
    }, 120_000);
  }

  it("ids and query parameters that do not exist or are malformed", async () => {
    const world = await buildWorld();
    await fc.assert(
      fc.asyncProperty(nasty, async (value) => {
        const id = encodeURIComponent(value.slice(0, 200)) || "x";
        for (const [method, path, bearer] of [
          ["GET", `/api/booking/${id}`, world.bearers.buyerA],
          ["GET", `/api/sellers/${id}/ratings`, null],
          ["GET", `/api/sellers/${id}?reviews=${id}&listings=${id}`, null],
          ["PUT", `/api/reviews/${id}/answer`, world.bearers.sellerA],
          ["POST", `/api/reviews/${id}/reports`, world.bearers.buyerA],
          ["PUT", `/api/reviews/${id}/decision`, world.bearers.admin],
          ["POST", `/api/bookings/${id}/refund`, world.bearers.admin],
          ["GET", `/api/shipments/${id}`, world.bearers.buyerA],
          ["POST", `/api/shipments/${id}/test-advance`, world.bearers.sellerA],
          ["POST", `/api/shipments/${id}/cancel`, world.bearers.buyerA],
          ["GET", `/api/shipments/${id}/label-quote`, world.bearers.sellerA],
          ["GET", `/api/platform/removed-sellers/payments?page=${id}`, world.bearers.admin],
          ["GET", `/api/platform/disputes?page=${id}`, world.bearers.admin],
          ["POST", `/api/platform/disputes/${id}/evidence`, world.bearers.admin],
          ["POST", `/api/platform/disputes/${id}/test-decision`, world.bearers.admin],
          ["POST", `/api/bookings/${id}/test-dispute`, world.bearers.buyerA],
          ["POST", `/api/platform/reconciliation/differences/${id}/resolve`, world.bearers.admin],
          ["GET", `/api/payouts/statement?from=${id}&to=${id}`, world.bearers.sellerA],
          ["GET", `/api/platform/months?from=${id}&to=${id}`, world.bearers.admin],
          ["GET", `/api/platform/statement?from=${id}&to=${id}`, world.bearers.admin],
          ["DELETE", `/api/product/${id}`, world.bearers.sellerA],
          ["DELETE", `/api/account/sessions/${id}`, world.bearers.buyerB],
          ["GET", `/api/product/${id}/photos`, world.bearers.sellerA],
          ["DELETE", `/api/product/${id}/photos/${id}`, world.bearers.sellerA],
          ["DELETE", `/api/product/${world.listing.A}/photos/${id}`, world.bearers.sellerA],
          ["GET", `/api/user/admin/${id}`, world.bearers.admin],
          ["GET", `/api/category?size=${id}`, null],
          [
            "GET",
            `/api/search?q=${id}&category=${id}&condition=${id}&min=${id}&max=${id}&verified=${id}&sort=${id}&page=${id}`,
            null,
          ],
          ["GET", `/api/search?q=${id}&q=${id}&condition=good&condition=${id}`, null],
          ["GET", `/api/products?path=${id}&page=${id}`, world.bearers.buyerB],
          ["DELETE", `/api/seller/${id}`, world.bearers.admin],
          ["DELETE", `/api/buyer/${id}`, world.bearers.admin],
          ["GET", `/api/allSeller?q=${id}&page=${id}`, world.bearers.admin],
          ["GET", `/api/reports?q=${id}&page=${id}`, world.bearers.admin],
          ["GET", `/api/product?page=${id}`, world.bearers.sellerA],
          ["GET", `/api/sellerSBuyer?page=${id}`, world.bearers.sellerA],
          ["GET", `/api/myOrders?page=${id}`, world.bearers.buyerA],
          ["GET", `/api/wishlist?page=${id}`, world.bearers.buyerA],
          ["GET", `/api/listings/${id}`, null],
          ["GET", `/api/bookings/${id}/messages?page=${id}`, world.bearers.buyerA],
          ["POST", `/api/bookings/${id}/messages`, world.bearers.sellerA],
          ["GET", `/api/listings/${id}`, world.bearers.buyerA],
          ["GET", `/api/listings/${world.listing.A}?camera=${id}`, null],
          ["GET", `/api/price-guidance?model=${id}&condition=${id}`, null],
          [
            "GET",
            `/api/search?brand=${id}&mount=${id}&sensor=${id}&shutter_max=${id}&focal_min=${id}&focal_max=${id}&fits=${id}&camera=${id}`,
            null,
          ],
          ["GET", `/api/search?fits=1&mount=${id}`, world.bearers.buyerA],
          ["GET", `/api/stolen-serials?page=${id}`, world.bearers.buyerA],
          ["DELETE", `/api/stolen-serials/${id}`, world.bearers.buyerA],
          ["DELETE", `/api/stolen-serials/${id}`, world.bearers.admin],
          ["GET", `/api/serial-holds?page=${id}`, world.bearers.admin],
          ["PUT", `/api/serial-holds/${id}`, world.bearers.admin],
          ["PATCH", `/api/saved-searches/${id}`, world.bearers.buyerA],
          ["DELETE", `/api/saved-searches/${id}`, world.bearers.buyerA],
          ["GET", `/api/bookings/${id}/return`, world.bearers.buyerA],
          ["POST", `/api/bookings/${id}/return`, world.bearers.buyerA],
          ["POST", `/api/bookings/${id}/return/answer`, world.bearers.sellerA],
          ["POST", `/api/bookings/${id}/return/offer`, world.bearers.buyerA],
          ["POST", `/api/bookings/${id}/return/check`, world.bearers.sellerA],
          ["PUT", `/api/bookings/${id}/return/decision`, world.bearers.admin],
        ] as const) {
          expectHandled(await sendJson(method, path, bearer, undefined));
        }
        for (const path of [
          `/products/${id}?page=${id}`,
          `/search?q=${id}&category=${id}&condition=${id}&min=${id}&max=${id}&verified=${id}&sort=${id}&page=${id}&book=${id}&report=${id}`,
          `/search?q=${id}&q=${id}&condition=good&condition=${id}&sort=${id}&sort=newest`,
          `/dashboard/payment/${id}`,
          `/sellers/${id}?reviews=${id}&listings=${id}`,
          `/sellers/${world.sellerId.A}?reviews=${id}&listings=${id}&report=${id}`,
          `/dashboard/reported_items?reviews=${id}`,
          `/dashboard/messages/${id}`,
          `/dashboard/messages/${world.booking.A}?page=${id}`,
          `/dashboard/messages?page=${id}&product=${id}`,
          `/?book=${id}&categories=${id}&report=${id}`,
          `/products/camera?wishlist=${id}`,
          `/dashboard/my_orders?confirm=cancel&id=${id}&page=${id}`,
          `/dashboard/wishlist?page=${id}&book=${id}`,
          `/listings/${id}?photo=${id}&book=${id}`,
          `/listings/${world.listing.A}?photo=${id}&report=${id}`,
          `/sitemap-listings.xml?page=${id}`,
          `/search?brand=${id}&mount=${id}&sensor=${id}&shutter_max=${id}&focal_min=${id}&focal_max=${id}&fits=${id}&camera=${id}`,
          `/search?fits=1&camera=${id}`,
          `/?camera=${id}`,
          `/listings/${world.listing.A}?camera=${id}`,
          `/dashboard/stolen_gear?page=${id}`,
          `/unsubscribe/${id}`,
          `/saved-searches?search=${id}`,
          `/dashboard/shipments/${id}/return`,
          `/dashboard/shipments/${world.returnBooking.requested.A}?page=${id}`,
          `/dashboard/return-photos/${id}?w=${id}`,
          `/dashboard/return-photos/${world.returnPhoto.A}?w=${id}`,
          `/dashboard/labels/return-${id}`,
        ]) {
          expectHandled(
            await SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: world.cookies.buyerA! }, redirect: "manual" }),
          );
        }
        for (const path of [
          `/dashboard/all_sellers?q=${id}&page=${id}&confirm=delete&id=${id}`,
          `/dashboard/reported_items?q=${id}&page=${id}&confirm=remove&id=${id}`,
          `/dashboard/reported_items/remove?q=${id}&page=${id}&confirm=remove&id=${id}`,
          `/dashboard/serial_holds?serial=${id}&page=${id}&confirm=remove&id=${id}`,
          `/dashboard/serial_holds?serial=${id}&confirm=delete&id=${id}`,
        ]) {
          expectHandled(
            await SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: world.cookies.admin! }, redirect: "manual" }),
          );
        }
        for (const path of [
          `/dashboard/my_product?page=${id}&confirm=delete&id=${id}`,
          `/dashboard/my_buyer?page=${id}`,
          `/dashboard/my_product/${id}/edit`,
          `/dashboard/my_product/${world.listing.A}/edit?model=${id}&condition=${id}`,
          `/dashboard/my_product/${id}/edit/details`,
          `/dashboard/my_product/${world.listing.A}/edit/photos/add?model=${id}&condition=${id}`,
          `/dashboard/add_product?model=${id}&condition=${id}`,
          `/products/camera?fits=1&camera=${id}&brand=${id}`,
        ]) {
          expectHandled(
            await SELF.fetch(`${ORIGIN}${path}`, { headers: { Cookie: world.cookies.sellerA! }, redirect: "manual" }),
          );
        }
      }),
      { numRuns: RUNS },
    );
    await checkInvariants();
  }, 120_000);
});

describe("returns: double submits, parallel requests and hostile photos (ADR 0107)", () => {
  const cookieHeaders = (cookie: string | null) => ({
    ...(cookie ? { Cookie: cookie } : {}),
    Origin: ORIGIN,
    Host: new URL(ORIGIN).host,
  });
  /** A return form as the page sends it: multipart, with its photos. */
  const postMultipart = (path: string, cookie: string | null, fields: Record<string, string>, files: File[] = []) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    for (const file of files) form.append("photos", file);
    return SELF.fetch(`${ORIGIN}${path}`, {
      method: "POST",
      headers: cookieHeaders(cookie),
      body: form,
      redirect: "manual",
    });
  };
  const FAULT = { reason: "does_not_work", details: "The autofocus hunts and never locks." };
  const photo = () => new File([realPhoto("jpeg")], "lens.jpg", { type: "image/jpeg" });
  const returnOf = async (bookingId: string) =>
    database(testEnv.DB).select().from(returns).where(eq(returns.bookingId, bookingId));
  const photosOf = async (returnId: string) =>
    database(testEnv.DB).select().from(returnPhotos).where(eq(returnPhotos.returnId, returnId));
  const refundsOf = async (paymentId: string) =>
    (await database(testEnv.DB).select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId))).filter(
      (entry) => entry.kind === "refund",
    );

  it("a return asked twice at once, by the page and the API, is one return with one set of photos", async () => {
    const world = await buildWorld();
    const bookingId = world.returnBooking.ask.A;
    const page = `/dashboard/shipments/${bookingId}/return`;
    const answers = await Promise.all([
      postMultipart(page, world.cookies.buyerA, FAULT, [photo(), photo()]),
      postMultipart(page, world.cookies.buyerA, FAULT, [photo()]),
      sendJson("POST", `/api/bookings/${bookingId}/return`, world.bearers.buyerA, FAULT),
    ]);
    for (const response of answers) expectHandled(response);
    const [asked, ...none] = await returnOf(bookingId);
    expect(none).toEqual([]);
    expect(asked?.state).toBe("requested");
    // Only the photos of the request that won are kept: the others' renditions are removed.
    await checkInvariants();
    // Sent again after: refused, nothing stored.
    const before = await storedPhotoKeys();
    const again = await postMultipart(page, world.cookies.buyerA, FAULT, [photo()]);
    expect(again.status).toBe(302);
    expect((await storedPhotoKeys()).sort()).toEqual(before.sort());
    expect((await returnOf(bookingId)).length).toBe(1);
  }, 120_000);

  it("a refused request stores no photo: another buyer's deal, a seller, bad files, too many", async () => {
    const world = await buildWorld();
    const bookingId = world.returnBooking.ask.A;
    const page = `/dashboard/shipments/${bookingId}/return`;
    const before = (await storedPhotoKeys()).sort();
    const bad = fc.oneof(
      fc.constant(new File([], "")),
      fc.uint8Array({ maxLength: 64 }).map((bytes) => new File([bytes], "x.jpg", { type: "image/jpeg" })),
      fc.constant(
        new File([photoBytes("jpeg", 16), "<html><script>alert(1)</script></html>"], "poly.jpg", {
          type: "image/jpeg",
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof({ weight: 1, arbitrary: fc.constant(photo()) }, { weight: 3, arbitrary: bad }), {
          maxLength: 6,
        }),
        fc.dictionary(fc.constantFrom("reason", "details", "serial", "shutterCount"), nasty),
        fc.constantFrom("buyerB", "sellerA", "admin", "buyerA") as fc.Arbitrary<
          "buyerB" | "sellerA" | "admin" | "buyerA"
        >,
        async (files, fields, caller) => {
          // Buyer A's own request is refused too unless every file is a photo and every field right.
          const real = files.every((file) => file.name === "lens.jpg") && files.length <= 4;
          const body =
            caller === "buyerA" && real ? { ...FAULT, ...fields, reason: "no such reason" } : { ...FAULT, ...fields };
          const response = await postMultipart(page, world.cookies[caller], body, files);
          expectHandled(response);
          expect(await response.text()).not.toContain("<script>alert(1)</script>");
          expect(await returnOf(bookingId)).toEqual([]);
          expect((await storedPhotoKeys()).sort()).toEqual(before);
        },
      ),
      { numRuns: RUNS },
    );
    await checkInvariants();
  }, 120_000);

  it("a seller's answers at once make one label, and its buyer's answers to an offer one partial refund", async () => {
    const world = await buildWorld();
    const requested = world.returnBooking.requested.A;
    const answers = await Promise.all([
      postForm(`/dashboard/shipments/${requested}/return-answer`, world.cookies.sellerA, [["answer", "accept"]]),
      postForm(`/dashboard/shipments/${requested}/return-answer`, world.cookies.sellerA, [["answer", "accept"]]),
      sendJson("POST", `/api/bookings/${requested}/return/answer`, world.bearers.sellerA, { answer: "accept" }),
      sendJson("POST", `/api/bookings/${requested}/return/answer`, world.bearers.sellerA, {
        answer: "decline",
        note: "No.",
      }),
    ]);
    for (const response of answers) expectHandled(response);
    const [labelled] = await returnOf(requested);
    expect(["accepted", "to_admin"]).toContain(labelled?.state);
    if (labelled?.state === "accepted") expect(labelled.trackingNumber).toMatch(/^RET/);

    const offered = world.returnBooking.offered.A;
    const [offer] = await returnOf(offered);
    const kept = await Promise.all([
      postForm(`/dashboard/shipments/${offered}/return-offer`, world.cookies.buyerA, [["answer", "accept"]]),
      postForm(`/dashboard/shipments/${offered}/return-offer`, world.cookies.buyerA, [["answer", "accept"]]),
      sendJson("POST", `/api/bookings/${offered}/return/offer`, world.bearers.buyerA, { answer: "accept" }),
      sendJson("POST", `/api/bookings/${offered}/return/offer`, world.bearers.buyerA, { answer: "decline" }),
    ]);
    for (const response of kept) expectHandled(response);
    const [answered] = await returnOf(offered);
    expect(["kept", "to_admin"]).toContain(answered?.state);
    expect((await refundsOf(offer!.paymentId)).length).toBe(answered?.state === "kept" ? 1 : 0);
    await checkInvariants();
  }, 120_000);

  it("a check and the admin's decisions at once refund once", async () => {
    const world = await buildWorld();
    const delivered = world.returnBooking.delivered.A;
    const checks = await Promise.all([
      postMultipart(`/dashboard/shipments/${delivered}/return-check`, world.cookies.sellerA, { result: "as_sent" }),
      postMultipart(`/dashboard/shipments/${delivered}/return-check`, world.cookies.sellerA, { result: "as_sent" }),
      postMultipart(
        `/dashboard/shipments/${delivered}/return-check`,
        world.cookies.sellerA,
        { result: "problem", problem: "damaged_by_buyer", details: "Cracked." },
        [photo()],
      ),
      sendJson("POST", `/api/bookings/${delivered}/return/check`, world.bearers.sellerA, { result: "as_sent" }),
    ]);
    for (const response of checks) expectHandled(response);
    const [checked] = await returnOf(delivered);
    expect(["refunded", "to_admin"]).toContain(checked?.state);
    expect((await refundsOf(checked!.paymentId)).length).toBe(checked?.state === "refunded" ? 1 : 0);
    // The seller's photos stay only with a problem that was written.
    expect((await photosOf(checked!.id)).length).toBe(checked?.state === "to_admin" ? 1 : 0);

    const toAdmin = world.returnBooking.toAdmin.A;
    const returnId = world.returnId.toAdmin.A;
    const decisions = await Promise.all([
      postForm("/dashboard/claims/returns", world.cookies.admin, [
        ["returnId", returnId],
        ["outcome", "refund_full"],
      ]),
      postForm("/dashboard/claims/returns", world.cookies.admin, [
        ["returnId", returnId],
        ["outcome", "refund_partial"],
        ["amount", "10"],
      ]),
      sendJson("PUT", `/api/bookings/${toAdmin}/return/decision`, world.bearers.admin, { outcome: "refund_full" }),
      sendJson("PUT", `/api/bookings/${toAdmin}/return/decision`, world.bearers.admin, { outcome: "release" }),
    ]);
    for (const response of decisions) expectHandled(response);
    const [decided] = await returnOf(toAdmin);
    expect(decided?.state).toBe("decided");
    expect((await refundsOf(decided!.paymentId)).length).toBe(decided?.outcome === "release" ? 0 : 1);
    await checkInvariants();
  }, 120_000);

  it("the test carrier's control for a return parcel, pressed at once by everyone, moves it one step at a time", async () => {
    const world = await buildWorld();
    const accepted = world.returnBooking.accepted.A;
    const presses = await Promise.all(
      (["buyerA", "sellerA", "admin", "buyerB", "sellerB"] as const).map((caller) =>
        postForm(`/dashboard/shipments/${accepted}/return-advance`, world.cookies[caller], []),
      ),
    );
    for (const response of presses) expectHandled(response);
    const [moved] = await returnOf(accepted);
    // Two steps at most (picked up, delivered), whoever pressed it; strangers moved nothing.
    expect(["in_transit", "delivered"]).toContain(moved?.parcelStatus);
    await checkInvariants();
  }, 120_000);
});

describe("bad request headers at pages, forms and /api calls", () => {
  // Idempotency-Key takes the Content-Type arbitrary's values: any text, empty, 5,000 bytes.
  /** Printable ASCII: what a header value carries without a client refusing or re-encoding it. */
  const headerSafe = (value: string) => value.replace(/[^\t\x20-\x7e]/g, "");
  const COOKIE_NAMES = [SESSION_COOKIE, "pb_toast", "__Host-pb_oauth_state", "__Host-pb_oauth_return"];
  const badPercent = fc.constantFrom("%", "%E0%A4%A", "%ZZ", "%C0%80", "%uD800", "%%41", "%ED%A0%80", "%FF%FE");
  const cookieValue = fc.oneof(
    badPercent,
    nasty.map(headerSafe),
    fc.string({ unit: "binary", maxLength: 60 }).map(headerSafe),
    fc.integer({ min: 1, max: 8000 }).map((n) => "x".repeat(n)),
    fc.constantFrom('"quoted', "a.b.c", "e30.", "e30.@@@", "eyJ0eXAiOiJKV1QifQ.e30.", "."),
  );
  const cookiePair = fc.tuple(fc.oneof(fc.constantFrom(...COOKIE_NAMES), fc.string({ maxLength: 8 })), cookieValue);

  /** Garbage cookies, duplicated names, and sometimes the caller's real cookie among them. */
  const cookieHeader = (real: string) =>
    fc.oneof(
      nasty.map(headerSafe),
      fc
        .tuple(fc.array(cookiePair, { minLength: 1, maxLength: 6 }), fc.boolean(), fc.boolean())
        .map(([pairs, withReal, realFirst]) => {
          const garbage = pairs.map(([name, value]) => `${headerSafe(name)}=${value}`);
          const all = withReal ? (realFirst ? [real, ...garbage] : [...garbage, real]) : garbage;
          return all.join("; ");
        }),
    );

  const authorization = (real: string) =>
    fc.oneof(
      nasty.map(headerSafe),
      fc.constantFrom("Bearer", "Bearer ", "Basic dXNlcjpwYXNz", "bearer x.y.z", `${real}, ${real}`, `${real}x`),
      cookieValue.map((value) => `Bearer ${value}`),
      fc.integer({ min: 1, max: 8000 }).map((n) => `Bearer ${"a".repeat(n)}`),
    );

  const contentType = fc.oneof(
    nasty.map(headerSafe),
    fc.constantFrom(
      "application/json",
      "application/json; charset=utf-16",
      "application/x-www-form-urlencoded; charset=bogus",
      "multipart/form-data",
      "multipart/form-data; boundary=",
      'multipart/form-data; boundary="unterminated',
      "text/plain",
      "application/xml",
      `multipart/form-data; boundary=${"b".repeat(5000)}`,
    ),
  );

  type Target = {
    method: "GET" | "POST";
    path: string;
    real?: string;
    bearer?: string;
    form?: Record<string, string>;
    json?: Record<string, string>;
  };
  const targets = (w: World): Target[] => [
    { method: "GET", path: "/", real: w.cookies.buyerA! },
    { method: "GET", path: "/login", real: w.cookies.buyerA! },
    { method: "GET", path: "/products/camera?page=2", real: w.cookies.buyerA! },
    { method: "GET", path: "/search?q=lens&sort=price-asc", real: w.cookies.buyerA! },
    { method: "GET", path: "/dashboard/my_orders", real: w.cookies.buyerA! },
    { method: "GET", path: "/dashboard/wishlist", real: w.cookies.buyerA! },
    { method: "GET", path: "/dashboard/my_product", real: w.cookies.sellerA! },
    { method: "GET", path: "/dashboard/all_sellers?q=a", real: w.cookies.admin! },
    { method: "GET", path: "/auth/google/callback?code=x&state=y", real: w.cookies.buyerA! },
    { method: "POST", path: "/login", real: w.cookies.buyerA!, form: { email: "a@b.co", password: "x" } },
    {
      method: "POST",
      path: "/?index",
      real: w.cookies.buyerA!,
      form: { intent: "book", productId: w.listing.A, meetLocation: "Oakland", buyerContact: "+1 415 555 0100" },
    },
    { method: "POST", path: "/dashboard/add_product", real: w.cookies.sellerA!, form: { intent: "create" } },
    { method: "POST", path: "/dashboard/wishlist", real: w.cookies.buyerA!, form: { intent: "remove" } },
    { method: "POST", path: "/logout", real: w.cookies.buyerB!, form: {} },
    { method: "GET", path: "/api/jwt", real: w.cookies.buyerA! },
    { method: "GET", path: "/api/myOrders", bearer: w.bearers.buyerA! },
    { method: "GET", path: "/api/allSeller?q=a", bearer: w.bearers.admin! },
    { method: "POST", path: "/api/booking", bearer: w.bearers.buyerA!, json: { productId: w.listing.A } },
    { method: "POST", path: "/api/product", bearer: w.bearers.sellerA!, json: { productName: "x" } },
    { method: "POST", path: "/api/token", json: { email: "a@b.co", password: "x" } },
    {
      method: "POST",
      path: `/api/bookings/${w.booking.A}/messages`,
      bearer: w.bearers.buyerA!,
      json: { body: "Still available?" },
    },
  ];

  it("Cookie, Authorization, Content-Type and Idempotency-Key never cause a 5xx", async () => {
    const world = await buildWorld();
    for (const target of targets(world)) {
      await fc.assert(
        fc.asyncProperty(
          cookieHeader(target.real ?? world.cookies.buyerA!),
          authorization(target.bearer ?? world.bearers.buyerA!),
          contentType,
          fc.boolean(),
          async (cookie, auth, type, withAuth) => {
            const headers = new Headers({ Cookie: cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host });
            if (withAuth || target.bearer) headers.set("Authorization", auth);
            if (withAuth) headers.set("Idempotency-Key", type);
            let body: string | undefined;
            if (target.method !== "GET") {
              headers.set("Content-Type", type);
              body = target.form ? String(new URLSearchParams(target.form)) : JSON.stringify(target.json ?? {});
            }
            const response = await SELF.fetch(`${ORIGIN}${target.path}`, {
              method: target.method,
              headers,
              body,
              redirect: "manual",
            });
            expect(response.status, `${target.method} ${target.path} answered ${response.status}`).toBeLessThan(500);
            await response.arrayBuffer();
          },
        ),
        { numRuns: RUNS },
      );
    }
    await checkInvariants();
  }, 300_000);
});

describe("the scheduled job at any time", () => {
  it("ends exactly the bookings due at each tick, whatever the deadlines and the order of ticks", async () => {
    const db = database(testEnv.DB);
    const category = await insertCategory({ title: "Fuzzed holds" });
    const seller = await insertUser({ role: "seller" });
    const buyer = await insertUser();
    const T = Date.UTC(2026, 10, 25);
    const minutes = fc.integer({ min: -3 * 24 * 60, max: 3 * 24 * 60 });
    await fc.assert(
      fc.asyncProperty(
        fc.array(minutes, { minLength: 1, maxLength: 6 }),
        fc.array(minutes, { minLength: 1, maxLength: 4 }),
        async (deadlines, ticks) => {
          const ids: string[] = [];
          for (const offset of deadlines) {
            const product = await insertProduct({ sellerId: seller.id, categoryId: category.id, status: "booked" });
            ids.push((await insertBooking(product, buyer.id, { expiresAt: new Date(T + offset * 60_000) })).id);
          }
          let latest = Number.NEGATIVE_INFINITY;
          for (const tick of ticks) {
            const at = T + tick * 60_000;
            latest = Math.max(latest, at);
            await runMaintenance(db, at);
          }
          const rows = await db.select().from(bookings).where(inArray(bookings.id, ids));
          for (const row of rows) {
            const due = row.expiresAt!.getTime() <= latest;
            expect(row.status).toBe(due ? "cancelled" : "active");
            expect(row.endReason).toBe(due ? "expired" : null);
          }
          await checkInvariants();
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("BOOKING_HOLD_HOURS is a whole number of hours from 1 to 336, or the Worker refuses to start", () => {
    const base = {
      DB: testEnv.DB,
      PHOTOS: testEnv.PHOTOS,
      IMAGES: testEnv.IMAGES,
      SESSION_SECRET: testEnv.SESSION_SECRET,
    };
    fc.assert(
      fc.property(fieldValue, (value) => {
        let hours: number | undefined;
        try {
          hours = parseEnv({ ...base, BOOKING_HOLD_HOURS: value }).settings.BOOKING_HOLD_HOURS;
        } catch (error) {
          expect(String(error)).toMatch(/BOOKING_HOLD_HOURS/);
          return;
        }
        expect(Number.isInteger(hours)).toBe(true);
        expect(hours).toBeGreaterThanOrEqual(1);
        expect(hours).toBeLessThanOrEqual(336);
      }),
      { numRuns: RUNS * 10 },
    );
  });
});
