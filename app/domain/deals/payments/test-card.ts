// The offline test provider's card rules: Stripe's public test numbers behave as they do in
// Stripe's test mode; any other number is refused, so a real card is never "charged" here.
// Nothing about a card is ever stored.
import * as z from "zod";

export const TEST_CARDS: Record<string, { ok: true } | { ok: false; message: string }> = {
  "4242424242424242": { ok: true },
  "5555555555554444": { ok: true },
  "4000000000000002": { ok: false, message: "Your card was declined." },
  "4000000000009995": { ok: false, message: "Your card has insufficient funds." },
  "4000000000000069": { ok: false, message: "Your card has expired." },
  "4000000000000127": { ok: false, message: "Your card's security code is incorrect." },
};

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const now = () => new Date();

/** The test checkout form; the same rules in the browser and on the server. */
export const testCardSchema = z.object({
  cardNumber: z
    .string({ error: "Enter your card number." })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .min(1, { error: "Enter your card number.", abort: true })
        .regex(/^\d{12,19}$/, { error: "Your card number is incomplete.", abort: true })
        .refine(passesLuhn, "Your card number is invalid."),
    ),
  expiry: z
    .string({ error: "Enter the expiry date (MM/YY)." })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, { error: "Enter the expiry date as MM/YY.", abort: true })
    .refine((value) => {
      const [month, year] = value.split("/").map((part) => Number(part.trim()));
      const today = now();
      const expires = new Date(Date.UTC(2000 + year!, month!, 1));
      return expires.getTime() > Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1);
    }, "Your card's expiration date is in the past."),
  cvc: z
    .string({ error: "Enter the security code (CVC)." })
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});

export type TestChargeResult =
  | { ok: true; transactionId: string }
  | { ok: false; message: string; field?: "cardNumber" };

/**
 * Decides the outcome of a charge for an already validated card. Like Stripe's idempotency
 * keys, one key (one booking) always gives the same transaction: a double submit is one charge.
 */
export async function chargeTestCard(cardNumber: string, idempotencyKey: string): Promise<TestChargeResult> {
  const outcome = TEST_CARDS[cardNumber];
  if (!outcome) {
    return {
      ok: false,
      field: "cardNumber",
      message: "This is a test checkout: use a test card such as 4242 4242 4242 4242.",
    };
  }
  if (!outcome.ok) return outcome;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`test-charge:${idempotencyKey}`));
  const hex = [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return { ok: true, transactionId: `test_${hex}` };
}
