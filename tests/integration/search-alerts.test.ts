// Saved searches and their letters (ADR 0062): saving from the search page and the API (read back
// by the search's schema, at most 20, once each), the scheduled job's bounded matching by words and
// filters (the same listings the search finds), at most one letter a day through the queue, the
// one-click unsubscribe link (RFC 8058) signed in or out, and the settings page's rename and delete.
import { createExecutionContext, createMessageBatch, getQueueResult, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SAVED_SEARCH_LIMIT } from "#app/domain/alerts/saved-search-schema";
import { searchListings } from "#app/domain/catalog/listing-search.server";
import { readSearchParams } from "#app/domain/catalog/search-params";
import { type NotificationMessage, toNotificationMessage } from "#app/domain/notifications/messages";
import { signUnsubscribe, UNSUBSCRIBE_TTL_MS } from "#app/domain/notifications/unsubscribe-links.server";
import type { DomainEvent } from "#app/domain/shared/events";
import { database } from "#db/client";
import { emailOutbox, notificationPreferences, products, savedSearches, savedSearchMatches } from "#db/schema";
import worker from "../../workers/app";
import { runScheduled } from "../../workers/scheduled";
import { bearerFor, get, ORIGIN, postForm, signedInUser } from "./auth-helpers";
import { insertCategory, insertProduct, insertUser, USD } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const HOUR = 3600 * 1000;
const APP_URL = "https://pay.test";

/** One run of the scheduled job at `now`; what it published. */
async function tick(now: number) {
  const published: DomainEvent[] = [];
  await runScheduled(now, testEnv as unknown as Record<string, unknown>, async (events) => {
    published.push(...events);
  });
  return published.filter((event) => event.kind === "saved_search_matches");
}

let nextId = 0;
/**
 * The queue's consumer, as the Worker runs it, with an https APP_URL, on a LOCAL_DEV server (whose
 * outbox keeps a letter's links whole; elsewhere it withholds them).
 */
async function deliver(events: DomainEvent[]) {
  const batch = createMessageBatch<NotificationMessage>(
    "pay-and-buy-notifications",
    events.map((event) => ({
      id: `m-${++nextId}`,
      timestamp: new Date(),
      attempts: 1,
      body: toNotificationMessage(event),
    })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch, { ...testEnv, APP_URL, LOCAL_DEV: "true" } as unknown as Env, ctx);
  return getQueueResult(batch as MessageBatch, ctx);
}

async function world() {
  const camera = await insertCategory({ title: "Camera" });
  const lens = await insertCategory({ title: "Lens" });
  const seller = await insertUser({ role: "seller", name: "Seller", verifiedAt: new Date() });
  const buyer = await signedInUser("buyer", { name: "Bea", email: "bea@example.com" });
  const other = await signedInUser("buyer", { name: "Ben", email: "ben@example.com" });
  return { camera, lens, seller, buyer, other };
}

async function save(cookie: string, search: string, name = "") {
  return postForm("/saved-searches", { intent: "save-search", search, name }, { Cookie: cookie });
}

async function toastOf(response: Response): Promise<string | null> {
  const toast = response.headers.getSetCookie().find((c) => c.startsWith("pb_toast="));
  if (!toast) return null;
  const page = await get("/about", { Cookie: toast.split(";")[0]! });
  return /data-toast-type="([a-z]+)"/.exec(await page.text())?.[1] ?? null;
}

describe("saving a search", () => {
  it("keeps the search as the search schema reads it back, once, named", async () => {
    const { buyer } = await world();
    const response = await save(buyer.cookie, "?q=Nikon++Lens&max=500&sort=price-asc&page=3&book=x", "Cheap Nikon");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/search?q=Nikon++Lens&max=500&sort=price-asc&page=3&book=x");
    expect(await toastOf(response)).toBe("success");
    const rows = await db().select().from(savedSearches);
    expect(rows).toEqual([
      expect.objectContaining({
        userId: buyer.user.id,
        name: "Cheap Nikon",
        query: "q=Nikon+Lens&max=500",
        matchQuery: '"nikon"* "lens"*',
        emails: true,
      }),
    ]);
    // A double submit, or the same search spelt otherwise, saves nothing more.
    const again = await save(buyer.cookie, "max=500.00&q=Nikon+Lens");
    expect(await toastOf(again)).toBe("error");
    expect(await db().select().from(savedSearches)).toHaveLength(1);
  });

  it("names a search by its words when no name is given", async () => {
    const { buyer } = await world();
    await save(buyer.cookie, "q=tripod");
    const [row] = await db().select().from(savedSearches);
    expect(row?.name).toBe("tripod");
  });

  it("refuses a search the search page would refuse, and signed out asks to sign in", async () => {
    const { buyer } = await world();
    for (const search of ["min=abc", "q=%22%22", "max=1&min=2", "category=no-such-category", "fits=1"]) {
      const response = await save(buyer.cookie, search);
      expect(await toastOf(response), search).toBe("error");
    }
    const anon = await postForm("/saved-searches", { intent: "save-search", search: "q=lens" });
    expect(anon.headers.get("Location")).toMatch(/^\/login/);
    expect(await db().select().from(savedSearches)).toEqual([]);
  });

  it(`keeps at most ${SAVED_SEARCH_LIMIT} searches a user`, async () => {
    const { buyer } = await world();
    const bearer = await bearerFor(buyer.user.id);
    for (let n = 0; n < SAVED_SEARCH_LIMIT; n++) {
      const response = await SELF.fetch(`${ORIGIN}/api/saved-searches`, {
        method: "POST",
        headers: { Authorization: bearer, "Content-Type": "application/json" },
        body: JSON.stringify({ search: `q=lens&max=${100 + n}` }),
      });
      expect(response.status).toBe(201);
    }
    const over = await SELF.fetch(`${ORIGIN}/api/saved-searches`, {
      method: "POST",
      headers: { Authorization: bearer, "Content-Type": "application/json" },
      body: JSON.stringify({ search: "q=lens&max=999" }),
    });
    expect(over.status).toBe(409);
    expect(await db().select().from(savedSearches)).toHaveLength(SAVED_SEARCH_LIMIT);
  });
});

describe("the saved searches API", () => {
  it("lists, saves, renames, turns emails off and deletes only the caller's own", async () => {
    const { buyer, other } = await world();
    const call = async (method: string, path: string, userId: string, body?: unknown) =>
      SELF.fetch(`${ORIGIN}${path}`, {
        method,
        headers: { Authorization: await bearerFor(userId), "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const created = await call("POST", "/api/saved-searches", buyer.user.id, { search: "q=leica&condition=Good" });
    expect(created.status).toBe(201);
    const search = await created.json<{ id: string; name: string; search: string; emails: boolean }>();
    expect(search).toMatchObject({ name: "leica", search: "q=leica&condition=Good", emails: true });
    const listed = await (await call("GET", "/api/saved-searches", buyer.user.id)).json<{
      saved_searches: unknown[];
    }>();
    expect(listed.saved_searches).toHaveLength(1);
    expect(
      (await (await call("GET", "/api/saved-searches", other.user.id)).json<{ saved_searches: unknown[] }>())
        .saved_searches,
    ).toEqual([]);

    expect((await call("PATCH", `/api/saved-searches/${search.id}`, other.user.id, { name: "Mine now" })).status).toBe(
      404,
    );
    expect((await call("DELETE", `/api/saved-searches/${search.id}`, other.user.id)).status).toBe(404);
    expect((await call("PATCH", `/api/saved-searches/${search.id}`, buyer.user.id, {})).status).toBe(422);
    expect((await call("PATCH", `/api/saved-searches/${search.id}`, buyer.user.id, { name: "a\nb" })).status).toBe(422);
    expect((await call("POST", "/api/saved-searches", buyer.user.id, { search: "min=-1" })).status).toBe(422);

    const patched = await call("PATCH", `/api/saved-searches/${search.id}`, buyer.user.id, {
      name: "Leicas",
      emails: false,
    });
    expect(await patched.json()).toMatchObject({ name: "Leicas", emails: false });
    expect((await call("DELETE", `/api/saved-searches/${search.id}`, buyer.user.id)).status).toBe(204);
    expect(await db().select().from(savedSearches)).toEqual([]);
  });

  it("answers 401 without a bearer token", async () => {
    expect((await SELF.fetch(`${ORIGIN}/api/saved-searches`)).status).toBe(401);
  });
});

describe("matching new listings", () => {
  it("matches by words and filters what the search finds, only new listings a buyer may see", async () => {
    const { camera, lens, seller, buyer } = await world();
    const before = await insertProduct({ sellerId: seller.id, categoryId: lens.id, name: "Nikon lens from before" });
    await tick(Date.now()); // The catalog as it was is read once, before any search is saved.
    const searches = {
      words: "q=nikon+lens&max=500",
      filters: "category=camera&condition=Excellent",
      gear: "q=nikon&brand=nikon&mount=nikon-f",
    };
    for (const [name, search] of Object.entries(searches)) {
      expect(await toastOf(await save(buyer.cookie, search, name))).toBe("success");
    }
    const held = await insertUser({ role: "seller", emailVerifiedAt: null });
    const listed = {
      cheapNikonLens: await insertProduct({
        sellerId: seller.id,
        categoryId: lens.id,
        name: "Nikon 50mm lens",
        resalePriceCents: 40_000,
      }),
      dearNikonLens: await insertProduct({
        sellerId: seller.id,
        categoryId: lens.id,
        name: "Nikon 200mm lens",
        resalePriceCents: 90_000,
      }),
      canonLens: await insertProduct({
        sellerId: seller.id,
        categoryId: lens.id,
        name: "Canon 50mm lens",
        resalePriceCents: 30_000,
      }),
      excellentBody: await insertProduct({
        sellerId: seller.id,
        categoryId: camera.id,
        name: "Body",
        condition: "Excellent",
      }),
      goodBody: await insertProduct({
        sellerId: seller.id,
        categoryId: camera.id,
        name: "Other body",
        condition: "Good",
      }),
      nikonMount: await insertProduct({
        sellerId: seller.id,
        categoryId: lens.id,
        name: "Nikon AF-S 35mm",
        gearKind: "lens",
        brand: "nikon",
        mount: "nikon-f",
        resalePriceCents: 20_000,
      }),
      // Not listed: its seller's address is not verified, or it is held for review.
      unverified: await insertProduct({
        sellerId: held.id,
        categoryId: lens.id,
        name: "Nikon lens unverified",
        resalePriceCents: 100,
      }),
      heldBack: await insertProduct({
        sellerId: seller.id,
        categoryId: lens.id,
        name: "Nikon lens held",
        heldAt: new Date(),
        resalePriceCents: 100,
      }),
    };
    const events = await tick(Date.now());
    expect(events).toHaveLength(1);
    const rows = await db()
      .select({ name: savedSearches.name, productId: savedSearchMatches.productId })
      .from(savedSearchMatches)
      .innerJoin(savedSearches, eq(savedSearches.id, savedSearchMatches.savedSearchId));
    const found = (name: string) =>
      rows
        .filter((row) => row.name === name)
        .map((row) => row.productId)
        .sort();
    expect(found("words")).toContain(listed.cheapNikonLens.id);
    for (const other of [listed.dearNikonLens, listed.canonLens, listed.unverified, listed.heldBack]) {
      expect(found("words")).not.toContain(other.id);
    }
    expect(found("filters")).toEqual([listed.excellentBody.id]);
    expect(found("filters")).not.toContain(listed.goodBody.id);
    expect(found("gear")).toEqual([listed.nikonMount.id]);
    expect(rows.map((row) => row.productId)).not.toContain(before.id);
    // The same listings the search page finds among the new ones.
    for (const [name, search] of Object.entries(searches)) {
      const read = readSearchParams(new URLSearchParams(search), USD);
      if (!read.ok) throw new Error(read.message);
      const result = await searchListings(db(), read.query);
      if (!result.ok) throw new Error("search refused");
      const ids = result.listings.rows.map((row) => row.id).filter((id) => id !== before.id);
      expect(found(name), name).toEqual(ids.sort());
    }
    // The next tick reads nothing new and plans no second letter.
    expect(await tick(Date.now())).toEqual([]);
  });

  it("reads at most a batch of listings a tick, and the rest on the next", async () => {
    const { lens, seller, buyer } = await world();
    await save(buyer.cookie, "q=tripod");
    // Five rows a statement: D1 binds at most 100 values.
    for (let n = 0; n < 120; n += 5) {
      await db()
        .insert(products)
        .values(
          Array.from({ length: 5 }, (_, i) => ({
            sellerId: seller.id,
            categoryId: lens.id,
            name: `Tripod ${n + i}`,
            description: "A sturdy tripod.",
            condition: "Good" as const,
            originalPriceCents: 10_000,
            resalePriceCents: 5_000,
            purchaseYear: 2020,
            contact: "+1 415 555 0100",
            location: "Oakland, CA",
          })),
        );
    }
    await tick(Date.now());
    expect(await db().select().from(savedSearchMatches)).toHaveLength(100);
    await tick(Date.now());
    expect(await db().select().from(savedSearchMatches)).toHaveLength(120);
  });
});

describe("the letter", () => {
  it("is sent at most once a day, with a one-click unsubscribe link that works signed out", async () => {
    const { lens, seller, buyer } = await world();
    await save(buyer.cookie, "q=nikon", "Nikon things");
    const start = Date.now();
    const first = await insertProduct({ sellerId: seller.id, categoryId: lens.id, name: "Nikon 85mm lens" });
    const [event] = await tick(start);
    expect(event).toBeDefined();
    await deliver([event!]);
    // A message the queue delivers again sends nothing twice.
    await deliver([event!]);
    const letters = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "saved_search_matches"));
    expect(letters).toHaveLength(1);
    const [letter] = letters;
    expect(letter!.toEmail).toBe("bea@example.com");
    expect(letter!.subject).toBe("New matches for your saved search “Nikon things”");
    expect(letter!.body).toContain(`Nikon 85mm lens`);
    expect(letter!.body).toContain(`${APP_URL}/listings/${first.id}`);
    const headers = JSON.parse(letter!.headers!) as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = /^<(https:\/\/pay\.test\/unsubscribe\/[^>]+)>$/.exec(headers["List-Unsubscribe"]!)?.[1];
    expect(url).toBeDefined();
    expect(letter!.body).toContain(`Stop these emails: ${url}`);

    // A new match an hour later waits for the day to pass.
    await insertProduct({ sellerId: seller.id, categoryId: lens.id, name: "Nikon 24mm lens" });
    expect(await tick(start + HOUR)).toEqual([]);
    const next = await tick(start + 24 * HOUR + 1);
    expect(next).toHaveLength(1);

    // The link's page changes nothing; a mail client's one-click POST, cross-site and signed out,
    // turns the kind off.
    const path = new URL(url!).pathname;
    const page = await get(path);
    expect(page.status, await page.clone().text()).toBe(200);
    expect(await page.text()).toContain("Saved search matches");
    expect(await db().select().from(notificationPreferences)).toEqual([]);
    const oneClick = await SELF.fetch(`${ORIGIN}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Host: new URL(ORIGIN).host,
        Origin: "https://mail.example",
        "Sec-Fetch-Site": "cross-site",
      },
      body: "List-Unsubscribe=One-Click",
      redirect: "manual",
    });
    expect(oneClick.status, await oneClick.clone().text()).toBe(200);
    expect(await db().select().from(notificationPreferences)).toEqual([
      expect.objectContaining({ userId: buyer.user.id, kind: "saved_search_matches", enabled: false }),
    ]);
    // Turned off: the day's next letter is not sent.
    await deliver(next);
    expect(await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "saved_search_matches"))).toHaveLength(1);
  });

  it("refuses a tampered link (400) and an expired one (410), and changes nothing", async () => {
    const { buyer } = await world();
    const token = await signUnsubscribe(buyer.user.id, "saved_search_matches", [testEnv.SESSION_SECRET]);
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    const forged = await signUnsubscribe(buyer.user.id, "saved_search_matches", [
      "another-secret-0123456789abcdefghij",
    ]);
    const old = await signUnsubscribe(
      buyer.user.id,
      "saved_search_matches",
      [testEnv.SESSION_SECRET],
      Date.now() - UNSUBSCRIBE_TTL_MS - HOUR,
    );
    for (const [bad, status] of [
      [tampered, 400],
      [forged, 400],
      ["not-a-token", 400],
      [old, 410],
    ] as const) {
      expect((await get(`/unsubscribe/${bad}`)).status).toBe(status);
      expect((await postForm(`/unsubscribe/${bad}`, { intent: "unsubscribe" })).status).toBe(status);
    }
    expect(await db().select().from(notificationPreferences)).toEqual([]);
    // The page's own button, signed out: done, with a toast.
    const done = await postForm(`/unsubscribe/${token}`, { intent: "unsubscribe" });
    expect(done.status).toBe(302);
    expect(await toastOf(done)).toBe("success");
    expect(await db().select().from(notificationPreferences)).toHaveLength(1);
  });
});

describe("the settings page", () => {
  it("lists the saved searches to rename, turn off and delete, only the user's own", async () => {
    const { buyer, other } = await world();
    await save(buyer.cookie, "q=leica", "Leicas");
    const [search] = await db().select().from(savedSearches);
    const page = await get("/dashboard/settings", { Cookie: buyer.cookie });
    const html = await page.text();
    expect(html).toContain("Saved searches");
    expect(html).toContain("Leicas");
    expect(html).toContain('href="/search?q=leica"');

    const theirs = await postForm(
      "/dashboard/settings/saved-searches/rename",
      { id: search!.id, name: "Stolen" },
      { Cookie: other.cookie },
    );
    expect(await toastOf(theirs)).toBe("error");
    const deleteTheirs = await postForm(
      "/dashboard/settings/saved-searches/delete",
      { id: search!.id },
      { Cookie: other.cookie },
    );
    expect(await toastOf(deleteTheirs)).toBe("error");
    const empty = await postForm(
      "/dashboard/settings/saved-searches/rename",
      { id: search!.id, name: " " },
      { Cookie: buyer.cookie },
    );
    // A name that is not one comes back at its field, as typed, with the page (ADR 0071).
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain(`id="saved-search-${search!.id}-errors"`);
    expect((await db().select().from(savedSearches))[0]?.name).toBe("Leicas");

    await postForm(
      "/dashboard/settings/saved-searches/rename",
      { id: search!.id, name: "M lenses" },
      { Cookie: buyer.cookie },
    );
    await postForm(
      "/dashboard/settings/saved-searches/emails",
      { id: search!.id, emails: "off" },
      { Cookie: buyer.cookie },
    );
    expect(await db().select().from(savedSearches)).toEqual([
      expect.objectContaining({ name: "M lenses", emails: false }),
    ]);
    const gone = await postForm(
      "/dashboard/settings/saved-searches/delete",
      { id: search!.id },
      { Cookie: buyer.cookie },
    );
    expect(await toastOf(gone)).toBe("success");
    expect(await db().select().from(savedSearches)).toEqual([]);
  });

  it("shows the search page's save form to a signed-in visitor and a sign-in link otherwise", async () => {
    await world();
    const { cookie } = await signedInUser("buyer");
    expect(await (await get("/search?q=lens", { Cookie: cookie })).text()).toContain("Email me new matches");
    expect(await (await get("/search?q=lens")).text()).toContain("to get an email when new");
  });
});
