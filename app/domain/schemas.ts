// Validation schemas shared by forms (server and browser) and the REST API: one set of rules
// and messages for both (spec section 5, PRODUCT.md).
import * as z from "zod";

export const EMAIL_EXAMPLE = "name@example.com";

// The spec's pattern (letters, digits, ._%+- before @, a domain, a letter ending), with endings
// longer than four letters allowed: see docs/spec-deviations.md.
const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9-]+(\.[A-Z0-9-]+)*\.[A-Z]{2,63}$/i;
const INVALID_EMAIL = `Invalid email address. E.g. ${EMAIL_EXAMPLE}`;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 80;

export const emailSchema = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, { error: "Email is required.", abort: true })
  .max(254, { error: INVALID_EMAIL, abort: true })
  .regex(EMAIL_PATTERN, INVALID_EMAIL);

const passwordSchema = z
  .string({ error: "Password is required." })
  .min(1, { error: "Password is required.", abort: true })
  .min(PASSWORD_MIN, `Password should be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password should be at most ${PASSWORD_MAX} characters`);

/** Signing in checks only presence: the stored hash decides the rest. */
const anyPasswordSchema = z
  .string({ error: "Password is required." })
  .min(1, { error: "Password is required.", abort: true })
  .max(1024, "Password is too long.");

export const nameSchema = z
  .string({ error: "Name is required." })
  .trim()
  .min(1, { error: "Name is required.", abort: true })
  .max(NAME_MAX, `Name should be at most ${NAME_MAX} characters`)
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), "Name contains characters we cannot show.");

/** Registration: only buyer or seller can be chosen; admin is never a choice. */
export const SELF_SERVICE_ROLES = ["buyer", "seller"] as const;

export const registerSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  role: z.enum(SELF_SERVICE_ROLES, { error: "Choose Buyer or Seller." }).default("buyer"),
  redirectTo: z.string().optional(),
});

export const loginSchema = z.object({
  email: emailSchema,
  password: anyPasswordSchema,
  redirectTo: z.string().optional(),
});

export const subscribeSchema = z.object({ email: emailSchema });

/** Ids arrive from forms and URLs; the database decides whether they exist and whose they are. */
export const idSchema = z.string({ error: "Missing id." }).trim().min(1, "Missing id.").max(100, "Invalid id.");

export const PHONE_MAX = 30;
const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]*[0-9]$/;
export const PHONE_MESSAGE = "Enter a phone number, e.g. +1 415 555 0100";

/**
 * A phone number as people type it, for the booking dialog and Add Product alike: an optional
 * +, then digits with spaces, dots, dashes or brackets between them; 7 to 15 digits (E.164 has
 * at most 15) and at most PHONE_MAX characters.
 */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return value.length <= PHONE_MAX && PHONE_PATTERN.test(value) && digits >= 7 && digits <= 15;
}

/** The booking dialog: what the buyer types. Everything else comes from the database. */
export const bookingSchema = z.object({
  productId: idSchema,
  meetLocation: z
    .string({ error: "Your location is required" })
    .trim()
    .min(1, { error: "Your location is required", abort: true })
    .max(200, "Your location should be at most 200 characters"),
  buyerContact: z
    .string({ error: "Your contact is required" })
    .trim()
    .min(1, { error: "Your contact is required", abort: true })
    .max(PHONE_MAX, { error: PHONE_MESSAGE, abort: true })
    .refine(isPhoneNumber, PHONE_MESSAGE),
});

export const productIdSchema = z.object({ productId: idSchema });
/** An id a JSON call or form names by its field: a missing one says which field is needed. */
export const requiredId = (field: string, what: string) =>
  z
    .string({ error: `${field} is required: ${what}.` })
    .trim()
    .min(1, `${field} is required: ${what}.`)
    .max(100, `Invalid ${field}.`);

export const bookingIdSchema = z.object({
  bookingId: requiredId("bookingId", "the id of the booking (My Orders lists yours)"),
});
