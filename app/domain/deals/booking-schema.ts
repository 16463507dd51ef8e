// The booking dialog's rules and the ids the booking calls name, shared by the pages (browser
// and server) and the REST API.
import * as z from "zod";
import {
  idSchema,
  isOneLine,
  isPhoneNumber,
  notOneLineMessage,
  PHONE_MAX,
  PHONE_MESSAGE,
  requiredId,
} from "#app/domain/shared/schemas";

/** The booking dialog: what the buyer types. Everything else comes from the database. */
export const bookingSchema = z.object({
  productId: idSchema,
  meetLocation: z
    .string({ error: "Your location is required" })
    .trim()
    .min(1, { error: "Your location is required", abort: true })
    .max(200, "Your location should be at most 200 characters")
    .refine(isOneLine, notOneLineMessage("Your location")),
  buyerContact: z
    .string({ error: "Your contact is required" })
    .trim()
    .min(1, { error: "Your contact is required", abort: true })
    .max(PHONE_MAX, { error: PHONE_MESSAGE, abort: true })
    .refine(isPhoneNumber, PHONE_MESSAGE),
});

export const bookingIdSchema = z.object({
  bookingId: requiredId("bookingId", "the id of the booking (My Orders lists yours)"),
});
