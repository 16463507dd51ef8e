// The Add Product form and POST /api/product share this schema: one set of rules and messages
// (spec section 5 with PRODUCT.md's corrections, plus the bounds a real shop needs). Field names
// are the spec's product fields, so the REST call accepts what the original client sent.
// Browser-safe: no `.server` import, the form validates with it before sending.
import * as z from "zod";
import { GEAR_FIELD_NAMES, type GearInput, gearFields, readGear } from "#app/domain/gear/gear-schema";
import { dollarsToCents, formatMoney, MAX_PRICE_CENTS } from "#app/domain/shared/money";
import { isOneLine, isPhoneNumber, multiLine, notOneLineMessage, PHONE_MAX } from "#app/domain/shared/schemas";
import { CONDITIONS, DELIVERY_METHODS } from "#db/closed-lists";
import { CONDITION_CHOICE_MESSAGE } from "./conditions";
import { DELIVERY_LIMITS, DELIVERY_MESSAGES, type DeliveryInput, readDelivery } from "./delivery";
import { MAX_PHOTOS, MIN_PHOTOS, PHOTO_MAX_BYTES, PHOTO_MESSAGES, photoRoomMessage } from "./photo-keys";

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

/** Dollars typed as text ("1,250.99") become integer cents; never through floating point. */
function price(required: string, label: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .transform((value, ctx) => {
      const cents = dollarsToCents(value);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: `${label} must be an amount in dollars, such as 1250 or 1250.99` });
        return z.NEVER;
      }
      if (cents < 1 || cents > MAX_PRICE_CENTS) {
        ctx.addIssue({
          code: "custom",
          message: `${label} must be between ${formatMoney(1)} and ${formatMoney(MAX_PRICE_CENTS)}`,
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
 * was before shipping; the shipping fields are read together by `readDelivery`.
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
};

/** The fields of a listing's details: the spec's product fields and its gear (the gear schema). */
export const listingDetailFields = {
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
  // Both prices come out of the schema as integer cents.
  originalPrice: price("original price is required", "Original price"),
  resalePrice: price("resale price is required", "Resale price"),
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
  ...deliveryFields,
  ...gearFields,
};

/**
 * The details with the gear fields the form parser read turned into the listing's gear and the
 * delivery fields read together, or the issues of both on their fields (the category decides
 * which gear fields apply, the delivery method which shipping fields do).
 */
function withGearAndDelivery<T extends { category: string } & GearInput & Record<keyof DeliveryInput, unknown>>(
  value: T,
  ctx: z.RefinementCtx,
) {
  const rest: Record<string, unknown> = { ...value };
  for (const name of GEAR_FIELD_NAMES) delete rest[name];
  const delivery = readDelivery(value as DeliveryInput);
  if (!delivery.ok)
    for (const issue of delivery.issues) ctx.addIssue({ code: "custom", message: issue.message, path: [issue.path] });
  const read = readGear(value.category, value);
  if ("issues" in read)
    for (const issue of read.issues)
      ctx.addIssue({ code: "custom", message: issue.message, path: issue.path.split(".") });
  if (!delivery.ok || "issues" in read) return z.NEVER;
  return { ...(rest as Omit<T, keyof GearInput | keyof DeliveryInput>), ...delivery.delivery, gear: read.gear };
}

/** The product form's fields as they arrive, before the gear is read: the form's constraints. */
export const listingFieldsSchema = z.object({
  ...listingDetailFields,
  // One to eight photos, each sent as a file in `img` (a multiple file input). Sizes are checked
  // here (the browser knows them before sending); the type is recognised by magic bytes and the
  // image decoded on the server (uploads.server.ts).
  img: photoFilesSchema(),
});

export const listingSchema = listingFieldsSchema.transform((value, ctx) => withGearAndDelivery(value, ctx));

export type ListingFormInput = z.input<typeof listingSchema>;
export type NewProduct = z.output<typeof listingSchema>;

/** The largest request with photos read: eight photos plus room for the text fields. */
export const LISTING_FORM_MAX_BYTES = MAX_PHOTOS * PHOTO_MAX_BYTES + 64 * 1024;

/** A listing's details as the edit page and `PUT /api/product/:id` change them: all but photos. */
export const listingDetailsSchema = z
  .object(listingDetailFields)
  .transform((value, ctx) => withGearAndDelivery(value, ctx));

/** The details' fields as they arrive, before the gear is read: the edit form's constraints. */
export const listingDetailFieldsSchema = listingDetailsSchema.in;

/** The names of the details' fields, as the form and the REST calls send them. */
export const DETAIL_FIELD_NAMES = Object.keys(listingDetailFields) as Array<keyof typeof listingDetailFields>;
export type ListingDetails = z.output<typeof listingDetailsSchema>;
export type ListingDetailsInput = z.input<typeof listingDetailsSchema>;
