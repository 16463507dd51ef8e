// The sender's address a seller gives to buy a label through Pay&Buy (ADR 0086): passed on to
// the carrier, never stored. Browser-safe: the shipment page's form and the REST call share it.
import * as z from "zod";
import { isOneLine, notOneLineMessage } from "#app/domain/shared/schemas";

function line(label: string, max: number, required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, `${label} should be at most ${max} characters`)
    .refine(isOneLine, notOneLineMessage(label));
}

export const returnAddressSchema = z.object({
  name: line("Your name", 100, "Enter the name the carrier prints as the sender's."),
  line1: line("Street address", 200, "Enter your street address."),
  line2: z
    .string({ error: "Apartment, suite must be text." })
    .trim()
    .max(200, "Apartment, suite should be at most 200 characters")
    .refine(isOneLine, notOneLineMessage("Apartment, suite"))
    .nullish()
    .transform((value) => value || null),
  city: line("City", 100, "Enter your city."),
  region: line("State or province", 100, "Enter your state or province."),
});
