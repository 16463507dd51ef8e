// The Add Product form and POST /api/product share this schema: one set of rules and messages
// (spec section 5 with PRODUCT.md's corrections, plus the bounds a real shop needs). Field names
// are the spec's product fields, so the REST call accepts what the original client sent.
// Browser-safe: no `.server` import, the form validates with it before sending.
import * as z from "zod";
import { GEAR_FIELD_NAMES, type GearInput, gearFields, readGear } from "#app/domain/gear/gear-schema";
import { amountExample, type Currency, formatMoney, MAX_PRICE_CENTS, parseMoney } from "#app/domain/shared/money";
import { isOneLine, isPhoneNumber, multiLine, notOneLineMessage, PHONE_MAX } from "#app/domain/shared/schemas";
import { CONDITIONS, DELIVERY_METHODS, RETURN_POLICIES, type ReturnPolicy } from "#db/closed-lists";
import { CONDITION_CHOICE_MESSAGE } from "./conditions";
import { DELIVERY_LIMITS, DELIVERY_MESSAGES, type DeliveryInput, readDelivery } from "./delivery";
import { MAX_PHOTOS, MIN_PHOTOS, PHOTO_MAX_BYTES, PHOTO_MESSAGES, photoRoomMessage } from "./photo-keys";
import { RETURN_POLICY_MESSAGE, returnPolicyFor } from "./return-policy";

export const LISTING_LIMITS = {
  productName: 120,
  description: 2000,
  location: 120,
  contact: PHONE_MAX,
  category: 60,
  minYear: 1900,
} as const;

const currentYear = () => new Date().getUTCFullYear();

function requiredText(required: string, label: string, max: number) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, `${label} should be at most ${max} characters`);
}

/** A required field of one line (a name, a place): its text, and no line break in it. */
function requiredLine(required: string, label: string, max: number) {
  return requiredText(required, label, max).refine(isOneLine, notOneLineMessage(label));
}

/** An amount typed as text ("1,250.99") becomes integer cents; never through floating point. */
function price(required: string, label: string, currency: Currency) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .transform((value, ctx) => {
      const cents = parseMoney(value, currency);
      if (cents === null) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be an amount in ${currency.words}, such as ${amountExample(1250, currency)}`,
        });
        return z.NEVER;
      }
      if (cents < 1 || cents > MAX_PRICE_CENTS) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be between ${formatMoney(1, currency)} and ${formatMoney(MAX_PRICE_CENTS, currency)}`,
        });
        return z.NEVER;
      }
      return cents;
    });
}

const photoFileSchema = z
  .file({
    // No file chosen arrives as an empty, nameless part (a File or "", by parser).
    error: (issue) =>
      issue.input === undefined || issue.input === "" ? PHOTO_MESSAGES.required : PHOTO_MESSAGES.notAFile,
  })
  .min(1, PHOTO_MESSAGES.empty)
  .max(PHOTO_MAX_BYTES, PHOTO_MESSAGES.tooLarge);

/**
 * Photos sent in one request, as repeated `img` files: at least one, at most `room` (a new
 * listing: 8; photos added to a listing: the places it has left). Errors of one file are keyed
 * `img[i]`.
 */
export function photoFilesSchema(room: number = MAX_PHOTOS) {
  return z
    .array(photoFileSchema, { error: PHOTO_MESSAGES.required })
    .min(MIN_PHOTOS, PHOTO_MESSAGES.required)
    .max(Math.max(room, 0), room >= MAX_PHOTOS ? PHOTO_MESSAGES.tooMany : photoRoomMessage(room));
}

/** A delivery field's text, read with the others by `readDelivery`: "" when left empty or out. */
function deliveryText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} should be at most ${max} characters`)
    .nullish()
    .transform((value) => value ?? "");
}

/**
 * How the listing changes hands (catalog/delivery): a meetup when left out, as every listing
 * was before shipping; the shipping fields are read together by `readDelivery`. The return
 * policy (ADR 0106) is one of them: faults only when left out, and for a meetup whatever was sent.
 */
const deliveryFields = {
  delivery: z
    .enum(DELIVERY_METHODS, { error: DELIVERY_MESSAGES.method })
    .nullish()
    .transform((value) => value ?? "meetup"),
  shipsFromCountry: deliveryText("Ships from country", 2),
  shipsFromPostalCode: deliveryText("Postal code", DELIVERY_LIMITS.postalCode),
  parcel: deliveryText("Parcel", 10),
  shippingPrice: deliveryText("Shipping price", 20),
  handlingDays: deliveryText("Handling time", 2),
  returnPolicy: z
    .enum(RETURN_POLICIES, { error: RETURN_POLICY_MESSAGE })
    .nullish()
    .transform((value): ReturnPolicy => value ?? "faults_only"),
};

/** The fields of a listing's details that do not depend on the currency. */
const fixedDetailFields = {
  productName: requiredLine("product name is required", "Product name", LISTING_LIMITS.productName),
  // The category's lowercased title (its slug), as in /products/:name and the spec's payload.
  category: requiredLine("category is required", "Category", LISTING_LIMITS.category),
  condition: z.enum(CONDITIONS, {
    error: (issue) => (issue.input === undefined ? "condition is required" : CONDITION_CHOICE_MESSAGE),
  }),
  description: multiLine(
    requiredText("description is required", "Description", LISTING_LIMITS.description),
    "Description",
  ),
  purchaseYear: z
    .string({ error: "year of use is required" })
    .trim()
    .min(1, { error: "year of use is required", abort: true })
    .transform((value, ctx) => {
      const year = /^\d{4}$/.test(value) ? Number(value) : Number.NaN;
      const latest = currentYear();
      if (!(year >= LISTING_LIMITS.minYear && year <= latest)) {
        ctx.addIssue({
          code: "custom",
          message: `Year of purchase must be between ${LISTING_LIMITS.minYear} and ${latest}`,
        });
        return z.NEVER;
      }
      return year;
    }),
  contact: requiredLine("contact is required", "Contact number", LISTING_LIMITS.contact).refine(
    isPhoneNumber,
    "Contact number must be a phone number, such as +1 415 555 0100",
  ),
  location: requiredLine("location is required", "Location", LISTING_LIMITS.location),
};

/** The contact number's field, which no currency changes (the phone-number tests read it). */
export const contactField = fixedDetailFields.contact;

/** The fields of a listing's details: the spec's product fields and its gear (the gear schema). */
export function listingDetailFieldsOf(currency: Currency) {
  const { productName, category, condition, description, ...rest } = fixedDetailFields;
  return {
    productName,
    category,
    condition,
    description,
    // Both prices come out of the schema as integer cents of the configured currency.
    originalPrice: price("original price is required", "Original price", currency),
    resalePrice: price("resale price is required", "Resale price", currency),
    ...rest,
    ...deliveryFields,
    ...gearFields,
  };
}

type DetailFields = ReturnType<typeof listingDetailFieldsOf>;

/**
 * The details with the gear fields the form parser read turned into the listing's gear and the
 * delivery fields read together, or the issues of both on their fields (the category decides
 * which gear fields apply, the delivery method which shipping fields and return policy do).
 */
function withGearAndDelivery<
  T extends { category: string; returnPolicy: ReturnPolicy } & GearInput & Record<keyof DeliveryInput, unknown>,
>(value: T, ctx: z.RefinementCtx, currency: Currency) {
  const rest: Record<string, unknown> = { ...value };
  for (const name of GEAR_FIELD_NAMES) delete rest[name];
  const delivery = readDelivery(value as DeliveryInput, currency);
  if (!delivery.ok)
    for (const issue of delivery.issues) ctx.addIssue({ code: "custom", message: issue.message, path: [issue.path] });
  const read = readGear(value.category, value);
  if ("issues" in read)
    for (const issue of read.issues)
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.path.split(".") });
  if (!delivery.ok || "issues" in read) return z.NEVER;
  return {
    ...(rest as Omit<T, keyof GearInput | keyof DeliveryInput>),
    ...delivery.delivery,
    returnPolicy: returnPolicyFor(delivery.delivery.delivery, value.returnPolicy),
    gear: read.gear,
  };
}

/** The product form's fields as they arrive, before the gear is read: the form's constraints. */
export function listingFieldsSchema(currency: Currency) {
  return z.object({
    ...listingDetailFieldsOf(currency),
    // One to eight photos, each sent as a file in `img` (a multiple file input). Sizes are checked
    // here (the browser knows them before sending); the type is recognised by magic bytes and the
    // image decoded on the server (uploads.server.ts).
    img: photoFilesSchema(),
  });
}

/** The Add Product form and POST /api/product: the fields, their gear and their delivery read. */
export function listingSchema(currency: Currency) {
  return listingFieldsSchema(currency).transform((value, ctx) => withGearAndDelivery(value, ctx, currency));
}

export type ListingFormInput = z.input<ReturnType<typeof listingSchema>>;
export type NewProduct = z.output<ReturnType<typeof listingSchema>>;

/** The largest request with photos read: eight photos plus room for the text fields. */
export const LISTING_FORM_MAX_BYTES = MAX_PHOTOS * PHOTO_MAX_BYTES + 64 * 1024;

/** A listing's details as the edit page and `PUT /api/product/:id` change them: all but photos. */
export function listingDetailsSchema(currency: Currency) {
  return z.object(listingDetailFieldsOf(currency)).transform((value, ctx) => withGearAndDelivery(value, ctx, currency));
}

/** The details' fields as they arrive, before the gear is read: the edit form's constraints. */
export function listingDetailFieldsSchema(currency: Currency) {
  return listingDetailsSchema(currency).in;
}

/** The names of the details' fields, as the form and the REST calls send them. */
export const DETAIL_FIELD_NAMES = Object.keys(
  // The names only: no amount is read with this stand-in currency.
  listingDetailFieldsOf({ code: "XXX", symbol: "", digits: 2, words: "" }),
) as Array<keyof DetailFields>;
export type ListingDetails = z.output<ReturnType<typeof listingDetailsSchema>>;
export type ListingDetailsInput = z.input<ReturnType<typeof listingDetailsSchema>>;
