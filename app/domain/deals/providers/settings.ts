import { type FeeRule, percentToBasisPoints } from "#app/domain/deals/ledger/fees";

/**
 * The longest buyer protection the charge model allows (ADR 0057): the platform keeps the
 * charge in its own balance until the release transfers the seller's net from it, so no card
 * authorisation expires meanwhile; a month bounds how long a seller waits without a claim.
 */
export const MAX_PROTECTION_DAYS = 30;

/**
 * What the payment domain needs to know of the configuration. The Worker's parsed settings
 * (app/server/env.server.ts) satisfy it; the domain never reads the environment itself.
 */
export interface PaymentSettings {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_CONNECT_WEBHOOK_SECRET?: string | undefined;
  PAYMENT_CURRENCY: string;
  PLATFORM_FEE_PERCENT: string;
  PLATFORM_FEE_FIXED_CENTS: number;
  BUYER_PROTECTION_DAYS: number;
}

/** The platform's fee as the settings give it (validated when the settings are parsed). */
export function feeRuleOf(
  settings: Pick<PaymentSettings, "PLATFORM_FEE_PERCENT" | "PLATFORM_FEE_FIXED_CENTS" | "PAYMENT_CURRENCY">,
): FeeRule {
  const basisPoints = percentToBasisPoints(settings.PLATFORM_FEE_PERCENT);
  if (basisPoints === null) throw new Error("PLATFORM_FEE_PERCENT is not a valid percentage");
  return { basisPoints, fixedCents: settings.PLATFORM_FEE_FIXED_CENTS };
}
