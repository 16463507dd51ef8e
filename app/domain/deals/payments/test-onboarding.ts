// The offline provider's onboarding form (test mode): the seller's name and a bank account, of
// which only Stripe's public test numbers are accepted, so real bank details are never typed
// into a page that pays nobody. Browser-safe.
import * as z from "zod";

/** Stripe's test bank account (US): payouts to it succeed in Stripe's test mode. */
export const TEST_BANK_ACCOUNT = { routingNumber: "110000000", accountNumber: "000123456789" } as const;

const digits = (value: string) => value.replace(/[\s-]/g, "");

export const testOnboardingSchema = z.object({
  accountHolder: z
    .string({ error: "Enter the account holder's name" })
    .trim()
    .min(1, { error: "Enter the account holder's name", abort: true })
    .max(100, "The account holder's name should be at most 100 characters"),
  routingNumber: z
    .string({ error: "Enter the routing number" })
    .transform(digits)
    .refine((value) => value === TEST_BANK_ACCOUNT.routingNumber, {
      error: `Test mode accepts the test routing number ${TEST_BANK_ACCOUNT.routingNumber} only`,
    }),
  accountNumber: z
    .string({ error: "Enter the account number" })
    .transform(digits)
    .refine((value) => value === TEST_BANK_ACCOUNT.accountNumber, {
      error: `Test mode accepts the test account number ${TEST_BANK_ACCOUNT.accountNumber} only`,
    }),
});
