// The stripe SDK, loaded on first use (requests that never touch a payment never evaluate it),
// with the fetch HTTP client looked up at call time, so the Workers runtime's fetch (or a test's
// interception of it) is used.
import type Stripe from "stripe";

export type StripeModule = typeof import("stripe");

export interface StripeConnection {
  stripe: Stripe;
  module: StripeModule;
}

async function connect(secretKey: string): Promise<StripeConnection> {
  const module = await import("stripe");
  const StripeClient = module.default;
  const stripe = new StripeClient(secretKey, {
    httpClient: StripeClient.createFetchHttpClient((input, init) => fetch(input, init)),
    maxNetworkRetries: 1,
  });
  return { stripe, module };
}

/** One lazily made connection per provider instance. */
export function stripeConnection(secretKey: string): () => Promise<StripeConnection> {
  let connection: Promise<StripeConnection> | undefined;
  return () => {
    connection ??= connect(secretKey);
    return connection;
  };
}
