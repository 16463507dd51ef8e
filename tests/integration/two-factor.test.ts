// Two-factor sign-in: setting it up without JavaScript (a QR code drawn on the server, the key
// as text, the first code confirms), recovery codes shown once and stored hashed, the secret
// stored encrypted; signing in asks for a code (once per code, wrong ones limited), by password,
// by Google and by the REST API; admins must have it: their pages wait for the setup and their
// calls are refused until then.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TWO_FACTOR_MESSAGES } from "#app/domain/accounts/account-messages";
import { hashPassword } from "#app/domain/accounts/passwords.server";
import { CODE_FAILURES_MAX, currentTotpCode, openSecret } from "#app/domain/accounts/two-factor.server";
import { database } from "#db/client";
import { recoveryCodes, twoFactorCredentials } from "#db/schema";
import { accountClient, appCode, everythingStored, lettersTo } from "./account-helpers";
import { bearerFor, get, sessionCookieFor } from "./auth-helpers";
import { enrolTwoFactor, insertUser, TEST_TOTP_SECRET } from "./factories";
import { readQrSvg } from "./qr-reader";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const PASSWORD = "a password of mine";

async function member(overrides: Parameters<typeof insertUser>[0] = {}) {
  return insertUser({
    email: "tess@example.com",
    name: "Tess Two",
    passwordHash: await hashPassword(PASSWORD),
    ...overrides,
  });
}

/** Signs in with the password; returns the browser, on its way to the code page. */
async function firstStep(email = "tess@example.com") {
  const browser = accountClient();
  const response = await browser.post("/login", {
    email,
    password: PASSWORD,
    website_confirm: "",
    redirectTo: "/dashboard/settings",
  });
  return { browser, response };
}

/** The recovery codes a page shows. */
const codesIn = (html: string) =>
  [...html.matchAll(/<li><code>([a-z0-9]{5}-[a-z0-9]{5})<\/code><\/li>/g)].map((m) => m[1]!);

/** The key the setup page shows, without its spaces. */
function keyOnPage(html: string): string {
  const key = /Key: <code[^>]*>([A-Z2-7 ]+)<\/code>/.exec(html)?.[1];
  expect(key, "the key as text").toBeTruthy();
  return key!.replace(/ /g, "");
}

describe("setting it up", () => {
  it("works without JavaScript: a secret made by a POST, a QR code and the key, the app's first code confirms", async () => {
    const tess = await member();
    const browser = accountClient();
    await browser.post("/login", { email: tess.email, password: PASSWORD, website_confirm: "" });
    const before = await (await browser.get("/dashboard/settings/two-factor")).text();
    expect(before).toContain("Set up two-factor sign-in");
    // Opening the page made nothing.
    expect(await db().select().from(twoFactorCredentials)).toEqual([]);
    expect((await browser.post("/dashboard/settings/two-factor/start", {})).status).toBe(302);
    const page = await (await browser.get("/dashboard/settings/two-factor")).text();
    expect(page).toMatch(/<img src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" alt="QR code/);
    const svg = atob(/data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/.exec(page)![1]!);
    expect(svg).toMatch(/<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const secret = keyOnPage(page);
    expect(secret).toHaveLength(32);
    // The picture an app scans carries the same key, for this account, from Pay&Buy.
    const scanned = new URL(readQrSvg(svg) ?? "no QR code");
    expect(scanned.protocol).toBe("otpauth:");
    expect(scanned.searchParams.get("secret")).toBe(secret);
    expect(decodeURIComponent(scanned.pathname)).toContain(tess.email);
    // The secret is stored sealed, never as text.
    expect(await everythingStored()).not.toContain(secret);
    const [stored] = await db().select().from(twoFactorCredentials);
    expect(await openSecret(stored!.secret, tess.id, [testEnv.SESSION_SECRET])).toEqual({ secret, current: true });
    expect(await openSecret(stored!.secret, "someone-else", [testEnv.SESSION_SECRET])).toBeNull();
    expect(await openSecret(stored!.secret, tess.id, ["another-secret-0123456789abcdef0123"])).toBeNull();

    const wrong = await browser.post("/dashboard/settings/two-factor/confirm", {
      code: "000000",
      currentPassword: PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(`<li>${TWO_FACTOR_MESSAGES.wrongCode}</li>`);
    // The library's code is RFC 6238's: the same as one made by hand with WebCrypto.
    expect(await currentTotpCode(secret)).toBe(await appCode(secret));
    const on = await browser.post("/dashboard/settings/two-factor/confirm", {
      code: await appCode(secret),
      currentPassword: PASSWORD,
    });
    // The codes are in the answer itself (no redirect, no cookie carries them).
    expect(on.status).toBe(200);
    const codes = codesIn(await on.text());
    expect(codes).toHaveLength(10);
    // Shown once: the next view has none, and D1 holds only their hashes.
    const again = await (await browser.get("/dashboard/settings/two-factor")).text();
    expect(again).not.toContain(codes[0]!);
    expect(again).toContain("10 recovery codes left");
    const everything = await everythingStored();
    for (const code of codes) expect(everything).not.toContain(code);
    expect(await db().select().from(recoveryCodes)).toHaveLength(10);
    await browser.deliver();
    expect((await lettersTo(tess.email)).map((l) => l.subject)).toContain("Two-factor sign-in is on");
  });

  it("refuses a second setup, a confirm without one, and a disable without a code", async () => {
    const tess = await member();
    await enrolTwoFactor(tess.id);
    const cookie = await sessionCookieFor(tess.id);
    const browser = accountClient();
    browser.jar.set("__Host-pb_session", cookie.split("=").slice(1).join("="));
    expect((await browser.post("/dashboard/settings/two-factor/start", {})).status).toBe(302);
    expect((await db().select().from(twoFactorCredentials))[0]!.enabledAt).not.toBeNull();
    const other = await member({ email: "other@example.com" });
    const fresh = accountClient();
    fresh.jar.set("__Host-pb_session", (await sessionCookieFor(other.id)).split("=").slice(1).join("="));
    expect(
      (await fresh.post("/dashboard/settings/two-factor/confirm", { code: "123456", currentPassword: PASSWORD }))
        .status,
    ).toBe(409);
    expect((await browser.post("/dashboard/settings/two-factor/disable", { code: "" })).status).toBe(400);
    // The page itself takes no form: each form posts to its own action.
    expect((await browser.post("/dashboard/settings/two-factor", { intent: "disable" })).status).toBe(405);
  });
});

describe("signing in with it", () => {
  it("asks for the code after the password; a code works once; wrong ones are limited", async () => {
    const tess = await member();
    await enrolTwoFactor(tess.id);
    const { browser, response } = await firstStep();
    expect(response.headers.get("Location")).toBe("/login/two-factor");
    expect(browser.session()).toBeNull();
    expect(await (await browser.get("/login/two-factor")).text()).toContain("Two-factor sign-in");
    const wrong = await browser.post("/login/two-factor", { code: "999999" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(`<li>${TWO_FACTOR_MESSAGES.wrongCode}</li>`);
    const code = await appCode();
    const done = await browser.post("/login/two-factor", { code });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/dashboard/settings");
    expect(browser.session()).toBeTruthy();
    // The same code again, in another browser: refused.
    const thief = await firstStep();
    const replay = await thief.browser.post("/login/two-factor", { code });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain(TWO_FACTOR_MESSAGES.codeUsed);
    expect(thief.browser.session()).toBeNull();
    // Wrong codes: after CODE_FAILURES_MAX in the window, even a right one waits.
    for (let i = 0; i < CODE_FAILURES_MAX; i++) await thief.browser.post("/login/two-factor", { code: "111111" });
    const locked = await thief.browser.post("/login/two-factor", { code: await appCode(TEST_TOTP_SECRET, 1) });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("takes a recovery code once, and says how many are left", async () => {
    const tess = await member();
    const browser = accountClient();
    await browser.post("/login", { email: tess.email, password: PASSWORD, website_confirm: "" });
    await browser.post("/dashboard/settings/two-factor/start", {});
    const secret = keyOnPage(await (await browser.get("/dashboard/settings/two-factor")).text());
    const on = await browser.post("/dashboard/settings/two-factor/confirm", {
      code: await appCode(secret),
      currentPassword: PASSWORD,
    });
    const [first] = codesIn(await on.text());
    const phone = await firstStep();
    const signedIn = await phone.browser.post("/login/two-factor", { code: ` ${first!.toUpperCase()} ` });
    expect(signedIn.status).toBe(302);
    const toast = signedIn.headers
      .getSetCookie()
      .find((c) => c.startsWith("pb_toast="))!
      .split(";")[0]!;
    expect(await (await get("/about", { Cookie: toast })).text()).toContain("You used a recovery code; 9 left.");
    const again = await firstStep();
    expect((await again.browser.post("/login/two-factor", { code: first! })).status).toBe(400);
  });

  it("starts again when the pending sign-in is missing, forged or expired, and never for a signed-in browser", async () => {
    const nobody = accountClient();
    const page = await nobody.get("/login/two-factor");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Your sign-in took too long or was not started here.");
    const forged = await nobody.post(
      "/login/two-factor",
      { code: "123456" },
      { Cookie: "__Host-pb_2fa=eyJhbGciOiJub25lIn0.e30." },
    );
    expect(forged.headers.get("Location")).toBe("/login");
    const tess = await member();
    const signedIn = await get("/login/two-factor", { Cookie: await sessionCookieFor(tess.id) });
    expect(signedIn.headers.get("Location")).toBe("/");
  });

  it("is asked of POST /api/token (Google sign-in: google.test.ts), once per code", async () => {
    const tess = await member({ googleSubject: "google-tess" });
    await enrolTwoFactor(tess.id);
    const program = accountClient();
    const without = await program.api("POST", "/token", { email: tess.email, password: PASSWORD });
    expect(without.status).toBe(401);
    expect(((await without.json()) as { error: { code: string } }).error.code).toBe("two_factor_required");
    expect(
      (await program.api("POST", "/token", { email: tess.email, password: PASSWORD, code: "000000" })).status,
    ).toBe(401);
    const withCode = await program.api("POST", "/token", {
      email: tess.email,
      password: PASSWORD,
      code: await appCode(),
    });
    expect(withCode.status).toBe(200);
    expect(
      (await program.api("POST", "/token", { email: tess.email, password: PASSWORD, code: await appCode() })).status,
    ).toBe(401);
  });
});

describe("turning it off and new recovery codes", () => {
  it("need a code (or the password); an admin cannot turn it off", async () => {
    const tess = await member();
    await enrolTwoFactor(tess.id);
    await db().insert(recoveryCodes).values({ userId: tess.id, codeHash: "old" });
    const browser = accountClient();
    browser.jar.set("__Host-pb_session", (await sessionCookieFor(tess.id)).split("=").slice(1).join("="));
    expect((await browser.post("/dashboard/settings/two-factor/regenerate", { code: "000000" })).status).toBe(400);
    const fresh = await browser.post("/dashboard/settings/two-factor/regenerate", { code: await appCode() });
    expect(fresh.status).toBe(200);
    expect(codesIn(await fresh.text())).toHaveLength(10);
    const hashes = await db().select().from(recoveryCodes).where(eq(recoveryCodes.userId, tess.id));
    expect(hashes).toHaveLength(10);
    expect(hashes.some((row) => row.codeHash === "old")).toBe(false);
    const off = await browser.post("/dashboard/settings/two-factor/disable", {
      code: await appCode(TEST_TOTP_SECRET, 1),
    });
    expect(off.status).toBe(302);
    expect(await db().select().from(twoFactorCredentials)).toEqual([]);
    expect(await db().select().from(recoveryCodes)).toEqual([]);

    const admin = await insertUser({ role: "admin", email: "boss@example.com" });
    const boss = accountClient();
    boss.jar.set("__Host-pb_session", (await sessionCookieFor(admin.id)).split("=").slice(1).join("="));
    const refused = await boss.post("/dashboard/settings/two-factor/disable", { code: await appCode() });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(TWO_FACTOR_MESSAGES.requiredForAdmins);
    expect(
      await db().select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, admin.id)),
    ).toHaveLength(1);
  });
});

describe("an admin without it", () => {
  it("is sent to set it up before any admin page, and the admin's calls wait for it", async () => {
    const admin = await insertUser({ role: "admin", twoFactor: false, passwordHash: await hashPassword(PASSWORD) });
    const cookie = await sessionCookieFor(admin.id);
    for (const path of ["/dashboard", "/dashboard/all_sellers", "/dashboard/reported_items", "/dashboard/messages"]) {
      const response = await get(path, { Cookie: cookie });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toMatch(/\/dashboard\/settings\/two-factor$/);
    }
    expect((await get("/dashboard/settings/two-factor", { Cookie: cookie })).status).toBe(200);
    expect((await get("/dashboard/settings", { Cookie: cookie })).status).toBe(200);
    // Public pages stay open.
    expect((await get("/about", { Cookie: cookie })).status).toBe(200);
    const bearer = await bearerFor(admin.id);
    for (const path of ["/api/allSeller", "/api/reports", "/api/user", "/api/account"]) {
      const response = await accountClient().get(path, { Authorization: bearer });
      expect(response.status, path).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("two_factor_setup_required");
    }
    expect((await accountClient().get("/api/jwt", { Cookie: cookie })).status).toBe(403);
    const token = await accountClient().api("POST", "/token", { email: admin.email, password: PASSWORD });
    expect(token.status).toBe(403);
    // Once set up, the admin pages open.
    await enrolTwoFactor(admin.id);
    expect((await get("/dashboard/all_sellers", { Cookie: cookie })).status).toBe(200);
    expect((await accountClient().get("/api/allSeller", { Authorization: bearer })).status).toBe(200);
  });
});
