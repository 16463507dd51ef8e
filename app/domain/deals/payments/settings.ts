/**
 * What the payment domain needs to know of the configuration. The Worker's parsed settings
 * (app/server/env.server.ts) satisfy it; the domain never reads the environment itself.
 */
export interface PaymentSettings {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  PAYMENT_CURRENCY: string;
}
