// Google sign-in, proven end to end: the whole redirect flow through the Worker, with Google's
// authorization server played inside workerd (its token and user-info endpoints intercepted).
// The stand-in behaves as Google does: it issues a code for a consent, checks the client's
// credentials, the redirect address and PKCE (the verifier must hash to the challenge of the
// authorization request), and accepts each code once.
import { eq, sql } from "drizzle-orm";
import { base64url } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "#app/domain/accounts/accounts.server";
import { hashPassword } from "#app/domain/accounts/passwords.server";
import { database } from "#db/client";
import { sessions, users } from "#db/schema";
import { type AccountClient, accountClient, appCode, lettersTo } from "./account-helpers";
import { get, ORIGIN } from "./auth-helpers";
import { enrolTwoFactor, insertUser } from "./factories";
import { testEnv } from "./test-env";

const db = () => database(testEnv.DB);
const realFetch = globalThis.fetch;
afterEach(() => vi.restoreAllMocks());

const CLIENT_ID = "test-client-id.apps.googleusercontent.com";
const CLIENT_SECRET = "test-client-secret";
const REDIRECT_URI = `${ORIGIN}/auth/google/callback`;

type Profile = { sub: string; email: string; email_verified?: boolean; name?: string };

/** Google's side: consents it gave, codes it issued (each usable once), what it was sent. */
function googleStandIn() {
  const grants = new Map<string, { challenge: string; profile: Profile; used: boolean }>();
  const tokens = new Map<string, Profile>();
  const calls: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (request.url === "https://oauth2.googleapis.com/token") {
      calls.push("token");
      const body = new URLSearchParams(await request.text());
      const basic = `Basic ${btoa(`${CLIENT_ID}:${CLIENT_SECRET}`)}`;
      const grant = grants.get(body.get("code") ?? "");
      const verifier = body.get("code_verifier") ?? "";
      const hashed = base64url.encode(
        new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))),
      );
      const refuse = (error: string) => Response.json({ error }, { status: 400 });
      if (request.headers.get("Authorization") !== basic) return refuse("invalid_client");
      if (body.get("grant_type") !== "authorization_code" || body.get("redirect_uri") !== REDIRECT_URI) {
        return refuse("invalid_request");
      }
      if (!grant || grant.used || hashed !== grant.challenge) return refuse("invalid_grant");
      grant.used = true;
      const accessToken = crypto.randomUUID();
      tokens.set(accessToken, grant.profile);
      return Response.json({ access_token: accessToken, token_type: "Bearer", expires_in: 3599, id_token: "x.y.z" });
    }
    if (request.url === "https://openidconnect.googleapis.com/v1/userinfo") {
      calls.push("userinfo");
      const profile = tokens.get((request.headers.get("Authorization") ?? "").replace(/^Bearer /, ""));
      return profile ? Response.json(profile) : Response.json({ error: "invalid_token" }, { status: 401 });
    }
    return realFetch(input as RequestInfo, init);
  });
  return {
    calls,
    /** The user consents on Google's page: Google sends the browser back with a code and the state. */
    consent(authorizationUrl: URL, profile: Profile) {
      expect(authorizationUrl.origin).toBe("https://accounts.google.com");
      expect(authorizationUrl.searchParams.get("client_id")).toBe(CLIENT_ID);
      expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(REDIRECT_URI);
      expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
      expect(authorizationUrl.searchParams.get("scope")).toBe("openid email profile");
      const code = `code-${crypto.randomUUID()}`;
      grants.set(code, { challenge: authorizationUrl.searchParams.get("code_challenge")!, profile, used: false });
      const state = authorizationUrl.searchParams.get("state")!;
      return `/auth/google/callback?${new URLSearchParams({ code, state, scope: "openid email profile" })}`;
    },
  };
}

/** A browser that clicks "Login with Google": our redirect to Google, with the flow's cookies set. */
async function startAt(browser: AccountClient, redirectTo = "/dashboard") {
  const response = await browser.get(`/auth/google?redirectTo=${encodeURIComponent(redirectTo)}`);
  expect(response.status).toBe(302);
  const cookies = response.headers.getSetCookie();
  expect(cookies).toHaveLength(3);
  for (const cookie of cookies)
    expect(cookie).toMatch(/^__Host-pb_oauth_\w+=.+; Path=\/; HttpOnly; Secure; SameSite=Lax; Max-Age=600$/);
  return new URL(response.headers.get("Location")!);
}

const gina = (overrides: Partial<Profile> = {}): Profile => ({
  sub: "google-subject-1",
  email: "gina@example.com",
  email_verified: true,
  name: "Gina Google",
  ...overrides,
});

async function accountsOf(email: string) {
  return db().select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}

async function toastOf(response: Response): Promise<string> {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("pb_toast="));
  return cookie ? (await get("/about", { Cookie: cookie.split(";")[0]! })).text() : "";
}

describe("Google sign-in", () => {
  it("creates a buyer for a new Google user, verified because Google says so, and signs them in where they were going", async () => {
    const google = googleStandIn();
    const browser = accountClient();
    const callback = google.consent(await startAt(browser, "/dashboard/wishlist"), gina());
    const response = await browser.get(callback);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/wishlist");
    expect(browser.session()).toBeTruthy();
    expect(google.calls).toEqual(["token", "userinfo"]);
    const [created] = await accountsOf("gina@example.com");
    expect(created).toMatchObject({
      role: "buyer",
      name: "Gina Google",
      googleSubject: "google-subject-1",
      passwordHash: null,
    });
    expect(created!.emailVerifiedAt).not.toBeNull();
    // The one-time cookies are cleared, whatever the outcome.
    expect(
      response.headers.getSetCookie().filter((c) => c.includes("pb_oauth") && c.includes("Max-Age=0")),
    ).toHaveLength(3);
    expect((await browser.get("/dashboard/wishlist")).status).toBe(200);
    // The same Google account later: the same account, not a second one.
    const again = accountClient();
    await again.get(google.consent(await startAt(again), gina({ name: "Someone Else" })));
    expect(await accountsOf("gina@example.com")).toHaveLength(1);
    expect(again.session()).toBeTruthy();
  });

  it("counts a Google address as unverified when Google does not verify it: the account gets our link", async () => {
    const google = googleStandIn();
    const browser = accountClient();
    await browser.get(google.consent(await startAt(browser), gina({ email_verified: false })));
    const [created] = await accountsOf("gina@example.com");
    expect(created!.emailVerifiedAt).toBeNull();
    await browser.deliver();
    expect((await lettersTo("gina@example.com")).map((l) => l.kind)).toEqual(["verify_email"]);
    expect(await (await browser.get("/")).text()).toContain("Please verify your email address");
  });

  it("keeps a new Google user's name to one line", async () => {
    const google = googleStandIn();
    const browser = accountClient();
    await browser.get(google.consent(await startAt(browser), gina({ name: " Gina\r\nGoogle\u0000 " })));
    expect((await accountsOf("gina@example.com")).map((row) => row.name)).toEqual(["Gina Google"]);
  });

  it("links an existing account whose address is verified, keeping its role", async () => {
    const seller = await insertUser({ email: "Gina@Example.com", role: "seller" });
    const google = googleStandIn();
    const browser = accountClient();
    await browser.get(google.consent(await startAt(browser), gina()));
    expect(browser.session()).toBeTruthy();
    const rows = await accountsOf("gina@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: seller.id, role: "seller", googleSubject: "google-subject-1" });
  });

  it("never links an unverified Google address, nor an account whose own address was never proven", async () => {
    const existing = await insertUser({ email: "gina@example.com", passwordHash: await hashPassword("her password") });
    const google = googleStandIn();
    const first = accountClient();
    const refused = await first.get(google.consent(await startAt(first), gina({ email_verified: false })));
    expect(first.session()).toBeNull();
    expect(refused.headers.get("Location")).toBe("/login");
    expect(await toastOf(refused)).toContain(MESSAGES.googleUnverified);

    // Registered by someone else, never verified: Google's owner is not handed that account.
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, existing.id));
    const second = accountClient();
    const unproven = await second.get(google.consent(await startAt(second), gina()));
    expect(second.session()).toBeNull();
    expect(await toastOf(unproven)).toContain(MESSAGES.accountUnverified);
    const [row] = await accountsOf("gina@example.com");
    expect(row!.googleSubject).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, existing.id))).toEqual([]);
  });

  it("refuses an account already linked to another Google account, and a deleted one", async () => {
    await insertUser({ email: "gina@example.com", googleSubject: "another-google-account" });
    const google = googleStandIn();
    const browser = accountClient();
    const refused = await browser.get(google.consent(await startAt(browser), gina()));
    expect(browser.session()).toBeNull();
    expect(await toastOf(refused)).toContain(MESSAGES.otherGoogleAccount);
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.email, "gina@example.com"));
    const later = accountClient();
    await later.get(google.consent(await startAt(later), gina({ sub: "another-google-account" })));
    expect(later.session()).toBeNull();
  });

  it("refuses a forged state without calling Google, and a callback in another browser", async () => {
    const google = googleStandIn();
    const browser = accountClient();
    const callback = new URL(google.consent(await startAt(browser), gina()), ORIGIN);
    callback.searchParams.set("state", "forged-state");
    const forged = await browser.get(`${callback.pathname}${callback.search}`);
    expect(forged.status).toBe(302);
    expect(forged.headers.get("Location")).toMatch(/^\/login/);
    expect(browser.session()).toBeNull();
    expect(google.calls).toEqual([]);
    // A link with a real code and state, opened in a browser that did not start the flow.
    const victim = accountClient();
    const stolen = google.consent(await startAt(accountClient()), gina());
    await victim.get(stolen);
    expect(victim.session()).toBeNull();
    expect(google.calls).toEqual([]);
  });

  it("refuses a replayed callback: a code works once, and PKCE binds it to the browser that asked", async () => {
    const google = googleStandIn();
    const browser = accountClient();
    const cookiesBefore = new Map(browser.jar);
    const callback = google.consent(await startAt(browser), gina());
    const flowCookies = [...browser.jar].filter(([name]) => name.startsWith("__Host-pb_oauth"));
    expect((await browser.get(callback)).status).toBe(302);
    expect(browser.session()).toBeTruthy();
    // An attacker who kept the flow's cookies and the callback address replays them.
    const attacker = accountClient();
    for (const [name, value] of [...cookiesBefore, ...flowCookies]) attacker.jar.set(name, value);
    const replay = await attacker.get(callback);
    expect(replay.headers.get("Location")).toMatch(/^\/login/);
    expect(attacker.session()).toBeNull();
    expect(await toastOf(replay)).toContain("Google sign-in failed");
    // A code sent with another browser's verifier (a code injected into a flow) is refused by Google.
    const intruder = accountClient();
    const intruderFlow = await startAt(intruder);
    const victimCode = new URL(google.consent(await startAt(accountClient()), gina()), ORIGIN).searchParams.get(
      "code",
    )!;
    const injected = `/auth/google/callback?${new URLSearchParams({ code: victimCode, state: intruderFlow.searchParams.get("state")! })}`;
    await intruder.get(injected);
    expect(intruder.session()).toBeNull();
    expect(google.calls.filter((call) => call === "token")).toHaveLength(3);
  });

  it("answers a denied consent and a failed exchange with the login page and a message", async () => {
    const google = googleStandIn();
    const browser = accountClient();
    await startAt(browser);
    const denied = await browser.get("/auth/google/callback?error=access_denied");
    expect(denied.headers.get("Location")).toMatch(/^\/login/);
    expect(await toastOf(denied)).toContain("Google sign-in was cancelled.");
    const unknownCode = accountClient();
    const flow = await startAt(unknownCode);
    const bad = await unknownCode.get(
      `/auth/google/callback?code=never-issued&state=${flow.searchParams.get("state")}`,
    );
    expect(bad.headers.get("Location")).toMatch(/^\/login/);
    expect(unknownCode.session()).toBeNull();
    expect(google.calls).toEqual(["token"]);
  });

  it("asks an account with two-factor sign-in for its code after Google", async () => {
    const member = await insertUser({ email: "gina@example.com", googleSubject: "google-subject-1" });
    await enrolTwoFactor(member.id);
    const google = googleStandIn();
    const browser = accountClient();
    const response = await browser.get(google.consent(await startAt(browser, "/dashboard/settings"), gina()));
    expect(response.headers.get("Location")).toBe("/login/two-factor");
    expect(browser.session()).toBeNull();
    const done = await browser.post("/login/two-factor", { code: await appCode() });
    expect(done.headers.get("Location")).toBe("/dashboard/settings");
    expect(browser.session()).toBeTruthy();
  });

  it("shows the Google button on the login page when configured", async () => {
    const html = await (await get("/login")).text();
    expect(html).toContain("Login with Google");
    expect(html).toContain('href="/auth/google?redirectTo=%2F"');
  });
});
