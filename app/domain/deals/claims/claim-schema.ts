// The claim forms' rules, shared by the pages (browser and server) and the REST API: a buyer's
// claim, the seller's answer and the admin's decision. Browser-safe.
import * as z from "zod";
import { amountExample, type Currency, parseMoney } from "#app/domain/shared/money";
import { multiLine, requiredId } from "#app/domain/shared/schemas";
import { CLAIM_OUTCOMES, CLAIM_REASONS } from "#db/closed-lists";
import { CLAIM_REASON_WORDS } from "./claim-words";

export const CLAIM_TEXT_MAX = 1000;

function text(required: string, label: string, max = CLAIM_TEXT_MAX) {
  return multiLine(
    z
      .string({ error: required })
      .trim()
      .min(1, { error: required, abort: true })
      .max(max, `${label} should be at most ${max} characters`),
    label,
  );
}

const reasons = CLAIM_REASONS.map((reason) => CLAIM_REASON_WORDS[reason]).join(", ");

/** The buyer's claim: what it is about, and what happened. */
export const claimFieldsSchema = z.object({
  reason: z.enum(CLAIM_REASONS, { error: `Choose what the claim is about: ${reasons}.` }),
  details: text("Say what went wrong", "What went wrong"),
});

export const claimSchema = claimFieldsSchema.extend({
  bookingId: requiredId("bookingId", "the id of the paid booking the claim is about"),
});

/** The seller's answer to a claim. */
export const claimAnswerFieldsSchema = z.object({ answer: text("Write your answer", "The answer") });

/** An amount as a form types it or a call sends it ("12.50", 12.5) becomes integer cents. */
function refundAmount(message: string, currency: Currency) {
  return z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const cents = parseMoney(String(value), currency);
    if (cents === null || cents < 1) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return cents;
  });
}

/** The admin's decision: release, refund in full, or refund a part (an amount in the currency). */
export function claimDecisionFieldsSchema(currency: Currency) {
  const message = `Enter the amount to refund in ${currency.words}, such as ${amountExample(25, currency)}`;
  return z
    .object({
      outcome: z.enum(CLAIM_OUTCOMES, { error: "Choose a decision: refund in full, refund in part, or release." }),
      amount: z.preprocess((value) => (value === "" ? undefined : value), refundAmount(message, currency).optional()),
      note: z.preprocess(
        (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
        text("", "The note").optional(),
      ),
    })
    .superRefine((value, ctx) => {
      if (value.outcome === "refund_partial" && value.amount === undefined) {
        ctx.addIssue({ code: "custom", path: ["amount"], message });
      }
    });
}
