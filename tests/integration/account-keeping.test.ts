// No way to keep a stolen account (ADR 0075): someone holding a signed-in session cannot turn
// two-factor sign-in on, off or make new recovery codes without the password (or a current
// code), and each change is told to the account's address; a new password ends every reset link
// still out; a pending two-factor sign-in makes one session; two confirmations at once take
// effect once; recovery codes are shown in one answer and never again.
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword } from "#app/domain/accounts/passwords.server";
import { REAUTH_MESSAGES } from "#app/domain/accounts/reauthentication.server";
import { hashRecoveryCode, openSecret, startTwoFactorSetup } from "#app/domain/accounts/two-factor.server";
import { database } from "#db/client";
import { accountTokens, recoveryCodes, sessions, twoFactorCredentials } from "#db/schema";
import { accountClient, appCode, lettersTo, linkFromLetter, tokenOf } from "./account-helpers";
import { bearerFor, sessionCookieFor } from "./auth-helpers";
import { enrolTwoFactor, insertUser, TEST_TOTP_SECRET } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const PASSWORD = "a password of mine";
const NEW_PASSWORD = "a new password of mine";
const PATH = "/dashboard/settings/two-factor";

async function member(overrides: Parameters<typeof insertUser>[0] = {}) {
  return insertUser({
    email: "kim@example.com",
    name: "Kim Keeper",
    passwordHash: await hashPassword(PASSWORD),
    ...overrides,
  });
}

/** A browser signed in as the user (a session made beforehand, as a thief would hold one). */
async function signedIn(userId: string, options: { address?: string } = {}) {
  const browser = accountClient(options);
  browser.jar.set("__Host-pb_session", (await sessionCookieFor(userId)).split("=").slice(1).join("="));
  return browser;
}

const codesIn = (html: string) =>
  [...html.matchAll(/<li><code>([a-z0-9]{5}-[a-z0-9]{5})<\/code><\/li>/g)].map((m) => m[1]!);

async function storedHashes(userId: string) {
  const rows = await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return rows.map((row) => row.codeHash).sort();
}

const hashesOf = async (codes: string[]) => (await Promise.all(codes.map(hashRecoveryCode))).sort();

async function isOn(userId: string) {
  const [row] = await db().select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId));
  return Boolean(row?.enabledAt);
}

/** Two-factor sign-in on, through the page, with its ten recovery codes. */
async function turnOn(browser: ReturnType<typeof accountClient>, userId: string) {
  await startTwoFactorSetup(db(), userId, [testEnv.SESSION_SECRET]);
  const answer = await browser.post(`${PATH}/confirm`, {
    code: await appCode(await setupSecret(userId)),
    currentPassword: PASSWORD,
  });
  expect(answer.status).toBe(200);
  return codesIn(await answer.text());
}

/** The key of the setup waiting for its first code. */
async function setupSecret(userId: string) {
  const [row] = await db().select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, userId));
  return (await openSecret(row!.secret, userId, [testEnv.SESSION_SECRET]))!.secret;
}

describe("changes to two-factor sign-in ask who it is", () => {
  it("turning it on needs the password as well as the app's code; a wrong or missing one changes nothing", async () => {
    const kim = await member();
    const thief = await signedIn(kim.id);
    await startTwoFactorSetup(db(), kim.id, [testEnv.SESSION_SECRET]);
    const code = await appCode(await setupSecret(kim.id));
    const bare = await thief.post(`${PATH}/confirm`, { code });
    expect(bare.status).toBe(400);
    expect(await bare.text()).toContain(REAUTH_MESSAGES.passwordRequired);
    const wrong = await thief.post(`${PATH}/confirm`, { code, currentPassword: "not the password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(REAUTH_MESSAGES.wrongPassword);
    expect(await isOn(kim.id)).toBe(false);
    expect(await db().select().from(recoveryCodes)).toEqual([]);
    const owner = await thief.post(`${PATH}/confirm`, { code, currentPassword: PASSWORD });
    expect(owner.status).toBe(200);
    expect(await isOn(kim.id)).toBe(true);
    // Told by letter to the account's address.
    await thief.deliver();
    expect((await lettersTo(kim.email)).map((l) => l.subject)).toContain("Two-factor sign-in is on");
  });

  it("an account with no password types its address to turn it on", async () => {
    const gail = await insertUser({ email: "gail@example.com", passwordHash: null, googleSubject: "google-gail" });
    const browser = await signedIn(gail.id);
    await startTwoFactorSetup(db(), gail.id, [testEnv.SESSION_SECRET]);
    const code = await appCode(await setupSecret(gail.id));
    expect((await browser.post(`${PATH}/confirm`, { code })).status).toBe(400);
    expect((await browser.post(`${PATH}/confirm`, { code, confirmEmail: "other@example.com" })).status).toBe(400);
    expect(await isOn(gail.id)).toBe(false);
    const on = await browser.post(`${PATH}/confirm`, { code, confirmEmail: "GAIL@example.com" });
    expect(on.status).toBe(200);
    expect(codesIn(await on.text())).toHaveLength(10);
  });

  it("new recovery codes and turning it off need the password or a current code, and are told by letter", async () => {
    const kim = await member();
    const browser = await signedIn(kim.id);
    const first = await turnOn(browser, kim.id);
    const before = await storedHashes(kim.id);
    // A session alone: refused, nothing changed.
    const bare = await browser.post(`${PATH}/regenerate`, {});
    expect(bare.status).toBe(400);
    expect(await bare.text()).toContain(REAUTH_MESSAGES.codeRequired);
    expect((await browser.post(`${PATH}/regenerate`, { currentPassword: "a guess" })).status).toBe(400);
    expect(await storedHashes(kim.id)).toEqual(before);
    const fresh = await browser.post(`${PATH}/regenerate`, { currentPassword: PASSWORD });
    expect(fresh.status).toBe(200);
    const codes = codesIn(await fresh.text());
    expect(codes).toHaveLength(10);
    expect(await storedHashes(kim.id)).toEqual(await hashesOf(codes));
    expect(codes).not.toContain(first[0]);
    // Turning it off: a session alone is refused.
    expect((await browser.post(`${PATH}/disable`, {})).status).toBe(400);
    expect((await browser.post(`${PATH}/disable`, { currentPassword: "a guess" })).status).toBe(400);
    expect(await isOn(kim.id)).toBe(true);
    const off = await browser.post(`${PATH}/disable`, { currentPassword: PASSWORD });
    expect(off.status).toBe(302);
    expect(await isOn(kim.id)).toBe(false);
    await browser.deliver();
    const subjects = (await lettersTo(kim.email)).map((l) => l.subject);
    expect(subjects).toContain("Two-factor sign-in is on");
    expect(subjects).toContain("New Pay&Buy recovery codes were made");
    expect(subjects).toContain("Two-factor sign-in is off");
  });

  it("a change of address asks too, on the page and through the API (one domain function)", async () => {
    const kim = await member();
    const browser = await signedIn(kim.id);
    expect((await browser.post("/dashboard/settings/email", { email: "thief@example.com" })).status).toBe(400);
    const api = await browser.api("PUT", "/account/email", { email: "thief@example.com" }, await bearerFor(kim.id));
    expect(api.status).toBe(403);
    expect(browser.published).toEqual([]);
  });
});

describe("a new password ends the reset links", () => {
  async function askForLink(email: string) {
    const asker = accountClient({ address: "203.0.113.9" });
    expect((await asker.post("/forgot-password", { email, website_confirm: "" })).status).toBeLessThan(400);
    await asker.deliver();
    return tokenOf(await linkFromLetter(email, "reset_password"));
  }

  it("changed in Settings: a link asked for before is refused", async () => {
    const kim = await member();
    const token = await askForLink(kim.email);
    const browser = await signedIn(kim.id);
    const changed = await browser.post("/dashboard/settings/password", {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(302);
    const reset = await accountClient().api("POST", "/password/reset", { token, password: "the thief's password" });
    expect(reset.status).toBe(410);
  });

  it("changed through PUT /api/account/password: the same", async () => {
    const kim = await member();
    const token = await askForLink(kim.email);
    const program = accountClient();
    const changed = await program.api(
      "PUT",
      "/account/password",
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      await bearerFor(kim.id),
    );
    expect(changed.status).toBe(200);
    const page = await accountClient().post("/reset-password", {
      token,
      password: "the thief's password",
      confirmPassword: "the thief's password",
    });
    expect(page.status).toBeGreaterThanOrEqual(400);
    expect(page.status).toBeLessThan(500);
  });

  it("set by a reset link: the account's other links end with it", async () => {
    const kim = await member();
    const first = await askForLink(kim.email);
    // Another link, after the one-minute repeat window.
    await db()
      .update(accountTokens)
      .set({ createdAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(accountTokens.userId, kim.id));
    const second = await askForLink(kim.email);
    expect(second).not.toBe(first);
    const done = await accountClient().api("POST", "/password/reset", { token: second, password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(
      (await accountClient().api("POST", "/password/reset", { token: first, password: "another one" })).status,
    ).toBe(410);
  });
});

describe("a pending two-factor sign-in", () => {
  async function firstStep(email: string) {
    const browser = accountClient();
    const response = await browser.post("/login", { email, password: PASSWORD, website_confirm: "" });
    expect(response.headers.get("Location")).toBe("/login/two-factor");
    return browser.jar.get("__Host-pb_2fa")!;
  }

  const liveSessions = async (userId: string) =>
    (
      await db()
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    ).length;

  it("makes one session: the same cookie replayed with another code is sent to sign in again", async () => {
    const kim = await member();
    const owner = await signedIn(kim.id);
    const codes = await turnOn(owner, kim.id);
    const pending = await firstStep(kim.email);
    const sessionsBefore = await liveSessions(kim.id);
    const first = accountClient();
    first.jar.set("__Host-pb_2fa", pending);
    const done = await first.post("/login/two-factor", { code: codes[0]! });
    expect(done.status).toBe(302);
    expect(first.session()).toBeTruthy();
    // The same pending cookie, from elsewhere, with another good recovery code.
    const replay = accountClient();
    replay.jar.set("__Host-pb_2fa", pending);
    const again = await replay.post("/login/two-factor", { code: codes[1]! });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toMatch(/^\/login/);
    expect(replay.session()).toBeNull();
    expect(await liveSessions(kim.id)).toBe(sessionsBefore + 1);
    // A wrong code does not use a pending sign-in up: the right one after it still works.
    const typo = await firstStep(kim.email);
    const careful = accountClient();
    careful.jar.set("__Host-pb_2fa", typo);
    expect((await careful.post("/login/two-factor", { code: "000000" })).status).toBe(400);
    expect((await careful.post("/login/two-factor", { code: codes[2]! })).status).toBe(302);
    expect(careful.session()).toBeTruthy();
  });

  it("sent 20 times at once with good codes: one session", async () => {
    const kim = await member();
    await enrolTwoFactor(kim.id);
    const owner = await signedIn(kim.id);
    const made = await owner.post(`${PATH}/regenerate`, { currentPassword: PASSWORD });
    const codes = codesIn(await made.text());
    expect(codes).toHaveLength(10);
    const pending = await firstStep(kim.email);
    const sessionsBefore = await liveSessions(kim.id);
    const appNow = await appCode(TEST_TOTP_SECRET);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const client = accountClient();
        client.jar.set("__Host-pb_2fa", pending);
        return client
          .post("/login/two-factor", { code: i < 10 ? codes[i]! : appNow })
          .then((response) => ({ response, session: client.session() }));
      }),
    );
    expect(answers.filter((answer) => answer.session !== null)).toHaveLength(1);
    expect(await liveSessions(kim.id)).toBe(sessionsBefore + 1);
    for (const { response, session } of answers) {
      if (session) continue;
      // Sent to sign in again, or told the code is refused: never a 500.
      expect(response.status).toBeLessThan(500);
    }
  });
});

describe("one effect on a double submit", () => {
  it("20 confirmations of the setup at once: one turns it on, the others get a 4xx and no codes", async () => {
    const kim = await member();
    const browser = await signedIn(kim.id);
    await startTwoFactorSetup(db(), kim.id, [testEnv.SESSION_SECRET]);
    const code = await appCode(await setupSecret(kim.id));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => browser.post(`${PATH}/confirm`, { code, currentPassword: PASSWORD })),
    );
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    const shown = bodies.map(codesIn).filter((codes) => codes.length > 0);
    expect(shown).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 200) continue;
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    // The codes shown are the ones that work.
    expect(await storedHashes(kim.id)).toEqual(await hashesOf(shown[0]!));
    await browser.deliver();
    expect((await lettersTo(kim.email)).filter((l) => l.subject === "Two-factor sign-in is on")).toHaveLength(1);
  });

  it("20 requests for new recovery codes at once: one replaces them, the others get a 4xx and no codes", async () => {
    const kim = await member();
    await enrolTwoFactor(kim.id);
    const browser = await signedIn(kim.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => browser.post(`${PATH}/regenerate`, { currentPassword: PASSWORD })),
    );
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    const shown = bodies.map(codesIn).filter((codes) => codes.length > 0);
    expect(shown).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 200) continue;
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    expect(await storedHashes(kim.id)).toEqual(await hashesOf(shown[0]!));
  });
});

describe("recovery codes are shown once", () => {
  it("in the answer that made them; the next view, and the answer's cookies sent again, show none", async () => {
    const kim = await member();
    const browser = await signedIn(kim.id);
    await startTwoFactorSetup(db(), kim.id, [testEnv.SESSION_SECRET]);
    const on = await browser.post(`${PATH}/confirm`, {
      code: await appCode(await setupSecret(kim.id)),
      currentPassword: PASSWORD,
    });
    expect(on.status).toBe(200);
    const codes = codesIn(await on.text());
    expect(codes).toHaveLength(10);
    // No cookie carries them, readable or not.
    const cookies = on.headers.getSetCookie();
    for (const cookie of cookies) for (const code of codes) expect(cookie).not.toContain(code);
    expect(cookies.some((cookie) => cookie.startsWith("__Host-pb_codes="))).toBe(false);
    // The next view of the page, of the action's own URL, and a replay of every cookie: none.
    for (const path of [PATH, `${PATH}/confirm`]) {
      const html = await (await browser.get(path)).text();
      expect(codesIn(html), path).toEqual([]);
    }
    const replayed = await browser.get(PATH, {
      Cookie: [
        ...[...browser.jar].map(([name, value]) => `${name}=${value}`),
        ...cookies.map((cookie) => cookie.split(";")[0]!),
      ].join("; "),
    });
    expect(codesIn(await replayed.text())).toEqual([]);
    // New codes: the same.
    const fresh = await browser.post(`${PATH}/regenerate`, { currentPassword: PASSWORD });
    const next = codesIn(await fresh.text());
    expect(next).toHaveLength(10);
    expect(codesIn(await (await browser.get(`${PATH}/regenerate`)).text())).toEqual([]);
    expect(codesIn(await (await browser.get(PATH)).text())).toEqual([]);
  });
});
