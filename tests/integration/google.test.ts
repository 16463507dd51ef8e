// Google sign-in, with Google's token and user-info endpoints intercepted inside workerd.

import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { database } from "#db/client";
import { users } from "#db/schema";
import { get, sessionCookieFrom } from "./auth-helpers";
import { insertUser } from "./factories";
import { testEnv } from "./test-env";

const realFetch = globalThis.fetch;
afterEach(() => vi.restoreAllMocks());

interface GoogleReply {
  tokenStatus?: number;
  profile?: Record<string, unknown>;
}

/** Intercepts Google's HTTP endpoints; records what the worker sent to them. */
function interceptGoogle(reply: GoogleReply) {
  const calls: Array<{ url: string; body: string }> = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (request.url === "https://oauth2.googleapis.com/token") {
      calls.push({ url: request.url, body: await request.text() });
      return Response.json(
        reply.tokenStatus && reply.tokenStatus >= 400
          ? { error: "invalid_grant" }
          : { access_token: "google-access-token", token_type: "Bearer", expires_in: 3599, id_token: "x.y.z" },
        { status: reply.tokenStatus ?? 200 },
      );
    }
    if (request.url === "https://openidconnect.googleapis.com/v1/userinfo") {
      calls.push({ url: request.url, body: request.headers.get("Authorization") ?? "" });
      return Response.json(reply.profile ?? {});
    }
    return realFetch(input as RequestInfo, init);
  });
  return calls;
}

/** Starts sign-in and returns what a browser would hold: Google's URL and our cookies. */
async function start(redirectTo = "/dashboard") {
  const response = await get(`/auth/google?redirectTo=${encodeURIComponent(redirectTo)}`);
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("Location")!);
  const cookies = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  return { location, cookies, state: location.searchParams.get("state")! };
}

const profile = (overrides: Record<string, unknown> = {}) => ({
  sub: "google-subject-1",
  email: "gina@example.com",
  email_verified: true,
  name: "Gina Google",
  ...overrides,
});

describe("Google sign-in", () => {
  it("redirects to Google with state, PKCE and short-lived HttpOnly cookies", async () => {
    const response = await get("/auth/google?redirectTo=%2Fdashboard");
    const location = new URL(response.headers.get("Location")!);
    expect(location.origin).toBe("https://accounts.google.com");
    expect(location.searchParams.get("client_id")).toBe("test-client-id.apps.googleusercontent.com");
    expect(location.searchParams.get("redirect_uri")).toBe("https://pay.test/auth/google/callback");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("state")).toBeTruthy();
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(3);
    for (const cookie of cookies) expect(cookie).toMatch(/HttpOnly; Secure; SameSite=Lax; Max-Age=600/);
  });

  it("creates a buyer for a new Google user and signs them in where they were going", async () => {
    const calls = interceptGoogle({ profile: profile() });
    const { cookies, state } = await start("/dashboard");
    const response = await get(`/auth/google/callback?code=auth-code&state=${state}`, { Cookie: cookies });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(sessionCookieFrom(response)).toBeTruthy();
    expect(calls[0]!.body).toContain("code=auth-code");
    expect(calls[0]!.body).toContain("code_verifier=");
    expect(calls[1]!.body).toBe("Bearer google-access-token");
    const rows = await database(testEnv.DB).select().from(users).where(sql`lower(${users.email}) = 'gina@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: "buyer", googleSubject: "google-subject-1", passwordHash: null });
    // The one-time cookies are cleared.
    expect(
      response.headers.getSetCookie().filter((c) => c.includes("pb_oauth") && c.includes("Max-Age=0")),
    ).toHaveLength(3);
  });

  it("keeps a new Google user's name to one line", async () => {
    interceptGoogle({ profile: profile({ name: " Gina\r\nGoogle\u0000 " }) });
    const { cookies, state } = await start();
    await get(`/auth/google/callback?code=c&state=${state}`, { Cookie: cookies });
    const rows = await database(testEnv.DB).select().from(users).where(sql`lower(${users.email}) = 'gina@example.com'`);
    expect(rows.map((row) => row.name)).toEqual(["Gina Google"]);
  });

  it("links an existing account with the same email instead of duplicating it", async () => {
    const seller = await insertUser({ email: "Gina@Example.com", role: "seller" });
    interceptGoogle({ profile: profile() });
    const { cookies, state } = await start();
    const response = await get(`/auth/google/callback?code=c&state=${state}`, { Cookie: cookies });
    expect(sessionCookieFrom(response)).toBeTruthy();
    const rows = await database(testEnv.DB).select().from(users).where(sql`lower(${users.email}) = 'gina@example.com'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: seller.id, role: "seller", googleSubject: "google-subject-1" });
  });

  it("refuses a forged state without calling Google", async () => {
    const calls = interceptGoogle({ profile: profile() });
    const { cookies } = await start();
    const response = await get("/auth/google/callback?code=c&state=forged", { Cookie: cookies });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
    expect(sessionCookieFrom(response)).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it("refuses a callback without the state cookie (another browser)", async () => {
    interceptGoogle({ profile: profile() });
    const { state } = await start();
    const response = await get(`/auth/google/callback?code=c&state=${state}`);
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it("handles a denied consent", async () => {
    const { cookies } = await start();
    const response = await get("/auth/google/callback?error=access_denied", { Cookie: cookies });
    expect(response.headers.get("Location")).toMatch(/^\/login/);
    expect(sessionCookieFrom(response)).toBeNull();
    const toast = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("pb_toast="))!
      .split(";")[0]!;
    const page = await get(response.headers.get("Location")!, { Cookie: toast });
    expect(await page.text()).toContain("Google sign-in was cancelled.");
  });

  it("refuses an unverified Google email and a failed code exchange", async () => {
    interceptGoogle({ profile: profile({ email_verified: false }) });
    let { cookies, state } = await start();
    let response = await get(`/auth/google/callback?code=c&state=${state}`, { Cookie: cookies });
    expect(sessionCookieFrom(response)).toBeNull();
    vi.restoreAllMocks();
    interceptGoogle({ tokenStatus: 400 });
    ({ cookies, state } = await start());
    response = await get(`/auth/google/callback?code=c&state=${state}`, { Cookie: cookies });
    expect(response.status).toBe(302);
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it("refuses a deleted account's Google sign-in", async () => {
    await insertUser({ email: "gina@example.com", deletedAt: new Date() });
    interceptGoogle({ profile: profile() });
    const { cookies, state } = await start();
    const response = await get(`/auth/google/callback?code=c&state=${state}`, { Cookie: cookies });
    expect(sessionCookieFrom(response)).toBeNull();
  });

  it("shows the Google button on the login page when configured", async () => {
    const html = await (await get("/login")).text();
    expect(html).toContain("Login with Google");
    expect(html).toContain('href="/auth/google?redirectTo=%2F"');
  });
});
