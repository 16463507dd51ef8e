// Every limit holds against requests sent at the same moment (ADR 0072): the attempt is claimed by
// the statement that counts the earlier ones, so twenty guesses sent at once are judged at most
// as many times as the limit allows, and the rest get the limit's clear refusal (never a 500). A
// success still clears what it clears.
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RESET_REQUESTS_PER_ADDRESS } from "#app/domain/accounts/password-reset.server";
import { MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_EMAIL } from "#app/domain/accounts/sign-in-limits.server";
import { CODE_FAILURES_MAX } from "#app/domain/accounts/two-factor.server";
import { SERIAL_ENTRIES_PER_DAY } from "#app/domain/catalog/serial-holds.server";
import { database } from "#db/client";
import { products, serialEntries, signInAttempts } from "#db/schema";
import { accountClient, appCode } from "./account-helpers";
import { postForm, signedInUser } from "./auth-helpers";
import { enrolTwoFactor, insertCategory, insertProduct } from "./factories";
import { postEdit } from "./listing-helpers";
import { photoFile, postAddProduct, productForm, validFields } from "./seller-helpers";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const AT_ONCE = 20;

/** Each status and how many answered it. */
function tally(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
  return counts;
}

async function attemptsOf(subject: string) {
  return db().select().from(signInAttempts).where(eq(signInAttempts.subject, subject));
}

const burst = <T>(count: number, send: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: count }, (_, i) => send(i)));

describe("the password sign-in lock", () => {
  it("judges at most its limit of wrong passwords sent at once; the rest are refused", async () => {
    const { user } = await signedInUser();
    const address = { "CF-Connecting-IP": "203.0.113.21" };
    const answers = await burst(AT_ONCE, () =>
      postForm("/login", { email: user.email, password: "a wrong guess", website_confirm: "" }, address),
    );
    expect(tally(answers)).toEqual({ 400: MAX_FAILURES_PER_EMAIL, 429: AT_ONCE - MAX_FAILURES_PER_EMAIL });
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(await refused.text()).toContain("Too many failed sign-in attempts.");
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await attemptsOf(`email:${user.email.toLowerCase()}`)).toHaveLength(MAX_FAILURES_PER_EMAIL);
  });

  it("holds the client address's limit across accounts at the same moment", async () => {
    const address = "203.0.113.22";
    const room = 5;
    await db()
      .insert(signInAttempts)
      .values(Array.from({ length: MAX_FAILURES_PER_ADDRESS - room }, () => ({ subject: `ip:${address}` })));
    const answers = await burst(AT_ONCE, (i) =>
      postForm(
        "/login",
        { email: `nobody${i}@example.com`, password: "a wrong guess", website_confirm: "" },
        { "CF-Connecting-IP": address },
      ),
    );
    expect(tally(answers)).toEqual({ 400: room, 429: AT_ONCE - room });
    expect(await attemptsOf(`ip:${address}`)).toHaveLength(MAX_FAILURES_PER_ADDRESS);
  });

  it("is cleared by a success, which counts as no failure of the address", async () => {
    const { user, password } = await signedInUser();
    const address = { "CF-Connecting-IP": "203.0.113.23" };
    const wrong = await burst(3, () =>
      postForm("/login", { email: user.email, password: "a wrong guess", website_confirm: "" }, address),
    );
    expect(tally(wrong)).toEqual({ 400: 3 });
    const right = await postForm("/login", { email: user.email, password, website_confirm: "" }, address);
    expect(right.status).toBe(302);
    expect(await attemptsOf(`email:${user.email.toLowerCase()}`)).toEqual([]);
    expect(await attemptsOf("ip:203.0.113.23")).toHaveLength(3);
  });

  it("holds when the password is asked again before a new address", async () => {
    const { user, cookie } = await signedInUser();
    const answers = await burst(AT_ONCE, (i) =>
      postForm(
        "/dashboard/settings/email",
        { email: `new${i}@example.com`, currentPassword: "a wrong guess" },
        { Cookie: cookie, "CF-Connecting-IP": "203.0.113.24" },
      ),
    );
    expect(tally(answers)).toEqual({ 400: MAX_FAILURES_PER_EMAIL, 429: AT_ONCE - MAX_FAILURES_PER_EMAIL });
    expect(await attemptsOf(`email:${user.email.toLowerCase()}`)).toHaveLength(MAX_FAILURES_PER_EMAIL);
  });

  it("holds when the password is changed", async () => {
    const { user, cookie, password } = await signedInUser();
    const answers = await burst(AT_ONCE, () =>
      postForm(
        "/dashboard/settings/password",
        { currentPassword: "a wrong guess", newPassword: "the next password", confirmPassword: "the next password" },
        { Cookie: cookie, "CF-Connecting-IP": "203.0.113.25" },
      ),
    );
    expect(tally(answers)).toEqual({ 400: MAX_FAILURES_PER_EMAIL, 429: AT_ONCE - MAX_FAILURES_PER_EMAIL });
    expect(await attemptsOf(`email:${user.email.toLowerCase()}`)).toHaveLength(MAX_FAILURES_PER_EMAIL);
    // Below the limit, the right current password changes it and clears the lock.
    await db().delete(signInAttempts).where(eq(signInAttempts.subject, "ip:203.0.113.25"));
    await db()
      .delete(signInAttempts)
      .where(
        sql`${signInAttempts.id} in (select ${signInAttempts.id} from ${signInAttempts} where ${signInAttempts.subject} = ${`email:${user.email.toLowerCase()}`} limit 1)`,
      );
    const changed = await postForm(
      "/dashboard/settings/password",
      { currentPassword: password, newPassword: "the next password", confirmPassword: "the next password" },
      { Cookie: cookie, "CF-Connecting-IP": "203.0.113.25" },
    );
    expect(changed.status).toBe(302);
    expect(await attemptsOf(`email:${user.email.toLowerCase()}`)).toEqual([]);
    expect(await attemptsOf("ip:203.0.113.25")).toEqual([]);
  });
});

describe("the two-factor code lock", () => {
  async function atCodePage() {
    const { user, password } = await signedInUser();
    await enrolTwoFactor(user.id);
    const browser = accountClient();
    const first = await browser.post("/login", { email: user.email, password, website_confirm: "" });
    expect(first.headers.get("Location")).toBe("/login/two-factor");
    return { user, browser };
  }

  it("judges at most its limit of wrong codes sent at once; the rest are refused", async () => {
    const { user, browser } = await atCodePage();
    const answers = await burst(AT_ONCE, () => browser.post("/login/two-factor", { code: "111111" }));
    expect(tally(answers)).toEqual({ 400: CODE_FAILURES_MAX, 429: AT_ONCE - CODE_FAILURES_MAX });
    expect(await answers.find((answer) => answer.status === 429)!.text()).toContain("Too many failed codes.");
    expect(await attemptsOf(`two-factor:${user.id}`)).toHaveLength(CODE_FAILURES_MAX);
  });

  it("is cleared by a right code", async () => {
    const { user, browser } = await atCodePage();
    expect(tally(await burst(2, () => browser.post("/login/two-factor", { code: "111111" })))).toEqual({ 400: 2 });
    const done = await browser.post("/login/two-factor", { code: await appCode() });
    expect(done.status).toBe(302);
    expect(await attemptsOf(`two-factor:${user.id}`)).toEqual([]);
  });
});

describe("the serial numbers a seller gives in a day", () => {
  const given = SERIAL_ENTRIES_PER_DAY - 4;

  async function sellerNearTheLimit() {
    const category = await insertCategory({ title: "Camera" });
    const seller = await signedInUser("seller");
    await db()
      .insert(serialEntries)
      .values(
        Array.from({ length: given }, () => ({ userId: seller.user.id, createdAt: new Date(Date.now() - 1000) })),
      );
    return { category, seller };
  }

  it("stores at most the day's limit of listings with a serial sent at once", async () => {
    const { seller } = await sellerNearTheLimit();
    const answers = await burst(8, (i) =>
      postAddProduct(seller.cookie, productForm(validFields({ serialNumber: `BURST${i}00` }), photoFile("webp"))),
    );
    expect(tally(answers)).toEqual({ 302: SERIAL_ENTRIES_PER_DAY - given, 429: 8 - (SERIAL_ENTRIES_PER_DAY - given) });
    expect(await answers.find((answer) => answer.status === 429)!.text()).toContain("serial numbers today");
    const listed = await db()
      .select()
      .from(products)
      .where(and(eq(products.sellerId, seller.user.id), isNotNull(products.serialNumber)));
    expect(listed).toHaveLength(SERIAL_ENTRIES_PER_DAY - given);
    expect(await db().select().from(serialEntries)).toHaveLength(SERIAL_ENTRIES_PER_DAY);
  });

  it("gives the claim back when the listing is not written", async () => {
    const { seller } = await sellerNearTheLimit();
    const unknown = await postAddProduct(
      seller.cookie,
      productForm(validFields({ category: "no-such-category", serialNumber: "NOPE1234" }), photoFile("webp")),
    );
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
    expect(await db().select().from(serialEntries)).toHaveLength(given);
  });

  it("saves at most the day's limit of edits giving a new serial at once", async () => {
    const { category, seller } = await sellerNearTheLimit();
    const listings = await burst(8, () => insertProduct({ sellerId: seller.user.id, categoryId: category.id }));
    const answers = await burst(8, (i) =>
      postEdit(seller.cookie, listings[i]!.id, {
        intent: "details",
        ...validFields({ serialNumber: `EDIT${i}000` }),
      }),
    );
    expect(tally(answers)).toEqual({ 302: SERIAL_ENTRIES_PER_DAY - given, 429: 8 - (SERIAL_ENTRIES_PER_DAY - given) });
    const saved = await db()
      .select()
      .from(products)
      .where(and(eq(products.sellerId, seller.user.id), isNotNull(products.serialNumber)));
    expect(saved).toHaveLength(SERIAL_ENTRIES_PER_DAY - given);
    expect(await db().select().from(serialEntries)).toHaveLength(SERIAL_ENTRIES_PER_DAY);
  });
});

describe("password reset requests from one address", () => {
  it("answers at most its limit at once; the rest are told to wait", async () => {
    const address = "198.51.100.77";
    const answers = await burst(AT_ONCE, (i) =>
      postForm(
        "/forgot-password",
        { email: `someone${i}@example.com`, website_confirm: "" },
        { "CF-Connecting-IP": address },
      ),
    );
    expect(tally(answers)).toEqual({ 302: RESET_REQUESTS_PER_ADDRESS, 429: AT_ONCE - RESET_REQUESTS_PER_ADDRESS });
    expect(await answers.find((answer) => answer.status === 429)!.text()).toContain(
      "Too many requests from your network",
    );
    expect(await attemptsOf(`reset-ip:${address}`)).toHaveLength(RESET_REQUESTS_PER_ADDRESS);
  });
});
