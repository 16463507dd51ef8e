// The account forms' rules (registration, sign-in, the newsletter, a forgotten password, the
// account's settings, two-factor codes, leaving), shared by the pages (browser and server) and
// the REST API: one set of rules and messages for both (spec section 5, PRODUCT.md).
import * as z from "zod";
import {
  idSchema,
  isOneLine,
  isPhoneNumber,
  notOneLineMessage,
  PHONE_MAX,
  PHONE_MESSAGE,
} from "#app/domain/shared/schemas";
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

export const passwordSchema = z
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

export const forgotPasswordSchema = z.object({ email: emailSchema });

const PASSWORDS_DIFFER = "The two passwords are not the same.";
/** The new password typed again: a form always sends it; a program may leave it out. */
const confirmPasswordSchema = z.string().max(1024).optional();

/** A one-time link's token as a form carries it: its own checks say whether it is worth anything. */
const linkTokenSchema = z.string({ error: "This link is not valid." }).min(1, "This link is not valid.").max(200);

/** A new password from a reset link, typed twice. */
export const resetPasswordSchema = z
  .object({ token: linkTokenSchema, password: passwordSchema, confirmPassword: confirmPasswordSchema })
  .refine((value) => value.confirmPassword === undefined || value.password === value.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmPassword"],
  });

/** The form also asks for the password twice (a program may send it once). */
const typedTwice = <T extends { confirmPassword?: string }>(value: T) => value.confirmPassword !== undefined;
const TYPE_AGAIN = { message: "Type the new password again.", path: ["confirmPassword"] };

export const resetPasswordFormSchema = resetPasswordSchema.refine(typedTwice, TYPE_AGAIN);

export const confirmLinkSchema = z.object({ token: linkTokenSchema });

/** A phone number, or nothing (an empty field clears it). */
const optionalPhoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX, PHONE_MESSAGE)
  .optional()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isPhoneNumber(value), PHONE_MESSAGE);

export const profileSchema = z.object({ name: nameSchema, phone: optionalPhoneSchema });

/** How the owner confirms a change: whichever of these the account has (reauthentication.server.ts). */
const confirmationShape = {
  currentPassword: z.string().max(1024, "Password is too long.").optional(),
  code: z.string().trim().max(32, "That code is too long.").optional(),
  confirmEmail: z.string().trim().max(254).optional(),
};

export const changeEmailSchema = z.object({ email: emailSchema, ...confirmationShape });

/** A new password in the settings: the current one, and the new one typed twice. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Enter your current password." })
      .min(1, { error: "Enter your current password.", abort: true })
      .max(1024, "Password is too long."),
    newPassword: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((value) => value.confirmPassword === undefined || value.newPassword === value.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmPassword"],
  });

export const changePasswordFormSchema = changePasswordSchema.refine(typedTwice, TYPE_AGAIN);

export const deleteAccountSchema = z.object(confirmationShape);

const requiredCodeSchema = z
  .string({ error: "Enter the code." })
  .trim()
  .min(1, { error: "Enter the code.", abort: true })
  .max(32, "That code is too long.");

export const twoFactorCodeSchema = z.object({ code: requiredCodeSchema });

/** Turning two-factor sign-in on: the new app's first code, and the owner's confirmation. */
export const confirmTwoFactorSchema = z.object({
  code: requiredCodeSchema,
  currentPassword: confirmationShape.currentPassword,
  confirmEmail: confirmationShape.confirmEmail,
});

/** New recovery codes, or two-factor sign-in off: only the owner's confirmation. */
export const confirmChangeSchema = z.object(confirmationShape);

export const sessionChoiceSchema = z.object({ sessionId: idSchema });
