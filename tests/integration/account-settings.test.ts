// The account's settings and sessions: name and phone (the contact a seller's new listings start
// with), a new password (the current one required; the other sessions end), the live sessions
// with their devices (this one marked), signing one out or all the others, and "last seen"
// written at most every few minutes. The REST twins answer alike.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeDevice } from "#app/domain/accounts/devices.server";
import { hashPassword, verifyPassword } from "#app/domain/accounts/passwords.server";
import { LAST_SEEN_EVERY_MS } from "#app/domain/accounts/sessions.server";
import { forgetLastSeen } from "#app/server/last-seen.server";
import { database } from "#db/client";
import { sessions, users } from "#db/schema";
import { accountClient } from "./account-helpers";
import { get, sessionCookieFor } from "./auth-helpers";
import { insertUser } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const PASSWORD = "the current password";
const FIREFOX_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0";
const SAFARI_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

async function account(role: "buyer" | "seller" = "seller") {
  return insertUser({
    role,
    name: "Sol Settings",
    email: "sol@example.com",
    passwordHash: await hashPassword(PASSWORD),
  });
}

async function signIn(userAgent: string) {
  const browser = accountClient({ userAgent });
  const response = await browser.post("/login", { email: "sol@example.com", password: PASSWORD, website_confirm: "" });
  expect(response.status).toBe(302);
  return browser;
}

describe("name and phone", () => {
  it("are saved, and a seller's Add Product starts with the phone as its contact", async () => {
    await account();
    const browser = await signIn(SAFARI_MAC);
    const saved = await browser.post("/dashboard/settings/profile", {
      name: "Sol Seller",
      phone: "+1 415 555 0199",
    });
    expect(saved.status).toBe(302);
    const [row] = await db().select().from(users).where(eq(users.email, "sol@example.com"));
    expect(row).toMatchObject({ name: "Sol Seller", phone: "+1 415 555 0199" });
    const addProduct = await (await browser.get("/dashboard/add_product")).text();
    expect(addProduct).toMatch(/name="contact"[^>]*value="\+1 415 555 0199"/);
    // Saving twice is the same; an empty phone clears it.
    await browser.post("/dashboard/settings/profile", { name: "Sol Seller", phone: "" });
    expect((await db().select().from(users).where(eq(users.id, row!.id)))[0]!.phone).toBeNull();
  });

  it("refuse a blank name or a phone that is not one, with a 400 and the message on the page", async () => {
    await account();
    const browser = await signIn(SAFARI_MAC);
    const blank = await browser.post("/dashboard/settings/profile", { name: " ", phone: "" });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("<li>Name is required.</li>");
    const phone = await browser.post("/dashboard/settings/profile", { name: "Sol", phone: "call me" });
    expect(phone.status).toBe(400);
    expect(await phone.text()).toContain("<li>Enter a phone number, e.g. +1 415 555 0100</li>");
    expect((await db().select().from(users).where(eq(users.email, "sol@example.com")))[0]!.name).toBe("Sol Settings");
  });
});

describe("a new password", () => {
  it("needs the current one, ends the other sessions, keeps this one, and is one effect on a double submit", async () => {
    const sol = await account();
    const phone = await signIn(FIREFOX_ANDROID);
    const laptop = await signIn(SAFARI_MAC);
    const wrong = await laptop.post("/dashboard/settings/password", {
      currentPassword: "not it at all",
      newPassword: "the next password",
      confirmPassword: "the next password",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("<li>That is not your current password.</li>");
    const fields = {
      currentPassword: PASSWORD,
      newPassword: "the next password",
      confirmPassword: "the next password",
    };
    expect((await laptop.post("/dashboard/settings/password", fields)).status).toBe(302);
    // The same form again (a double click): the same success, one letter.
    expect((await laptop.post("/dashboard/settings/password", fields)).status).toBe(302);
    expect(laptop.published.filter((m) => m.kind === "password_changed")).toHaveLength(1);
    const [row] = await db().select().from(users).where(eq(users.id, sol.id));
    expect(await verifyPassword("the next password", row!.passwordHash)).toBe(true);
    expect((await laptop.get("/dashboard/settings")).status).toBe(200);
    expect((await phone.get("/dashboard/settings")).headers.get("Location")).toMatch(/^\/login/);
  });

  it("refuses a short, mistyped or unchanged new password with a 400", async () => {
    await account();
    const browser = await signIn(SAFARI_MAC);
    const cases: Array<[Record<string, string>, string]> = [
      [{ newPassword: "short", confirmPassword: "short" }, "Password should be at least 8 characters"],
      [
        { newPassword: "the next password", confirmPassword: "the nxet password" },
        "The two passwords are not the same.",
      ],
      [{ newPassword: "the next password", confirmPassword: "" }, "Type the new password again."],
      [{ newPassword: PASSWORD, confirmPassword: PASSWORD }, "Choose a password other than your current one."],
    ];
    for (const [values, message] of cases) {
      const response = await browser.post("/dashboard/settings/password", {
        currentPassword: PASSWORD,
        ...values,
      });
      expect(response.status, message).toBe(400);
      expect(await response.text(), message).toContain(`<li>${message}</li>`);
    }
  });

  it("is offered as a reset link to an account that signs in with Google only", async () => {
    const google = await insertUser({ googleSubject: "g-1", passwordHash: null });
    const html = await (await get("/dashboard/settings", { Cookie: await sessionCookieFor(google.id) })).text();
    expect(html).toContain("ask for a link to choose a password");
    expect(html).not.toContain('name="currentPassword"');
  });
});

describe("sessions", () => {
  it("lists the live ones with their devices, this one marked; signs out one, then all the others", async () => {
    const sol = await account();
    const phone = await signIn(FIREFOX_ANDROID);
    const tablet = await signIn(
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1",
    );
    const laptop = await signIn(SAFARI_MAC);
    const ended = await insertUser({ email: "other@example.com" });
    const html = await (await laptop.get("/dashboard/settings")).text();
    for (const device of ["Firefox on Android", "Chrome on iPad", "Safari on macOS"]) expect(html).toContain(device);
    expect(html.match(/This session/g)).toHaveLength(1);
    expect(html).toContain("Sign out everywhere else");

    const rows = await db().select().from(sessions).where(eq(sessions.userId, sol.id));
    const phoneSession = rows.find((row) => row.userAgent === FIREFOX_ANDROID)!;
    const out = await laptop.post("/dashboard/settings/sessions", { sessionId: phoneSession.id });
    expect(out.status).toBe(302);
    expect((await phone.get("/dashboard/settings")).headers.get("Location")).toMatch(/^\/login/);
    expect((await tablet.get("/dashboard/settings")).status).toBe(200);
    // A double submit is the same success; another account's session is not ours to end.
    expect((await laptop.post("/dashboard/settings/sessions", { sessionId: phoneSession.id })).status).toBe(302);
    const otherSession = await sessionCookieFor(ended.id);
    const [theirs] = await db().select().from(sessions).where(eq(sessions.userId, ended.id));
    const refused = await laptop.post("/dashboard/settings/sessions", { sessionId: theirs!.id });
    expect(refused.status).toBe(302);
    expect((await get("/dashboard/settings", { Cookie: otherSession })).status).toBe(200);
    // This session is ended by Logout, not here.
    const self = rows.find((row) => row.userAgent === SAFARI_MAC)!;
    await laptop.post("/dashboard/settings/sessions", { sessionId: self.id });
    expect((await laptop.get("/dashboard/settings")).status).toBe(200);

    expect((await laptop.post("/dashboard/settings/sessions/others", {})).status).toBe(302);
    expect((await tablet.get("/dashboard/settings")).headers.get("Location")).toMatch(/^\/login/);
    const after = await (await laptop.get("/dashboard/settings")).text();
    expect(after).toContain("This is the only session of your account.");
    expect((await laptop.post("/dashboard/settings/sessions", { sessionId: "" })).status).toBe(400);
  });

  it("writes last seen at most every few minutes, not on every page", async () => {
    const sol = await account();
    const laptop = await signIn(SAFARI_MAC);
    const [session] = await db().select().from(sessions).where(eq(sessions.userId, sol.id));
    const long = new Date(Date.now() - 2 * LAST_SEEN_EVERY_MS);
    await db().update(sessions).set({ lastSeenAt: long }).where(eq(sessions.id, session!.id));
    forgetLastSeen();
    await laptop.get("/dashboard/settings");
    const seen = (await db().select().from(sessions).where(eq(sessions.id, session!.id)))[0]!.lastSeenAt!;
    expect(seen.getTime()).toBeGreaterThan(long.getTime());
    // Within the interval no page writes it again, even when the isolate forgot (the write guards itself).
    const recent = new Date(Date.now() - 60_000);
    await db().update(sessions).set({ lastSeenAt: recent }).where(eq(sessions.id, session!.id));
    for (let i = 0; i < 3; i++) await laptop.get("/dashboard/settings");
    forgetLastSeen();
    await laptop.get("/");
    expect((await db().select().from(sessions).where(eq(sessions.id, session!.id)))[0]!.lastSeenAt).toEqual(recent);
  });

  it("names devices from their User-Agent, and API tokens as such", () => {
    expect(describeDevice(SAFARI_MAC, "web")).toBe("Safari on macOS");
    expect(describeDevice(FIREFOX_ANDROID, "web")).toBe("Firefox on Android");
    expect(
      describeDevice(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0",
        "web",
      ),
    ).toBe("Edge on Windows");
    expect(describeDevice("curl/8.5.0", "api")).toBe("API token, curl");
    expect(describeDevice(null, "web")).toBe("Unknown browser");
    expect(describeDevice("\u0000garbage", "web")).toBe("Unknown browser");
  });
});

describe("the REST twins", () => {
  it("read and change the account, its password and its sessions, only the caller's own", async () => {
    const sol = await account();
    const laptop = await signIn(SAFARI_MAC);
    const program = accountClient({ userAgent: "curl/8.5.0" });
    const token = (await (await program.api("POST", "/token", { email: sol.email, password: PASSWORD })).json()) as {
      accessToken: string;
    };
    const bearer = `Bearer ${token.accessToken}`;
    expect(await (await program.api("GET", "/account", undefined, bearer)).json()).toMatchObject({
      _id: sol.id,
      email: "sol@example.com",
      emailVerified: true,
      twoFactor: { enabled: false },
    });
    const patched = await program.api("PATCH", "/account", { name: "Sol Api", phone: null }, bearer);
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ name: "Sol Api", phone: null });
    expect((await program.api("PATCH", "/account", { name: "", phone: 5 }, bearer)).status).toBe(422);
    const listed = (await (await program.api("GET", "/account/sessions", undefined, bearer)).json()) as Array<{
      _id: string;
      device: string;
      current: boolean;
    }>;
    expect(listed.map((s) => [s.device, s.current]).sort()).toEqual([
      ["API token, curl", true],
      ["Safari on macOS", false],
    ]);
    const web = listed.find((s) => !s.current)!;
    expect((await program.api("DELETE", "/account/sessions/no-such-session", undefined, bearer)).status).toBe(404);
    expect((await program.api("DELETE", `/account/sessions/${web._id}`, undefined, bearer)).status).toBe(200);
    expect((await laptop.get("/dashboard/settings")).headers.get("Location")).toMatch(/^\/login/);
    const wrong = await program.api(
      "PUT",
      "/account/password",
      { currentPassword: "nope nope", newPassword: "the api password" },
      bearer,
    );
    expect(wrong.status).toBe(403);
    const changed = await program.api(
      "PUT",
      "/account/password",
      { currentPassword: PASSWORD, newPassword: "the api password" },
      bearer,
    );
    expect(changed.status).toBe(200);
    expect((await program.api("GET", "/account", undefined, bearer)).status).toBe(200);
    expect((await program.api("DELETE", "/account/sessions", undefined, bearer)).status).toBe(200);
    expect((await program.api("GET", "/account", undefined)).status).toBe(401);
  });
});
