// The whole data model of Pay&Buy. Rules that must never break live here as constraints
// (unique indexes, checks, foreign keys), not only in application code. The closed lists the
// checks name are defined once, in closed-lists.ts.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  type SQLiteColumn,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import {
  ACCOUNT_TOKEN_PURPOSES,
  ADDRESS_KINDS,
  BOOKING_DELIVERIES,
  BOOKING_END_REASONS,
  BOOKING_STATUSES,
  CARRIER_PROVIDERS,
  CHECK_ANSWERS,
  CLAIM_OUTCOMES,
  CLAIM_REASONS,
  CLAIM_STATUSES,
  CONDITION_CHECKS,
  CONDITIONS,
  DEAL_STATES,
  DELIVERY_METHODS,
  DISPUTE_STATUSES,
  GEAR_KINDS,
  INCLUDED_ITEMS,
  LEDGER_KINDS,
  LETTER_KINDS,
  MOUNTS,
  NOTIFICATION_KINDS,
  OFFER_DECLINE_REASONS,
  OFFER_STATUSES,
  OPERATION_KINDS,
  OPERATION_ORIGINS,
  OPERATION_STATUSES,
  PARCEL_SIZES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PAYOUT_STATUSES,
  PRODUCT_STATUSES,
  RECONCILIATION_DIFFERENCES,
  RECONCILIATION_RUN_STATUSES,
  REFUND_REASONS,
  REFUND_STATUSES,
  REPORT_REASONS,
  REPORT_STATUSES,
  RETURN_ADMIN_REASONS,
  RETURN_PHOTO_SIDES,
  RETURN_POLICIES,
  RETURN_PROBLEMS,
  RETURN_REASONS,
  RETURN_STATES,
  ROLES,
  SENSOR_FORMATS,
  SERIAL_MATCH_RESOLUTIONS,
  SESSION_KINDS,
  SHIPMENT_STATUSES,
  SHIPPING_COUNTRIES,
  SHUTTER_COUNT_METHODS,
} from "./closed-lists";
import { createdAt, id, timestamp } from "./columns";

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));

export const users = sqliteTable(
  "users",
  {
    id: id(),
    // Stored as typed; uniqueness is case-insensitive through the lower(email) index.
    email: text("email").notNull(),
    name: text("name").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("buyer"),
    // Null until an admin verifies the seller; the badge is read from here through joins.
    verifiedAt: timestamp("verified_at"),
    // When the owner proved this address (a link from a letter sent to it, or Google saying so).
    // Null for a new or changed-by-hand address: an unverified seller's listings are not public.
    emailVerifiedAt: timestamp("email_verified_at"),
    // The phone number a seller is reached at: the contact of their new listings.
    phone: text("phone"),
    // PBKDF2 record "pbkdf2-sha256$iterations$salt$hash"; null for Google-only accounts.
    passwordHash: text("password_hash"),
    googleSubject: text("google_subject"),
    // "My camera": the key of a body of the gear data's model list, or of a mount
    // (app/domain/gear/camera.ts); an unknown key reads as none.
    camera: text("camera"),
    // The reader's time zone (an IANA name Intl knows, "Europe/Berlin"): dates on their pages are
    // written in it. Null: UTC, and the pages say so; guessed once by the browser where JavaScript
    // runs, chosen in Settings.
    timeZone: text("time_zone"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at"),
    // Deleted accounts stay for the history others rely on (sales, orders) but cannot sign in.
    deletedAt: timestamp("deleted_at"),
  },
  (t) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_google_subject_unique").on(t.googleSubject),
    index("users_role_created").on(t.role, t.createdAt),
    check("users_role_check", sql`${t.role} in (${inList(ROLES)})`),
    check("users_email_not_blank", sql`length(trim(${t.email})) > 0`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: SESSION_KINDS }).notNull().default("web"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at").notNull(),
    // Set by logout, account deletion and role changes: the JWT stops working at once.
    revokedAt: timestamp("revoked_at"),
    // The browser or program that signed in (its User-Agent, cut to 256 characters), so that the
    // account's owner can tell their sessions apart.
    userAgent: text("user_agent"),
    // When the session was last used, refreshed at most every few minutes (not on every request).
    lastSeenAt: timestamp("last_seen_at"),
  },
  (t) => [
    index("sessions_user").on(t.userId),
    index("sessions_expires").on(t.expiresAt),
    check("sessions_kind_check", sql`${t.kind} in (${inList(SESSION_KINDS)})`),
  ],
);

/**
 * One-time links sent by letter: a password reset, an address to verify, a new address to
 * confirm. Only a hash of the token is stored; the token itself is in the letter. A link works
 * once, until it expires, for its purpose, its account and the address it was sent to.
 */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    purpose: text("purpose", { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    // SHA-256 of the token, base64url.
    tokenHash: text("token_hash").notNull(),
    // Where the link was sent: the account's address, or the new one for a change of address.
    email: text("email").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
  },
  (t) => [
    uniqueIndex("account_tokens_hash_unique").on(t.tokenHash),
    // The per-account limits: a purpose's links of the last hour.
    index("account_tokens_user_purpose_created").on(t.userId, t.purpose, t.createdAt),
    index("account_tokens_expires").on(t.expiresAt),
    check("account_tokens_purpose_check", sql`${t.purpose} in (${inList(ACCOUNT_TOKEN_PURPOSES)})`),
  ],
);

/**
 * An account's authenticator app (TOTP, RFC 6238). The secret is encrypted with a key derived
 * from SESSION_SECRET; `enabled_at` is null while it is being set up (until a first code from the
 * app is confirmed). `last_step` is the time step of the last code accepted: a code works once.
 */
export const twoFactorCredentials = sqliteTable("two_factor_credentials", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id),
  secret: text("secret").notNull(),
  createdAt: createdAt(),
  enabledAt: timestamp("enabled_at"),
  lastStep: integer("last_step").notNull().default(0),
});

/** One-time codes for signing in without the authenticator app, stored as SHA-256 hashes. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
    usedAt: timestamp("used_at"),
  },
  (t) => [uniqueIndex("recovery_codes_user_hash_unique").on(t.userId, t.codeHash)],
);

export const signInAttempts = sqliteTable(
  "sign_in_attempts",
  {
    id: id(),
    // "email:<lowercased email>" or "ip:<client address>" for sign-ins; "two-factor:<user id>"
    // for codes; "reset-ip:<client address>" for password reset requests.
    subject: text("subject").notNull(),
    attemptedAt: createdAt("attempted_at"),
  },
  (t) => [
    index("sign_in_attempts_subject_time").on(t.subject, t.attemptedAt),
    index("sign_in_attempts_time").on(t.attemptedAt),
  ],
);

export const categories = sqliteTable(
  "categories",
  {
    id: id(),
    // The lowercased title, used in /products/:name.
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    // A static asset path such as /categories/camera.webp.
    imagePath: text("image_path"),
    position: integer("position").notNull().default(0),
  },
  (t) => [uniqueIndex("categories_slug_unique").on(t.slug), index("categories_position").on(t.position, t.title)],
);

/**
 * The stored half of the listing rule for an available listing (ADR 0018): the terms the
 * storefront's partial indexes are built over and `isListed(["available"])` repeats literally,
 * so SQLite can prove each index applies. The seller's deletion is checked at query time.
 */
export function availableListingTerms(t: { status: SQLiteColumn; deletedAt: SQLiteColumn; removedAt: SQLiteColumn }) {
  return sql`${t.status} = 'available' and ${t.deletedAt} is null and ${t.removedAt} is null`;
}

export const products = sqliteTable(
  "products",
  {
    id: id(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id),
    name: text("name").notNull(),
    description: text("description").notNull(),
    condition: text("condition", { enum: CONDITIONS }).notNull(),
    originalPriceCents: integer("original_price_cents").notNull(),
    resalePriceCents: integer("resale_price_cents").notNull(),
    purchaseYear: integer("purchase_year").notNull(),
    contact: text("contact").notNull(),
    location: text("location").notNull(),
    // The cover: the key of the photo at position 0 in product_photos, kept by the triggers of
    // migration 0002 (never written by the application), so every list reads it without a join.
    photoKey: text("photo_key"),
    // Changed by every change of the listing's photos: a photo edit is written only if nothing
    // else changed them since it read them (compare-and-set inside one batch).
    photosRevision: text("photos_revision").notNull().default("0"),
    status: text("status", { enum: PRODUCT_STATUSES }).notNull().default("available"),
    advertised: integer("advertised", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at"),
    // Deleted by its seller (or with its seller): gone from every list but the history.
    deletedAt: timestamp("deleted_at"),
    // Removed by an admin after a report; the seller sees it marked as removed.
    removedAt: timestamp("removed_at"),
    // Gear data (ADR 0054), by the kind of its category: a body's or a lens's brand and model
    // (a key of app/domain/gear/models.ts, or "other" with the name typed), mount, a body's
    // sensor format and shutter count, a lens's focal range and maximum aperture.
    gearKind: text("gear_kind", { enum: GEAR_KINDS }),
    brand: text("brand"),
    brandOther: text("brand_other"),
    model: text("model"),
    modelOther: text("model_other"),
    mount: text("mount", { enum: MOUNTS }),
    sensorFormat: text("sensor_format", { enum: SENSOR_FORMATS }),
    shutterCount: integer("shutter_count"),
    shutterCountMethod: text("shutter_count_method", { enum: SHUTTER_COUNT_METHODS }),
    focalMinMm: real("focal_min_mm"),
    focalMaxMm: real("focal_max_mm"),
    apertureWide: real("aperture_wide"),
    apertureTele: real("aperture_tele"),
    // Normalised (app/domain/gear/serials.ts); never shown in full but to its seller and the admin.
    serialNumber: text("serial_number"),
    // Held out of the storefront while its serial matches a stolen-gear report the admin has not
    // decided (serial_matches); the listing rule reads it.
    heldAt: timestamp("held_at"),
    // Price drops (ADR 0063, ADR 0077), written only by a price edit
    // (app/domain/catalog/price-drops.server.ts): the last price the listing kept for at least a
    // day and when it stopped being the price; when the price last dropped below both it and the
    // price before; when the current price was set (null: set before these times were kept, and
    // counted as kept). The pages strike the kept price through for PRICE_DROP_SHOWN_DAYS after it
    // ended, while it is above the current price.
    previousPriceCents: integer("previous_price_cents"),
    priceDroppedAt: timestamp("price_dropped_at"),
    previousPriceUntil: timestamp("previous_price_until"),
    priceSetAt: timestamp("price_set_at"),
    // Buyers may offer a price on it (ADR 0061); its seller turns this off per listing.
    offersAccepted: integer("offers_accepted", { mode: "boolean" }).notNull().default(true),
    // How it changes hands (ADR 0085, app/domain/catalog/delivery.ts): a meetup keeps no shipping
    // field; shipping has where it ships from, its parcel and handling time, and a flat price in
    // cents (null: the carrier's rate for the buyer's address at booking).
    delivery: text("delivery", { enum: DELIVERY_METHODS }).notNull().default("meetup"),
    shipsFromCountry: text("ships_from_country", { enum: SHIPPING_COUNTRIES }),
    shipsFromPostalCode: text("ships_from_postal_code"),
    parcel: text("parcel", { enum: PARCEL_SIZES }),
    shippingPriceCents: integer("shipping_price_cents"),
    handlingDays: integer("handling_days"),
    // What the seller takes back (ADR 0106): a list that grows, so no CHECK names its values.
    returnPolicy: text("return_policy", { enum: RETURN_POLICIES }).notNull().default("faults_only"),
  },
  (t) => [
    // Home page advertisement list: advertised, available, newest first. The leading column is
    // constant, but its equality makes SQLite prefer this index to products_available_created.
    index("products_storefront_advertised")
      .on(t.advertised, t.createdAt, t.id)
      .where(sql`${t.advertised} = 1 and ${availableListingTerms(t)}`),
    // Category pages: available products of one category, newest first.
    index("products_category_status_created").on(t.categoryId, t.status, t.createdAt, t.id),
    // The storefront's lists, one index per order (ADR 0035): every available listing newest
    // first or by price, and one category's by price (newest first is the index above), read in
    // order and stopped after a page.
    index("products_available_created").on(t.createdAt, t.id).where(availableListingTerms(t)),
    index("products_available_price").on(t.resalePriceCents, t.id).where(availableListingTerms(t)),
    index("products_available_category_price")
      .on(t.categoryId, t.resalePriceCents, t.id)
      .where(availableListingTerms(t)),
    // My Products.
    index("products_seller_created").on(t.sellerId, t.createdAt),
    index("products_photo_key").on(t.photoKey),
    check("products_status_check", sql`${t.status} in (${inList(PRODUCT_STATUSES)})`),
    check("products_condition_check", sql`${t.condition} in (${inList(CONDITIONS)})`),
    check("products_prices_positive", sql`${t.originalPriceCents} > 0 and ${t.resalePriceCents} > 0`),
    check("products_year_range", sql`${t.purchaseYear} between 1900 and 2200`),
    // The storefront's gear filters, each walked newest first and stopped after a page (ADR 0054).
    index("products_available_brand").on(t.brand, t.createdAt, t.id).where(availableListingTerms(t)),
    index("products_available_mount").on(t.mount, t.createdAt, t.id).where(availableListingTerms(t)),
    // Sensor format, shutter count and focal range count their matches through these (a page
    // is walked newest first through products_available_created and stopped after it fills).
    index("products_available_sensor").on(t.sensorFormat, t.createdAt, t.id).where(availableListingTerms(t)),
    index("products_available_shutter").on(t.shutterCount, t.createdAt, t.id).where(availableListingTerms(t)),
    index("products_available_lens_focal").on(t.focalMinMm, t.focalMaxMm, t.createdAt).where(availableListingTerms(t)),
    // "Ships to my country" and "meetup" (ADR 0085), each walked newest first and stopped after a page.
    index("products_available_ships_from")
      .on(t.shipsFromCountry, t.createdAt, t.id)
      .where(sql`${t.shipsFromCountry} is not null and ${availableListingTerms(t)}`),
    index("products_available_meets")
      .on(t.createdAt, t.id)
      .where(sql`${t.delivery} != 'ship' and ${availableListingTerms(t)}`),
    check(
      "products_delivery_check",
      sql`${t.delivery} in (${inList(DELIVERY_METHODS)}) and (${t.delivery} = 'meetup') = (${t.shipsFromCountry} is null) and (${t.shipsFromCountry} is null) = (${t.shipsFromPostalCode} is null) and (${t.shipsFromCountry} is null) = (${t.parcel} is null) and (${t.shipsFromCountry} is null) = (${t.handlingDays} is null) and (${t.shipsFromCountry} is not null or ${t.shippingPriceCents} is null) and (${t.shipsFromCountry} is null or ${t.shipsFromCountry} in (${inList(SHIPPING_COUNTRIES)})) and (${t.parcel} is null or ${t.parcel} in (${inList(PARCEL_SIZES)})) and (${t.handlingDays} is null or ${t.handlingDays} between 1 and 5) and (${t.shippingPriceCents} is null or ${t.shippingPriceCents} between 0 and 50000) and (${t.shipsFromPostalCode} is null or length(${t.shipsFromPostalCode}) between 3 and 10)`,
    ),
    // A listing only met in person takes back faults only: its claim works as for any meetup.
    check("products_return_policy_check", sql`${t.delivery} != 'meetup' or ${t.returnPolicy} = 'faults_only'`),
    // A new stolen-gear report is matched against the listings' serials.
    index("products_serial").on(t.serialNumber).where(sql`${t.serialNumber} is not null`),
    check("products_gear_kind_check", sql`${t.gearKind} is null or ${t.gearKind} in (${inList(GEAR_KINDS)})`),
    check(
      "products_model_check",
      sql`(${t.model} is null or ${t.brand} is not null) and (${t.model} is 'other') = (${t.modelOther} is not null) and (${t.brand} is 'other') = (${t.brandOther} is not null) and (${t.brand} is not 'other' or ${t.model} is 'other') and (${t.model} is null or ${t.gearKind} is not null)`,
    ),
    check(
      "products_mount_check",
      sql`${t.mount} is null or (${t.gearKind} is not null and ${t.mount} in (${inList(MOUNTS)}))`,
    ),
    check(
      "products_sensor_format_check",
      sql`${t.sensorFormat} is null or (${t.gearKind} = 'body' and ${t.sensorFormat} in (${inList(SENSOR_FORMATS)}))`,
    ),
    check(
      "products_shutter_count_check",
      sql`(${t.shutterCount} is null) = (${t.shutterCountMethod} is null) and (${t.shutterCount} is null or (${t.gearKind} = 'body' and ${t.shutterCount} between 0 and 10000000 and ${t.shutterCountMethod} in (${inList(SHUTTER_COUNT_METHODS)})))`,
    ),
    check(
      "products_lens_check",
      sql`(${t.focalMinMm} is null) = (${t.focalMaxMm} is null) and (${t.focalMinMm} is null or (${t.gearKind} = 'lens' and ${t.focalMinMm} > 0 and ${t.focalMaxMm} >= ${t.focalMinMm})) and (${t.apertureWide} is null or (${t.gearKind} = 'lens' and ${t.apertureWide} > 0)) and (${t.apertureTele} is null or (${t.apertureWide} is not null and ${t.apertureTele} > ${t.apertureWide}))`,
    ),
    check(
      "products_serial_check",
      sql`${t.serialNumber} is null or (length(${t.serialNumber}) between 4 and 40 and ${t.serialNumber} not glob '*[^A-Z0-9]*')`,
    ),
  ],
);

/** What came with a listed item (the closed list INCLUDED_ITEMS). */
export const listingIncludedItems = sqliteTable(
  "listing_included_items",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    item: text("item", { enum: INCLUDED_ITEMS }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.item] }),
    check("listing_included_items_item_check", sql`${t.item} in (${inList(INCLUDED_ITEMS)})`),
  ],
);

/** The seller's answers to the defect checklist (CONDITION_CHECKS); an item without a row was not checked. */
export const listingChecks = sqliteTable(
  "listing_checks",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    item: text("item", { enum: CONDITION_CHECKS }).notNull(),
    answer: text("answer", { enum: CHECK_ANSWERS }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.item] }),
    check("listing_checks_item_check", sql`${t.item} in (${inList(CONDITION_CHECKS)})`),
    check("listing_checks_answer_check", sql`${t.answer} in (${inList(CHECK_ANSWERS)})`),
  ],
);

/** A listing has 1 to 8 photos: positions 0 to 7, the one at 0 is the cover. */
export const MAX_PRODUCT_PHOTOS = 8;

/**
 * A listing's photos, in order. `key` names the stored renditions (`<key>-<width>.webp`), or, for
 * photos uploaded before renditions existed, the original itself. A photo removed from a listing
 * with history keeps its row (no position, `removed_at` set) until nothing can need it.
 */
export const productPhotos = sqliteTable(
  "product_photos",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    // 0..7 while shown; null once removed.
    position: integer("position"),
    key: text("key").notNull(),
    // The size of the largest rendition; null for a photo uploaded before renditions existed.
    width: integer("width"),
    height: integer("height"),
    createdAt: createdAt(),
    removedAt: timestamp("removed_at"),
  },
  (t) => [
    // At most one photo per position: with positions 0..7, at most 8 photos per listing.
    uniqueIndex("product_photos_product_position").on(t.productId, t.position),
    index("product_photos_key").on(t.key),
    check("product_photos_position_range", sql`${t.position} between 0 and ${sql.raw(String(MAX_PRODUCT_PHOTOS - 1))}`),
    check("product_photos_removed_has_no_position", sql`(${t.position} is null) = (${t.removedAt} is not null)`),
    check(
      "product_photos_size",
      sql`(${t.width} is null and ${t.height} is null) or (${t.width} is not null and ${t.height} is not null and ${t.width} > 0 and ${t.height} > 0)`,
    ),
    check("product_photos_key_shape", sql`length(${t.key}) between 1 and 64`),
  ],
);

export const bookings = sqliteTable(
  "bookings",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id),
    // The agreed price at booking time, read from the product row, never from a request.
    priceCents: integer("price_cents").notNull(),
    meetLocation: text("meet_location").notNull(),
    buyerContact: text("buyer_contact").notNull(),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("active"),
    endReason: text("end_reason", { enum: BOOKING_END_REASONS }),
    createdAt: createdAt(),
    paidAt: timestamp("paid_at"),
    cancelledAt: timestamp("cancelled_at"),
    // An unpaid booking can be paid until then (BOOKING_HOLD_HOURS after it was made, fixed when
    // it is made); the scheduled job ends it afterwards. Set on every active booking.
    expiresAt: timestamp("expires_at"),
    // How it changes hands (ADR 0086): a meetup (at meet_location), or shipped to the address in
    // its shipment, for shipping_cents on top of the price (read from the listing or the
    // carrier's rate at booking, never from a request).
    delivery: text("delivery", { enum: BOOKING_DELIVERIES }).notNull().default("meetup"),
    shippingCents: integer("shipping_cents").notNull().default(0),
    // The listing's return policy when it was booked (ADR 0106); a later edit never changes it.
    returnPolicy: text("return_policy", { enum: RETURN_POLICIES }).notNull().default("faults_only"),
  },
  (t) => [
    check("bookings_return_policy_check", sql`${t.delivery} = 'ship' or ${t.returnPolicy} = 'faults_only'`),
    check(
      "bookings_delivery_check",
      sql`${t.delivery} in (${inList(BOOKING_DELIVERIES)}) and ${t.shippingCents} >= 0 and (${t.delivery} = 'ship' or ${t.shippingCents} = 0)`,
    ),
    // At most one live (active or paid) booking per product, enforced by the database.
    uniqueIndex("bookings_one_live_per_product").on(t.productId).where(sql`${t.status} in ('active', 'paid')`),
    // The scheduled job's search for active bookings past their deadline.
    index("bookings_active_expiry").on(t.expiresAt).where(sql`${t.status} = 'active'`),
    index("bookings_buyer_created").on(t.buyerId, t.createdAt),
    index("bookings_product").on(t.productId),
    check("bookings_status_check", sql`${t.status} in (${inList(BOOKING_STATUSES)})`),
    check("bookings_price_positive", sql`${t.priceCents} > 0`),
  ],
);

/**
 * A buyer's offer of a price on a listing (ADR 0061): 50 to 100 % of the asking price, one live
 * offer per buyer and listing, answered by its deadline (48 hours, restarted by the seller's one
 * counter). Accepted, it becomes a booking at the agreed price (`booking_id`).
 */
export const offers = sqliteTable(
  "offers",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id),
    // The listing's seller, copied when the offer is made (a listing never changes seller), so
    // the seller's list and every seller's step check ownership in the offer's own row.
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id),
    // The asking price when the offer was made, and the buyer's offer against it.
    askingCents: integer("asking_cents").notNull(),
    amountCents: integer("amount_cents").notNull(),
    // The seller's counter, once.
    counterCents: integer("counter_cents"),
    status: text("status", { enum: OFFER_STATUSES }).notNull().default("open"),
    declineReason: text("decline_reason", { enum: OFFER_DECLINE_REASONS }),
    // What the booking an accepted offer becomes needs, given by the buyer with the offer.
    meetLocation: text("meet_location").notNull(),
    buyerContact: text("buyer_contact").notNull(),
    bookingId: text("booking_id").references(() => bookings.id),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at"),
    // Whoever's turn it is must answer before then; from then on every step is refused and the
    // scheduled job marks it expired.
    respondBy: timestamp("respond_by").notNull(),
  },
  (t) => [
    // One live offer per buyer and listing, enforced by the database.
    uniqueIndex("offers_one_live_per_buyer")
      .on(t.productId, t.buyerId)
      .where(sql`${t.status} in ('open', 'countered')`),
    uniqueIndex("offers_booking").on(t.bookingId).where(sql`${t.bookingId} is not null`),
    // The scheduled job's search for live offers past their deadline.
    index("offers_live_respond_by").on(t.respondBy).where(sql`${t.status} in ('open', 'countered')`),
    index("offers_buyer_created").on(t.buyerId, t.createdAt),
    index("offers_seller_created").on(t.sellerId, t.createdAt),
    index("offers_product").on(t.productId),
    check("offers_status_check", sql`${t.status} in (${inList(OFFER_STATUSES)})`),
    check(
      "offers_decline_reason_check",
      sql`(${t.status} = 'declined') = (${t.declineReason} is not null) and (${t.declineReason} is null or ${t.declineReason} in (${inList(OFFER_DECLINE_REASONS)}))`,
    ),
    check(
      "offers_prices",
      sql`${t.askingCents} > 0 and ${t.amountCents} > 0 and ${t.amountCents} <= ${t.askingCents} and ${t.amountCents} * 2 >= ${t.askingCents} and (${t.counterCents} is null or (${t.counterCents} > ${t.amountCents} and ${t.counterCents} <= ${t.askingCents}))`,
    ),
    check("offers_countered_has_counter", sql`${t.status} <> 'countered' or ${t.counterCents} is not null`),
    check("offers_accepted_has_booking", sql`(${t.status} = 'accepted') = (${t.bookingId} is not null)`),
  ],
);

export const payments = sqliteTable(
  "payments",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    transactionId: text("transaction_id").notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("succeeded"),
    createdAt: createdAt(),
    // The part of the amount that paid for shipping (ADR 0086): no fee is taken on it, and a
    // model's recorded sale price leaves it out.
    shippingCents: integer("shipping_cents").notNull().default(0),
  },
  (t) => [
    check("payments_shipping_part", sql`${t.shippingCents} >= 0 and ${t.shippingCents} < ${t.amountCents}`),
    uniqueIndex("payments_one_per_booking").on(t.bookingId),
    uniqueIndex("payments_provider_transaction").on(t.provider, t.transactionId),
    // My Buyers (the seller's sales) and the buyer's history.
    index("payments_seller_created").on(t.sellerId, t.createdAt),
    index("payments_buyer_created").on(t.buyerId, t.createdAt),
    check("payments_amount_positive", sql`${t.amountCents} > 0`),
    check("payments_provider_check", sql`${t.provider} in (${inList(PAYMENT_PROVIDERS)})`),
    check("payments_status_check", sql`${t.status} in (${inList(PAYMENT_STATUSES)})`),
  ],
);

/**
 * Money that arrived for nothing (the booking was cancelled or paid already, or the amount was
 * wrong): recorded so it is never kept silently, and refunded through the provider.
 */
export const refunds = sqliteTable(
  "refunds",
  {
    id: id(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    transactionId: text("transaction_id").notNull(),
    bookingId: text("booking_id").references(() => bookings.id),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    reason: text("reason", { enum: REFUND_REASONS }).notNull(),
    status: text("status", { enum: REFUND_STATUSES }).notNull().default("required"),
    providerRefundId: text("provider_refund_id"),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at"),
  },
  (t) => [
    uniqueIndex("refunds_provider_transaction").on(t.provider, t.transactionId),
    index("refunds_status_created").on(t.status, t.createdAt),
    check("refunds_reason_check", sql`${t.reason} in (${inList(REFUND_REASONS)})`),
    check("refunds_status_check", sql`${t.status} in (${inList(REFUND_STATUSES)})`),
  ],
);

/**
 * A chargeback (ADR 0081): the buyer's bank disputes a payment. Kept as the provider last reported
 * it (`stateAt`: an older report changes nothing). While one is open its deal releases and pays
 * out nothing; lost, its amount goes back to the buyer in the ledger, once.
 */
export const disputes = sqliteTable(
  "disputes",
  {
    id: id(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    providerDisputeId: text("provider_dispute_id").notNull(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    // The bank's reason, as the provider names it (fraudulent, product_not_received, …).
    reason: text("reason").notNull(),
    status: text("status", { enum: DISPUTE_STATUSES }).notNull(),
    evidenceDueAt: timestamp("evidence_due_at"),
    // The provider's dispute fee (Stripe's balance transaction of the withdrawal); recorded in the
    // ledger if the dispute is lost (ADR 0081).
    feeCents: integer("fee_cents").notNull().default(0),
    // When the admin sent Pay&Buy's evidence to the provider (once).
    evidenceSubmittedAt: timestamp("evidence_submitted_at"),
    stateAt: timestamp("state_at").notNull(),
    createdAt: createdAt(),
    closedAt: timestamp("closed_at"),
  },
  (t) => [
    uniqueIndex("disputes_provider_dispute").on(t.provider, t.providerDisputeId),
    index("disputes_payment").on(t.paymentId),
    // The admin's list: open ones first.
    index("disputes_open_created").on(t.createdAt).where(sql`${t.closedAt} is null`),
    check("disputes_status_check", sql`${t.status} in (${inList(DISPUTE_STATUSES)})`),
    check("disputes_provider_check", sql`${t.provider} in (${inList(PAYMENT_PROVIDERS)})`),
    check("disputes_amount_positive", sql`${t.amountCents} > 0`),
    check("disputes_fee_not_negative", sql`${t.feeCents} >= 0`),
  ],
);

/** Provider events already handled (Stripe webhook ids): a replay changes nothing. */
export const processedEvents = sqliteTable(
  "processed_events",
  {
    id: text("id").primaryKey(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    receivedAt: createdAt("received_at"),
  },
  (t) => [index("processed_events_received").on(t.receivedAt)],
);

export const wishlistEntries = sqliteTable(
  "wishlist_entries",
  {
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.buyerId, t.productId] }),
    index("wishlist_buyer_created").on(t.buyerId, t.createdAt),
    index("wishlist_product").on(t.productId),
  ],
);

export const reports = sqliteTable(
  "reports",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    details: text("details"),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at"),
    resolvedBy: text("resolved_by").references(() => users.id),
  },
  (t) => [
    // One open report per user and listing.
    uniqueIndex("reports_one_open_per_reporter").on(t.productId, t.reporterId).where(sql`${t.status} = 'open'`),
    index("reports_status_created").on(t.status, t.createdAt),
    index("reports_product_status").on(t.productId, t.status),
    check("reports_reason_check", sql`${t.reason} in (${inList(REPORT_REASONS)})`),
    check("reports_status_check", sql`${t.status} in (${inList(REPORT_STATUSES)})`),
  ],
);

export const subscribers = sqliteTable(
  "subscribers",
  {
    id: id(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("subscribers_email_lower_unique").on(sql`lower(${t.email})`)],
);

/**
 * A buyer's rating of the seller of one paid purchase: tied to its payment (one rating per
 * payment), so it can be neither faked nor repeated.
 */
export const ratings = sqliteTable(
  "ratings",
  {
    id: id(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id),
    stars: integer("stars").notNull(),
    // The review: shown escaped on the seller's profile (ADR 0064).
    comment: text("comment").notNull().default(""),
    createdAt: createdAt(),
    // The seller's one answer to the review, set once (compare-and-set on answered_at).
    answer: text("answer"),
    answeredAt: timestamp("answered_at"),
    // An admin removed the review's text (and its answer) after a report; the stars stay.
    textRemovedAt: timestamp("text_removed_at"),
  },
  (t) => [
    uniqueIndex("ratings_one_per_payment").on(t.paymentId),
    index("ratings_seller_created").on(t.sellerId, t.createdAt),
    check("ratings_stars_range", sql`${t.stars} between 1 and 5`),
    check("ratings_comment_length", sql`length(${t.comment}) <= 500`),
  ],
);

/**
 * A report of a review (a rating's text) by a signed-in user other than its author. One open
 * report per user and review; the admin dismisses the reports or removes the review's text.
 */
export const reviewReports = sqliteTable(
  "review_reports",
  {
    id: id(),
    ratingId: text("rating_id")
      .notNull()
      .references(() => ratings.id),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    details: text("details"),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at"),
    resolvedBy: text("resolved_by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("review_reports_one_open_per_reporter").on(t.ratingId, t.reporterId).where(sql`${t.status} = 'open'`),
    index("review_reports_status_created").on(t.status, t.createdAt),
    index("review_reports_rating_status").on(t.ratingId, t.status),
    check("review_reports_reason_check", sql`${t.reason} in (${inList(REPORT_REASONS)})`),
    check("review_reports_status_check", sql`${t.status} in (${inList(REPORT_STATUSES)})`),
  ],
);

/**
 * One message in the conversation of a booking, between its buyer and the product's seller.
 * Accounts are deleted softly, so the sender stays; a deleted sender shows as "Deleted user".
 * The sender's idempotency key (the form's one-time field, or the API's Idempotency-Key header)
 * is unique per sender: a repeated request posts nothing new.
 */
export const messages = sqliteTable(
  "messages",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id),
    body: text("body").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("messages_sender_key").on(t.senderId, t.idempotencyKey),
    // The thread, oldest first, and the conversation list's last message and unread counts.
    index("messages_booking_created").on(t.bookingId, t.createdAt),
    // The rate limit: a sender's messages of the last minutes.
    index("messages_sender_created").on(t.senderId, t.createdAt),
    check(
      "messages_body_length",
      // Plain text of 1 to 2,000 characters, trimmed (MESSAGE_BODY_MAX in app/domain/messaging/message-schema.ts).
      sql`length(${t.body}) between 1 and 2000 and length(trim(${t.body})) = length(${t.body})`,
    ),
    check("messages_key_length", sql`length(${t.idempotencyKey}) between 1 and 255`),
  ],
);

/** How far each party has read a booking's conversation: the unread counts start after it. */
export const messageReads = sqliteTable(
  "message_reads",
  {
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    lastReadAt: timestamp("last_read_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.userId] }), index("message_reads_user").on(t.userId)],
);

/** A kind a user turned off (or on again); without a row every kind is on. */
export const notificationPreferences = sqliteTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    // A closed list that grows: typed, no CHECK (ADR 0094; db/stored-list-values.ts finds a value past the types).
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull(),
    updatedAt: createdAt("updated_at"),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * One row per event and recipient: claimed before a letter is sent, so a queue message that is
 * delivered again (queues are at-least-once) sends nothing twice. A claim without `sent_at` is
 * released when sending fails, and may be taken over once it is stale (a consumer that died).
 */
export const notificationDeliveries = sqliteTable(
  "notification_deliveries",
  {
    key: text("key").primaryKey(),
    eventKey: text("event_key").notNull(),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => users.id),
    claimedAt: timestamp("claimed_at").notNull(),
    sentAt: timestamp("sent_at"),
  },
  (t) => [index("notification_deliveries_event").on(t.eventKey)],
);

/** Letters the local email provider "sends": read at /dev/outbox on a LOCAL_DEV server. */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: id(),
    kind: text("kind", { enum: LETTER_KINDS }).notNull(),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** The letter's extra mail headers as JSON (List-Unsubscribe, ADR 0062), or null. */
    headers: text("headers"),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_created").on(t.createdAt)],
);

/**
 * A serial number someone registered as stolen (brand, serial, date, a police reference or a
 * note). Its reporter may withdraw it and the admin may delete it; both keep the row. Anyone's
 * registration is matched with the listings' serials (serial_matches); nothing tells a reporter
 * whether it matched.
 */
export const stolenSerials = sqliteTable(
  "stolen_serials",
  {
    id: id(),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id),
    // A brand key of the gear data, or "other" with the name typed.
    brand: text("brand").notNull(),
    brandOther: text("brand_other"),
    serial: text("serial").notNull(),
    // The day it was stolen, as the reporter gives it (YYYY-MM-DD).
    stolenOn: text("stolen_on").notNull(),
    policeReference: text("police_reference"),
    note: text("note"),
    createdAt: createdAt(),
    withdrawnAt: timestamp("withdrawn_at"),
    deletedAt: timestamp("deleted_at"),
    deletedBy: text("deleted_by").references(() => users.id),
  },
  (t) => [
    index("stolen_serials_serial").on(t.serial).where(sql`${t.withdrawnAt} is null and ${t.deletedAt} is null`),
    // The rate limit: a reporter's registrations of the last day.
    index("stolen_serials_reporter_created").on(t.reporterId, t.createdAt),
    // A reporter registers a serial once (a double submit is one registration).
    uniqueIndex("stolen_serials_one_live_per_reporter")
      .on(t.reporterId, t.brand, t.serial)
      .where(sql`${t.withdrawnAt} is null and ${t.deletedAt} is null`),
    check(
      "stolen_serials_serial_check",
      sql`length(${t.serial}) between 4 and 40 and ${t.serial} not glob '*[^A-Z0-9]*'`,
    ),
    check("stolen_serials_brand_check", sql`(${t.brand} = 'other') = (${t.brandOther} is not null)`),
    check("stolen_serials_stolen_on_check", sql`${t.stolenOn} glob '[12][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]'`),
    check("stolen_serials_reference_check", sql`${t.policeReference} is not null or ${t.note} is not null`),
  ],
);

/**
 * A listing whose serial matched a stolen-gear registration: the listing is held (products.held_at)
 * until the admin clears it or removes the listing. One row per listing and registration, so a
 * cleared match does not hold the listing again.
 */
export const serialMatches = sqliteTable(
  "serial_matches",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    stolenSerialId: text("stolen_serial_id")
      .notNull()
      .references(() => stolenSerials.id),
    matchedAt: timestamp("matched_at").notNull(),
    resolvedAt: timestamp("resolved_at"),
    resolvedBy: text("resolved_by").references(() => users.id),
    resolution: text("resolution", { enum: SERIAL_MATCH_RESOLUTIONS }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.stolenSerialId] }),
    // The admin's review: open matches, oldest first.
    index("serial_matches_open").on(t.matchedAt).where(sql`${t.resolvedAt} is null`),
    index("serial_matches_stolen_serial").on(t.stolenSerialId),
    check(
      "serial_matches_resolution_check",
      sql`(${t.resolvedAt} is null) = (${t.resolution} is null) and (${t.resolution} is null or ${t.resolution} in (${inList(SERIAL_MATCH_RESOLUTIONS)}))`,
    ),
  ],
);

/** Each serial number a seller gave a listing: the rate limit on probing serials by listing them. */
export const serialEntries = sqliteTable(
  "serial_entries",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("serial_entries_user_created").on(t.userId, t.createdAt)],
);

/**
 * The recorded sales of listed models, for price guidance (ADR 0055): one row per successful
 * payment of a listing whose model is of the gear data, kept in step with payments by the
 * triggers of migration 0010 (never written by the application).
 */
export const modelSales = sqliteTable(
  "model_sales",
  {
    paymentId: text("payment_id")
      .primaryKey()
      .references(() => payments.id),
    model: text("model").notNull(),
    condition: text("condition", { enum: CONDITIONS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    soldAt: timestamp("sold_at").notNull(),
  },
  (t) => [
    // A model's sales of a period, with the grade and price read from the index alone.
    index("model_sales_model_sold").on(t.model, t.currency, t.soldAt, t.condition, t.amountCents),
  ],
);

/**
 * The stored half of "this seller can be paid" (ADR 0058): the account's details are submitted,
 * transfers to it are active and it can pay out. Used by the catalog's bookability rule.
 */
export function payoutAccountReadyTerms(t: {
  detailsSubmitted: SQLiteColumn;
  transfersActive: SQLiteColumn;
  payoutsEnabled: SQLiteColumn;
}) {
  return sql`${t.detailsSubmitted} = 1 and ${t.transfersActive} = 1 and ${t.payoutsEnabled} = 1`;
}

/**
 * A seller's payout account at the payment provider: a Stripe Connect Express account, or the
 * offline provider's test account. Its state is written by one domain function, from Stripe's
 * `account.updated` events (or the account read back on the seller's return) and from the test
 * onboarding page alike.
 */
export const payoutAccounts = sqliteTable(
  "payout_accounts",
  {
    sellerId: text("seller_id")
      .primaryKey()
      .references(() => users.id),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    accountId: text("account_id").notNull(),
    detailsSubmitted: integer("details_submitted", { mode: "boolean" }).notNull().default(false),
    chargesEnabled: integer("charges_enabled", { mode: "boolean" }).notNull().default(false),
    payoutsEnabled: integer("payouts_enabled", { mode: "boolean" }).notNull().default(false),
    transfersActive: integer("transfers_active", { mode: "boolean" }).notNull().default(false),
    // The provider's requirement names still due (Stripe's requirements.currently_due), as JSON.
    requirementsDue: text("requirements_due", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    disabledReason: text("disabled_reason"),
    // The provider's time of the state last applied: an older event (out of order) changes nothing.
    stateAt: timestamp("state_at"),
    // What the seller owes (ADR 0087): a transfer reversal recovering it is in flight until then
    // (a sale's netting waits), and the next one is not tried before `recovery_retry_at`.
    recoveryLockUntil: timestamp("recovery_lock_until"),
    recoveryRetryAt: timestamp("recovery_retry_at"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [
    uniqueIndex("payout_accounts_provider_account").on(t.provider, t.accountId),
    check("payout_accounts_provider_check", sql`${t.provider} in (${inList(PAYMENT_PROVIDERS)})`),
  ],
);

/**
 * A paid booking's money, from the payment to its settlement (ADR 0058): held for the deal,
 * released to the seller or refunded to the buyer. One row per payment; payments made before the
 * ledger existed are `settled_outside` and never paid again. Every decision bumps `version` (a
 * compare-and-set: two decisions read at the same version, only one is written).
 */
export const deals = sqliteTable(
  "deals",
  {
    paymentId: text("payment_id")
      .primaryKey()
      .references(() => payments.id),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    // What the buyer was charged (the payment's amount).
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    // The provider's charge the seller's transfer is paid from (Stripe's source_transaction).
    chargeRef: text("charge_ref"),
    state: text("state", { enum: DEAL_STATES }).notNull().default("held"),
    // The end of the buyer's protection: released by the scheduled job then, unless a claim is open.
    releaseDueAt: timestamp("release_due_at"),
    releasedAt: timestamp("released_at"),
    refundedAt: timestamp("refunded_at"),
    version: integer("version").notNull().default(0),
    // The decision that wrote the current version: the batch's later statements look for it.
    decisionKey: text("decision_key"),
    createdAt: createdAt(),
    // The part of the amount that paid for shipping (ADR 0086): the fee is on the rest.
    shippingCents: integer("shipping_cents").notNull().default(0),
  },
  (t) => [
    check("deals_shipping_part", sql`${t.shippingCents} >= 0 and ${t.shippingCents} < ${t.amountCents}`),
    uniqueIndex("deals_booking").on(t.bookingId),
    // The scheduled job's search for held deals past their protection window.
    index("deals_held_release_due").on(t.releaseDueAt).where(sql`${t.state} = 'held'`),
    index("deals_seller_created").on(t.sellerId, t.createdAt),
    index("deals_buyer_created").on(t.buyerId, t.createdAt),
    check("deals_state_check", sql`${t.state} in (${inList(DEAL_STATES)})`),
    check("deals_provider_check", sql`${t.provider} in (${inList(PAYMENT_PROVIDERS)})`),
    check("deals_amount_positive", sql`${t.amountCents} > 0`),
    check("deals_release_due", sql`${t.state} = 'settled_outside' or ${t.releaseDueAt} is not null`),
  ],
);

/**
 * The parcel of a shipped booking (ADR 0086): the buyer's address (shown to the seller only once
 * the deal is paid, and erased a set time after it settles), then the parcel's way: its label
 * or the tracking number its seller typed, and the carrier's states. Each change is a
 * compare-and-set on `version`; a carrier event older than the last one applied changes nothing.
 */
export const shipments = sqliteTable(
  "shipments",
  {
    bookingId: text("booking_id")
      .primaryKey()
      .references(() => bookings.id),
    recipient: text("recipient"),
    line1: text("line1"),
    line2: text("line2"),
    city: text("city"),
    region: text("region"),
    postalCode: text("postal_code"),
    country: text("country", { enum: SHIPPING_COUNTRIES }).notNull(),
    addressErasedAt: timestamp("address_erased_at"),
    parcel: text("parcel", { enum: PARCEL_SIZES }).notNull(),
    status: text("status", { enum: SHIPMENT_STATUSES }).notNull().default("awaiting_shipment"),
    // Sent by then (set at payment: the handling time in business days, and a grace day), or the
    // buyer may cancel; the scheduled job cancels at the later deadline.
    shipBy: timestamp("ship_by"),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    // A label bought through Pay&Buy: the carrier API's, its id there, its file and its cost
    // (taken from the shipping charge at release).
    carrierProvider: text("carrier_provider", { enum: CARRIER_PROVIDERS }),
    labelRef: text("label_ref"),
    labelUrl: text("label_url"),
    labelCostCents: integer("label_cost_cents"),
    shippedAt: timestamp("shipped_at"),
    deliveredAt: timestamp("delivered_at"),
    // The seller was reminded, the day before the ship-by date, to send it (once).
    remindedAt: timestamp("reminded_at"),
    /** A parcel its seller tracks themselves: when its buyer was told the window started (ADR 0092). */
    releaseRemindedAt: timestamp("release_reminded_at"),
    // The time of the carrier's latest event applied: an older one arriving later is ignored.
    lastEventAt: timestamp("last_event_at"),
    version: integer("version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [
    index("shipments_status_ship_by").on(t.shipBy).where(sql`${t.status} = 'awaiting_shipment'`),
    uniqueIndex("shipments_tracking").on(t.carrier, t.trackingNumber).where(sql`${t.trackingNumber} is not null`),
    check("shipments_status_check", sql`${t.status} in (${inList(SHIPMENT_STATUSES)})`),
    check("shipments_country_check", sql`${t.country} in (${inList(SHIPPING_COUNTRIES)})`),
    check("shipments_parcel_check", sql`${t.parcel} in (${inList(PARCEL_SIZES)})`),
    check(
      "shipments_address_kept_or_erased",
      sql`(${t.addressErasedAt} is null) = (${t.line1} is not null) and (${t.line1} is null) = (${t.recipient} is null) and (${t.line1} is null) = (${t.city} is null) and (${t.line1} is null) = (${t.postalCode} is null)`,
    ),
    check(
      "shipments_label",
      sql`(${t.labelRef} is null) = (${t.labelCostCents} is null) and (${t.labelRef} is null or ${t.carrierProvider} is not null) and (${t.labelCostCents} is null or ${t.labelCostCents} >= 0)`,
    ),
    check("shipments_tracked_once_shipped", sql`${t.shippedAt} is null or ${t.trackingNumber} is not null`),
  ],
);

/**
 * A buyer's claim about a deal, within the protection window: one per deal. While it is open the
 * scheduled job does not release the money; the seller may answer; the admin decides.
 */
export const claims = sqliteTable(
  "claims",
  {
    id: id(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id),
    // A closed list that grows: typed, no CHECK (ADR 0094; db/stored-list-values.ts finds a value past the types).
    reason: text("reason", { enum: CLAIM_REASONS }).notNull(),
    details: text("details").notNull(),
    sellerAnswer: text("seller_answer"),
    answeredAt: timestamp("answered_at"),
    status: text("status", { enum: CLAIM_STATUSES }).notNull().default("open"),
    outcome: text("outcome", { enum: CLAIM_OUTCOMES }),
    // What the admin gave back to the buyer (a refund in full or in part).
    refundCents: integer("refund_cents"),
    decisionNote: text("decision_note"),
    decidedBy: text("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("claims_one_per_deal").on(t.paymentId),
    index("claims_status_created").on(t.status, t.createdAt),
    index("claims_seller_created").on(t.sellerId, t.createdAt),
    index("claims_buyer_created").on(t.buyerId, t.createdAt),
    check("claims_status_check", sql`${t.status} in (${inList(CLAIM_STATUSES)})`),
    check("claims_outcome_check", sql`${t.outcome} is null or ${t.outcome} in (${inList(CLAIM_OUTCOMES)})`),
    check("claims_decided_has_outcome", sql`(${t.status} = 'decided') = (${t.outcome} is not null)`),
    check(
      "claims_refund_amount",
      sql`(${t.outcome} in ('refund_full', 'refund_partial')) = (${t.refundCents} is not null and ${t.refundCents} > 0)`,
    ),
    check("claims_details_length", sql`length(${t.details}) between 1 and 1000`),
    check("claims_answer_length", sql`${t.sellerAnswer} is null or length(${t.sellerAnswer}) between 1 and 1000`),
    check("claims_note_length", sql`${t.decisionNote} is null or length(${t.decisionNote}) <= 1000`),
  ],
);

/**
 * A decided money movement of a deal, carried out at the provider (ADR 0058): a release (the
 * platform's fee kept, the seller's net transferred) or a refund (given back to the buyer; after a
 * release paid for by reversing part of the transfer and giving back part of the fee). Written in
 * the same batch as the decision, with its amounts; carried out once, in `seq` order, retried by
 * the scheduled job until done. The provider's idempotency keys are made from its id.
 */
export const dealOperations = sqliteTable(
  "deal_operations",
  {
    id: id(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id),
    seq: integer("seq").notNull(),
    // Closed lists that grow: typed, no CHECK (ADR 0094; db/stored-list-values.ts finds a value past the types).
    kind: text("kind", { enum: OPERATION_KINDS }).notNull(),
    origin: text("origin", { enum: OPERATION_ORIGINS }).notNull(),
    claimId: text("claim_id").references(() => claims.id),
    // Release: the seller's net transfer. Refund: what the buyer gets back.
    amountCents: integer("amount_cents").notNull(),
    // Release: the platform's fee kept. Refund: the part of the fee given back.
    feeCents: integer("fee_cents").notNull().default(0),
    // Refund after a release: the part of the seller's transfer taken back.
    reversalCents: integer("reversal_cents").notNull().default(0),
    // A shipping label bought through Pay&Buy (ADR 0086). Release: its cost, taken from the deal.
    // Refund: the part of it given back when what is kept no longer pays for it.
    labelCents: integer("label_cents").notNull().default(0),
    // A refund the provider made without us (Stripe's Dashboard): its id; nothing to refund again.
    externalRef: text("external_ref"),
    status: text("status", { enum: OPERATION_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at").notNull(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at"),
  },
  (t) => [
    uniqueIndex("deal_operations_payment_seq").on(t.paymentId, t.seq),
    // A deal is released once.
    uniqueIndex("deal_operations_one_release").on(t.paymentId).where(sql`${t.kind} = 'release'`),
    // A refund made at the provider is recorded once.
    uniqueIndex("deal_operations_external_ref").on(t.externalRef).where(sql`${t.externalRef} is not null`),
    // The scheduled job's retries.
    index("deal_operations_pending").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check("deal_operations_status_check", sql`${t.status} in (${inList(OPERATION_STATUSES)})`),
    check(
      "deal_operations_amounts",
      sql`${t.amountCents} >= 0 and ${t.feeCents} >= 0 and ${t.reversalCents} >= 0 and ${t.labelCents} >= 0 and (${t.kind} = 'refund' or ${t.reversalCents} = 0)`,
    ),
    check("deal_operations_refund_positive", sql`${t.kind} = 'release' or ${t.amountCents} > 0`),
  ],
);

/** A payout of a seller's balance to their bank, as the provider reports it (or the offline job makes it). */
export const payouts = sqliteTable(
  "payouts",
  {
    id: id(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    providerPayoutId: text("provider_payout_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull(),
    arrivalAt: timestamp("arrival_at"),
    failureMessage: text("failure_message"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [
    uniqueIndex("payouts_provider_payout").on(t.provider, t.providerPayoutId),
    index("payouts_seller_created").on(t.sellerId, t.createdAt),
    // The offline job's payouts on their way, by arrival.
    index("payouts_on_the_way").on(t.arrivalAt).where(sql`${t.status} in ('pending', 'in_transit')`),
    check("payouts_provider_check", sql`${t.provider} in (${inList(PAYMENT_PROVIDERS)})`),
    check("payouts_status_check", sql`${t.status} in (${inList(PAYOUT_STATUSES)})`),
    check("payouts_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/**
 * The ledger (ADR 0058): every money movement, once, with the provider's id, never changed. Per
 * deal, charged = fee + seller's net + refunded + what is still held, none negative; the unique
 * index on the provider's id makes a movement recorded twice impossible.
 */
export const ledgerEntries = sqliteTable(
  "ledger_entries",
  {
    id: id(),
    // A closed list that grows: typed, no CHECK (ADR 0094; db/stored-list-values.ts finds a value past the types).
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    // The provider's id of the movement (PaymentIntent, transfer, refund, reversal, payout); the
    // fee is named by the transfer that split it off, a fee given back by its refund.
    providerRef: text("provider_ref").notNull(),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id),
    paymentId: text("payment_id").references(() => payments.id),
    operationId: text("operation_id").references(() => dealOperations.id),
    payoutId: text("payout_id").references(() => payouts.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_entries_provider_ref").on(t.provider, t.kind, t.providerRef),
    index("ledger_entries_payment").on(t.paymentId),
    index("ledger_entries_seller_created").on(t.sellerId, t.createdAt),
    // What sellers owe (ADR 0087): the few entries the debt recovery and a sale's netting sum.
    index("ledger_entries_debts")
      .on(t.sellerId, t.provider, t.currency)
      .where(sql`${t.kind} in ('seller_debt', 'debt_recovery')`),
    check("ledger_entries_provider_check", sql`${t.provider} in (${inList(PAYMENT_PROVIDERS)})`),
    check("ledger_entries_amount_positive", sql`${t.amountCents} > 0`),
    check("ledger_entries_deal_or_payout", sql`(${t.paymentId} is null) = (${t.kind} in ('payout', 'payout_failure'))`),
  ],
);

/**
 * A search a user saved to be emailed its new matches (ADR 0062). `query` is the search as the
 * search schema reads it back (app/domain/catalog/search-params.ts), never the URL as typed;
 * `match_query` is its words as a full-text query (null for a search by filters only).
 */
export const savedSearches = sqliteTable(
  "saved_searches",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    query: text("query").notNull(),
    matchQuery: text("match_query"),
    emails: integer("emails", { mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("saved_searches_user_query").on(t.userId, t.query),
    check("saved_searches_name_length", sql`length(${t.name}) between 1 and 80`),
  ],
);

/** One letter of a user's saved searches' matches: at most one a day (ADR 0062). */
export const savedSearchLetters = sqliteTable(
  "saved_search_letters",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("saved_search_letters_user_created").on(t.userId, t.createdAt)],
);

/** A listing that matched a saved search when it appeared; `letter_id` once a letter took it. */
export const savedSearchMatches = sqliteTable(
  "saved_search_matches",
  {
    savedSearchId: text("saved_search_id")
      .notNull()
      .references(() => savedSearches.id),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    matchedAt: createdAt("matched_at"),
    letterId: text("letter_id").references(() => savedSearchLetters.id),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.productId] }),
    index("saved_search_matches_unsent").on(t.savedSearchId).where(sql`${t.letterId} is null`),
    index("saved_search_matches_letter").on(t.letterId),
  ],
);

/**
 * Where the matching of saved searches has read the listings up to: the rowid of the last
 * listing a pass read (one row). A pass reads the next few after it, never the whole catalog.
 */
export const savedSearchScan = sqliteTable(
  "saved_search_scan",
  {
    id: integer("id").primaryKey(),
    lastRowid: integer("last_rowid").notNull(),
  },
  (t) => [check("saved_search_scan_one_row", sql`${t.id} = 1`)],
);

/**
 * The offline test provider's own record of the money it moved (ADR 0089): what Stripe's balance
 * transactions are for a real account, so the daily reconciliation compares the ledger with a
 * record the ledger did not write. One row per movement, named by the provider's id.
 */
export const testProviderMovements = sqliteTable(
  "test_provider_movements",
  {
    providerRef: text("provider_ref").primaryKey(),
    // A closed list that grows: typed, no CHECK (ADR 0094; db/stored-list-values.ts finds a value past the types).
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("test_provider_movements_created").on(t.createdAt),
    check("test_provider_movements_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/**
 * One day's comparison of the ledger with the provider's records (ADR 0089), per provider: made
 * once, resumed where it stopped (`cursor`, the provider's page) when a run failed or ran out of
 * its bound.
 */
export const reconciliationRuns = sqliteTable(
  "reconciliation_runs",
  {
    id: id(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    // "2026-11-28": the UTC day whose movements are compared.
    day: text("day").notNull(),
    status: text("status", { enum: RECONCILIATION_RUN_STATUSES }).notNull().default("running"),
    cursor: text("cursor"),
    checked: integer("checked").notNull().default(0),
    differences: integer("differences").notNull().default(0),
    lastError: text("last_error"),
    startedAt: createdAt("started_at"),
    updatedAt: timestamp("updated_at"),
    finishedAt: timestamp("finished_at"),
  },
  (t) => [
    uniqueIndex("reconciliation_runs_provider_day").on(t.provider, t.day),
    check("reconciliation_runs_provider_check", sql`${t.provider} in (${inList(PAYMENT_PROVIDERS)})`),
    check("reconciliation_runs_status_check", sql`${t.status} in (${inList(RECONCILIATION_RUN_STATUSES)})`),
  ],
);

/** A difference a reconciliation found, once per movement and kind of difference (ADR 0089). */
export const reconciliationDifferences = sqliteTable(
  "reconciliation_differences",
  {
    id: id(),
    runId: text("run_id")
      .notNull()
      .references(() => reconciliationRuns.id),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    kind: text("kind", { enum: RECONCILIATION_DIFFERENCES }).notNull(),
    providerRef: text("provider_ref").notNull(),
    ledgerKind: text("ledger_kind", { enum: LEDGER_KINDS }),
    ourCents: integer("our_cents"),
    theirCents: integer("their_cents"),
    currency: text("currency").notNull(),
    noticedAt: createdAt("noticed_at"),
    // The admin looked into it and marked it settled.
    resolvedAt: timestamp("resolved_at"),
    resolvedBy: text("resolved_by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("reconciliation_differences_ref").on(t.provider, t.kind, t.providerRef),
    index("reconciliation_differences_open").on(t.noticedAt).where(sql`${t.resolvedAt} is null`),
    check("reconciliation_differences_kind_check", sql`${t.kind} in (${inList(RECONCILIATION_DIFFERENCES)})`),
    check("reconciliation_differences_provider_check", sql`${t.provider} in (${inList(PAYMENT_PROVIDERS)})`),
  ],
);

/**
 * An address an account keeps (ADR 0103): a buyer's delivery addresses and a seller's sender
 * address, at most SAVED_ADDRESS_LIMIT an account, one default of each kind. The account's own:
 * erased with it, and only ever copied into a new booking's shipment (which keeps and erases its
 * copy on the deal's schedule).
 */
export const savedAddresses = sqliteTable(
  "saved_addresses",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ADDRESS_KINDS }).notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    recipient: text("recipient").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    city: text("city").notNull(),
    region: text("region").notNull(),
    postalCode: text("postal_code").notNull(),
    country: text("country", { enum: SHIPPING_COUNTRIES }).notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [
    index("saved_addresses_user").on(t.userId, t.createdAt),
    uniqueIndex("saved_addresses_one_default").on(t.userId, t.kind).where(sql`${t.isDefault} = 1`),
    check("saved_addresses_kind_check", sql`${t.kind} in (${inList(ADDRESS_KINDS)})`),
    check("saved_addresses_country_check", sql`${t.country} in (${inList(SHIPPING_COUNTRIES)})`),
  ],
);

/**
 * A shipped deal's return (ADR 0107), one per deal at most: why the buyer sends it back, what the
 * seller answered, the return parcel (its prepaid label and where the carrier shows it), what
 * the seller found on arrival, and how it ended. Its clocks are columns the scheduled job reads:
 * the seller's answer, the buyer's sending and the seller's check each have a due time.
 */
export const returns = sqliteTable(
  "returns",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id),
    reason: text("reason", { enum: RETURN_REASONS }).notNull(),
    details: text("details").notNull(),
    // As the buyer read them, normalised as a listing's serial (app/domain/gear/serials.ts).
    buyerSerial: text("buyer_serial"),
    buyerShutterCount: integer("buyer_shutter_count"),
    state: text("state", { enum: RETURN_STATES }).notNull().default("requested"),
    answerDueAt: timestamp("answer_due_at").notNull(),
    answeredAt: timestamp("answered_at"),
    // The seller's words when offering a part back or declining.
    sellerAnswer: text("seller_answer"),
    offerCents: integer("offer_cents"),
    // The return parcel, from the buyer to the seller's sender address (never stored here).
    carrierProvider: text("carrier_provider", { enum: CARRIER_PROVIDERS }),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    trackingUrl: text("tracking_url"),
    labelRef: text("label_ref"),
    labelUrl: text("label_url"),
    labelCostCents: integer("label_cost_cents"),
    sendBy: timestamp("send_by"),
    parcelStatus: text("parcel_status", { enum: SHIPMENT_STATUSES }),
    shippedAt: timestamp("shipped_at"),
    deliveredAt: timestamp("delivered_at"),
    lastEventAt: timestamp("last_event_at"),
    checkDueAt: timestamp("check_due_at"),
    // What the seller read and found on arrival.
    sellerSerial: text("seller_serial"),
    problem: text("problem", { enum: RETURN_PROBLEMS }),
    problemDetails: text("problem_details"),
    toAdminReason: text("to_admin_reason", { enum: RETURN_ADMIN_REASONS }),
    toAdminAt: timestamp("to_admin_at"),
    // How it ended: the admin's decision, a refund made, or lapsed.
    outcome: text("outcome", { enum: CLAIM_OUTCOMES }),
    refundCents: integer("refund_cents"),
    decisionNote: text("decision_note"),
    decidedBy: text("decided_by").references(() => users.id),
    closedAt: timestamp("closed_at"),
    version: integer("version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at"),
  },
  (t) => [
    uniqueIndex("returns_one_per_deal").on(t.paymentId),
    uniqueIndex("returns_booking").on(t.bookingId),
    uniqueIndex("returns_tracking").on(t.carrier, t.trackingNumber).where(sql`${t.trackingNumber} is not null`),
    index("returns_state_created").on(t.state, t.createdAt),
    index("returns_seller_created").on(t.sellerId, t.createdAt),
    index("returns_buyer_created").on(t.buyerId, t.createdAt),
    check("returns_offer_positive", sql`${t.offerCents} is null or ${t.offerCents} > 0`),
    check("returns_refund_positive", sql`${t.refundCents} is null or ${t.refundCents} > 0`),
  ],
);

/** A photo of a return: the buyer's when asking, the seller's on arrival. Private to both and the admin. */
export const returnPhotos = sqliteTable(
  "return_photos",
  {
    id: id(),
    returnId: text("return_id")
      .notNull()
      .references(() => returns.id),
    side: text("side", { enum: RETURN_PHOTO_SIDES }).notNull(),
    position: integer("position").notNull(),
    key: text("key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("return_photos_position").on(t.returnId, t.side, t.position),
    check("return_photos_side_check", sql`${t.side} in (${inList(RETURN_PHOTO_SIDES)})`),
    check("return_photos_position_range", sql`${t.position} between 0 and 7`),
  ],
);
