// A stolen-gear registration as the form and POST /api/stolen-serials send it: brand, serial,
// the day it was stolen, and a police reference or a note. Browser-safe.
import * as z from "zod";
import { BRANDS, isBrandKey, OTHER } from "#app/domain/gear/brands";
import { readSerial, SERIAL_MESSAGES } from "#app/domain/gear/serials";
import { isPlainText, toLineFeeds } from "#app/domain/shared/schemas";

export const STOLEN_LIMITS = { brandName: 80, serialInput: 60, policeReference: 80, note: 500 } as const;

const CONTROL = /[\u0000-\u001f\u007f]/;

const text = (max: number, label: string, singleLine: boolean) =>
  z
    .string({ error: `${label} must be text.` })
    .optional()
    .transform((value) => toLineFeeds(value ?? "").trim())
    .refine((value) => value.length <= max, `${label} should be at most ${max} characters.`)
    .refine((value) => !singleLine || !CONTROL.test(value), `${label} must be one line.`)
    .refine((value) => singleLine || isPlainText(value), `${label} contains characters we cannot show.`);

/** "2026-11-24" as a day of the calendar; null for anything else. */
function readDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().slice(0, 10) === value ? day : null;
}

export const stolenSerialSchema = z
  .object({
    brand: z
      .string({ error: "Choose the brand, or Other." })
      .trim()
      .refine(
        (value) => value === OTHER || isBrandKey(value),
        `Choose the brand from the list (${BRANDS.length}), or Other.`,
      ),
    brandName: text(STOLEN_LIMITS.brandName, "Brand name", true),
    serialNumber: z
      .string({ error: "serial number is required" })
      .trim()
      .min(1, { error: "serial number is required", abort: true })
      .max(STOLEN_LIMITS.serialInput, SERIAL_MESSAGES.length)
      .transform((value, ctx) => {
        const read = readSerial(value);
        if (!read.ok) {
          ctx.addIssue({ code: "custom", message: read.message });
          return z.NEVER;
        }
        return read.serial;
      }),
    stolenOn: z
      .string({ error: "date is required" })
      .trim()
      .min(1, { error: "date is required", abort: true })
      .transform((value, ctx) => {
        const day = readDay(value);
        const today = new Date().toISOString().slice(0, 10);
        if (!day || value > today || value < "1950-01-01") {
          ctx.addIssue({ code: "custom", message: "Give the day it was stolen, such as 2026-11-24, not after today." });
          return z.NEVER;
        }
        return value;
      }),
    policeReference: text(STOLEN_LIMITS.policeReference, "Police reference", true),
    note: text(STOLEN_LIMITS.note, "Note", false),
  })
  .superRefine((value, ctx) => {
    if (value.brand === OTHER && !value.brandName) {
      ctx.addIssue({ code: "custom", path: ["brandName"], message: "Type the brand's name." });
    }
    if (value.brand !== OTHER && value.brandName) {
      ctx.addIssue({
        code: "custom",
        path: ["brandName"],
        message: "Type a brand name only for a brand not in the list (Other).",
      });
    }
    if (!value.policeReference && !value.note) {
      ctx.addIssue({ code: "custom", path: ["policeReference"], message: "Give a police reference or a note." });
    }
  });

export type StolenSerialInput = z.input<typeof stolenSerialSchema>;
export type StolenSerial = z.output<typeof stolenSerialSchema>;
