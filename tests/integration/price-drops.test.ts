// Price drops (ADR 0063, ADR 0077): a price below both the price before it and the last price the
// listing kept for a day, from the Edit Product page or PUT /api/product/:id, strikes the kept
// price through for 14 days after it ended, on the listing page, the cards and the wishlist, and
// tells every buyer who wishlisted the listing once through the queue; a raise and a lower within
// minutes tells nobody and strikes nothing. The routes publish to a recording queue; the Worker's
// queue() handler is driven with the messages they published. A listing made by the factory has a
// price set before price times were kept (price_set_at null), which counts as kept; the domain's
// edit is given its instant where a journey needs days to pass.
import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { LISTING_EDIT_MESSAGES, updateListingDetails } from "#app/domain/catalog/listing-edits.server";
import { listingDetailsSchema } from "#app/domain/catalog/listing-schema";
import { PRICE_DROP_SHOWN_MS, PRICE_KEPT_MS, shownPreviousPrice } from "#app/domain/catalog/price-drops";
import {
  type NotificationMessage,
  parseNotificationMessage,
  toNotificationMessage,
} from "#app/domain/notifications/messages";
import { emailOutbox, notificationPreferences, products, wishlistEntries } from "#db/schema";
import worker from "../../workers/app";
import { bearerFor, ORIGIN, sessionCookieFor } from "./auth-helpers";
import { amountsIn, insertCategory, insertProduct, insertUser, USD } from "./factories";
import { editActionPath, productRow } from "./listing-helpers";
import { db, validFields } from "./seller-helpers";
import { testEnv } from "./test-env";

const QUEUE = "pay-and-buy-notifications";

/** A queue double that records what the Worker publishes. */
function recordingQueue() {
  const sent: NotificationMessage[] = [];
  return {
    sent,
    queue: {
      async send(body: NotificationMessage) {
        sent.push(body);
      },
      async sendBatch(messages: Iterable<{ body: NotificationMessage }>) {
        for (const message of messages) sent.push(message.body);
      },
    },
  };
}

let queue: ReturnType<typeof recordingQueue>;

/** A request through the whole Worker, publishing to the recording queue. */
async function callWorker(path: string, init: RequestInit) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`${ORIGIN}${path}`, { redirect: "manual", ...init }) as Request<unknown, IncomingRequestCfProperties>,
    { ...testEnv, NOTIFICATIONS: queue.queue } as unknown as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

let nextId = 0;
/** One delivery of the messages to the Worker's queue() handler. */
async function deliver(messages: NotificationMessage[]) {
  const batch = createMessageBatch<NotificationMessage>(
    QUEUE,
    messages.map((body) => ({ id: `drop-${++nextId}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  // With the site's public address, so letters link to the listing.
  await worker.queue(batch as MessageBatch, { ...testEnv, APP_URL: ORIGIN } as unknown as Env, ctx);
  return getQueueResult(batch as MessageBatch, ctx);
}

const outbox = () => db().select().from(emailOutbox).orderBy(emailOutbox.toEmail);

let world: Awaited<ReturnType<typeof setUp>>;

async function setUp() {
  const category = await insertCategory({ title: "Camera" });
  const seller = await insertUser({ role: "seller", name: "Maya Seller", email: "maya@example.com" });
  const other = await insertUser({ role: "seller", name: "Owen Seller", email: "owen@example.com" });
  const ann = await insertUser({ role: "buyer", name: "Ann Buyer", email: "ann@example.com" });
  const bob = await insertUser({ role: "buyer", name: "Bob Buyer", email: "bob@example.com" });
  const quiet = await insertUser({ role: "buyer", name: "Quinn Quiet", email: "quiet@example.com" });
  const stranger = await insertUser({ role: "buyer", name: "Sid Stranger", email: "sid@example.com" });
  const product = await insertProduct({
    sellerId: seller.id,
    categoryId: category.id,
    name: "Leica M6 Classic",
    resalePriceCents: 100_000,
    originalPriceCents: 250_000,
    advertised: true,
  });
  // Three buyers keep it; the seller's own row (never made by the product, written here) is not told.
  for (const user of [ann, bob, quiet, seller]) {
    await db().insert(wishlistEntries).values({ buyerId: user.id, productId: product.id });
  }
  await db()
    .insert(notificationPreferences)
    .values({ userId: quiet.id, kind: "price_dropped", enabled: false, updatedAt: new Date() });
  return {
    seller,
    other,
    ann,
    bob,
    quiet,
    stranger,
    product,
    cookie: await sessionCookieFor(seller.id),
    auth: await bearerFor(seller.id),
  };
}

beforeEach(async () => {
  queue = recordingQueue();
  world = await setUp();
});

/** The Edit Product form's details, as a browser without JavaScript posts them. */
function postDetails(resalePrice: string, cookie = world.cookie, productId = world.product.id) {
  const form = new FormData();
  const fields = validFields({ productName: "Leica M6 Classic", resalePrice });
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return callWorker(editActionPath(productId, "details"), {
    method: "POST",
    headers: { Cookie: cookie, Origin: ORIGIN, Host: new URL(ORIGIN).host },
    body: form,
  });
}

/** PUT /api/product/:id with the details, as a program sends them. */
function putDetails(resalePrice: unknown, auth = world.auth, productId = world.product.id) {
  return callWorker(`/api/product/${productId}`, {
    method: "PUT",
    headers: { Authorization: auth, "Content-Type": "application/json" },
    body: JSON.stringify({
      productName: "Leica M6 Classic",
      category: "camera",
      condition: "Excellent",
      description: "Clean glass, smooth focus.",
      originalPrice: 2500,
      resalePrice,
      purchaseYear: 2019,
      contact: "+1 415 555 0100",
      location: "Oakland, California",
    }),
  });
}

const struck = (html: string) => html.match(/data-testid="was-price"[^>]*>(.*?)<\/s>/)?.[1] ?? null;

describe("a price drop", () => {
  it("from the Edit Product page tells each wishlisting buyer once: not the seller, not a buyer who turned it off", async () => {
    const response = await postDetails("800.00");
    expect(response.status).toBe(302);
    const row = await productRow(world.product.id);
    expect(row.resalePriceCents).toBe(80_000);
    expect(row.previousPriceCents).toBe(100_000);
    expect(row.priceDroppedAt).not.toBeNull();
    expect(queue.sent).toHaveLength(1);
    const message = queue.sent[0]!;
    expect(parseNotificationMessage(message)).toMatchObject({ kind: "price_dropped", productId: world.product.id });

    const result = await deliver(queue.sent);
    expect(result.explicitAcks).toHaveLength(1);
    const letters = await outbox();
    expect(letters.map((letter) => letter.toEmail)).toEqual(["ann@example.com", "bob@example.com"]);
    for (const letter of letters) {
      expect(letter.kind).toBe("price_dropped");
      expect(letter.subject).toBe("Price drop: Leica M6 Classic");
      expect(letter.body).toContain(amountsIn("now costs $ 800.00, down from $ 1,000.00"));
      expect(letter.body).toContain(`See the listing: ${ORIGIN}/listings/${world.product.id}`);
    }
    // The queue delivers at least once: the same message again sends nothing twice.
    await deliver(queue.sent);
    expect(await outbox()).toHaveLength(2);
  });

  it("from PUT /api/product/:id does the same, and the listing's API answer carries the previous price", async () => {
    const response = await putDetails(750);
    expect(response.status).toBe(200);
    expect(queue.sent.map((message) => message.kind)).toEqual(["price_dropped"]);
    await deliver(queue.sent);
    expect((await outbox()).map((letter) => letter.toEmail)).toEqual(["ann@example.com", "bob@example.com"]);
    const listing = (await (await callWorker(`/api/listings/${world.product.id}`, {})).json()) as Record<
      string,
      unknown
    >;
    expect(listing).toMatchObject({
      resalePriceCents: 75_000,
      previousResalePriceCents: 100_000,
      previousResalePrice: 1000,
    });
  });

  it("shows the previous price struck through on the listing page, the cards and the wishlist", async () => {
    const before = await (await callWorker(`/listings/${world.product.id}`, {})).text();
    expect(struck(before)).toBeNull();
    await postDetails("800.00");
    const listingPage = await (await callWorker(`/listings/${world.product.id}`, {})).text();
    expect(struck(listingPage)).toContain(amountsIn("Was </span>$ 1,000.00"));
    const home = await (await callWorker("/", {})).text();
    expect(struck(home)).toContain(amountsIn("$ 1,000.00"));
    const search = await (await callWorker("/search?q=leica", {})).text();
    expect(struck(search)).toContain(amountsIn("$ 1,000.00"));
    const wishlist = await (
      await callWorker("/dashboard/wishlist", { headers: { Cookie: await sessionCookieFor(world.ann.id) } })
    ).text();
    expect(struck(wishlist)).toContain(amountsIn("$ 1,000.00"));
  });

  it("is shown for 14 days after the kept price ended, then the page shows the price alone", async () => {
    await postDetails("800.00");
    const longAgo = Date.now() - PRICE_DROP_SHOWN_MS - 60_000;
    await db()
      .update(products)
      .set({ priceDroppedAt: new Date(longAgo), previousPriceUntil: new Date(longAgo) })
      .where(eq(products.id, world.product.id));
    expect(struck(await (await callWorker(`/listings/${world.product.id}`, {})).text())).toBeNull();
    const listing = (await (await callWorker(`/api/listings/${world.product.id}`, {})).json()) as Record<
      string,
      unknown
    >;
    expect(listing.previousResalePriceCents).toBeNull();
    // A letter still queued after the two weeks tells nobody.
    await deliver(queue.sent);
    expect(await outbox()).toHaveLength(0);
  });

  it("the one rule: shown from the end of the kept price until 14 days after it, only after a drop and above the current price", () => {
    const until = new Date(Date.UTC(2026, 10, 1));
    const at = until.getTime();
    // The kept price ended at `until`; the drop below it came an hour later.
    const drop = {
      resalePriceCents: 800,
      previousPriceCents: 1000,
      previousPriceUntil: until,
      priceDroppedAt: new Date(at + 3_600_000),
    };
    expect(shownPreviousPrice(drop, at)).toBe(1000);
    expect(shownPreviousPrice(drop, at + PRICE_DROP_SHOWN_MS - 1)).toBe(1000);
    expect(shownPreviousPrice(drop, at + PRICE_DROP_SHOWN_MS)).toBeNull();
    expect(shownPreviousPrice(drop, at - 1)).toBeNull();
    expect(shownPreviousPrice({ ...drop, previousPriceCents: 800 }, at)).toBeNull();
    expect(shownPreviousPrice({ ...drop, previousPriceCents: null }, at)).toBeNull();
    expect(shownPreviousPrice({ ...drop, previousPriceUntil: null }, at)).toBeNull();
    expect(shownPreviousPrice({ ...drop, priceDroppedAt: null }, at)).toBeNull();
  });
});

describe("a rise, the same price and a second drop", () => {
  it("a rise to the kept price or above tells nobody and clears the struck price; a letter queued before it sends nothing", async () => {
    await postDetails("800.00");
    const dropped = [...queue.sent];
    const rise = await putDetails(1000);
    expect(rise.status).toBe(200);
    expect(queue.sent).toHaveLength(1);
    const row = await productRow(world.product.id);
    expect(row).toMatchObject({ resalePriceCents: 100_000, previousPriceCents: 100_000, priceDroppedAt: null });
    expect(struck(await (await callWorker(`/listings/${world.product.id}`, {})).text())).toBeNull();
    await deliver(dropped);
    expect(await outbox()).toHaveLength(0);
  });

  it("a rise still below the kept price tells nobody new and keeps the kept price struck through", async () => {
    await postDetails("800.00");
    await putDetails(900);
    expect(queue.sent).toHaveLength(1);
    expect(struck(await (await callWorker(`/listings/${world.product.id}`, {})).text())).toContain(
      amountsIn("$ 1,000.00"),
    );
  });

  it("a double submit of the same drop makes one drop and one letter each", async () => {
    const first = await postDetails("800.00");
    const second = await postDetails("800.00");
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(queue.sent).toHaveLength(1);
    expect(await productRow(world.product.id)).toMatchObject({ resalePriceCents: 80_000, previousPriceCents: 100_000 });
    await deliver(queue.sent);
    expect(await outbox()).toHaveLength(2);
  });

  it("a second drop within the day keeps the kept price struck; the buyers are told once that day, of the price as it is", async () => {
    await postDetails("800.00");
    await putDetails(700);
    expect(queue.sent).toHaveLength(2);
    expect(queue.sent[0]!.key).toBe(queue.sent[1]!.key);
    expect(await productRow(world.product.id)).toMatchObject({ resalePriceCents: 70_000, previousPriceCents: 100_000 });
    await deliver(queue.sent);
    const letters = await outbox();
    expect(letters).toHaveLength(2);
    expect(letters[0]!.body).toContain(amountsIn("now costs $ 700.00, down from $ 1,000.00"));
  });

  it("a drop of a listing buyers can no longer book (booked, removed or deleted since) tells nobody", async () => {
    await postDetails("800.00");
    for (const change of [{ status: "booked" as const }, { removedAt: new Date() }, { deletedAt: new Date() }]) {
      await db().update(products).set(change).where(eq(products.id, world.product.id));
      await deliver(queue.sent);
      expect(await outbox()).toHaveLength(0);
      await db()
        .update(products)
        .set({ status: "available", removedAt: null, deletedAt: null })
        .where(eq(products.id, world.product.id));
    }
  });
});

/** The edit of the price through the domain at a given instant (the page and the API share it). */
async function editAt(resalePrice: string, at: number) {
  const details = listingDetailsSchema(USD).parse(validFields({ productName: "Leica M6 Classic", resalePrice }));
  const result = await updateListingDetails(db(), world.seller.id, world.product.id, details, at);
  if (!result.ok) throw new Error(result.message);
  queue.sent.push(...result.events.map(toNotificationMessage));
  return result;
}

const HOUR = 60 * 60 * 1000;

describe("a drop counts only from a price the listing kept for a day (ADR 0077)", () => {
  it("a raise and a lower within minutes strikes nothing and tells nobody, by the page and the API", async () => {
    expect((await postDetails("1200.00")).status).toBe(302);
    expect((await putDetails(1100)).status).toBe(200);
    expect(queue.sent).toHaveLength(0);
    expect(struck(await (await callWorker(`/listings/${world.product.id}`, {})).text())).toBeNull();
    expect(struck(await (await callWorker("/search?q=leica", {})).text())).toBeNull();
    const listing = (await (await callWorker(`/api/listings/${world.product.id}`, {})).json()) as Record<
      string,
      unknown
    >;
    expect(listing).toMatchObject({ resalePriceCents: 110_000, previousResalePriceCents: null, priceDroppedAt: null });
    await deliver(queue.sent);
    expect(await outbox()).toHaveLength(0);
  });

  it("a new listing's price lowered within its first day is no drop: there is no kept price yet", async () => {
    await db().update(products).set({ priceSetAt: new Date() }).where(eq(products.id, world.product.id));
    expect((await putDetails(800)).status).toBe(200);
    expect(queue.sent).toHaveLength(0);
    expect(await productRow(world.product.id)).toMatchObject({ previousPriceCents: null, priceDroppedAt: null });
    expect(struck(await (await callWorker(`/listings/${world.product.id}`, {})).text())).toBeNull();
  });

  it("a lower below the kept price after a short raise strikes the kept price, not the raised one", async () => {
    await putDetails(1200);
    await postDetails("900.00");
    expect(queue.sent.map((message) => message.kind)).toEqual(["price_dropped"]);
    expect(struck(await (await callWorker(`/listings/${world.product.id}`, {})).text())).toContain(
      amountsIn("$ 1,000.00"),
    );
    await deliver(queue.sent);
    const letters = await outbox();
    expect(letters).toHaveLength(2);
    expect(letters[0]!.body).toContain(amountsIn("now costs $ 900.00, down from $ 1,000.00"));
  });

  it("a raised price kept a day and then lowered is struck through and told once", async () => {
    const start = Date.now() - 3 * 24 * HOUR;
    expect((await editAt("1200.00", start)).events).toEqual([]);
    // Lowered before the day is over: not yet kept, no drop.
    const early = await editAt("1150.00", start + PRICE_KEPT_MS - 60_000);
    expect(early.events).toEqual([]);
    // 1150 was set a minute before the day was over; it is kept a day later, then lowered.
    const lowered = await editAt("1100.00", start + 2 * PRICE_KEPT_MS);
    expect(lowered.events).toHaveLength(1);
    expect(await productRow(world.product.id)).toMatchObject({
      resalePriceCents: 110_000,
      previousPriceCents: 115_000,
      previousPriceUntil: new Date(start + 2 * PRICE_KEPT_MS),
      priceDroppedAt: new Date(start + 2 * PRICE_KEPT_MS),
    });
    expect(struck(await (await callWorker(`/listings/${world.product.id}`, {})).text())).toContain(
      amountsIn("$ 1,150.00"),
    );
    await deliver(queue.sent);
    const letters = await outbox();
    expect(letters.map((letter) => letter.toEmail)).toEqual(["ann@example.com", "bob@example.com"]);
    expect(letters[0]!.body).toContain(amountsIn("now costs $ 1,100.00, down from $ 1,150.00"));
  });

  it("lowered again and again within a day: the struck price stays the kept one", async () => {
    const start = Date.now() - 5 * HOUR;
    for (const [price, hours] of [
      ["900.00", 0],
      ["850.00", 1],
      ["800.00", 2],
    ] as const) {
      await editAt(price, start + hours * HOUR);
      expect((await productRow(world.product.id)).previousPriceCents).toBe(100_000);
    }
    expect(struck(await (await callWorker(`/listings/${world.product.id}`, {})).text())).toContain(
      amountsIn("$ 1,000.00"),
    );
  });

  it("the struck price lapses 14 days after the kept price ended, and a late letter tells nobody", async () => {
    const start = Date.now() - PRICE_DROP_SHOWN_MS - HOUR;
    const result = await editAt("800.00", start);
    expect(result.events).toHaveLength(1);
    expect(struck(await (await callWorker(`/listings/${world.product.id}`, {})).text())).toBeNull();
    await deliver(queue.sent);
    expect(await outbox()).toHaveLength(0);
    // The lower price was kept since: the next drop is measured from it.
    expect((await editAt("700.00", Date.now() - 60_000)).events).toHaveLength(1);
    expect(struck(await (await callWorker(`/listings/${world.product.id}`, {})).text())).toContain(
      amountsIn("$ 800.00"),
    );
  });

  it("the same lower price sent 20 times at once drops once: one letter to each buyer", async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => putDetails(800)));
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(queue.sent.length).toBeGreaterThanOrEqual(1);
    expect(new Set(queue.sent.map((message) => message.key)).size).toBe(1);
    expect(await productRow(world.product.id)).toMatchObject({ resalePriceCents: 80_000, previousPriceCents: 100_000 });
    await deliver(queue.sent);
    expect((await outbox()).map((letter) => letter.toEmail)).toEqual(["ann@example.com", "bob@example.com"]);
  });
});

describe("refusals", () => {
  it("bad input is refused with a message and changes nothing", async () => {
    for (const price of ["-5", "abc", "0", ""]) {
      const response = await postDetails(price);
      expect(response.status, price).toBe(400);
    }
    for (const price of [-5, "abc", 0, null, 1e12]) {
      const response = await putDetails(price);
      expect(response.status, String(price)).toBe(422);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBeTruthy();
    }
    expect(await productRow(world.product.id)).toMatchObject({
      resalePriceCents: 100_000,
      previousPriceCents: null,
      priceDroppedAt: null,
    });
    expect(queue.sent).toHaveLength(0);
  });

  it("another seller, a buyer and a signed-out caller change no price and tell nobody", async () => {
    expect((await postDetails("500.00", await sessionCookieFor(world.other.id))).status).toBe(404);
    expect((await postDetails("500.00", await sessionCookieFor(world.ann.id))).status).toBe(403);
    expect((await postDetails("500.00", "")).status).toBe(302);
    const otherApi = await putDetails(500, await bearerFor(world.other.id));
    expect(otherApi.status).toBe(404);
    expect((await putDetails(500, await bearerFor(world.ann.id))).status).toBe(403);
    expect((await putDetails(500, "")).status).toBe(401);
    expect((await productRow(world.product.id)).resalePriceCents).toBe(100_000);
    expect(queue.sent).toHaveLength(0);
  });

  it("a booked listing's price cannot drop", async () => {
    await db().update(products).set({ status: "booked" }).where(eq(products.id, world.product.id));
    const response = await putDetails(500);
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      LISTING_EDIT_MESSAGES.booked,
    );
    expect(queue.sent).toHaveLength(0);
  });
});

describe("the setting", () => {
  it("a buyer can turn price drops off in Settings; a seller is not offered them", async () => {
    const buyerCookie = await sessionCookieFor(world.stranger.id);
    const page = await (await callWorker("/dashboard/settings", { headers: { Cookie: buyerCookie } })).text();
    expect(page).toContain("Price drops");
    expect(page).toContain("A listing on my wishlist gets cheaper.");
    const sellerPage = await (await callWorker("/dashboard/settings", { headers: { Cookie: world.cookie } })).text();
    expect(sellerPage).not.toContain("Price drops");

    const off = await callWorker("/api/settings/notifications", {
      method: "PUT",
      headers: { Authorization: await bearerFor(world.ann.id), "Content-Type": "application/json" },
      body: JSON.stringify({ price_dropped: false }),
    });
    expect(off.status).toBe(200);
    const sellerOff = await callWorker("/api/settings/notifications", {
      method: "PUT",
      headers: { Authorization: world.auth, "Content-Type": "application/json" },
      body: JSON.stringify({ price_dropped: false }),
    });
    expect(sellerOff.status).toBe(422);
    await postDetails("800.00");
    await deliver(queue.sent);
    expect((await outbox()).map((letter) => letter.toEmail)).toEqual(["bob@example.com"]);
  });
});
