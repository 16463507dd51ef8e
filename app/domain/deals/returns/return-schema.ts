// The return forms' rules, shared by the pages (browser and server) and the REST API (ADR 0107):
// the buyer's request, the seller's answer, the buyer's answer to an offer, the seller's check on
// arrival (the admin decides with the claims' decision form). Browser-safe.
import * as z from "zod";
import { readSerial } from "#app/domain/gear/serials";
import { amountExample, type Currency, parseMoney } from "#app/domain/shared/money";
import { groupThousands } from "#app/domain/shared/numbers";
import { multiLine } from "#app/domain/shared/schemas";
import { RETURN_PROBLEMS, RETURN_REASONS } from "#db/closed-lists";
import { RETURN_PROBLEM_WORDS, RETURN_REASON_WORDS } from "./return-words";

export const RETURN_TEXT_MAX = 1000;
/** At most this many photos with a request, or with a report on arrival. */
export const RETURN_PHOTOS_MAX = 4;
export const SHUTTER_COUNT_MAX = 10_000_000;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

function text(required: string, label: string) {
  return multiLine(
    z
      .string({ error: required })
      .trim()
      .min(1, { error: required, abort: true })
      .max(RETURN_TEXT_MAX, `${label} should be at most ${RETURN_TEXT_MAX} characters`),
    label,
  );
}

/** A serial as typed, read into its normal form (the listing's normaliser); absent when left blank. */
const serialField = z.preprocess(
  blankToUndefined,
  z
    .string()
    .transform((value, ctx) => {
      const reading = readSerial(value);
      if (!reading.ok) {
        ctx.addIssue({ code: "custom", message: reading.message });
        return z.NEVER;
      }
      return reading.serial;
    })
    .optional(),
);

const reasons = RETURN_REASONS.map((reason) => RETURN_REASON_WORDS[reason]).join(", ");

/** The buyer's request: why, what is wrong, and the serial and shutter count as they read them. */
export const returnRequestSchema = z.object({
  reason: z.enum(RETURN_REASONS, { error: `Choose why it goes back: ${reasons}.` }),
  details: text("Say what is wrong with it", "What is wrong"),
  serial: serialField,
  shutterCount: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: "Type the shutter count as a whole number" })
      .int("Type the shutter count as a whole number")
      .min(0, "Type the shutter count as a whole number")
      .max(SHUTTER_COUNT_MAX, `A shutter count is at most ${groupThousands(SHUTTER_COUNT_MAX)}`)
      .optional(),
  ),
});

export const RETURN_ANSWERS = ["accept", "offer", "decline"] as const;
export type ReturnAnswer = (typeof RETURN_ANSWERS)[number];

/** An amount as typed ("12.50") or sent (12.5) in integer cents, more than nothing. */
function amount(message: string, currency: Currency) {
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const cents = parseMoney(String(value), currency);
    if (cents === null || cents < 1) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return cents;
  });
}

/** The seller's answer: accept (a label is made), offer a part back, or decline (the admin decides). */
export function returnAnswerSchema(currency: Currency) {
  const message = `Enter the part to give back in ${currency.words}, such as ${amountExample(25, currency)}`;
  return z
    .object({
      answer: z.enum(RETURN_ANSWERS, { error: "Choose: accept the return, offer a part back, or decline." }),
      amount: z.preprocess(blankToUndefined, amount(message, currency).optional()),
      note: z.preprocess(blankToUndefined, text("", "Your words").optional()),
    })
    .superRefine((value, ctx) => {
      if (value.answer === "offer" && value.amount === undefined) {
        ctx.addIssue({ code: "custom", path: ["amount"], message });
      }
      if (value.answer !== "accept" && value.note === undefined) {
        ctx.addIssue({ code: "custom", path: ["note"], message: "Say why, for the buyer and the admin" });
      }
    });
}

/** The buyer's answer to the seller's offer of a part back. */
export const returnOfferAnswerSchema = z.object({
  answer: z.enum(["accept", "decline"], { error: "Choose: keep it for the part back, or decline the offer." }),
});

const problems = RETURN_PROBLEMS.map((problem) => RETURN_PROBLEM_WORDS[problem]).join(", ");

/** The seller's check of what came back: the serial they read, and a problem if there is one. */
export const returnCheckSchema = z
  .object({
    result: z.enum(["as_sent", "problem"], { error: "Choose: it came back as sent, or report a problem." }),
    serial: serialField,
    problem: z.preprocess(
      blankToUndefined,
      z.enum(RETURN_PROBLEMS, { error: `Choose the problem: ${problems}.` }).optional(),
    ),
    details: z.preprocess(blankToUndefined, text("", "What you found").optional()),
  })
  .superRefine((value, ctx) => {
    if (value.result === "problem" && value.problem === undefined) {
      ctx.addIssue({ code: "custom", path: ["problem"], message: `Choose the problem: ${problems}.` });
    }
    if (value.result === "problem" && value.details === undefined) {
      ctx.addIssue({ code: "custom", path: ["details"], message: "Say what you found" });
    }
  });
