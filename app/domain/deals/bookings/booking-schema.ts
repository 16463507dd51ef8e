// The booking dialog's rules and the ids the booking calls name, shared by the pages (browser
// and server) and the REST API.
import * as z from "zod";
import { COUNTRY_NAMES, isShippingCountry, readPostalCode } from "#app/domain/catalog/delivery";
import {
  idSchema,
  isOneLine,
  isPhoneNumber,
  notOneLineMessage,
  PHONE_MAX,
  PHONE_MESSAGE,
  requiredId,
} from "#app/domain/shared/schemas";
import { BOOKING_DELIVERIES, SHIPPING_COUNTRIES, type ShippingCountry } from "#db/closed-lists";
import { ADDRESS_LIMITS, type ShippingAddress } from "../parcels/address";

/** Where to meet: one line the buyer types. */
export const meetLocationField = z
  .string({ error: "Your location is required" })
  .trim()
  .min(1, { error: "Your location is required", abort: true })
  .max(200, "Your location should be at most 200 characters")
  .refine(isOneLine, notOneLineMessage("Your location"));

/** How to reach the buyer: a phone number (the carrier's too, for a parcel). */
export const buyerContactField = z
  .string({ error: "Your contact is required" })
  .trim()
  .min(1, { error: "Your contact is required", abort: true })
  .max(PHONE_MAX, { error: PHONE_MESSAGE, abort: true })
  .refine(isPhoneNumber, PHONE_MESSAGE);

export { ADDRESS_LIMITS, type ShippingAddress };

export const ADDRESS_MESSAGES = {
  recipient: "Enter who the parcel is for.",
  line1: "Enter the street address.",
  city: "Enter the city.",
  region: "Enter the state or province.",
  postalCode: "Enter the postal code.",
  country: `We ship within ${SHIPPING_COUNTRIES.map((code) => COUNTRY_NAMES[code]).join(" and ")} only.`,
  postalCodeOf: {
    US: "Enter a US ZIP code, such as 11201 or 11201-1234.",
    CA: "Enter a Canadian postal code, such as M5V 2T6.",
  } satisfies Record<ShippingCountry, string>,
} as const;

/** A field that only one way of delivery needs: its one-line text, "" when left out. */
function optionalLine(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} should be at most ${max} characters`)
    .refine(isOneLine, notOneLineMessage(label))
    .nullish()
    .transform((value) => value ?? "");
}

const bookingFields = z.object({
  productId: idSchema,
  // A meetup when left out: the spec's booking, as every client before shipping sent it.
  delivery: z
    .enum(BOOKING_DELIVERIES, { error: "Delivery must be meetup or ship." })
    .nullish()
    .transform((value) => value ?? "meetup"),
  meetLocation: optionalLine("Your location", 200),
  buyerContact: buyerContactField,
  recipient: optionalLine("Recipient", ADDRESS_LIMITS.recipient),
  line1: optionalLine("Street address", ADDRESS_LIMITS.line),
  line2: optionalLine("Apartment, suite", ADDRESS_LIMITS.line),
  city: optionalLine("City", ADDRESS_LIMITS.city),
  region: optionalLine("State or province", ADDRESS_LIMITS.region),
  postalCode: optionalLine("Postal code", ADDRESS_LIMITS.postalCode),
  country: optionalLine("Country", 2),
});

export type BookingRequest =
  | { productId: string; buyerContact: string; delivery: "meetup"; meetLocation: string }
  | { productId: string; buyerContact: string; delivery: "ship"; address: ShippingAddress };

type BookingFields = z.output<typeof bookingFields>;

/** The way's own fields, checked even when another field is wrong (so every message shows at once). */
function wayIssues(value: Partial<BookingFields>): Array<{ path: string; message: string }> {
  const text = (name: keyof BookingFields) => (typeof value[name] === "string" ? (value[name] as string) : "");
  if (value.delivery !== "ship") {
    return text("meetLocation") === "" ? [{ path: "meetLocation", message: "Your location is required" }] : [];
  }
  const issues: Array<{ path: string; message: string }> = [];
  for (const [name, message] of [
    ["recipient", ADDRESS_MESSAGES.recipient],
    ["line1", ADDRESS_MESSAGES.line1],
    ["city", ADDRESS_MESSAGES.city],
    ["region", ADDRESS_MESSAGES.region],
  ] as const)
    if (text(name) === "") issues.push({ path: name, message });
  const country = text("country").toUpperCase();
  if (!isShippingCountry(country)) issues.push({ path: "country", message: ADDRESS_MESSAGES.country });
  else if (text("postalCode") === "") issues.push({ path: "postalCode", message: ADDRESS_MESSAGES.postalCode });
  else if (readPostalCode(country, text("postalCode")) === null)
    issues.push({ path: "postalCode", message: ADDRESS_MESSAGES.postalCodeOf[country] });
  return issues;
}

/**
 * The booking dialog: what the buyer types. Everything else comes from the database. A meetup
 * needs where to meet; shipping needs the address, in a country we ship within, with its
 * postal code written the country's way. The fields of the other way are ignored.
 */
/** The address typed for shipping, written the country's way (called once the way's rule held). */
/** The address's fields once their rules passed: the postal code written the country's way. */
function toAddress(
  value: Omit<BookingFields, "productId" | "delivery" | "meetLocation" | "buyerContact">,
): ShippingAddress {
  const country = value.country.toUpperCase() as ShippingCountry;
  return {
    recipient: value.recipient,
    line1: value.line1,
    line2: value.line2 === "" ? null : value.line2,
    city: value.city,
    region: value.region,
    postalCode: readPostalCode(country, value.postalCode) ?? value.postalCode,
    country,
  };
}

// Also when another field is wrong: the buyer reads every message at once.
const everyMessage = {
  when: (payload: { value: unknown }) => typeof payload.value === "object" && payload.value !== null,
};

/**
 * The booking dialog: what the buyer types. Everything else comes from the database (a price or
 * a shipping charge posted with it is ignored). A meetup needs where to meet; shipping needs the
 * address, in a country we ship within, with its postal code written the country's way. The
 * fields of the other way are ignored, and not required.
 */
export const bookingSchema = bookingFields
  .superRefine((value, ctx) => {
    for (const issue of wayIssues(value)) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  }, everyMessage)
  .transform((value): BookingRequest => {
    const { productId, buyerContact } = value;
    if (value.delivery === "meetup")
      return { productId, buyerContact, delivery: "meetup", meetLocation: value.meetLocation };
    return { productId, buyerContact, delivery: "ship", address: toAddress(value) };
  });

/**
 * "Get the shipping price": the same dialog's address, checked by the same rule as a shipped
 * booking's, before the buyer has given a phone number (the contact is not asked for yet).
 */
export const shippingQuoteSchema = bookingFields
  .extend({ buyerContact: z.unknown().optional() })
  .superRefine((value, ctx) => {
    for (const issue of wayIssues({ ...value, buyerContact: "", delivery: "ship" }))
      ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  }, everyMessage)
  .transform((value) => ({ productId: value.productId, address: toAddress(value) }));

/** The address's fields alone, unrefined: the inputs' attributes (maxlength) come from here. */
export const shippingAddressFields = bookingFields.pick({
  recipient: true,
  line1: true,
  line2: true,
  city: true,
  region: true,
  postalCode: true,
  country: true,
});

/**
 * A shipping address alone, by the booking's own rules (its fields, their messages, the postal
 * code the country's way): what an account keeps as a saved address (ADR 0103).
 */
export const shippingAddressSchema = shippingAddressFields
  .superRefine(
    (value, ctx) => {
      for (const issue of wayIssues({ ...value, delivery: "ship" }))
        ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
    },
    { when: (payload) => typeof payload.value === "object" && payload.value !== null },
  )
  .transform(toAddress);

export const bookingIdSchema = z.object({
  bookingId: requiredId("bookingId", "the id of the booking (My Orders lists yours)"),
});
