// Stripe's HTTP API as the tests intercept it inside workerd: the calls Pay&Buy makes through
// the real `stripe` SDK (accounts, account links, payment intents, transfers and their
// reversals, refunds, and the platform balance's transactions each of them leaves) answered
// with the object shapes of Stripe's API reference, kept in memory, with Stripe's idempotency (a
// key seen before answers the first response again) and its list shape and paging. Every request is recorded; a test can make the next calls to a path fail. Events are
// signed with the SDK's own test header helper.
import Stripe from "stripe";
import { vi } from "vitest";

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
  idempotencyKey: string | null;
  stripeAccount: string | null;
}

type StripeObject = Record<string, unknown> & { id: string };

const realFetch = globalThis.fetch;

/** `metadata[operation]=x` → { operation: "x" }. */
function metadataOf(body: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of body) {
    const match = /^metadata\[(.+)\]$/.exec(name);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

function list(url: string, data: StripeObject[]) {
  return { object: "list", data, has_more: false, url };
}

export function stripeApi() {
  const seen: SeenRequest[] = [];
  const objects = new Map<string, StripeObject>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const failures: Array<{ path: RegExp; status: number; message: string; times: number; lose: boolean }> = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_test${String(++counter).padStart(6, "0")}`;
  const created = () => Math.floor(Date.now() / 1000);
  /** What a movement leaves on the platform's balance: signed, money in positive. */
  function balanceTransaction(type: string, source: string, amount: number, currency: unknown, at = created()) {
    const transaction = {
      id: nextId("txn"),
      object: "balance_transaction",
      type,
      source,
      amount,
      currency,
      created: at,
      status: "available",
    };
    objects.set(transaction.id, transaction);
    return transaction;
  }

  function account(id: string, body?: URLSearchParams): StripeObject {
    return {
      id,
      object: "account",
      type: "express",
      email: body?.get("email") ?? null,
      country: "US",
      default_currency: "usd",
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      capabilities: { transfers: "inactive" },
      controller: {
        type: "application",
        is_controller: true,
        fees: { payer: body?.get("controller[fees][payer]") ?? "application" },
        losses: { payments: body?.get("controller[losses][payments]") ?? "application" },
        requirement_collection: body?.get("controller[requirement_collection]") ?? "stripe",
        stripe_dashboard: { type: body?.get("controller[stripe_dashboard][type]") ?? "express" },
      },
      requirements: {
        currently_due: ["external_account", "individual.verification.document", "tos_acceptance.date"],
        eventually_due: [],
        past_due: [],
        pending_verification: [],
        disabled_reason: "requirements.past_due",
        current_deadline: null,
        errors: [],
      },
      metadata: metadataOf(body ?? new URLSearchParams()),
      created: created(),
    };
  }

  function route(request: SeenRequest, url: string): { status: number; body: unknown } {
    const { method, path, body, query } = request;
    // "/v1/transfers/tr_1/reversals" → resource "transfers", id "tr_1", child "reversals".
    const [, , resource, id, child] = path.split("/");
    if (method === "POST" && path === "/v1/accounts") {
      const made = account(nextId("acct"), body);
      objects.set(made.id, made);
      return { status: 200, body: made };
    }
    if (method === "GET" && resource === "accounts" && id && !child) {
      const found = objects.get(id);
      return found ? { status: 200, body: found } : missing("account", id);
    }
    if (method === "POST" && path === "/v1/account_links") {
      return {
        status: 200,
        body: {
          object: "account_link",
          created: created(),
          expires_at: created() + 300,
          url: `https://connect.stripe.com/setup/e/${body.get("account")}/${nextId("link")}`,
        },
      };
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const intent = {
        id: nextId("pi"),
        object: "payment_intent",
        amount: Number(body.get("amount")),
        amount_received: 0,
        currency: body.get("currency"),
        status: "requires_payment_method",
        client_secret: `${nextId("pi")}_secret_x`,
        transfer_group: body.get("transfer_group"),
        latest_charge: null,
        metadata: metadataOf(body),
      };
      objects.set(intent.id, intent);
      return { status: 200, body: intent };
    }
    if (method === "GET" && resource === "payment_intents" && id && !child) {
      const found = objects.get(id);
      return found ? { status: 200, body: found } : missing("payment_intent", id);
    }
    if (method === "POST" && path === "/v1/transfers") {
      const destination = body.get("destination")!;
      if (!objects.has(destination)) return missing("account", destination);
      const transfer = {
        id: nextId("tr"),
        object: "transfer",
        amount: Number(body.get("amount")),
        amount_reversed: 0,
        currency: body.get("currency"),
        destination,
        source_transaction: body.get("source_transaction"),
        transfer_group: body.get("transfer_group"),
        reversed: false,
        reversals: list(`/v1/transfers/x/reversals`, []),
        metadata: metadataOf(body),
        created: created(),
      };
      objects.set(transfer.id, transfer);
      balanceTransaction("transfer", transfer.id, -transfer.amount, transfer.currency);
      return { status: 200, body: transfer };
    }
    if (method === "GET" && path === "/v1/transfers") {
      const group = query.get("transfer_group");
      const found = [...objects.values()].filter((o) => o.object === "transfer" && o.transfer_group === group);
      return { status: 200, body: list(url, found.reverse()) };
    }
    if (resource === "transfers" && id && child === "reversals") {
      const transfer = objects.get(id);
      if (!transfer) return missing("transfer", id);
      if (method === "GET") {
        const found = [...objects.values()].filter(
          (o) => o.object === "transfer_reversal" && o.transfer === transfer.id,
        );
        return { status: 200, body: list(url, found.reverse()) };
      }
      const amount = Number(body.get("amount"));
      const left = (transfer.amount as number) - (transfer.amount_reversed as number);
      if (amount > left) return invalid(`Amount ${amount} is greater than the transfer's unreversed amount ${left}.`);
      transfer.amount_reversed = (transfer.amount_reversed as number) + amount;
      const reversal = {
        id: nextId("trr"),
        object: "transfer_reversal",
        amount,
        currency: transfer.currency,
        transfer: transfer.id,
        metadata: metadataOf(body),
        created: created(),
      };
      objects.set(reversal.id, reversal);
      balanceTransaction("transfer_refund", reversal.id, amount, reversal.currency);
      return { status: 200, body: reversal };
    }
    // A dispute's evidence, submitted: the bank reviews it.
    if (method === "POST" && resource === "disputes" && id && !child) {
      const evidence = Object.fromEntries(
        [...body.entries()].flatMap(([key, value]) => {
          const field = /^evidence\[(\w+)\]$/.exec(key)?.[1];
          return field ? [[field, value]] : [];
        }),
      );
      const dispute = {
        id,
        object: "dispute",
        status: body.get("submit") === "true" ? "under_review" : "needs_response",
        evidence,
        evidence_details: { submission_count: body.get("submit") === "true" ? 1 : 0 },
      };
      objects.set(id, dispute);
      return { status: 200, body: dispute };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const intent = objects.get(body.get("payment_intent") ?? "");
      if (!intent) return missing("payment_intent", body.get("payment_intent") ?? "");
      const refunded = [...objects.values()]
        .filter((o) => o.object === "refund" && o.payment_intent === intent.id)
        .reduce((sum, o) => sum + (o.amount as number), 0);
      const amount = Number(body.get("amount") ?? (intent.amount as number) - refunded);
      if (amount > (intent.amount as number) - refunded) {
        return invalid(`Refund amount (${amount}) is greater than the unrefunded amount on the charge.`);
      }
      const refund = {
        id: nextId("re"),
        object: "refund",
        amount,
        currency: intent.currency,
        charge: intent.latest_charge,
        payment_intent: intent.id,
        reason: body.get("reason"),
        status: "succeeded",
        metadata: metadataOf(body),
        created: created(),
      };
      objects.set(refund.id, refund);
      balanceTransaction("refund", refund.id, -amount, refund.currency);
      return { status: 200, body: refund };
    }
    if (method === "GET" && path === "/v1/refunds") {
      const intent = query.get("payment_intent");
      const charge = query.get("charge");
      const found = [...objects.values()].filter(
        (o) => o.object === "refund" && (intent ? o.payment_intent === intent : o.charge === charge),
      );
      return { status: 200, body: list(url, found.reverse()) };
    }
    if (method === "GET" && path === "/v1/balance_transactions") {
      // Newest first; created[gte]/[lt] and source filter; a page after starting_after.
      const gte = Number(query.get("created[gte]") ?? Number.NEGATIVE_INFINITY);
      const lt = Number(query.get("created[lt]") ?? Number.POSITIVE_INFINITY);
      const source = query.get("source");
      const all = [...objects.values()]
        .filter((o) => o.object === "balance_transaction")
        .filter((o) => (o.created as number) >= gte && (o.created as number) < lt && (!source || o.source === source))
        .reverse()
        .sort((a, b) => (b.created as number) - (a.created as number));
      const after = query.get("starting_after");
      const start = after ? all.findIndex((o) => o.id === after) + 1 : 0;
      const limit = Number(query.get("limit") ?? 10);
      const data = all.slice(start, start + limit);
      return { status: 200, body: { ...list(url, data), has_more: start + limit < all.length } };
    }
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } },
    };
  }

  function missing(kind: string, id: string) {
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${kind}: '${id}'` } },
    };
  }

  function invalid(message: string) {
    return { status: 400, body: { error: { type: "invalid_request_error", message } } };
  }

  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const url = new URL(request.url);
    if (url.hostname !== "api.stripe.com") return realFetch(input as RequestInfo, init);
    const text = request.method === "GET" ? "" : await request.text();
    const seenRequest: SeenRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      body: new URLSearchParams(text),
      idempotencyKey: request.headers.get("Idempotency-Key"),
      stripeAccount: request.headers.get("Stripe-Account"),
    };
    seen.push(seenRequest);
    const failure = failures.find((f) => f.times > 0 && f.path.test(`${request.method} ${url.pathname}`));
    const error = (f: (typeof failures)[number]) => ({
      status: f.status,
      body: { error: { type: "api_error", message: f.message } },
    });
    let reply: { status: number; body: unknown };
    if (failure && !failure.lose) {
      failure.times -= 1;
      reply = error(failure);
    } else if (seenRequest.idempotencyKey && replies.has(seenRequest.idempotencyKey)) {
      reply = replies.get(seenRequest.idempotencyKey)!;
    } else {
      reply = route(seenRequest, `${url.pathname}`);
      if (seenRequest.idempotencyKey) replies.set(seenRequest.idempotencyKey, reply);
    }
    // Made at Stripe, and the answer lost on the way back.
    if (failure?.lose) {
      failure.times -= 1;
      reply = error(failure);
    }
    return Response.json(reply.body, { status: reply.status, headers: { "Request-Id": `req_${counter}` } });
  });

  return {
    seen,
    objects,
    /** The requests to a method and path ("POST /v1/transfers"). */
    calls: (what: string) => seen.filter((s) => `${s.method} ${s.path}` === what),
    /**
     * The next `times` calls matching "METHOD /path" answer `status` with an error; with `lose`,
     * Stripe does what was asked and the answer is lost on the way back.
     */
    fail(what: RegExp, options: { status?: number; times?: number; lose?: boolean; message?: string } = {}) {
      failures.push({
        path: what,
        status: options.status ?? 500,
        message: options.message ?? "Stripe is unavailable",
        times: options.times ?? 1,
        lose: options.lose ?? false,
      });
    },
    /** A payment made with Stripe: a succeeded PaymentIntent with its charge, for a booking. */
    succeededIntent(bookingId: string, amount: number, currency = "usd") {
      const intent = {
        id: nextId("pi"),
        object: "payment_intent",
        amount,
        amount_received: amount,
        currency,
        status: "succeeded",
        transfer_group: bookingId,
        latest_charge: nextId("ch"),
        metadata: { bookingId },
      };
      objects.set(intent.id, intent);
      balanceTransaction("charge", intent.latest_charge, amount, currency);
      return intent;
    },
    /** A transaction on the platform's balance that no call of Pay&Buy made (a test's plant). */
    balanceTransaction,
    /** A refund made in Stripe's Dashboard (no metadata of ours). */
    dashboardRefund(intentId: string, amount: number) {
      const intent = objects.get(intentId)!;
      const refund = {
        id: nextId("re"),
        object: "refund",
        amount,
        currency: intent.currency,
        charge: intent.latest_charge,
        payment_intent: intent.id,
        status: "succeeded",
        metadata: {},
        created: created(),
      };
      objects.set(refund.id, refund);
      balanceTransaction("refund", refund.id, -amount, refund.currency);
      return refund;
    },
    /** The account after Stripe's onboarding: details submitted, transfers active, payouts enabled. */
    completeOnboarding(accountId: string) {
      const found = objects.get(accountId)!;
      Object.assign(found, {
        details_submitted: true,
        charges_enabled: false,
        payouts_enabled: true,
        capabilities: { transfers: "active" },
        requirements: { ...(found.requirements as object), currently_due: [], past_due: [], disabled_reason: null },
      });
      return found;
    },
    /** A charge as charge.refunded carries it. */
    charge(intentId: string) {
      const intent = objects.get(intentId)!;
      const refunded = [...objects.values()]
        .filter((o) => o.object === "refund" && o.payment_intent === intentId)
        .reduce((sum, o) => sum + (o.amount as number), 0);
      return {
        id: intent.latest_charge,
        object: "charge",
        amount: intent.amount,
        amount_refunded: refunded,
        currency: intent.currency,
        payment_intent: intentId,
        refunded: refunded === intent.amount,
        status: "succeeded",
      };
    },
  };
}

let eventCounter = 0;

/** A webhook event signed with `secret` by the SDK's own test header helper. */
export async function signedEvent(
  secret: string,
  type: string,
  object: unknown,
  options: { account?: string; created?: number; id?: string } = {},
) {
  const event = {
    id: options.id ?? `evt_test${String(++eventCounter).padStart(6, "0")}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: options.created ?? Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    ...(options.account ? { account: options.account } : {}),
    data: { object },
  };
  const payload = JSON.stringify(event);
  const stripe = new Stripe("sk_test_x", { httpClient: Stripe.createFetchHttpClient() });
  const signature = await stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return { payload, signature, event };
}
