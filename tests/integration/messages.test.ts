// Messages: each booking's conversation between its buyer and its seller. The parties read and
// write; an admin reads, only while the listing is reported; nobody else learns it exists. Ended
// deals are read-only, bodies are checked, a double submit posts once, bursts are limited.
import { createExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSession } from "#app/domain/accounts/sessions.server";
import { listConversations, unreadMessageCount } from "#app/domain/messaging/inbox.server";
import { MESSAGE_BODY_MESSAGES } from "#app/domain/messaging/message-schema";
import { DELETED_USER, MESSAGE_RATE_LIMIT, MESSAGE_TEXTS } from "#app/domain/messaging/message-words";
import { sendMessage } from "#app/domain/messaging/sending.server";
import { readThread } from "#app/domain/messaging/thread.server";
import { database } from "#db/client";
import { bookings, messageReads, messages, products, users } from "#db/schema";
import worker from "../../workers/app";
import { bearerFor, get, postForm, signedInUser } from "./auth-helpers";
import { insertBooking, insertCategory, insertPayment, insertProduct, insertReport, insertUser } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);

/** An active booking between a signed-in buyer and a signed-in seller. */
async function bookedDeal() {
  const category = await insertCategory({ title: `Lens ${crypto.randomUUID().slice(0, 6)}` });
  const seller = await signedInUser("seller", { name: "Maya Lens" });
  const buyer = await signedInUser("buyer", { name: "Bea Buyer" });
  const product = await insertProduct({
    sellerId: seller.user.id,
    categoryId: category.id,
    name: "Sigma 35mm Art",
    status: "booked",
  });
  const booking = await insertBooking(product, buyer.user.id);
  return { seller, buyer, product, booking };
}

const threadPath = (bookingId: string) => `/dashboard/messages/${bookingId}`;

const sendForm = (cookie: string, bookingId: string, fields: Record<string, string>) =>
  postForm(threadPath(bookingId), { intent: "send", key: crypto.randomUUID(), ...fields }, { Cookie: cookie });

async function callApi(userId: string, bookingId: string, init: { body?: unknown; key?: string } = {}) {
  const headers: Record<string, string> = { Authorization: await bearerFor(userId) };
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  if (init.key) headers["Idempotency-Key"] = init.key;
  return worker.fetch(
    new Request(`https://pay.test/api/bookings/${bookingId}/messages`, {
      method: init.body === undefined ? "GET" : "POST",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
    testEnv,
    createExecutionContext(),
  );
}

const messageCount = async () => (await db().select().from(messages)).length;

describe("a booking's conversation", () => {
  it("buyer and seller write and read it by the page (a plain POST), escaped, oldest first", async () => {
    const { buyer, seller, booking } = await bookedDeal();
    const page = await (await get(threadPath(booking.id), { Cookie: buyer.cookie })).text();
    expect(page).toContain("Conversation with Maya Lens");
    expect(page).toContain('name="key"');
    const sent = await sendForm(buyer.cookie, booking.id, { body: "  <script>alert(1)</script> Is it still sharp?  " });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(threadPath(booking.id));
    const reply = await sendForm(seller.cookie, booking.id, { body: "Yes, tack sharp." });
    expect(reply.status).toBe(302);
    const rows = await db().select().from(messages);
    expect(rows.map((row) => row.body).sort()).toEqual([
      "<script>alert(1)</script> Is it still sharp?",
      "Yes, tack sharp.",
    ]);
    const seen = await (await get(threadPath(booking.id), { Cookie: seller.cookie })).text();
    expect(seen).toContain("&lt;script&gt;alert(1)&lt;/script&gt; Is it still sharp?");
    expect(seen).not.toContain("<script>alert(1)</script>");
    expect(seen.indexOf("Is it still sharp?")).toBeLessThan(seen.indexOf("Yes, tack sharp."));
    expect(seen).toContain("Bea Buyer");
  });

  it("the same calls by the REST API, with the JSON error shape", async () => {
    const { buyer, seller, booking } = await bookedDeal();
    const posted = await callApi(buyer.user.id, booking.id, { body: { body: "Hello from the API" } });
    expect(posted.status).toBe(201);
    const { insertedId } = (await posted.json()) as { insertedId: string };
    const read = await callApi(seller.user.id, booking.id);
    expect(read.status).toBe(200);
    expect(read.headers.get("X-Total-Count")).toBe("1");
    const body = (await read.json()) as { readOnly: unknown; messages: Array<Record<string, unknown>> };
    expect(body.readOnly).toBeNull();
    expect(body.messages).toEqual([
      expect.objectContaining({ id: insertedId, body: "Hello from the API", sender: "buyer", mine: false }),
    ]);
    const bad = await callApi(buyer.user.id, booking.id, { body: { body: "   " } });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({
      error: { status: 422, code: "invalid", message: MESSAGE_BODY_MESSAGES.empty },
    });
    const badKey = await callApi(buyer.user.id, booking.id, { body: { body: "Hi" }, key: "ünïcode" });
    expect(badKey.status).toBe(400);
    expect(await messageCount()).toBe(1);
  });

  it("another buyer, another seller and signed-out callers get nothing (404 / sign in), and write nothing", async () => {
    const { buyer, booking } = await bookedDeal();
    await sendMessage(db(), buyer.user, booking.id, "Hi", "k1");
    const strangerBuyer = await signedInUser("buyer");
    const strangerSeller = await signedInUser("seller");
    for (const stranger of [strangerBuyer, strangerSeller]) {
      expect((await get(threadPath(booking.id), { Cookie: stranger.cookie })).status).toBe(404);
      expect((await sendForm(stranger.cookie, booking.id, { body: "Let me in" })).status).toBe(404);
      expect((await callApi(stranger.user.id, booking.id)).status).toBe(404);
      expect((await callApi(stranger.user.id, booking.id, { body: { body: "Let me in" } })).status).toBe(404);
      const list = await listConversations(db(), stranger.user);
      expect(list.total).toBe(0);
    }
    const signedOut = await get(threadPath(booking.id));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toContain("/login");
    expect(await messageCount()).toBe(1);
  });

  it("an admin reads it, read-only, only while the listing has an open report", async () => {
    const { buyer, product, booking } = await bookedDeal();
    await sendMessage(db(), buyer.user, booking.id, "Meet at noon?", "k1");
    const admin = await signedInUser("admin");
    expect((await get(threadPath(booking.id), { Cookie: admin.cookie })).status).toBe(404);
    expect((await callApi(admin.user.id, booking.id)).status).toBe(404);
    const reporter = await insertUser({ role: "buyer" });
    await insertReport({ productId: product.id, reporterId: reporter.id });
    const page = await (await get(threadPath(booking.id), { Cookie: admin.cookie })).text();
    expect(page).toContain("Meet at noon?");
    expect(page).toContain(MESSAGE_TEXTS.adminReadOnly);
    expect(page).not.toContain('name="body"');
    const list = await (await get(`/dashboard/messages?product=${product.id}`, { Cookie: admin.cookie })).text();
    expect(list).toContain("Meet at noon?");
    const write = await callApi(admin.user.id, booking.id, { body: { body: "Admin here" } });
    expect(write.status).toBe(403);
    const form = await sendForm(admin.cookie, booking.id, { body: "Admin here" });
    expect(form.status).toBe(403);
    expect(await form.text()).toContain(MESSAGE_TEXTS.adminReadOnly);
    expect(await messageCount()).toBe(1);
    // Reading, with a live session, marks nothing read: an admin is no party.
    const session = await createSession(db(), admin.user.id, "api");
    const reported = await readThread(db(), { ...admin.user, sessionId: session.id }, booking.id);
    expect(reported.ok).toBe(true);
    expect(await db().select().from(messageReads).where(eq(messageReads.userId, admin.user.id))).toEqual([]);
  });

  it("an ended booking (cancelled, or expired before the job ran) and a removed listing are read-only: 409", async () => {
    const ended = await bookedDeal();
    await db()
      .update(bookings)
      .set({ status: "cancelled", endReason: "buyer_cancelled" })
      .where(eq(bookings.id, ended.booking.id));
    const cancelled = await callApi(ended.buyer.user.id, ended.booking.id, { body: { body: "Still there?" } });
    expect(cancelled.status).toBe(409);
    expect(await cancelled.json()).toMatchObject({ error: { code: "conflict", message: MESSAGE_TEXTS.ended } });
    const form = await sendForm(ended.seller.cookie, ended.booking.id, { body: "Still there?" });
    expect(form.status).toBe(409);
    expect(await form.text()).toContain(MESSAGE_TEXTS.ended);
    const page = await (await get(threadPath(ended.booking.id), { Cookie: ended.buyer.cookie })).text();
    expect(page).toContain(MESSAGE_TEXTS.ended);
    expect(page).not.toContain('name="body"');

    const expired = await bookedDeal();
    await db()
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, expired.booking.id));
    expect((await callApi(expired.buyer.user.id, expired.booking.id, { body: { body: "Hi" } })).status).toBe(409);

    const removed = await bookedDeal();
    await db().update(products).set({ removedAt: new Date() }).where(eq(products.id, removed.product.id));
    const refused = await callApi(removed.seller.user.id, removed.booking.id, { body: { body: "Hi" } });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { message: MESSAGE_TEXTS.removed } });
    expect(await messageCount()).toBe(0);
  });

  it("takes 2,000 characters (an emoji counts once), refuses 2,001, empty and control characters", async () => {
    const { buyer, booking } = await bookedDeal();
    expect((await callApi(buyer.user.id, booking.id, { body: { body: "x".repeat(2000) } })).status).toBe(201);
    expect((await callApi(buyer.user.id, booking.id, { body: { body: "📷".repeat(2000) } })).status).toBe(201);
    const long = await callApi(buyer.user.id, booking.id, { body: { body: "x".repeat(2001) } });
    expect(long.status).toBe(422);
    expect(await long.json()).toMatchObject({ error: { message: MESSAGE_BODY_MESSAGES.tooLong } });
    for (const body of ["", "  \n ", "nul\u0000byte", 42, null]) {
      expect((await callApi(buyer.user.id, booking.id, { body: { body } })).status, JSON.stringify(body)).toBe(422);
    }
    const form = await sendForm(buyer.cookie, booking.id, { body: "y".repeat(2001) });
    expect(form.status).toBe(400);
    expect(await form.text()).toContain(MESSAGE_BODY_MESSAGES.tooLong);
    expect(await messageCount()).toBe(2);
  });

  it("a double submit posts once: the same key by the form or the API", async () => {
    const { buyer, booking } = await bookedDeal();
    const fields = { body: "Once only", key: "form-key-1" };
    const [first, second] = await Promise.all([
      sendForm(buyer.cookie, booking.id, fields),
      sendForm(buyer.cookie, booking.id, fields),
    ]);
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(await messageCount()).toBe(1);
    const a = await callApi(buyer.user.id, booking.id, { body: { body: "Twice?" }, key: "api-key-1" });
    const b = await callApi(buyer.user.id, booking.id, { body: { body: "Twice?" }, key: "api-key-1" });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get("Idempotent-Replayed")).toBe("true");
    expect(((await a.json()) as { insertedId: string }).insertedId).toBe(
      ((await b.json()) as { insertedId: string }).insertedId,
    );
    expect(await messageCount()).toBe(2);
    // The domain reports the event once, not for the replay.
    const sent = await sendMessage(db(), buyer.user, booking.id, "Event", "k-event");
    expect(sent).toMatchObject({ ok: true, events: [{ kind: "message_received" }] });
    const replay = await sendMessage(db(), buyer.user, booking.id, "Event", "k-event");
    expect(replay).toMatchObject({ ok: true, replayed: true, events: [] });
  });

  it("a key used again with other text is refused (422), and the first message stays as it was", async () => {
    const { buyer, booking } = await bookedDeal();
    const first = await callApi(buyer.user.id, booking.id, { body: { body: "Is it still sharp?" }, key: "api-key-2" });
    expect(first.status).toBe(201);
    const other = await callApi(buyer.user.id, booking.id, { body: { body: "Can you ship it?" }, key: "api-key-2" });
    expect(other.status).toBe(422);
    expect(other.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await other.json()).toMatchObject({
      error: { code: "idempotency_key_reused", message: MESSAGE_TEXTS.keyReused },
    });
    // The form's one-time key likewise: the same page sent again with other words.
    const form = await sendForm(buyer.cookie, booking.id, { body: "Once", key: "form-key-2" });
    expect(form.status).toBe(302);
    const again = await sendForm(buyer.cookie, booking.id, { body: "Twice", key: "form-key-2" });
    expect(again.status).toBe(422);
    expect(await again.text()).toContain(MESSAGE_TEXTS.keyReused);
    const rows = await db().select({ body: messages.body }).from(messages);
    expect(rows.map((row) => row.body).sort()).toEqual(["Is it still sharp?", "Once"]);
    // The same text again (its line endings and spaces as the schema folds them) is still a repeat.
    const repeat = await callApi(buyer.user.id, booking.id, {
      body: { body: "  Is it still sharp?\r\n" },
      key: "api-key-2",
    });
    expect(repeat.status).toBe(201);
    expect(repeat.headers.get("Idempotent-Replayed")).toBe("true");
  });

  it(`limits a sender to ${MESSAGE_RATE_LIMIT.count} messages in 10 minutes (429), counted from the table`, async () => {
    const { buyer, seller, booking } = await bookedDeal();
    const now = Date.now();
    const earlier = Array.from({ length: MESSAGE_RATE_LIMIT.count }, (_, index) => ({
      bookingId: booking.id,
      senderId: buyer.user.id,
      body: `Message ${index}`,
      idempotencyKey: `seed-${index}`,
      createdAt: new Date(now - 60_000),
    }));
    // D1 binds at most 100 values per statement.
    for (let start = 0; start < earlier.length; start += 10) {
      await db()
        .insert(messages)
        .values(earlier.slice(start, start + 10));
    }
    const limited = await callApi(buyer.user.id, booking.id, { body: { body: "One more" } });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ error: { code: "rate_limited", message: MESSAGE_TEXTS.rateLimited } });
    const form = await sendForm(buyer.cookie, booking.id, { body: "One more" });
    expect(form.status).toBe(429);
    expect(await form.text()).toContain("Please wait a few minutes");
    // The other party is not limited by it, and the window moves on.
    expect((await callApi(seller.user.id, booking.id, { body: { body: "Reply" } })).status).toBe(201);
    const later = await sendMessage(
      db(),
      buyer.user,
      booking.id,
      "Later",
      "k-later",
      now + MESSAGE_RATE_LIMIT.windowMs,
    );
    expect(later.ok).toBe(true);
  });

  it("a deleted account's messages stay and show Deleted user; the conversation becomes read-only", async () => {
    const { buyer, seller, booking } = await bookedDeal();
    await db()
      .update(bookings)
      .set({ status: "paid", paidAt: new Date(), expiresAt: null })
      .where(eq(bookings.id, booking.id));
    await sendMessage(db(), buyer.user, booking.id, "Thanks for the lens!", "k1");
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, buyer.user.id));
    const page = await (await get(threadPath(booking.id), { Cookie: seller.cookie })).text();
    expect(page).toContain("Thanks for the lens!");
    expect(page).toContain(DELETED_USER);
    expect(page).not.toContain("Bea Buyer");
    expect(page).toContain(MESSAGE_TEXTS.partyGone.replace("&", "&amp;"));
    expect((await callApi(seller.user.id, booking.id, { body: { body: "Bye" } })).status).toBe(409);
    const list = await listConversations(db(), seller.user);
    expect(list.rows[0]?.otherParty.name).toBe(DELETED_USER);
  });

  it("counts unread messages per conversation and on the tab, and reading clears them", async () => {
    const { buyer, seller, booking } = await bookedDeal();
    await sendMessage(db(), buyer.user, booking.id, "First", "k1");
    await sendMessage(db(), buyer.user, booking.id, "Second question", "k2");
    expect(await unreadMessageCount(db(), seller.user)).toBe(2);
    expect(await unreadMessageCount(db(), buyer.user)).toBe(0);
    const list = await (await get("/dashboard/messages", { Cookie: seller.cookie })).text();
    expect(list).toContain("2 unread");
    expect(list).toContain("Second question");
    expect(list).toContain("Bea Buyer");
    expect(list).toMatch(/Messages.*2.*unread messages/s);
    await get(threadPath(booking.id), { Cookie: seller.cookie });
    expect(await unreadMessageCount(db(), seller.user)).toBe(0);
    const after = await listConversations(db(), seller.user);
    expect(after.rows[0]).toMatchObject({ unread: 0, lastMessage: { excerpt: "Second question", mine: false } });
    // A newer message is unread again; another deal's messages are not this seller's.
    const other = await bookedDeal();
    await sendMessage(db(), other.buyer.user, other.booking.id, "Other deal", "k3");
    await sendMessage(db(), buyer.user, booking.id, "Third", "k4");
    expect(await unreadMessageCount(db(), seller.user)).toBe(1);
    expect(await unreadMessageCount(db(), other.seller.user)).toBe(1);
    expect((await listConversations(db(), buyer.user)).rows.map((row) => row.bookingId)).toEqual([booking.id]);
  });

  it("links from My Orders, My Buyers and Reported Items", async () => {
    const { buyer, seller, booking, product } = await bookedDeal();
    const orders = await (await get("/dashboard/my_orders", { Cookie: buyer.cookie })).text();
    expect(orders).toContain(`href="${threadPath(booking.id)}"`);
    expect(orders).toContain("Message seller");
    await db()
      .update(bookings)
      .set({ status: "paid", paidAt: new Date(), expiresAt: null })
      .where(eq(bookings.id, booking.id));
    await insertPayment(booking, seller.user.id);
    const buyers = await (await get("/dashboard/my_buyer", { Cookie: seller.cookie })).text();
    expect(buyers).toContain(`href="${threadPath(booking.id)}"`);
    expect(buyers).toContain("Message buyer");
    const admin = await signedInUser("admin");
    await insertReport({ productId: product.id, reporterId: (await insertUser({ role: "buyer" })).id });
    const reported = await (await get("/dashboard/reported_items", { Cookie: admin.cookie })).text();
    expect(reported).toContain(`/dashboard/messages?product=${product.id}`);
  });
});
