// The product's mode (ADR 0091): Pay&Buy runs in test mode as a whole, or not at all. Test mode is
// a configuration with no real payment provider: no Stripe key. Every test tool (the offline
// carrier and its control, the offline payment provider's dispute and decision controls, test
// onboarding) exists only then, never beside a real provider, and a test control moves only what
// its own offline provider made. Every check of "may a test tool act here" reads this one rule.

/** What the mode is decided from; the Worker's parsed settings satisfy it. */
export interface ModeSettings {
  STRIPE_SECRET_KEY?: string | undefined;
}

/** Whether this configuration runs the whole product in test mode: no real payment provider. */
export function inTestMode(settings: ModeSettings): boolean {
  return !settings.STRIPE_SECRET_KEY;
}
