// Money out through Stripe Connect (ADR 0057): sellers' Express accounts and their hosted
// onboarding, and the deal's movements as separate charges and transfers. The seller's net is
// transferred from the deal's own charge (source_transaction), a refund is made on the
// platform's PaymentIntent, and after a release the seller's share of a refund is taken back
// with a transfer reversal. Every call that moves money carries an idempotency key made from the
// operation's id; a retry first looks for what an earlier attempt made (Stripe keeps idempotency
// keys for 24 hours, the job may retry later than that).
import type Stripe from "stripe";
import type { StripeConnection } from "./stripe-client.server";
import type { ConnectedAccountState, PayoutRail } from "./types";

/** A Stripe account's state as the domain keeps it. */
export function accountStateOf(account: Stripe.Account): ConnectedAccountState {
  const due = new Set([...(account.requirements?.currently_due ?? []), ...(account.requirements?.past_due ?? [])]);
  return {
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    transfersActive: account.capabilities?.transfers === "active",
    requirementsDue: [...due],
    disabledReason: account.requirements?.disabled_reason ?? null,
  };
}

const key = (kind: string, id: string) => `pay-and-buy:${kind}:${id}`;

/** The first object of a list (all its pages) made for `operationId`, by its metadata. */
async function madeFor<T extends { id: string; metadata?: Stripe.Metadata | null }>(
  list: AsyncIterable<T>,
  operationId: string,
): Promise<string | null> {
  for await (const item of list) if (item.metadata?.operation === operationId) return item.id;
  return null;
}

export function stripePayoutRail(connected: () => Promise<StripeConnection>): PayoutRail {
  const client = async () => (await connected()).stripe;
  return {
    paysOutFromLedger: false,

    /**
     * An Express account (Stripe's dashboard, Stripe collects the requirements; the platform pays
     * Stripe's fees and carries the losses, as separate charges and transfers need), able to
     * receive transfers.
     */
    async createAccount(seller) {
      const account = await (await client()).accounts.create(
        {
          controller: {
            stripe_dashboard: { type: "express" },
            fees: { payer: "application" },
            losses: { payments: "application" },
            requirement_collection: "stripe",
          },
          capabilities: { transfers: { requested: true } },
          email: seller.email,
          metadata: { sellerId: seller.id },
        },
        { idempotencyKey: key("account", seller.id) },
      );
      return { accountId: account.id, state: accountStateOf(account) };
    },

    async onboardingUrl(accountId, urls) {
      const link = await (await client()).accountLinks.create({
        account: accountId,
        type: "account_onboarding",
        return_url: urls.returnUrl,
        refresh_url: urls.refreshUrl,
      });
      return link.url;
    },

    async accountState(accountId) {
      return accountStateOf(await (await client()).accounts.retrieve(accountId));
    },

    async transfer(order) {
      const stripe = await client();
      if (order.retry) {
        const made = await madeFor(
          stripe.transfers.list({ transfer_group: order.bookingId, limit: 100 }),
          order.operationId,
        );
        if (made) return made;
      }
      let source = order.chargeRef;
      if (!source) {
        const intent = await stripe.paymentIntents.retrieve(order.transactionId);
        source = typeof intent.latest_charge === "string" ? intent.latest_charge : (intent.latest_charge?.id ?? null);
      }
      const transfer = await stripe.transfers.create(
        {
          amount: order.amountCents,
          currency: order.currency,
          destination: order.destination,
          // Paid from this deal's charge: it waits for the charge's funds, never the platform's own.
          ...(source ? { source_transaction: source } : {}),
          transfer_group: order.bookingId,
          metadata: { bookingId: order.bookingId, operation: order.operationId },
        },
        { idempotencyKey: key("transfer", order.operationId) },
      );
      return transfer.id;
    },

    async refund(order) {
      const stripe = await client();
      if (order.retry) {
        const made = await madeFor(
          stripe.refunds.list({ payment_intent: order.transactionId, limit: 100 }),
          order.operationId,
        );
        if (made) return made;
      }
      const refund = await stripe.refunds.create(
        {
          payment_intent: order.transactionId,
          amount: order.amountCents,
          reason: "requested_by_customer",
          metadata: { bookingId: order.bookingId, operation: order.operationId },
        },
        { idempotencyKey: key("deal-refund", order.operationId) },
      );
      return refund.id;
    },

    async reverseTransfer(order) {
      const stripe = await client();
      if (order.retry) {
        const made = await madeFor(stripe.transfers.listReversals(order.transferId, { limit: 100 }), order.operationId);
        if (made) return made;
      }
      const reversal = await stripe.transfers.createReversal(
        order.transferId,
        { amount: order.amountCents, metadata: { bookingId: order.bookingId, operation: order.operationId } },
        { idempotencyKey: key("reversal", order.operationId) },
      );
      return reversal.id;
    },
  };
}
