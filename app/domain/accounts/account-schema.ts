// The account forms' rules (registration, sign-in, the newsletter), shared by the pages (browser
// and server) and the REST API: one set of rules and messages for both (spec section 5,
// PRODUCT.md).
import * as z from "zod";
import { isOneLine, notOneLineMessage } from "#app/domain/shared/schemas";
import { ROLES } from "#db/closed-lists";

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
  .refine(isOneLine, notOneLineMessage("Name"));

/** Registration: only buyer or seller can be chosen; admin is never a choice. */
export const SELF_SERVICE_ROLES = ROLES.filter((role) => role !== "admin") as ["buyer", "seller"];

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
