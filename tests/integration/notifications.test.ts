// Notifications: domain operations return events, the adapters and the scheduled job publish
// them to the queue, and the Worker's queue() handler delivers each letter once. The queue
// consumer is driven here with batches the test builds (createMessageBatch); what the routes
// publish is caught by a recording queue in the env the Worker is called with.
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cancelBooking } from "#app/domain/deals/bookings/bookings.server";
import { fulfilPayment } from "#app/domain/deals/payments/fulfilment.server";
import { verifySeller } from "#app/domain/moderation/admin-users.server";

/** A deal paid now is held for the buyer for three days. */
const TERMS = { protectionDays: 3 };

import { sendMessage } from "#app/domain/messaging/sending.server";
import { removeReportedListing } from "#app/domain/moderation/reports.server";
import { type NotificationMessage, toNotificationMessage } from "#app/domain/notifications/messages";
import { NOTIFICATION_KINDS_BY_ROLE } from "#app/domain/notifications/preferences.server";
import type { DomainEvent } from "#app/domain/shared/events";
import { formatMoney } from "#app/domain/shared/money";
import { database } from "#db/client";
import { bookings, emailOutbox, messages, notificationDeliveries, products, users } from "#db/schema";
import worker from "../../workers/app";
import { bearerFor, get, ORIGIN, signedInUser } from "./auth-helpers";
import { amountsIn, insertBooking, insertCategory, insertProduct, insertReport, insertUser, USD } from "./factories";
import { bookedListing } from "./payment-fixtures";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const QUEUE = "pay-and-buy-notifications";

let nextId = 0;
/** One delivery of the messages to the Worker's queue() handler; `attempts` as the queue counts. */
async function deliver(events: DomainEvent[], env: object = testEnv, attempts = 1) {
  const batch = createMessageBatch<NotificationMessage>(
    QUEUE,
    events.map((event) => ({
      id: `message-${++nextId}`,
      timestamp: new Date(),
      attempts,
      body: toNotificationMessage(event),
    })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch, env as Env, ctx);
  return { batch, result: await getQueueResult(batch as MessageBatch, ctx) };
}

async function outbox() {
  return db().select().from(emailOutbox).orderBy(emailOutbox.toEmail, emailOutbox.subject);
}

/** A queue double that records what is sent to it. */
function recordingQueue(fail = false) {
  const sent: NotificationMessage[] = [];
  const queue = {
    async send(body: NotificationMessage) {
      if (fail) throw new Error("queue unavailable");
      sent.push(body);
    },
    async sendBatch(messages: Iterable<{ body: NotificationMessage }>) {
      if (fail) throw new Error("queue unavailable");
      for (const message of messages) sent.push(message.body);
    },
  };
  return { sent, queue };
}

/** A request through the whole Worker with a recording queue; waits for what it left running. */
async function callWorker(path: string, init: RequestInit, queue: ReturnType<typeof recordingQueue>["queue"]) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }) as Request<unknown, IncomingRequestCfProperties>,
    { ...testEnv, NOTIFICATIONS: queue } as unknown as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const formInit = (cookie: string, fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: {
    Cookie: cookie,
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: ORIGIN,
    Host: new URL(ORIGIN).host,
  },
  body: new URLSearchParams(fields),
});

async function availableListing() {
  const category = await insertCategory({ title: "Camera" });
  const seller = await insertUser({ role: "seller", name: "Maya Seller", email: "maya@example.com" });
  const product = await insertProduct({ sellerId: seller.id, categoryId: category.id, name: "Leica M6" });
  return { seller, product };
}

/** A booking of a named buyer and seller, as bookProduct leaves it. */
async function booking() {
  const listing = await bookedListing(45_000);
  await db()
    .update(users)
    .set({ name: "Bea Buyer", email: "bea@example.com" })
    .where(eq(users.id, listing.buyer.user.id));
  await db()
    .update(users)
    .set({ name: "Maya Seller", email: "maya@example.com" })
    .where(eq(users.id, listing.seller.id));
  return listing;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("letters per kind", () => {
  it("booking made: the seller is told who booked what, where and how to reach them", async () => {
    const { booking: booked } = await booking();
    const { result } = await deliver([{ kind: "booking_made", bookingId: booked.id }]);
    expect(result.explicitAcks).toHaveLength(1);
    const letters = await outbox();
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({ kind: "booking_made", toEmail: "maya@example.com" });
    expect(letters[0]!.subject).toBe("Booking made: Sigma 35mm Art");
    expect(letters[0]!.body).toContain("Bea Buyer booked");
    expect(letters[0]!.body).toContain(amountsIn("$ 450.00"));
  });

  it("a letter prints an amount as the pages do: one formatter, '$ 1,234.56'", async () => {
    const { booking: booked, buyer } = await bookedListing(123_456);
    await deliver([{ kind: "booking_made", bookingId: booked.id }]);
    const [letter] = await outbox();
    const page = await (await get("/dashboard/my_orders", { Cookie: buyer.cookie })).text();
    expect(formatMoney(123_456, USD)).toBe(amountsIn("$ 1,234.56"));
    expect(letter!.body).toContain(amountsIn("for $ 1,234.56."));
    expect(page).toContain(amountsIn("$ 1,234.56"));
  });

  it("a subject is one line, whatever a name stored before the one-line rule holds", async () => {
    const { booking: booked, product } = await booking();
    await db().update(products).set({ name: "Lens X\r\nBcc: victim@example.com" }).where(eq(products.id, product.id));
    await deliver([{ kind: "booking_made", bookingId: booked.id }]);
    const [letter] = await outbox();
    expect(letter!.subject).toBe("Booking made: Lens X Bcc: victim@example.com");
  });

  it("booking cancelled and booking expired: the buyer and the seller", async () => {
    const { booking: booked, buyer } = await booking();
    const cancelled = await cancelBooking(db(), buyer.user, booked.id);
    expect(cancelled.ok && cancelled.events).toEqual([{ kind: "booking_cancelled", bookingId: booked.id }]);
    await deliver([{ kind: "booking_cancelled", bookingId: booked.id }]);
    await deliver([{ kind: "booking_expired", bookingId: booked.id }]);
    const letters = await outbox();
    expect(letters.map((l) => [l.toEmail, l.subject])).toEqual([
      ["bea@example.com", "Booking cancelled: Sigma 35mm Art"],
      ["bea@example.com", "Booking expired: Sigma 35mm Art"],
      ["maya@example.com", "Booking cancelled: Sigma 35mm Art"],
      ["maya@example.com", "Booking expired: Sigma 35mm Art"],
    ]);
  });

  it("payment received: the first fulfilment alone returns the event; buyer and seller get the transaction id", async () => {
    const { booking: booked } = await booking();
    const payment = {
      bookingId: booked.id,
      provider: "test" as const,
      transactionId: "tx_123",
      amountCents: 45_000,
      currency: "usd",
    };
    const first = await fulfilPayment(db(), payment, TERMS);
    expect(first.outcome === "fulfilled" && first.events).toEqual([{ kind: "payment_received", bookingId: booked.id }]);
    const again = await fulfilPayment(db(), payment, TERMS);
    expect(again).toEqual({ outcome: "already_fulfilled" });
    await deliver([{ kind: "payment_received", bookingId: booked.id }]);
    const letters = await outbox();
    expect(letters.map((l) => [l.toEmail, l.subject])).toEqual([
      ["bea@example.com", "Payment received: Sigma 35mm Art"],
      ["maya@example.com", "Payment received: Sigma 35mm Art"],
    ]);
    for (const letter of letters) expect(letter.body).toContain("Transaction ID: tx_123");
  });

  it("seller verified and listing removed: the seller, once per happening", async () => {
    const { seller, product } = await availableListing();
    const verified = await verifySeller(db(), { id: seller.id });
    expect(verified.ok && verified.events).toEqual([{ kind: "seller_verified", sellerId: seller.id }]);
    const repeat = await verifySeller(db(), { id: seller.id });
    expect(repeat.ok && repeat.events).toEqual([]);
    const reporter = await insertUser();
    await insertReport({ productId: product.id, reporterId: reporter.id, reason: "misleading" });
    const admin = await insertUser({ role: "admin" });
    const removed = await removeReportedListing(db(), admin, product.id);
    expect(removed.ok && removed.events).toEqual([{ kind: "listing_removed", productId: product.id }]);
    await deliver([
      { kind: "seller_verified", sellerId: seller.id },
      { kind: "listing_removed", productId: product.id },
    ]);
    const letters = await outbox();
    expect(letters.map((l) => [l.toEmail, l.kind])).toEqual([
      ["maya@example.com", "listing_removed"],
      ["maya@example.com", "seller_verified"],
    ]);
    expect(letters[0]!.subject).toBe("Listing removed: Leica M6");
  });

  it("a message about something that is gone, or not one of ours, is acknowledged and sends nothing", async () => {
    const { result } = await deliver([{ kind: "booking_made", bookingId: "no-such-booking" }]);
    expect(result.explicitAcks).toHaveLength(1);
    const batch = createMessageBatch(QUEUE, [
      { id: "garbage", timestamp: new Date(), attempts: 1, body: { kind: "x" } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch, testEnv, ctx);
    expect((await getQueueResult(batch as MessageBatch, ctx)).explicitAcks).toEqual(["garbage"]);
    expect(await outbox()).toEqual([]);
  });
});

describe("who is not told", () => {
  it("a recipient who turned the kind off gets nothing; the other party still does", async () => {
    const { booking: booked, buyer, seller } = await booking();
    const off = await putSettings(await bearerFor(seller.id), { booking_cancelled: false });
    expect(off.status).toBe(200);
    await cancelBooking(db(), buyer.user, booked.id);
    await deliver([{ kind: "booking_cancelled", bookingId: booked.id }]);
    expect((await outbox()).map((l) => l.toEmail)).toEqual(["bea@example.com"]);
  });

  it("a deleted account gets nothing", async () => {
    const { booking: booked, seller } = await booking();
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, seller.id));
    await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, booked.id));
    await deliver([{ kind: "booking_cancelled", bookingId: booked.id }]);
    expect((await outbox()).map((l) => l.toEmail)).toEqual(["bea@example.com"]);
  });
});

describe("exactly once per recipient", () => {
  it("a message delivered again sends nothing twice", async () => {
    const { booking: booked, seller } = await booking();
    const event: DomainEvent = { kind: "booking_expired", bookingId: booked.id };
    await deliver([event]);
    const again = await deliver([event, event], testEnv, 2);
    expect(again.result.explicitAcks).toHaveLength(2);
    expect(await outbox()).toHaveLength(2);
    const claims = await db().select().from(notificationDeliveries);
    expect(claims.map((claim) => claim.key).sort()).toEqual(
      [`booking_expired:${booked.id}:${booked.buyerId}`, `booking_expired:${booked.id}:${seller.id}`].sort(),
    );
    expect(claims.every((claim) => claim.sentAt !== null)).toBe(true);
  });

  it("a provider failure releases the claim and retries; the retry sends the letter once", async () => {
    const { booking: booked, seller } = await booking();
    const env = {
      ...testEnv,
      EMAIL_API_KEY: "re_test_key",
      EMAIL_FROM: "Pay&Buy <notifications@payandbuy.example>",
      EMAIL_API_URL: "https://email.test/emails",
    };
    const posted: Array<{ headers: Headers; body: { to: string[]; from: string; subject: string } }> = [];
    let answer = 503;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      expect(request.url).toBe("https://email.test/emails");
      posted.push({ headers: request.headers, body: await request.json() });
      return new Response("{}", { status: answer });
    });
    const event: DomainEvent = { kind: "booking_made", bookingId: booked.id };
    const failed = await deliver([event], env);
    expect(failed.result.retryMessages).toHaveLength(1);
    expect(failed.result.explicitAcks).toEqual([]);
    expect(await db().select().from(notificationDeliveries)).toEqual([]);

    answer = 200;
    const retried = await deliver([event], env, 2);
    expect(retried.result.explicitAcks).toHaveLength(1);
    await deliver([event], env, 3);
    expect(posted).toHaveLength(2);
    expect(posted[1]!.body).toMatchObject({
      from: "Pay&Buy <notifications@payandbuy.example>",
      to: ["maya@example.com"],
      subject: "Booking made: Sigma 35mm Art",
    });
    expect(posted[1]!.headers.get("Authorization")).toBe("Bearer re_test_key");
    expect(posted[1]!.headers.get("Idempotency-Key")).toBe(`booking_made:${booked.id}:${seller.id}`);
    // The HTTP provider was used: nothing went to the outbox.
    expect(await outbox()).toEqual([]);
  });
});

function putSettings(bearer: string, body: unknown) {
  return callWorker(
    "/api/settings/notifications",
    {
      method: "PUT",
      headers: { Authorization: bearer, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    },
    recordingQueue().queue,
  );
}

describe("publishing", () => {
  it("a booking made on the page and one made through the API each send booking_made to the queue", async () => {
    const { product } = await availableListing();
    const other = await insertProduct({ sellerId: product.sellerId, categoryId: product.categoryId, name: "Nikon F3" });
    const { user, cookie } = await signedInUser("buyer");
    const { sent, queue } = recordingQueue();
    const page = await callWorker(
      `/?index&book=${product.id}`,
      formInit(cookie, {
        intent: "book",
        productId: product.id,
        meetLocation: "Union Square",
        buyerContact: "+1 415 555 0101",
      }),
      queue,
    );
    expect(page.status).toBe(302);
    const api = await callWorker(
      "/api/booking",
      {
        method: "POST",
        headers: { Authorization: await bearerFor(user.id), "Content-Type": "application/json" },
        body: JSON.stringify({ productId: other.id, meetLocation: "Pier 39", buyerContact: "+1 415 555 0102" }),
      },
      queue,
    );
    expect(api.status).toBe(201);
    const made = await db().select({ id: bookings.id, productId: bookings.productId }).from(bookings);
    const idOf = (productId: string) => made.find((row) => row.productId === productId)!.id;
    expect(sent).toEqual([
      { kind: "booking_made", bookingId: idOf(product.id), key: `booking_made:${idOf(product.id)}` },
      { kind: "booking_made", bookingId: idOf(other.id), key: `booking_made:${idOf(other.id)}` },
    ]);
  });

  it("a refused booking publishes nothing, and a queue that fails never fails the request", async () => {
    const { product } = await availableListing();
    const { cookie } = await signedInUser("buyer");
    const fields = {
      intent: "book",
      productId: product.id,
      meetLocation: "Union Square",
      buyerContact: "+1 415 555 0101",
    };
    const broken = recordingQueue(true);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const booked = await callWorker(`/?index&book=${product.id}`, formInit(cookie, fields), broken.queue);
    expect(booked.status).toBe(302);
    expect(await db().select().from(bookings)).toHaveLength(1);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining("notificationsNotPublished"));
    const { sent, queue } = recordingQueue();
    const second = await signedInUser("buyer");
    const refused = await callWorker(`/?index&book=${product.id}`, formInit(second.cookie, fields), queue);
    expect(refused.status).toBe(302);
    expect(sent).toEqual([]);
  });

  it("the scheduled job publishes booking_expired for each booking it ends", async () => {
    const { product } = await availableListing();
    const buyer = await insertUser();
    const expired = await insertBooking(product, buyer.id, { expiresAt: new Date(Date.UTC(2026, 0, 1)) });
    const { sent, queue } = recordingQueue();
    const ctx = createExecutionContext();
    await worker.scheduled(
      createScheduledController({ scheduledTime: Date.UTC(2026, 0, 2), cron: "*/5 * * * *" }),
      { ...testEnv, NOTIFICATIONS: queue } as unknown as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(sent).toEqual([{ kind: "booking_expired", bookingId: expired.id, key: `booking_expired:${expired.id}` }]);
  });
});

describe("settings", () => {
  it("the page lists the role's kinds and a plain POST turns one off, which delivery respects", async () => {
    const { user: seller, cookie } = await signedInUser("seller");
    const { queue } = recordingQueue();
    const page = await (await callWorker("/dashboard/settings", { headers: { Cookie: cookie } }, queue)).text();
    for (const label of ["Booking made", "Payment received", "Seller verified", "Listing removed"]) {
      expect(page).toContain(label);
    }
    const kept = NOTIFICATION_KINDS_BY_ROLE.seller.filter(
      (kind) => kind !== "payment_received" && kind !== "seller_verified",
    );
    const saved = await callWorker(
      "/dashboard/settings/notifications",
      formInit(cookie, { ...Object.fromEntries(kept.map((k) => [k, "on"])) }),
      queue,
    );
    expect(saved.status).toBe(302);
    const api = await callWorker(
      "/api/settings/notifications",
      { headers: { Authorization: await bearerFor(seller.id) } },
      queue,
    );
    const { notifications } = await api.json<{ notifications: Array<{ kind: string; enabled: boolean }> }>();
    expect(notifications.filter((n) => !n.enabled).map((n) => n.kind)).toEqual(["payment_received", "seller_verified"]);

    await verifySeller(db(), { id: seller.id });
    await deliver([{ kind: "seller_verified", sellerId: seller.id }]);
    expect(await outbox()).toEqual([]);
  });

  it("a buyer's settings name the buyer's kinds only; another kind or a bad value is a 422", async () => {
    const { user } = await signedInUser("buyer");
    const bearer = await bearerFor(user.id);
    const read = await getSettings(bearer);
    const { notifications } = await read.json<{ notifications: Array<{ kind: string; enabled: boolean }> }>();
    expect(notifications.map((n) => n.kind)).toEqual([
      "booking_cancelled",
      "booking_expired",
      "payment_received",
      "message_received",
      "payment_released",
      "payment_refunded",
      "claim_answered",
      "claim_decided",
      "price_dropped",
      "offer_countered",
      "offer_accepted",
      "offer_declined",
      "offer_expired",
      "saved_search_matches",
      "parcel_sent",
      "parcel_delivered",
      "unshipped_cancelled",
      "parcel_release_due",
      "return_answered",
      "return_label_ready",
      "return_refunded",
    ]);
    expect((await putSettings(bearer, { booking_made: false })).status).toBe(422);
    // A buyer is never reminded to ship: that is a seller's.
    expect((await putSettings(bearer, { ship_reminder: false })).status).toBe(422);
    // A buyer is never told of offers received: those are a seller's.
    expect((await putSettings(bearer, { offer_received: false })).status).toBe(422);
    expect((await putSettings(bearer, { payment_received: "no" })).status).toBe(422);
    expect((await putSettings(bearer, { unknown: true })).status).toBe(422);
    expect((await putSettings(bearer, {})).status).toBe(422);
    const ok = await putSettings(bearer, { payment_received: false });
    expect(ok.status).toBe(200);
    const after = await ok.json<{ notifications: Array<{ kind: string; enabled: boolean }> }>();
    expect(after.notifications.find((n) => n.kind === "payment_received")?.enabled).toBe(false);
  });
});

function getSettings(bearer: string) {
  return callWorker("/api/settings/notifications", { headers: { Authorization: bearer } }, recordingQueue().queue);
}

describe("the local outbox page", () => {
  it("shows the letters newest first on a LOCAL_DEV server, and is a 404 anywhere else", async () => {
    const { booking: booked } = await booking();
    await deliver([{ kind: "booking_made", bookingId: booked.id }]);
    await deliver([{ kind: "booking_expired", bookingId: booked.id }]);
    const ctx = createExecutionContext();
    const local = await worker.fetch(
      new Request(`${ORIGIN}/dev/outbox`) as Request<unknown, IncomingRequestCfProperties>,
      { ...testEnv, LOCAL_DEV: "true" } as unknown as Env,
      ctx,
    );
    expect(local.status).toBe(200);
    const html = await local.text();
    expect(html).toContain("Booking made: Sigma 35mm Art");
    expect(html).toContain("maya@example.com");
    expect(html.indexOf("Booking expired: Sigma")).toBeLessThan(html.indexOf("Booking made: Sigma"));
    const production = await callWorker("/dev/outbox", {}, recordingQueue().queue);
    expect(production.status).toBe(404);
  });
});

describe("messages", () => {
  it("a message is told to the other party of the booking, with an excerpt and the sender's name", async () => {
    const { booking: booked, buyer, seller } = await booking();
    const sent = await sendMessage(db(), buyer.user, booked.id, "Is the lens still sharp wide open?", "key-1");
    if (!sent.ok) throw new Error(sent.message);
    expect(sent.events).toEqual([{ kind: "message_received", messageId: sent.messageId }]);
    await deliver(sent.events);
    const reply = await sendMessage(db(), { id: seller.id, role: "seller" }, booked.id, "x".repeat(400), "key-2");
    if (!reply.ok) throw new Error(reply.message);
    await deliver(reply.events);
    const letters = await outbox();
    expect(letters.map((letter) => [letter.toEmail, letter.kind, letter.subject])).toEqual([
      ["bea@example.com", "message_received", "New message about Sigma 35mm Art"],
      ["maya@example.com", "message_received", "New message about Sigma 35mm Art"],
    ]);
    const [toBuyer, toSeller] = letters;
    expect(toSeller!.body).toContain('Bea Buyer wrote about "Sigma 35mm Art"');
    expect(toSeller!.body).toContain("Is the lens still sharp wide open?");
    expect(toBuyer!.body).toContain("Maya Seller wrote");
    // A long message is cut to an excerpt: it is read, and answered, in the product.
    expect(toBuyer!.body).toContain(`${"x".repeat(199)}…`);
    expect(toBuyer!.body).not.toContain("x".repeat(201));
  });

  it("a message sent on the page and one through the API each publish message_received once; a replay publishes nothing", async () => {
    const { booking: booked, buyer } = await booking();
    const { sent, queue } = recordingQueue();
    const key = crypto.randomUUID();
    const fields = { intent: "send", key, body: "Can we meet at noon?" };
    const page = await callWorker(`/dashboard/messages/${booked.id}`, formInit(buyer.cookie, fields), queue);
    expect(page.status).toBe(302);
    const replay = await callWorker(`/dashboard/messages/${booked.id}`, formInit(buyer.cookie, fields), queue);
    expect(replay.status).toBe(302);
    const api = await callWorker(
      `/api/bookings/${booked.id}/messages`,
      {
        method: "POST",
        headers: { Authorization: await bearerFor(buyer.user.id), "Content-Type": "application/json" },
        body: JSON.stringify({ body: "Or at one?" }),
      },
      queue,
    );
    expect(api.status).toBe(201);
    const ids = (await db().select({ id: messages.id }).from(messages).where(eq(messages.bookingId, booked.id))).map(
      (row) => row.id,
    );
    expect(ids).toHaveLength(2);
    expect(sent.map((message) => message.kind)).toEqual(["message_received", "message_received"]);
    expect(new Set(sent.map((message) => message.key))).toEqual(new Set(ids.map((id) => `message_received:${id}`)));
  });
});
