// Money out through Stripe Connect (ADR 0057): sellers' Express accounts and their hosted
// onboarding, and the deal's movements as separate charges and transfers. The seller's net is
// transferred from the deal's own charge (source_transaction), a refund is made on the
// platform's PaymentIntent, and after a release the seller's share of a refund is taken back
// with a transfer reversal. Every call that moves money carries an idempotency key made from the
// operation's id; a retry first looks for what an earlier attempt made (Stripe keeps idempotency
// keys for 24 hours, the job may retry later than that).
import type Stripe from "stripe";
import type {
  ConnectedAccountState,
  PayoutRail,
  ProviderRecord,
  ProviderRecords,
  ReconciledKind,
} from "../providers/types";
import type { StripeConnection } from "./stripe-client.server";

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

/**
 * The ledger's kind for a balance transaction of the platform's account, or null when it has
 * none: Stripe's own fees, disputes' adjustments and the rest are not the ledger's movements.
 * A transfer reversal is a `transfer_refund`; a transfer cancelled or failed gives its money back
 * as well, and the ledger records neither, so it is reported.
 */
function reconciledKind(type: Stripe.BalanceTransaction.Type): ReconciledKind | null {
  switch (type) {
    case "charge":
    case "payment":
      return "charge";
    case "refund":
    case "payment_refund":
      return "refund";
    case "transfer":
      return "transfer";
    case "transfer_refund":
    case "transfer_cancel":
    case "transfer_failure":
      return "transfer_reversal";
    default:
      return null;
  }
}

/** A balance transaction as the provider's record of a movement: its source's id, its size unsigned. */
function recordOf(transaction: Stripe.BalanceTransaction): ProviderRecord | null {
  const kind = reconciledKind(transaction.type);
  const source = typeof transaction.source === "string" ? transaction.source : (transaction.source?.id ?? null);
  if (!kind || !source) return null;
  return { ref: source, kind, amountCents: Math.abs(transaction.amount), currency: transaction.currency };
}

/**
 * Stripe's record of the platform's money (ADR 0089): the platform account's balance
 * transactions, a page at a time through the SDK. A seller's payout is made from their connected
 * account and is in that account's balance, not the platform's: payouts are not compared with
 * Stripe (the payout.* events record them).
 */
export function stripeRecords(connected: () => Promise<StripeConnection>): ProviderRecords {
  const client = async () => (await connected()).stripe;
  return {
    kinds: ["charge", "transfer", "refund", "transfer_reversal"],
    async list(day, cursor, limit) {
      const page = await (await client()).balanceTransactions.list({
        created: { gte: Math.floor(day.from / 1000), lt: Math.floor(day.to / 1000) },
        limit,
        ...(cursor ? { starting_after: cursor } : {}),
      });
      const last = page.data.at(-1);
      return {
        records: page.data.flatMap((transaction) => recordOf(transaction) ?? []),
        next: page.has_more && last ? last.id : null,
      };
    },
    async find(movements) {
      const stripe = await client();
      const found: ProviderRecord[] = [];
      // The balance transactions of each movement's object (a charge's is its ch_ id).
      for (const movement of movements) {
        const page = await stripe.balanceTransactions.list({ source: movement.ref, limit: 10 });
        for (const transaction of page.data) {
          const record = recordOf(transaction);
          if (record && record.kind === movement.kind && record.ref === movement.ref) found.push(record);
        }
      }
      return found;
    },
  };
}
