// A forgotten password, as a person goes through it: the request answers the same whether or not
// the address has an account, the letter holds a one-time link (only its hash is stored), the new
// password ends every session and clears the sign-in lock; expired, used and forged links get a
// clear page; a double submit is one effect; the limits hold; the REST twins behave alike.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashLinkToken } from "#app/domain/accounts/account-links.server";
import { RESET_MESSAGES } from "#app/domain/accounts/account-messages";
import { RESET_REQUESTS_PER_ADDRESS } from "#app/domain/accounts/password-reset.server";
import { hashPassword, verifyPassword } from "#app/domain/accounts/passwords.server";
import { MAX_FAILURES_PER_EMAIL } from "#app/domain/accounts/sign-in-limits.server";
import { database } from "#db/client";
import { accountTokens, sessions, signInAttempts, users } from "#db/schema";
import { accountClient, everythingStored, lettersTo, linkFromLetter, tokenOf } from "./account-helpers";
import { get, postForm, sessionCookieFor } from "./auth-helpers";
import { insertUser } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const NEW_PASSWORD = "a brand new password";

async function member(overrides: Parameters<typeof insertUser>[0] = {}) {
  return insertUser({
    email: "rita@example.com",
    name: "Rita Reset",
    passwordHash: await hashPassword("the old password"),
    ...overrides,
  });
}

/** Asks for a reset of `email` from a fresh browser and delivers what it published. */
async function ask(email: string, address = "203.0.113.7") {
  const browser = accountClient({ address });
  const response = await browser.post("/forgot-password", { email, website_confirm: "" });
  const published = [...browser.published];
  await browser.deliver();
  return { browser, response, published };
}

describe("asking for a reset link", () => {
  it("answers the same for an address with and without an account, and writes a letter only for the account", async () => {
    await member();
    const known = await ask("Rita@Example.com");
    const unknown = await ask("nobody@example.com");
    for (const { response } of [known, unknown]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/forgot-password?sent");
    }
    // The same toast, and a queue message either way (the same work in both branches).
    const toast = async (r: Response) =>
      (
        await get("/about", {
          Cookie: r.headers
            .getSetCookie()
            .find((c) => c.startsWith("pb_toast="))!
            .split(";")[0]!,
        })
      ).text();
    expect(await toast(known.response)).toContain(RESET_MESSAGES.sent);
    expect(await toast(unknown.response)).toContain(RESET_MESSAGES.sent);
    expect(known.published.map((m) => m.kind)).toEqual(["account_link"]);
    expect(unknown.published.map((m) => m.kind)).toEqual(["account_link"]);
    expect(await lettersTo("nobody@example.com")).toEqual([]);
    const [letter] = await lettersTo("rita@example.com");
    expect(letter).toMatchObject({ kind: "reset_password", subject: "Reset your Pay&Buy password" });
    expect(letter!.body).toContain("within 1 hour");
  });

  it("stores only the hash of the token, which travels in the queue message and the letter alone", async () => {
    const rita = await member();
    const { published } = await ask(rita.email);
    const token = (published[0] as { token: string }).token;
    const path = await linkFromLetter(rita.email, "reset_password");
    expect(tokenOf(path)).toBe(token);
    const [row] = await db().select().from(accountTokens).where(eq(accountTokens.userId, rita.id));
    expect(row!.tokenHash).toBe(await hashLinkToken(token));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(3600 * 1000);
    // The outbox stands for the mailbox here; every other table holds no trace of the token.
    await db().delete((await import("#db/schema")).emailOutbox);
    expect(await everythingStored()).not.toContain(token);
  });

  it("sends one letter for a double submit, at most three an hour, and tells a busy network to wait", async () => {
    const rita = await member();
    const browser = accountClient({ address: "198.51.100.9" });
    await browser.post("/forgot-password", { email: rita.email, website_confirm: "" });
    await browser.post("/forgot-password", { email: rita.email, website_confirm: "" });
    await browser.deliver();
    expect(await lettersTo(rita.email)).toHaveLength(1);
    // Later requests (past the minute) count towards the hour.
    await db()
      .update(accountTokens)
      .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(accountTokens.userId, rita.id));
    for (let i = 0; i < 3; i++) {
      await browser.post("/forgot-password", { email: rita.email, website_confirm: "" });
      await db()
        .update(accountTokens)
        .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
        .where(eq(accountTokens.userId, rita.id));
    }
    await browser.deliver();
    expect(await lettersTo(rita.email)).toHaveLength(3);
    // The client address: refused with a 429 and Retry-After, after RESET_REQUESTS_PER_ADDRESS.
    let last: Response | undefined;
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS; i++) {
      last = await browser.post("/forgot-password", { email: `other${i}@example.com`, website_confirm: "" });
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await last!.text()).toContain("Too many requests from your network");
  });

  it("refuses a bad address or a filled honeypot with a 400 and sends nothing", async () => {
    const browser = accountClient();
    for (const fields of [{ email: "not an email" }, { email: "" }, { email: "a@b.co", website_confirm: "bot" }]) {
      const response = await browser.post("/forgot-password", { website_confirm: "", ...fields });
      expect(response.status).toBe(400);
    }
    expect(browser.published).toEqual([]);
  });
});

describe("the reset link", () => {
  it("sets the new password, ends every session, clears the sign-in lock and proves the address", async () => {
    const rita = await member({ emailVerifiedAt: null });
    const phone = await sessionCookieFor(rita.id);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL; i++) {
      await postForm("/login", { email: rita.email, password: "wrong guess", website_confirm: "" });
    }
    expect(
      (await postForm("/login", { email: rita.email, password: "the old password", website_confirm: "" })).status,
    ).toBe(429);
    await ask(rita.email);
    const path = await linkFromLetter(rita.email, "reset_password");

    const browser = accountClient();
    const page = await browser.get(path);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain("Choose a new password");
    expect(html).toContain(`value="${tokenOf(path)}"`);
    // Opening the page changed nothing.
    expect((await db().select().from(accountTokens).where(eq(accountTokens.userId, rita.id)))[0]!.usedAt).toBeNull();

    const done = await browser.post("/reset-password", {
      token: tokenOf(path),
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");
    const [account] = await db().select().from(users).where(eq(users.id, rita.id));
    expect(await verifyPassword(NEW_PASSWORD, account!.passwordHash)).toBe(true);
    expect(account!.emailVerifiedAt).not.toBeNull();
    const live = await db().select().from(sessions).where(eq(sessions.userId, rita.id));
    expect(live.every((session) => session.revokedAt !== null)).toBe(true);
    expect((await get("/dashboard/my_orders", { Cookie: phone })).headers.get("Location")).toMatch(/^\/login/);
    expect(
      await db().select().from(signInAttempts).where(eq(signInAttempts.subject, "email:rita@example.com")),
    ).toEqual([]);
    // The new password signs in at once; the owner is told by letter.
    const login = await postForm("/login", { email: rita.email, password: NEW_PASSWORD, website_confirm: "" });
    expect(login.headers.get("Location")).toBe("/");
    await browser.deliver();
    expect((await lettersTo(rita.email)).map((l) => l.kind)).toContain("password_changed");
  });

  it("is one effect on a double submit, then a clear page: used, expired or forged, never a 500", async () => {
    const rita = await member();
    await ask(rita.email);
    const path = await linkFromLetter(rita.email, "reset_password");
    const token = tokenOf(path);
    const browser = accountClient();
    const fields = { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect((await browser.post("/reset-password", fields)).status).toBe(302);
    // The same form sent again at once (a double click without JavaScript): the same success.
    const again = await browser.post("/reset-password", fields);
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/login");
    expect(browser.published.filter((m) => m.kind === "password_changed")).toHaveLength(1);
    // Another password with the used link: refused, the password unchanged.
    const other = await browser.post("/reset-password", {
      token,
      password: "yet another one",
      confirmPassword: "yet another one",
    });
    expect(other.status).toBe(410);
    expect(await other.text()).toContain(RESET_MESSAGES.used);
    const used = await get(path);
    expect(used.status).toBe(410);
    expect(await used.text()).toContain("This link was used");

    // A new link, past the minute in which a second request sends nothing.
    await db()
      .update(accountTokens)
      .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(accountTokens.userId, rita.id));
    await ask(rita.email);
    const fresh = await linkFromLetter(rita.email, "reset_password");
    expect(fresh).not.toBe(path);
    await db()
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.tokenHash, await hashLinkToken(tokenOf(fresh))));
    const expired = await get(fresh);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain(RESET_MESSAGES.expired);
    const late = await accountClient().post("/reset-password", {
      token: tokenOf(fresh),
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(late.status).toBe(410);

    for (const forged of [
      "",
      "abc",
      "x".repeat(43),
      "%00",
      tokenOf(fresh).replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    ]) {
      const page = await get(`/reset-password?token=${encodeURIComponent(forged)}`);
      expect(page.status, forged).toBe(400);
      expect(await page.text()).toContain(RESET_MESSAGES.invalid);
      const post = await postForm("/reset-password", {
        token: forged,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
      expect(post.status, forged).toBe(400);
    }
    const [account] = await db().select().from(users).where(eq(users.id, rita.id));
    expect(await verifyPassword(NEW_PASSWORD, account!.passwordHash)).toBe(true);
  });

  it("refuses a short or mistyped new password with a 400 and keeps the link", async () => {
    const rita = await member();
    await ask(rita.email);
    const token = tokenOf(await linkFromLetter(rita.email, "reset_password"));
    const short = await postForm(`/reset-password?token=${token}`, {
      token,
      password: "short",
      confirmPassword: "short",
    });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("<li>Password should be at least 8 characters</li>");
    const differ = await postForm(`/reset-password?token=${token}`, {
      token,
      password: NEW_PASSWORD,
      confirmPassword: "something else",
    });
    expect(differ.status).toBe(400);
    expect(await differ.text()).toContain("<li>The two passwords are not the same.</li>");
    const [row] = await db().select().from(accountTokens).where(eq(accountTokens.userId, rita.id));
    expect(row!.usedAt).toBeNull();
  });

  it("works once for a verification link of another purpose: never", async () => {
    const rita = await member({ emailVerifiedAt: null });
    const browser = accountClient();
    await browser.post("/login", { email: rita.email, password: "the old password", website_confirm: "" });
    await browser.post("/verify-email", { intent: "resend", redirectTo: "/" });
    await browser.deliver();
    const verifyToken = tokenOf(await linkFromLetter(rita.email, "verify_email"));
    expect((await get(`/reset-password?token=${verifyToken}`)).status).toBe(400);
    const post = await postForm("/reset-password", {
      token: verifyToken,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(post.status).toBe(400);
  });

  it("of an address the account no longer has opens nothing", async () => {
    const rita = await member();
    await ask(rita.email);
    const token = tokenOf(await linkFromLetter(rita.email, "reset_password"));
    await db().update(users).set({ email: "rita.new@example.com" }).where(eq(users.id, rita.id));
    expect((await get(`/reset-password?token=${token}`)).status).toBe(400);
  });
});

describe("the REST twins", () => {
  it("POST /api/password/forgot answers 202 either way; POST /api/password/reset sets the password once", async () => {
    const rita = await member();
    const program = accountClient({ address: "192.0.2.44" });
    const known = await program.api("POST", "/password/forgot", { email: rita.email });
    const unknown = await program.api("POST", "/password/forgot", { email: "ghost@example.com" });
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(await known.json()).toEqual(await unknown.json());
    expect((await program.api("POST", "/password/forgot", { email: "nope" })).status).toBe(422);
    await program.deliver();
    const token = tokenOf(await linkFromLetter(rita.email, "reset_password"));
    expect((await program.api("POST", "/password/reset", { token, password: "short" })).status).toBe(422);
    const reset = await program.api("POST", "/password/reset", { token, password: NEW_PASSWORD });
    expect(reset.status, await reset.clone().text()).toBe(200);
    const again = await program.api("POST", "/password/reset", { token, password: "different password" });
    expect(again.status).toBe(410);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe("link_used");
    expect((await program.api("POST", "/password/reset", { token: "forged", password: NEW_PASSWORD })).status).toBe(
      400,
    );
    const signIn = await program.api("POST", "/token", { email: rita.email, password: NEW_PASSWORD });
    expect(signIn.status).toBe(200);
  });
});
