// The conversation of a booking for programs: the same domain functions as the Messages pages
// (ADR 0032). Its buyer and its seller read and write; an admin reads while the listing has an
// open report; anyone else gets a 404.
import { Hono } from "hono";
import { messageApiSchema } from "#app/domain/messaging/message-schema";
import { sendMessage } from "#app/domain/messaging/sending.server";
import { readThread } from "#app/domain/messaging/thread.server";
import { type ApiEnv, db, publishEvents, readJson, requireBearer } from "../context";
import { apiError, validationError } from "../errors";
import { readIdempotencyKey } from "../requests";
import { listHeaders, requestedPage } from "../shapes";

export const messagesApi = new Hono<ApiEnv>();

const ERROR_CODES = {
  400: "bad_request",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  422: "idempotency_key_reused",
  429: "rate_limited",
} as const;

/** One page of the thread (page 1 holds the newest), oldest first; reading marks it read. */
messagesApi.get("/bookings/:id/messages", requireBearer, async (c) => {
  const thread = await readThread(db(c), c.get("user"), c.req.param("id"), { page: requestedPage(c) });
  if (!thread.ok) return apiError(c, 404, "not_found", thread.message);
  listHeaders(c, thread.messages);
  const { conversation } = thread;
  return c.json({
    bookingId: conversation.bookingId,
    productId: conversation.productId,
    productName: conversation.productName,
    buyerName: conversation.buyerName,
    sellerName: conversation.sellerName,
    role: conversation.role,
    // Why nobody can write here any more (or why this caller cannot), or null.
    readOnly: conversation.readOnly,
    messages: thread.messages.rows.map((message) => ({
      id: message.id,
      body: message.body,
      sender: message.fromBuyer ? "buyer" : "seller",
      senderName: message.senderName,
      mine: message.mine,
      createdAt: new Date(message.createdAt).toISOString(),
    })),
  });
});

/**
 * JSON `{ "body": "…" }`. With an `Idempotency-Key` header, repeating the call (same sender, same
 * key) posts the message once and answers as the first call did.
 */
messagesApi.post("/bookings/:id/messages", requireBearer, async (c) => {
  const idempotency = readIdempotencyKey(c);
  if (!idempotency.ok) return idempotency.response;
  const parsed = messageApiSchema.safeParse((await readJson(c)) ?? null);
  if (!parsed.success) return validationError(c, parsed.error);
  const key = idempotency.value ?? crypto.randomUUID();
  const result = await sendMessage(db(c), c.get("user"), c.req.param("id"), parsed.data.body, key);
  if (!result.ok) {
    if (result.status === 429) c.header("Retry-After", "600");
    return apiError(c, result.status, ERROR_CODES[result.status], result.message);
  }
  await publishEvents(c, result.events);
  if (result.replayed) c.header("Idempotent-Replayed", "true");
  return c.json({ acknowledged: true, insertedId: result.messageId }, 201);
});
